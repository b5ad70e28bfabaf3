import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { accessibleSections } from '../lib/access.ts';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { useCurrentOperator } from '../lib/operator-context.ts';
import { paths } from '../lib/paths.ts';

/** The signed-in frame: a side menu limited to the operator's roles, the header, and the screen. */
export function ShellLayout() {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const location = useLocation();
  const signOut = useSignOut();

  const items = accessibleSections(operator.roles).map((section) => ({
    key: paths[section].getHref(),
    label: <Link to={paths[section].getHref()}>{t(`admin.nav.${section}`)}</Link>,
  }));
  const selectedKeys = items.filter((item) => location.pathname.startsWith(item.key)).map((item) => item.key);

  return (
    <Layout className="shell">
      <Layout.Sider theme="light" width={232} className="shell__sider">
        <div className="shell__brand">
          <Typography.Text strong>{t('app.name')}</Typography.Text>
          <Typography.Text type="secondary" className="shell__brand-subtitle">
            {t('admin.title')}
          </Typography.Text>
        </div>
        <nav>
          <Menu mode="inline" items={items} selectedKeys={selectedKeys} className="shell__menu" />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell__header">
          <Space size="middle" wrap className="shell__operator">
            <Typography.Text>{t('admin.signedInAs', { username: operator.username })}</Typography.Text>
            <span className="shell__roles">
              {operator.roles.map((role) => (
                <Tag key={role} className="shell__role">
                  {t(`admin.roles.${role}`)}
                </Tag>
              ))}
            </span>
          </Space>
          <Space size="middle">
            <LanguageSwitcher />
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
              {t('admin.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="shell__content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
