import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CLIENT_MESSAGE } from '@synctrade/api';
import { ErrorPanel } from '@synctrade/ui';

interface Props {
  /** The remote's display name, shown in the error. */
  name: string;
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

function describe(error: Error): string {
  // Webpack names a failed or timed-out script chunk ChunkLoadError; the spec's text for it is fixed.
  if (error.name === 'ChunkLoadError' || /Loading chunk .* failed/i.test(error.message)) {
    return CLIENT_MESSAGE.loadingChunkFailed;
  }
  return error.message || 'Something went wrong.';
}

/** Catches a remote that fails to load or throws while rendering, so only its area shows the error. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} area failed`, error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPanel
        title={`${this.props.name} is unavailable`}
        message={describe(error)}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
