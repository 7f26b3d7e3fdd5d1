import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { prerenderedApp } from './prerender';
import { preloadPage } from './router';

// React's act() is used directly here (no Testing Library render), so tell React this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/*
 * Its own file: the build's streaming prerender leaves the router's context values set in the module realm it ran
 * in, which only matters where a browser renderer runs beside it, as here. This file renders the build's element
 * with renderToString instead, which restores them.
 */
describe('the prerendered landing page in the browser', () => {
  it('is taken over by the app in place: the same elements, no mismatch', async () => {
    await preloadPage('home');
    const html = renderToString(prerenderedApp('home'));
    document.body.innerHTML = `<div id="root" data-prerendered>${html}</div>`;
    const container = document.getElementById('root')!;
    // A browser's HTML parser mutes a <video muted> (the property React compares); jsdom's does not.
    for (const video of container.querySelectorAll('video')) video.muted = video.hasAttribute('muted');
    const heading = container.querySelector('h1');
    const login = [...container.querySelectorAll('button')].find((button) =>
      button.textContent?.startsWith('Login with'),
    );
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
    expect(login?.isConnected).toBe(true);
  });
});
