import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ArticlesPanel } from './articles-panel.tsx';
import { FeedsPanel } from './feeds-panel.tsx';

/** The news section: the articles (write, publish, take back, delete drafts) and the RSS/Atom feeds. */
export function NewsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.news.title')}
      </Typography.Title>
      <Card className="section-card">
        <Tabs
          items={[
            { key: 'articles', label: t('admin.news.articles'), children: <ArticlesPanel /> },
            { key: 'feeds', label: t('admin.news.feeds'), children: <FeedsPanel /> },
          ]}
        />
      </Card>
    </div>
  );
}
