import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths.ts';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">{t('common.notFound')}</h1>}
      extra={
        // A link styled as a button: it navigates, so it is an anchor (the router is hash-based).
        <Button type="primary" href={`#${paths.home.getHref()}`}>
          {t('common.goHome')}
        </Button>
      }
    />
  );
}
