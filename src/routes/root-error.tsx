// The error screen for what no page handled (a page that failed to load or threw while rendering):
// an error boundary of our own around the routes, cleared when the address changes.
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/routes/page-effects';
import { PublicFrame } from '@/routes/public-layout.route';
import { AppError } from '@/ui/AppError';

export function RootError({ error }: { error: unknown }) {
  useDocumentTitle(null);
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <PublicFrame from="console">
      <AppError message={message} onReload={() => window.location.reload()} />
    </PublicFrame>
  );
}

interface BoundaryProps {
  /** The history entry: a new one (the user navigates away) clears the error. */
  entry: string;
  children: ReactNode;
}

interface BoundaryState {
  entry: string;
  error: unknown;
  failed: boolean;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { entry: this.props.entry, error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.entry === state.entry ? null : { entry: props.entry, error: null, failed: false };
  }

  override render() {
    return this.state.failed ? <RootError error={this.state.error} /> : this.props.children;
  }
}

export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary entry={useLocation().key}>{children}</ErrorBoundary>;
}
