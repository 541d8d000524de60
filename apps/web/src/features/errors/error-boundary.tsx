import { Component, type ReactNode } from 'react';
import { ErrorScreen, ErrorView } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the page's path), a shown error is cleared. */
  resetKey?: string;
  /** The whole app, not one page: the screen gets its own frame. */
  isTopLevel?: boolean;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/** Catches uncaught rendering errors below it and shows the global error screen instead. */
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
    return this.props.isTopLevel ? <ErrorScreen error={error} /> : <ErrorView error={error} />;
  }
}
