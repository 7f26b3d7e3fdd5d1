import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Page } from '@/components/ui/page';
import { NOT_FOUND_TITLE, ROUTES } from '@/config/routes';

const buttonClass =
  'inline-flex items-center rounded-xl px-5 py-3 text-sm font-black uppercase tracking-wider transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime';

/**
 * The error boundary of every route: a friendly message instead of a stack (STYLE.md point 9), with a way to try
 * again and a way home. The layout stays, so the person can still navigate.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title={NOT_FOUND_TITLE} description="There is nothing at this address.">
        <Link to={ROUTES.home.path} className={`${buttonClass} bg-lime text-arena-950 hover:bg-lime/90`}>
          Back to home
        </Link>
      </Page>
    );
  }
  // Keep the details for whoever debugs, never for the person.
  console.error(error);
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
