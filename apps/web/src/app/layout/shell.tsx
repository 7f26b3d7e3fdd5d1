import type { ReactNode } from 'react';
import { Footer } from './footer';

/**
 * The frame of every page: header, main, footer. Its parts come given, so that the landing page's light start
 * (src/landing.tsx) renders the same frame without the router.
 */
export function Shell({
  header,
  isRace,
  children,
}: {
  header: ReactNode;
  isRace: boolean;
  children: ReactNode;
}) {
  // Below lg the race page is its frame alone, exactly the screen under the header: the frame scrolls and the page
  // around it does not (one scroll on a phone), so the footer stays off it there.
  return (
    <div className={`flex min-h-dvh flex-col ${isRace ? 'max-lg:h-dvh max-lg:overflow-hidden' : ''}`}>
      {header}
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        {children}
      </main>
      {isRace ? (
        <div className="max-lg:hidden">
          <Footer />
        </div>
      ) : (
        <Footer />
      )}
    </div>
  );
}
