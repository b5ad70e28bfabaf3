import { Button, Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../features/auth/api/get-operator.ts';
import { OperatorContext } from '../lib/operator-context.ts';
import { paths } from '../lib/paths.ts';
import { ApiError } from '../lib/request.ts';
import { clearSession, useSessionToken } from '../lib/session.ts';
import { ShellLayout } from './shell-layout.tsx';

/**
 * Everything behind sign-in. Without a token the operator goes to sign-in (and comes back here
 * afterwards); with one, the operator's identity and roles are loaded before any screen shows.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const location = useLocation();
  const operator = useOperator({ enabled: token !== null });

  if (token === null) {
    return <Navigate to={paths.signIn.getHref()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }

  if (operator.isPending) {
    return (
      <main className="centered-page">
        <Spin size="large" description={t('common.loading')} />
      </main>
    );
  }

  if (operator.isError) {
    const msg = operator.error instanceof ApiError ? operator.error.msg : t('errors.INTERNAL');
    return (
      <main className="centered-page">
        <Result
          status="warning"
          title={<h1 className="result-heading">{msg}</h1>}
          extra={[
            <Button key="retry" type="primary" onClick={() => void operator.refetch()}>
              {t('common.retry')}
            </Button>,
            <Button key="sign-out" onClick={() => clearSession()}>
              {t('admin.signOut')}
            </Button>,
          ]}
        />
      </main>
    );
  }

  return (
    <OperatorContext.Provider value={operator.data}>
      <ShellLayout />
    </OperatorContext.Provider>
  );
}
