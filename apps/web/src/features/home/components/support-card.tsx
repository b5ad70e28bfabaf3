import { Card } from 'antd-mobile';
import type { KefuResponse } from '@bourse/shared/schemas/auth';
import { SUPPORT_CHAT_URL } from '@bourse/shared/schemas/support';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSupportUnread } from '../../../lib/api/support-unread';
import { paths } from '../../../lib/paths';
import { StatusTag } from '../../../ui/status-tag';

/**
 * Customer service: opening hours, whether an agent is online, and the way to reach them — the
 * built-in chat (with the replies not read yet), or the external address an operator configured.
 */
export function SupportCard({ support }: { support: KefuResponse }) {
  const { t } = useTranslation();
  const internal = support.url === SUPPORT_CHAT_URL;
  const unread = useSupportUnread(internal);
  const count = internal ? (unread.data ?? 0) : 0;
  return (
    <Card
      className="home-card"
      title={<h2 className="card-title">{t('support.title')}</h2>}
      extra={
        <StatusTag tone={support.online ? 'success' : 'neutral'}>
          {support.online ? t('support.online') : t('support.offline')}
        </StatusTag>
      }
    >
      <p className="support-card-hours">{t('support.hours', { hours: support.hours })}</p>
      {internal ? (
        <Link className="button-link" to={paths.customerService.getHref()}>
          {t('home.contactSupport')}
          {count > 0 && (
            <span className="support-unread" aria-label={t('support.chat.unread', { count })}>
              {count}
            </span>
          )}
        </Link>
      ) : (
        support.url && (
          <a className="button-link" href={support.url} target="_blank" rel="noopener noreferrer">
            {t('home.contactSupport')}
          </a>
        )
      )}
    </Card>
  );
}
