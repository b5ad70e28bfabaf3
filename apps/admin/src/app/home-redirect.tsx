import { Result } from 'antd';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { accessibleSections } from '../lib/access.ts';
import { useCurrentOperator } from '../lib/operator-context.ts';
import { paths } from '../lib/paths.ts';

/** The start page is the first section the operator's roles open. */
export function HomeRedirect() {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [first] = accessibleSections(operator.roles);
  if (first) return <Navigate to={paths[first].getHref()} replace />;
  return <Result status="info" title={<h1 className="result-heading">{t('admin.noSections')}</h1>} />;
}
