import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  // What shows instead, given the error caught (an ApiError carries the reference to quote).
  fallback: ReactNode | ((error: unknown) => ReactNode);
  // A change of this key (the page address, say) clears a caught error.
  resetKey: string;
}

interface ErrorBoundaryState {
  error: unknown;
  errorKey: string | null;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    if (state.error === null) return { errorKey: props.resetKey };
    if (state.errorKey !== null && state.errorKey !== props.resetKey) return { error: null, errorKey: props.resetKey };
    return null;
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(error) : fallback;
  }
}
