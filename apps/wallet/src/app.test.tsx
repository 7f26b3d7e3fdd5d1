import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { env } from './config/env';

describe('wallet app', () => {
  it('shows the configured provider name as its heading', () => {
    const html = renderToStaticMarkup(<App pathname="/" />);
    expect(html).toContain(`<h1 class="wallet__title">${env.providerName}</h1>`);
  });
});
