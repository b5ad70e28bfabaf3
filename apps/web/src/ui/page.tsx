import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar, type NavBarProps } from './nav-bar';
import { usePaneActive } from './pane-active';

export interface PageProps extends Omit<NavBarProps, 'title'> {
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A screen: the navigation bar (with the title as heading) and the `main` landmark. Keeps the
 * document title in step while the screen is visible.
 */
export function Page({ title, children, className, ...navBar }: PageProps) {
  const { t } = useTranslation();
  const active = usePaneActive();
  const appName = t('app.name');

  useEffect(() => {
    if (active) document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [active, title, appName]);

  return (
    <div className={className ? `page ${className}` : 'page'}>
      <NavBar title={title} {...navBar} />
      <main className="page-body">{children}</main>
    </div>
  );
}
