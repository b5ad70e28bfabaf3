import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@bourse/shared/schemas/admin';
import { formatNumber } from '@bourse/shared/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { useDisableInvitation } from '../api/disable-invitation.ts';
import { InvitationStatusTag } from './invitation-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const EMPTY = '—';

interface InvitationsTableProps {
  query: PageQuery<Invitation>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

export function InvitationsTable({ query, pageParams, onPageChange }: InvitationsTableProps) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const disable = useDisableInvitation();

  const disableCode = async (code: string) => {
    try {
      await disable.mutateAsync(code);
      void message.success(t('admin.invitations.disabledDone', { code }));
    } catch {
      // The query client has already shown the failure as a toast; the dialog just closes.
    }
  };

  // A modal dialog rather than a popover: it takes focus, traps it, and starts on "cancel", as a
  // destructive action should.
  const askToDisable = (code: string) => {
    void modal.confirm({
      title: t('admin.invitations.disableConfirm', { code }),
      okText: t('admin.invitations.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => disableCode(code),
    });
  };

  const columns: ConsoleColumns<Invitation> = [
    {
      key: 'code',
      title: t('admin.invitations.code'),
      render: (_, { code }) => (
        <Space size="small">
          <code className="mono">{code}</code>
          <CopyButton size="small" text={code} label={code} />
        </Space>
      ),
    },
    { key: 'note', title: t('admin.invitations.note'), render: (_, { note }) => note ?? EMPTY },
    {
      key: 'uses',
      title: `${t('admin.invitations.uses')} / ${t('admin.invitations.maxUses')}`,
      render: (_, { uses, maxUses }) =>
        `${formatNumber(uses, language)} / ${
          maxUses === null ? t('admin.invitations.unlimited') : formatNumber(maxUses, language)
        }`,
    },
    {
      key: 'status',
      title: t('admin.invitations.status'),
      render: (_, invitation) => <InvitationStatusTag invitation={invitation} />,
    },
    {
      key: 'createdAt',
      title: `${t('admin.invitations.createdAt')} (${browserTimeZone})`,
      render: (_, { createdAt }) => <DateTime value={createdAt} />,
    },
    { key: 'createdBy', title: t('admin.invitations.createdBy'), render: (_, { createdBy }) => createdBy ?? EMPTY },
    {
      key: 'actions',
      title: t('admin.invitations.actions'),
      render: (_, { code, status }) =>
        status === 'active' ? (
          <Button
            danger
            size="small"
            onClick={() => askToDisable(code)}
            aria-label={`${t('admin.invitations.disable')}: ${code}`}
          >
            {t('admin.invitations.disable')}
          </Button>
        ) : null,
    },
  ];

  return (
    <PagedList<Invitation>
      query={query}
      rowKey="code"
      columns={columns}
      emptyText={t('admin.invitations.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
