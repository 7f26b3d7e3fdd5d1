import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ROUTES, type RouteName } from '@/config/routes';
import { SESSION_COOKIES } from '@/lib/session-storage';
import { type HandOver, LandingPage } from './landing-page';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

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

/** The markup of a tree, whole. */
async function prerender(tree: ReactNode): Promise<string> {
  // No part of the page split off to be revealed by a script later (React does that to large parts when streaming):
  // the document is the page as it shows.
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return text(prelude);
}

/** Nothing to hand over at build time. */
const NO_HAND_OVER: HandOver = { navigate() {}, loginWithProvider() {}, oldUserLogin() {} };

/**
 * A script for the head of the prerendered page: it marks a page opened with a session cookie before the first paint,
 * so the prerendered hero does not offer a logged-in player the login (index.css hides it) until the app renders the
 * player's own hero.
 */
const SESSION_MARK_SCRIPT = `if(/(?:^|;)\\s*${SESSION_COOKIES.jwt}=[^;]/.test(document.cookie))document.documentElement.setAttribute('data-session','')`;

/**
 * The landing page's markup, rendered at build time (vite.prerender.ts) into index.html so that its largest paint
 * waits for no script, and src/landing.tsx hydrates it: the visitor's light landing page (app/landing-page.tsx), the
 * tree that hydrates it node for node.
 */
export async function prerenderHomePage(): Promise<{ html: string; headScript: string }> {
  const html = await prerender(<LandingPage search="" handOver={NO_HAND_OVER} />);
  return { html, headScript: SESSION_MARK_SCRIPT };
}
