import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INVESTOR_MONEY_ROLES } from '@bourse/shared/schemas/admin';
import type { CreditPointEvent, MemberLevelChange } from '@bourse/shared/schemas/members';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useMemberStanding } from '../api/member-standing.ts';
import { memberLevelName } from '@bourse/shared/schemas/members';
import { ConsoleTable } from '../../../ui/console-table.tsx';

function StandingCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const standing = useMemberStanding(userId);
  const data = standing.data;
  return (
    <Card className="section-card">
      <section aria-labelledby="user-member-standing">
        <Typography.Title level={2} className="section-title" id="user-member-standing">
          {t('admin.members.userSection')}
        </Typography.Title>
        {standing.isError && <QueryErrorAlert error={standing.error} onRetry={() => void standing.refetch()} />}
        {data && (
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'points', label: t('members.points'), children: data.creditPoints },
              {
                key: 'level',
                label: t('members.level'),
                children: t('members.levelValue', { level: data.level, name: memberLevelName(t, data.level) }),
              },
            ]}
          />
        )}
        <Typography.Title level={3} className="section-subtitle">
          {t('admin.members.pointsHistory')}
        </Typography.Title>
        <ConsoleTable<CreditPointEvent>
          rowKey="id"
          size="small"
          loading={standing.isFetching}
          dataSource={data?.points ?? []}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={t('admin.members.noPoints')} /> }}
          columns={[
            { key: 'date', title: t('admin.members.date'), render: (_, e) => <DateTime value={e.createdAt} /> },
            { key: 'rule', title: t('admin.members.rule'), render: (_, e) => t(`members.rules.${e.rule}`) },
            {
              key: 'points',
              title: t('admin.members.points'),
              render: (_, e) => (e.points > 0 ? `+${e.points}` : e.points),
            },
            { key: 'balance', title: t('admin.members.balanceAfter'), dataIndex: 'balanceAfter' },
          ]}
        />
        <Typography.Title level={3} className="section-subtitle">
          {t('admin.members.levelHistory')}
        </Typography.Title>
        <ConsoleTable<MemberLevelChange>
          rowKey="id"
          size="small"
          loading={standing.isFetching}
          dataSource={data?.levels ?? []}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={t('admin.members.noLevelChanges')} /> }}
          columns={[
            { key: 'date', title: t('admin.members.date'), render: (_, c) => <DateTime value={c.createdAt} /> },
            {
              key: 'change',
              title: t('admin.members.level'),
              render: (_, c) => t('admin.members.fromTo', { from: c.fromLevel, to: c.toLevel }),
            },
            {
              key: 'total',
              title: t('admin.members.totalAssets'),
              render: (_, c) => <MoneyText amount={c.totalAssets} />,
            },
          ]}
        />
      </section>
    </Card>
  );
}

/** An investor's credit points and level history on the user page, for the roles that see investors' money. */
export function MemberStandingSection({ userId }: { userId: number }) {
  const operator = useCurrentOperator();
  const allowed = operator.roles.some((role) => (INVESTOR_MONEY_ROLES as readonly string[]).includes(role));
  return allowed ? <StandingCard userId={userId} /> : null;
}
