import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClasses } from '../components/ui/button.tsx';

/** Shown when a page (or the whole app) fails to render. The words are the e2e tests' too. */
const ErrorText = {
  title: 'This page could not be loaded',
  offline: 'You are offline. Check your connection, then reload to try again.',
  failed: 'Something went wrong while loading this page, or a new version of Kusina has been released. Reloading usually fixes it.',
  reload: 'Reload page',
} as const;

interface Props {
  children: ReactNode;
  /** What an optional part of the frame (footer, menus, toaster) shows instead: usually nothing. */
  fallback?: ReactNode;
}

/**
 * The error boundary at the root and around each route: a page whose code fails to download (the
 * visitor is offline, or a release replaced the chunk their tab expected) or that throws while
 * rendering shows a way out instead of a white screen. It lives in the shell, so it cannot itself
 * fail to load. The layout keys the route's boundary by path, so moving to another page resets it.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-1 flex-col items-start gap-4 px-4 py-16">
        <h1 className="font-display text-3xl font-bold">{ErrorText.title}</h1>
        <p className="text-lg text-ink-muted">{navigator.onLine ? ErrorText.failed : ErrorText.offline}</p>
        <button type="button" className={buttonClasses({ size: 'lg' })} onClick={() => window.location.reload()}>
          {ErrorText.reload}
        </button>
      </div>
    );
  }
}
