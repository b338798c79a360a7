/**
 * Error boundary per region (layout, menu, page, sub-app, drawer): a failing
 * region shows what failed and a retry; the rest of the shell keeps working.
 */
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { ErrorState } from './ErrorState';
import { navigation } from './navigation';

/** The messages browsers give when a lazily loaded module cannot be fetched. */
const CHUNK_LOAD_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);

interface Props {
  region: string;
  children: ReactNode;
  /** Compact rendering for small regions (menu, top-bar widgets). */
  compact?: boolean;
  /** Changing this key resets the boundary (e.g. the route path). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.region}] render failed`, error, info.componentStack);
  }

  private retry = () => {
    // A page's code that failed to load stays failed for this page load (the import is
    // remembered, and after a new deployment the old file may be gone): only a reload helps.
    if (isChunkLoadError(this.state.error)) navigation.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.compact) {
      return (
        <span role="alert" className="region-error-compact">
          {SHELL_TEXT.regionFailedCompact(this.props.region)}
          <Button size="small" type="link" onClick={this.retry}>
            {TEXT.retry}
          </Button>
        </span>
      );
    }
    return (
      <ErrorState
        title={SHELL_TEXT.regionFailed(this.props.region)}
        description={SHELL_TEXT.regionFailedHint}
        actions={
          <Button type="primary" onClick={this.retry}>
            {TEXT.retry}
          </Button>
        }
      />
    );
  }
}
