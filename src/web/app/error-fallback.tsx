import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';

export function ErrorFallback({ error, onReset }: { error: unknown; onReset?: () => void }) {
  const details = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div
        role="alert"
        className="w-full max-w-lg rounded-xl border border-border bg-surface p-6 text-center shadow-sm"
      >
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <AlertTriangle className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          An unexpected error occurred. Please try refreshing the page.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden /> Refresh Page
          </Button>
          <Button variant="outline" onClick={() => (onReset ? onReset() : window.location.reload())}>
            <RotateCcw aria-hidden /> Try Again
          </Button>
        </div>
        <details className="mt-6 text-left">
          <summary className="cursor-pointer text-sm font-medium text-muted-foreground">
            Error Details
          </summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-words">
            {details}
          </pre>
        </details>
      </div>
    </main>
  );
}

type BoundaryState = { error: unknown; hasError: boolean };

/** Catches render errors below it; 'Try Again' re-renders the same tree. */
export class ErrorBoundary extends React.Component<
  { children: React.ReactNode; resetKey?: string },
  BoundaryState
> {
  override state: BoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null, hasError: false });
  }

  override render() {
    if (this.state.hasError) {
      return (
        <ErrorFallback
          error={this.state.error}
          onReset={() => this.setState({ error: null, hasError: false })}
        />
      );
    }
    return this.props.children;
  }
}
