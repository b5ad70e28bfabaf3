import { Button, Card, Checkbox, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatNumber } from '@bourse/shared/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';
import type { AdminUserDetail, AdminUserPage } from '@bourse/shared/schemas/admin-users';
import { canPerform } from '../../../lib/access.ts';
import { NotFound } from '../../../ui/not-found.tsx';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { paths } from '../../../lib/paths.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import type { UserStatusChange } from '../api/change-user-status.ts';
import { useUserDetail, type UserBalances } from '../api/get-user.ts';
import { useUserPositions } from '../api/get-user-positions.ts';
import type { AccountKind } from './account-label.tsx';
import { BankCardsTable } from './bank-cards-table.tsx';
import { ChangeStatusDialog } from './change-status-dialog.tsx';
import { LedgerEntriesTable } from './ledger-entries-table.tsx';
import { PositionsTable } from './positions-table.tsx';
import { SessionsTable } from './sessions-table.tsx';
import { UserKycTag, UserStatusTag } from './user-tags.tsx';

/** Each balance is one of the user's ledger accounts (DESIGN §3). */
const BALANCE_ACCOUNTS: Record<keyof UserBalances, AccountKind> = {
  cash: 'cash',
  frozen: 'frozen',
  fund: 'fund',
  fundPending: 'fund_pending',
  redeemPending: 'redeem_pending',
  loan: 'loan',
};

function SectionCard(props: { id: string; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card className="section-card">
      <section aria-labelledby={props.id}>
        <div className="section-heading">
          <Typography.Title level={2} className="section-title" id={props.id}>
            {props.title}
          </Typography.Title>
          {props.extra}
        </div>
        {props.children}
      </section>
    </Card>
  );
}

function UserPage({ detail, asOfMs }: { detail: AdminUserPage; asOfMs: number }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const operator = useCurrentOperator();
  const [change, setChange] = useState<UserStatusChange | null>(null);
  const { user } = detail;
  // The server sends balances, entries, cards and sessions only to the roles that see money.
  const money = 'balances' in detail ? detail : null;
  const nextChange: UserStatusChange = user.status === 'active' ? 'freeze' : 'unfreeze';

  return (
    <>
      <SectionCard
        id="user-profile"
        title={t('admin.users.profile')}
        extra={
          canPerform(operator.roles, 'freezeUser') && (
            <Button danger={nextChange === 'freeze'} onClick={() => setChange(nextChange)}>
              {t(nextChange === 'freeze' ? 'admin.users.freeze' : 'admin.users.unfreeze')}
            </Button>
          )
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          bordered
          size="small"
          items={[
            { key: 'phone', label: t('admin.users.phone'), children: user.phone },
            { key: 'nickname', label: t('admin.users.nickname'), children: user.nickname },
            { key: 'status', label: t('admin.users.status'), children: <UserStatusTag status={user.status} /> },
            { key: 'kyc', label: t('admin.users.kycStatus'), children: <UserKycTag status={user.kycStatus} /> },
            { key: 'level', label: t('admin.users.level'), children: formatNumber(user.level, language) },
            {
              key: 'creditPoints',
              label: t('admin.users.creditPoints'),
              children: formatNumber(user.creditPoints, language),
            },
            { key: 'createdAt', label: t('admin.users.createdAt'), children: <DateTime value={user.createdAt} /> },
          ]}
        />
      </SectionCard>
      {money && <MoneySections detail={money} asOfMs={asOfMs} />}
      <ChangeStatusDialog user={user} change={change} onClose={() => setChange(null)} />
    </>
  );
}

/** Balances, lots, ledger entries, bank cards and sessions: for the roles that see investors' money. */
function MoneySections({ detail, asOfMs }: { detail: AdminUserDetail; asOfMs: number }) {
  const { t } = useTranslation();
  const { user, balances } = detail;
  return (
    <>
      <SectionCard id="user-balances" title={t('admin.users.balances')}>
        <Descriptions
          column={{ xs: 1, md: 3, xl: 5 }}
          bordered
          size="small"
          layout="vertical"
          items={(Object.keys(BALANCE_ACCOUNTS) as Array<keyof UserBalances>).map((key) => ({
            key,
            label: t(`admin.users.accounts.${BALANCE_ACCOUNTS[key]}`),
            children: <MoneyText amount={balances[key]} />,
          }))}
        />
      </SectionCard>
      <PositionsSection userId={user.id} />
      <SectionCard id="user-entries" title={t('admin.users.entries')}>
        <LedgerEntriesTable entries={detail.entries} userId={user.id} />
      </SectionCard>
      <SectionCard id="user-cards" title={t('admin.users.cards')}>
        <BankCardsTable cards={detail.cards} />
      </SectionCard>
      <SectionCard id="user-sessions" title={t('admin.users.sessions')}>
        <SessionsTable sessions={detail.sessions} asOfMs={asOfMs} />
      </SectionCard>
    </>
  );
}

/** The investor's lots (open by default, sold-out ones on request) and a way to their orders. */
function PositionsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [includeClosed, setIncludeClosed] = useState(false);
  const positions = useUserPositions(userId, includeClosed);
  return (
    <SectionCard
      id="user-positions"
      title={t('admin.users.positions')}
      extra={
        <Space wrap>
          <Checkbox checked={includeClosed} onChange={(event) => setIncludeClosed(event.target.checked)}>
            {t('admin.users.includeSoldOut')}
          </Checkbox>
          <Link to={paths.orders.getHref({ userId })}>{t('admin.nav.orders')}</Link>
        </Space>
      }
    >
      {positions.isError && <QueryErrorAlert error={positions.error} onRetry={() => void positions.refetch()} />}
      <PositionsTable positions={positions.data ?? []} loading={positions.isFetching} />
    </SectionCard>
  );
}

function UserScreen({ userId, extraSection }: { userId: number; extraSection?: ReactNode }) {
  const { t } = useTranslation();
  const detail = useUserDetail(userId);
  return (
    <div className="screen">
      <Link to={paths.users.getHref()} className="back-link">
        {t('admin.users.back')}
      </Link>
      <Typography.Title level={1} className="screen-title">
        {t('admin.users.detailTitle', { id: userId })}
      </Typography.Title>
      {detail.isError && <QueryErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />}
      {detail.data ? (
        <UserPage detail={detail.data} asOfMs={detail.dataUpdatedAt} />
      ) : (
        detail.isPending && <Skeleton active />
      )}
      {detail.data && extraSection}
    </div>
  );
}

/**
 * One investor's page: profile, balances, position lots, recent ledger entries, bank cards,
 * sessions, and the freeze; `extraSection` is what the app composes in below (points and level).
 */
export function UserDetailScreen({ extraSection }: { extraSection?: (userId: number) => ReactNode } = {}) {
  const { userId } = useParams();
  const id = Number(userId);
  if (!/^[1-9]\d{0,15}$/.test(userId ?? '') || !Number.isSafeInteger(id)) return <NotFound />;
  return <UserScreen key={id} userId={id} extraSection={extraSection?.(id)} />;
}
