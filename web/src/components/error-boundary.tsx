import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A lazy screen whose code could not be fetched (offline before the service worker cached it, or a stale tab). */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

interface Props {
  children: ReactNode;
  /** Shown in the message: 'this screen', 'the History tab'… */
  what?: string;
}

interface State {
  error: unknown;
}

/**
 * Keeps one failing part from blanking the whole app: it shows what happened and a way out instead. Chunk-load
 * failures get a connection hint; anything else a generic message (the details go to the console).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Tightlines could not show', this.props.what ?? 'this screen', error, info.componentStack);
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    const what = this.props.what ?? 'this screen';
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div role="alert" className="mx-auto flex max-w-sm flex-col items-center gap-3 px-6 py-12 text-center">
        <h2 className="text-lg font-semibold">{chunk ? `Couldn't load ${what}` : 'Something went wrong'}</h2>
        <p className="text-sm text-muted-foreground">
          {chunk
            ? 'Check your connection and try again. Your saved catches are safe on this phone.'
            : `Tightlines hit a problem showing ${what}. Your saved catches are safe.`}
        </p>
        <Button onClick={this.retry}>Try again</Button>
      </div>
    );
  }
}
