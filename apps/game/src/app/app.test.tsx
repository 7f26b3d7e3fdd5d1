import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { env } from '../config/env';
import type { FrameBridge, InitGameData } from '../lib/frame-bridge';
import { App } from './app';

const idleBridge: FrameBridge = {
  init: createStore<InitGameData | null>()(() => null),
  send: () => {},
  close: () => {},
};

describe('game app', () => {
  it('shows the race heading with the configured product name, as a spectator until the page sends the token', () => {
    const html = renderToStaticMarkup(<App bridge={idleBridge} />);
    expect(html).toContain(`<h1 class="game__title">${env.productName} Race</h1>`);
    expect(html).toContain('data-session="spectator"');
    expect(html).toContain('Connecting to the race');
    // No round known yet: the race length is product.md 9's words, never a fixed '20 seconds'.
    expect(html).toContain('Pick the coins that rise the most in about 30 seconds.');
    expect(html).not.toContain('20 seconds');
  });
});
