import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
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
    return this.state.error === null ? this.props.children : this.props.fallback;
  }
}
