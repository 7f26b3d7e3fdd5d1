import type { Page } from '@playwright/test';

/**
 * Characters a page must not draw as text: emoji and the symbol blocks (arrows, dingbats, shapes, misc symbols) whose
 * glyphs come from whatever fonts the machine has. Debian's Chromium has no emoji font and renders them as empty
 * boxes; icons ship with the app as SVG instead. Typographic characters (©, ™, ·, …, —, ≈) are in every text font
 * (© and ™ count as pictographs only when an emoji selector follows them).
 */
const FONT_DEPENDENT =
  /(?![\u00A9\u00AE\u2122])[\p{Extended_Pictographic}\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u2900-\u2BFF\u{1F000}-\u{1FAFF}]|\uFE0F/u;

/** Every rendered text of the page (and its same-origin frames) that holds such a character. */
export async function fontDependentTexts(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const texts = await frame
      .evaluate((source) => {
        const pattern = new RegExp(source, 'u');
        const hits: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest('script, style, noscript, title')) continue;
          if (parent.getClientRects().length === 0) continue; // not rendered
          const text = node.textContent ?? '';
          if (pattern.test(text)) hits.push(`${parent.tagName.toLowerCase()}: ${text.trim()}`);
        }
        return hits;
      }, FONT_DEPENDENT.source)
      .catch(() => [] as string[]); // a cross-origin frame is checked on its own page
    found.push(...texts);
  }
  return found;
}
