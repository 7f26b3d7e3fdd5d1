import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ROUTES, type RouteName } from '@/config/routes';
import { SESSION_COOKIES } from '@/lib/session-storage';
import { AppProvider } from './provider';
import { AppRoutes, preloadPage } from './router';

/** Reads a rendered stream to its end. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html;
}

/** One app page as a visitor who is not logged in first sees it: the browser's provider and routes, statically routed. */
export function prerenderedApp(name: RouteName): ReactNode {
  return (
    <AppProvider>
      <StaticRouter location={ROUTES[name].path}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>
  );
}

/** The markup of one app page, its code loaded first as main.tsx does before it hydrates. */
async function prerenderPage(name: RouteName): Promise<string> {
  await preloadPage(name);
  // No part of the page split off to be revealed by a script later (React does that to large parts when streaming):
  // the document is the page as it shows.
  const { prelude } = await prerenderToNodeStream(prerenderedApp(name), {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return text(prelude);
}

/**
 * A script for the head of the prerendered page: it marks a page opened with a session cookie before the first paint,
 * so the prerendered hero does not offer a logged-in player the login (index.css hides it) until the app renders the
 * player's own hero.
 */
const SESSION_MARK_SCRIPT = `if(/(?:^|;)\\s*${SESSION_COOKIES.jwt}=[^;]/.test(document.cookie))document.documentElement.setAttribute('data-session','')`;

/**
 * The landing page's markup, rendered at build time (vite.prerender.ts) into index.html so that its largest paint
 * waits for no script, and main.tsx hydrates it. The same provider and routes as in the browser, under a static
 * router, so the hydrated tree matches it node for node.
 */
export async function prerenderHomePage(): Promise<{ html: string; headScript: string }> {
  return { html: await prerenderPage('home'), headScript: SESSION_MARK_SCRIPT };
}
