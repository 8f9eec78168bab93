import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '../../lib/logger.ts';
import { NativeButton } from '../../ui/button/native-button.tsx';
import { Page } from '../../ui/page/page.tsx';
import { reloadFailedRoutes, RouteChunkError } from '../route-chunk.tsx';

interface Props {
  /** The current path: opening another route clears the error. */
  location: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** where the error happened */
  errorLocation: string | null;
}

/**
 * A render bug in one route shows a clear message instead of a blank page; the nav keeps working. A route
 * whose code could not be loaded (offline) is no bug: it says so and loads again on Try again, or by
 * itself when the signal returns.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorLocation: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.error) return state.errorLocation === null ? null : { errorLocation: null };
    if (state.errorLocation === null) return { errorLocation: props.location };
    return state.errorLocation === props.location ? null : { error: null, errorLocation: null };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retryChunk);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retryChunk);
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (error instanceof RouteChunkError) {
      logger.warn('Route code could not be loaded', error.cause);
      // Loaded again when the route next renders: on Try again, back online, or opening it again.
      reloadFailedRoutes();
      return;
    }
    logger.error('Route crashed', { error, componentStack: info.componentStack });
  }

  private readonly retry = () => this.setState({ error: null, errorLocation: null });

  private readonly retryChunk = () => {
    if (this.state.error instanceof RouteChunkError) this.retry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof RouteChunkError) {
      const isOffline = typeof navigator !== 'undefined' && !navigator.onLine;
      return (
        <Page
          title={isOffline ? "This page isn't available offline" : "This page couldn't be loaded"}
          subtitle={isOffline ? 'It has not been opened on this device yet. It opens once you are back online.' : 'Check your connection and try again.'}
        >
          <NativeButton onClick={this.retry}>Try again</NativeButton>
        </Page>
      );
    }
    return (
      <Page title="Something went wrong" subtitle="This page hit an unexpected error. Reload to try again.">
        <a href={typeof window === 'undefined' ? '/' : window.location.pathname}>Reload this page</a>
      </Page>
    );
  }
}
