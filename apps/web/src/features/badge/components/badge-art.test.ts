import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { badgeArtPath } from '@ojo/domain/badges/badge-art';
import { BADGE_SERIES } from '@ojo/domain/enums';
import { describe, expect, it } from 'vitest';

const PUBLIC_DIR = join(__dirname, '../../../../public');

describe('badge series art', () => {
  it.each(BADGE_SERIES)('%s has its emblem file, an SVG with an accessible label', (series) => {
    const svg = readFileSync(join(PUBLIC_DIR, badgeArtPath(series)), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 200 220"/);
    expect(svg).toMatch(/aria-label="[^"]+"/);
  });
});
