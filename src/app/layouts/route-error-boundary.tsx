import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '../../lib/logger.ts';
import { Page } from '../../ui/page/page.tsx';

interface State {
  error: Error | null;
}

/** A render bug in one route shows a clear message instead of a blank page; the nav keeps working. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logger.error('Route crashed', { error, componentStack: info.componentStack });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Page title="Something went wrong" subtitle="This page hit an unexpected error. Reload to try again.">
        <a href={typeof window === 'undefined' ? '/' : window.location.pathname}>Reload this page</a>
      </Page>
    );
  }
}
