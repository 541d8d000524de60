import { Component, type ReactNode } from 'react';
import { ErrorScreen, ErrorView } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the page's path), a shown error is cleared. */
  resetKey?: string;
  /** The whole app, not one page: the screen gets its own frame. */
  isTopLevel?: boolean;
  /**
   * Shown instead of the error screen (`null`: nothing), for a part of the page that may fail
   * on its own without taking the page with it.
   */
  fallback?: ReactNode;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * Catches uncaught rendering errors below it and shows the global error screen instead (or the
 * `fallback`).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown): void {
    console.error('Uncaught rendering error', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return this.props.isTopLevel ? <ErrorScreen error={error} /> : <ErrorView error={error} />;
  }
}
