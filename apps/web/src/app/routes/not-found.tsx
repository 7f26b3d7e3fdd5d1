import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { NOT_FOUND_TITLE, ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={NOT_FOUND_TITLE}
      description="There is nothing at this address. It may have moved, or never existed."
    >
      <Link
        to={ROUTES.home.path}
        className="inline-flex items-center rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950 transition hover:bg-lime/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime"
      >
        Back to home
      </Link>
    </Page>
  );
}
