import { Card } from 'antd-mobile';
import type { KefuResponse } from '@bourse/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../ui/status-tag';

/** Customer service: opening hours, whether an agent is online, and the way to reach them. */
export function SupportCard({ support }: { support: KefuResponse }) {
  const { t } = useTranslation();
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
      {support.url && (
        <a className="button-link" href={support.url} target="_blank" rel="noopener noreferrer">
          {t('home.contactSupport')}
        </a>
      )}
    </Card>
  );
}
