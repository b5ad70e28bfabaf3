import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../ui/language-switcher.tsx';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/request.ts';
import { dismissSessionEndReason, useSessionEndReason, useSessionToken } from '../../../lib/session.ts';
import { useSignIn, type SignInInput } from '../api/sign-in.ts';

const TOTP_PATTERN = /^\d{6}$/;

/** Where the guard sent the operator from, so sign-in can return there. */
function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/') && state.from !== paths.signIn.path ? state.from : paths.home.getHref();
  }
  return paths.home.getHref();
}

export function SignInScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInInput>();
  const location = useLocation();
  const token = useSessionToken();
  const endReason = useSessionEndReason();
  const signIn = useSignIn();

  // Signed in (just now, in another tab, or before a reload): continue where the operator was going.
  if (token) return <Navigate to={returnPath(location.state)} replace />;

  const submit = (values: SignInInput) => {
    dismissSessionEndReason();
    signIn.mutate(
      { username: values.username.trim(), password: values.password, totp: values.totp },
      {
        // An authenticator code is only good once and only for a short window: ask for a fresh one.
        onError: () => form.setFieldValue('totp', ''),
      },
    );
  };

  const failure =
    signIn.error === null ? null : signIn.error instanceof ApiError ? signIn.error.msg : t('errors.INTERNAL');

  return (
    <div className="sign-in-page">
      <header className="sign-in-page__language">
        <LanguageSwitcher />
      </header>
      <main className="sign-in-page__main">
        <Card className="sign-in-page__card">
          <Typography.Text className="sign-in-page__brand">{t('admin.title')}</Typography.Text>
          <Typography.Title level={1} className="sign-in-page__title">
            {t('admin.loginTitle')}
          </Typography.Title>
          {endReason && <Alert type="warning" showIcon title={endReason} className="sign-in-page__error" />}
          {failure && <Alert type="error" showIcon title={failure} className="sign-in-page__error" />}
          <Form<SignInInput>
            form={form}
            name="admin-sign-in"
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            disabled={signIn.isPending}
          >
            <Form.Item
              label={t('admin.username')}
              name="username"
              rules={[{ required: true, whitespace: true, message: t('common.required') }]}
            >
              <Input autoComplete="username" autoFocus spellCheck={false} autoCapitalize="none" />
            </Form.Item>
            <Form.Item
              label={t('admin.password')}
              name="password"
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label={t('admin.totp')}
              name="totp"
              extra={t('admin.totpHint')}
              normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}
              rules={[
                { required: true, message: t('admin.totpHint') },
                { pattern: TOTP_PATTERN, message: t('admin.totpHint') },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="mono" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
              {t('admin.signIn')}
            </Button>
          </Form>
        </Card>
      </main>
    </div>
  );
}
