import { Button, Dialog } from 'antd-mobile';
import type { ClosureRequest } from '@bourse/shared/schemas/privacy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { formatUserDateTime } from '../../../ui/format-date';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';
import { TextField } from '../../../ui/text-field';
import { closureQueryOptions, downloadMyData, requestClosure, withdrawClosure } from '../api/profile-api';

const TONES: Record<ClosureRequest['status'], StatusTone> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/**
 * The investor's data rights: download everything stored about them as one JSON file, and ask to
 * close the account — with what it still waits for listed, the request's status, and a way to
 * withdraw it while it is pending.
 */
export function DataRightsRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const failed = useSubmitFailure();
  const closure = useQuery(closureQueryOptions());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'download' | 'closure' | null>(null);

  const download = async () => {
    setBusy('download');
    try {
      await downloadMyData();
      showToast(t('profile.downloaded'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const act = async (action: 'request' | 'withdraw') => {
    if (action === 'request') {
      const confirmed = await Dialog.confirm({
        'aria-label': t('profile.closureConfirm'),
        content: t('profile.closureConfirm'),
        confirmText: t('profile.closureRequest'),
        cancelText: t('common.cancel'),
      });
      if (!confirmed) return;
    }
    setBusy('closure');
    try {
      if (action === 'request') await requestClosure(reason.trim());
      else await withdrawClosure();
      setReason('');
      showToast(t(action === 'request' ? 'profile.closureRequested' : 'profile.closureWithdrawn'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: closureQueryOptions().queryKey });
    }
  };

  const state = closure.data;
  const request = state?.request ?? null;
  const pending = request?.status === 'pending';

  return (
    <Page title={t('profile.dataTitle')}>
      <MenuList
        items={[
          {
            key: 'download',
            kind: 'action',
            label: t('profile.downloadData'),
            disabled: busy !== null,
            onClick: () => void download(),
          },
        ]}
      />
      <section aria-labelledby="closure-heading">
        <h2 id="closure-heading" className="page-caption">
          {t('profile.closure')}
        </h2>
        <p className="page-caption">{t('profile.closureIntro')}</p>
        {closure.isError && <QueryError onRetry={() => void closure.refetch()} />}
        {!state && !closure.isError && <PageLoading inline />}
        {request && (
          <MenuList
            items={[
              {
                key: 'status',
                kind: 'info',
                label: `${t('profile.closureStatus')} · ${formatUserDateTime(request.createdAt)}`,
                extra: <StatusTag tone={TONES[request.status]}>{t(`profile.status_${request.status}`)}</StatusTag>,
              },
            ]}
          />
        )}
        {request?.status === 'rejected' && request.rejectReason && (
          <p className="page-caption">{t('profile.closureRejectReason', { reason: request.rejectReason })}</p>
        )}
        {state && !pending && state.blockers.length > 0 && (
          <>
            <h3 className="page-caption">{t('profile.closureBlockers')}</h3>
            <ul className="closure-blockers">
              {state.blockers.map((blocker) => (
                <li key={blocker}>{t(`profile.blocker_${blocker}`)}</li>
              ))}
            </ul>
          </>
        )}
        {state && !pending && state.blockers.length === 0 && (
          <div className="form">
            <p>{t('profile.closureReady')}</p>
            <TextField
              id="closure-reason"
              label={t('profile.closureReason')}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button
              block
              size="large"
              color="danger"
              fill="outline"
              disabled={busy !== null}
              onClick={() => void act('request')}
            >
              {t('profile.closureRequest')}
            </Button>
          </div>
        )}
        {pending && (
          <div className="page-actions">
            <Button block size="large" disabled={busy !== null} onClick={() => void act('withdraw')}>
              {t('profile.closureWithdraw')}
            </Button>
          </div>
        )}
      </section>
    </Page>
  );
}
