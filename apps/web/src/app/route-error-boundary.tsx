import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

const buttonClass =
  'inline-flex items-center rounded-xl px-5 py-3 text-sm font-black uppercase tracking-wider transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime';

/** What a failed page shows: a friendly message instead of a stack (STYLE.md point 9), a way to retry, a way home. */
export function RouteErrorView() {
  return (
    <Page
      title="Something went wrong"
      description="This page could not be shown. Try again; if it keeps happening, come back a little later."
    >
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${buttonClass} bg-lime text-arena-950 hover:bg-lime/90`}
        >
          Try again
        </button>
        <Link
          to={ROUTES.home.path}
          className={`${buttonClass} border border-white/15 text-white hover:border-lime/60`}
        >
          Back to home
        </Link>
      </div>
    </Page>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
}

/**
 * The error boundary of every page (its rendering and the download of its code). It sits inside the layout, so the
 * person can still navigate; the router gives every page its own, so another page starts afresh.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    // Keep the details for whoever debugs, never for the person.
    console.error(error);
  }

  override render() {
    return this.state.hasFailed ? <RouteErrorView /> : this.props.children;
  }
}
