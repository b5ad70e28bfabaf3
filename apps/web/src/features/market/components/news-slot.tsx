import type { ReactNode } from 'react';
import { Card } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * The place for the latest headlines on the home screen. It renders only when given content: the
 * news feature (GET /api/news) fills it once it exists; until then the home screen passes nothing
 * and no empty card is shown.
 */
export function NewsSlot({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  if (children === undefined || children === null || children === false) return null;
  return (
    <Card className="home-card market-card" title={<h2 className="card-title">{t('market.news')}</h2>}>
      {children}
    </Card>
  );
}
