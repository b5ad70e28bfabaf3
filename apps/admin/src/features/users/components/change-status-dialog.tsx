import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/request.ts';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { useChangeUserStatus, type UserStatusChange } from '../api/change-user-status.ts';
import type { AdminUser } from '@bourse/shared/schemas/admin-users';

/** Freezing or unfreezing an account, with the reason the audit log keeps. */
export function ChangeStatusDialog({
  user,
  change,
  onClose,
}: {
  user: AdminUser;
  /** Null while closed. */
  change: UserStatusChange | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mutation = useChangeUserStatus();
  const freeze = change === 'freeze';

  const submit = (reason: string) => {
    if (change === null) return;
    mutation.mutate(
      { userId: user.id, change, reason },
      {
        onSuccess: () => {
          void message.success(
            t(freeze ? 'admin.users.frozenDone' : 'admin.users.unfrozenDone', { phone: user.phone }),
          );
          onClose();
        },
        // A conflict means the status changed meanwhile and the page now shows it; after any other
        // failure the reason stays typed in for another try.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onClose();
        },
      },
    );
  };

  return (
    <DecisionDialog
      open={change !== null}
      title={t(freeze ? 'admin.users.freezeTitle' : 'admin.users.unfreezeTitle', { phone: user.phone })}
      description={<p>{t(freeze ? 'admin.users.freezeBody' : 'admin.users.unfreezeBody')}</p>}
      reasonLabel={t('admin.users.reasonLabel')}
      submitText={t(freeze ? 'admin.users.freeze' : 'admin.users.unfreeze')}
      pending={mutation.isPending}
      onSubmit={submit}
      onCancel={onClose}
    />
  );
}
