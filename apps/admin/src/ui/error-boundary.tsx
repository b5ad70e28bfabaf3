import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { paths } from '../lib/paths.ts';

interface BoundaryProps {
  children: ReactNode;
  /** A change (the screen's path) clears a shown error. */
  resetKey?: string;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string | undefined;
}

/** Catches a render error below it and shows "something went wrong" with Retry instead of a blank console. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorResult onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

function ErrorResult({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<h1 className="result-heading">{t('common.errorTitle')}</h1>}
      subTitle={t('common.errorBody')}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>,
        // An anchor: it navigates (the router is hash-based), and works even outside the router.
        <Button key="home" href={`#${paths.home.getHref()}`}>
          {t('common.goHome')}
        </Button>,
      ]}
    />
  );
}

/** The boundary around the current screen, cleared when the operator goes to another address. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
