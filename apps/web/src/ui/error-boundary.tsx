import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { pageReloader } from '../lib/chunk-reload';
import { retryFailedLazyRoutes } from '../lib/lazy-route';

interface BoundaryProps {
  children: ReactNode;
  /** A change (the route's path) clears a shown error: navigating away leaves the failed screen. */
  resetKey?: string;
  /** The "something went wrong" view, given the Retry action. */
  fallback: (retry: () => void) => ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/** Catches a render error (or a failed screen import) below it and shows `fallback` instead of a blank app. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = (): void => {
    retryFailedLazyRoutes();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}

function ErrorView({ retry, home }: { retry: () => void; home: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="error-view" role="alert">
      <h1 className="error-view-title">{t('common.errorTitle')}</h1>
      <p>{t('common.errorBody')}</p>
      <div className="error-view-actions">
        <Button color="primary" block onClick={retry}>
          {t('common.retry')}
        </Button>
        {home}
      </div>
    </div>
  );
}

/** Around each screen: an error shows "something went wrong" with Retry and a link home; cleared on navigation. */
export function RouteBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(retry) => <ErrorView retry={retry} home={<HomeLink />} />}>
      {children}
    </ErrorBoundary>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Link className="button-link button-link-outline" to={paths.root.getHref()}>
      {t('common.goHome')}
    </Link>
  );
}

/** Around the whole app (outside the router): Retry re-renders, the home link loads the app afresh. */
export function RootBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(retry) => (
        <ErrorView
          retry={retry}
          home={
            <a className="button-link button-link-outline" href={`./#${paths.root.getHref()}`} onClick={reloadHome}>
              <RootHomeLabel />
            </a>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

function RootHomeLabel() {
  const { t } = useTranslation();
  return <>{t('common.goHome')}</>;
}

function reloadHome(event: { preventDefault: () => void }) {
  event.preventDefault();
  window.location.hash = paths.root.getHref();
  pageReloader.reload();
}
