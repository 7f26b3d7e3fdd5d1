import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

describe('icons', () => {
  it('renders each icon as a decorative SVG a screen reader skips, with the class it is given', () => {
    for (const [name, Icon] of Object.entries(icons)) {
      const markup = renderToStaticMarkup(<Icon className="icon" />);
      expect(markup, name).toMatch(/^<svg aria-hidden="true" focusable="false" viewBox="0 0 (24 24|32 32)"/);
      expect(markup, name).toContain('class="icon"');
    }
  });

  it('lets a caller override the size and colour', () => {
    const markup = renderToStaticMarkup(<icons.MenuIcon width={20} stroke="red" />);
    expect(markup).toContain('width="20"');
    expect(markup).toContain('stroke="red"');
    expect(markup).not.toContain('stroke="currentColor"');
  });

  it('gives each logo its own gradient id, so two logos on a page do not share one', () => {
    const markup = renderToStaticMarkup(
      <>
        <icons.LogoMark />
        <icons.LogoMark />
      </>,
    );
    const ids = [...markup.matchAll(/<linearGradient id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(markup).toContain(`url(#${id})`);
  });
});
