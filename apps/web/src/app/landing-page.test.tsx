import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { type HandOver, LandingPage } from './landing-page';

// React's act() is used directly here (no Testing Library render), so tell React this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/**
 * The landing page as the build prerenders it, hydrated by the visitor's light start as src/landing.tsx does it. The
 * markup comes from renderToString rather than the build's streaming prerender, which leaves context values set in
 * the module realm it ran in (see prerender-hydration.test.tsx); prerender.test.tsx checks the build's own markup.
 */
async function hydrateLandingPage(handOver: HandOver) {
  const html = renderToString(<LandingPage search="" handOver={fakeHandOver()} />);
  document.body.innerHTML = `<div id="root" data-prerendered>${html}</div>`;
  const container = document.getElementById('root')!;
  // A browser's HTML parser mutes a <video muted> (the property React compares); jsdom's does not.
  for (const video of container.querySelectorAll('video')) video.muted = video.hasAttribute('muted');
  const heading = container.querySelector('h1');
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <LandingPage search="" handOver={handOver} />
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
  });
  return { container, heading, errors, recoverable };
}

function fakeHandOver(): HandOver {
  return { navigate: vi.fn(), loginWithProvider: vi.fn(), oldUserLogin: vi.fn() };
}

function click(element: Element | null | undefined): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  act(() => {
    element?.dispatchEvent(event);
  });
  return event;
}

describe('the landing page without the router (src/landing.tsx)', () => {
  it('takes over the prerendered page in place: the same elements, no mismatch', async () => {
    const { container, heading, errors, recoverable } = await hydrateLandingPage(fakeHandOver());
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('hands a followed link over to the whole app, at its target', async () => {
    const handOver = fakeHandOver();
    const { container } = await hydrateLandingPage(handOver);
    const game = click(container.querySelector('header a[href="/game"]'));
    expect(game.defaultPrevented).toBe(true);
    expect(handOver.navigate).toHaveBeenCalledWith('/game');
    // The landing page's own link stays here.
    const home = click(container.querySelector('header a[href="/"]'));
    expect(home.defaultPrevented).toBe(true);
    expect(handOver.navigate).toHaveBeenCalledTimes(1);
  });

  it('hands the login over to the whole app, with the invite fields', async () => {
    const handOver = fakeHandOver();
    const { container } = await hydrateLandingPage(handOver);
    const login = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === `Login with ${env.providerName}`,
    );
    click(login);
    expect(handOver.loginWithProvider).toHaveBeenCalledWith('', 'web');
  });
});
