import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { env } from './config/env';

describe('game app', () => {
  it('shows the race heading with the configured product name', () => {
    const html = renderToStaticMarkup(<App />);
    expect(html).toContain(`<h1 class="game__title">${env.productName} Race</h1>`);
  });
});
