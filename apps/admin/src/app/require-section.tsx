import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, type Section } from '../lib/access.ts';
import { useCurrentOperator } from '../lib/operator-context.ts';

/** Shows a section only to roles allowed to use it; a typed-in address does not get around the menu. */
export function RequireSection({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  if (!canAccess(operator.roles, section)) {
    return <Result status="403" title={<h1 className="result-heading">{t('errors.FORBIDDEN')}</h1>} />;
  }
  return children;
}
