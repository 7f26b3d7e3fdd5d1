#!/usr/bin/env node
/**
 * Writes the 25 backer logos of the home page's backers strip (product.md 9: 'Backers strip: 25 logos') to
 * public/media/backers/NN.svg, plus src/features/home/backer-logos.json with each logo's name and size (the strip sets explicit width and
 * height so nothing shifts while they load). The backers are fictional: each logo is a monochrome monogram (five
 * frames times five marks, so no two are alike) next to a wordmark whose width is fixed with textLength.
 *
 * Usage: node apps/web/scripts/render-backer-logos.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAMES = [
  'Northwind Capital',
  'Lumen Labs',
  'Blockhaven',
  'Ridgeline Ventures',
  'Oakmint Capital',
  'Saltwave Labs',
  'Kitefox Fund',
  'Driftstone',
  'Gridbeam Capital',
  'Halcyon Node',
  'Lanternfish',
  'Moonrake Labs',
  'Pebblechain',
  'Quillstar Capital',
  'Riverbit',
  'Starlane Partners',
  'Thornfield Digital',
  'Umbra Ventures',
  'Vantablock',
  'Wildfern Capital',
  'Xylo Labs',
  'Yarrow Fund',
  'Zephyr Node',
  'Copperleaf DAO',
  'Glasswing Labs',
];
const HEIGHT = 40;
const MARK = 28;
const GAP = 10;
const FONT_SIZE = 17;
const CHAR_WIDTH = 9.6; // average advance of a bold sans at 17 px; textLength pins the real width to this
const INK = '#e6e3ff';
const BG = '#07060f';

const FRAMES = [
  (ink) => `<circle cx="14" cy="14" r="13" fill="${ink}"/>`,
  (ink) => `<rect x="1" y="1" width="26" height="26" rx="7" fill="${ink}"/>`,
  (ink) => `<path d="M14 1 L26 8 V20 L14 27 L2 20 V8 Z" fill="${ink}"/>`,
  (ink) => `<path d="M14 0 L28 14 L14 28 L0 14 Z" fill="${ink}"/>`,
  (ink) => `<path d="M14 1 L27 25 H1 Z" fill="${ink}"/>`,
];
const MARKS = [
  (cut, y) => `<circle cx="14" cy="${y}" r="4.5" fill="${cut}"/>`,
  (cut, y) => `<circle cx="14" cy="${y}" r="6" fill="none" stroke="${cut}" stroke-width="3"/>`,
  (cut, y) => `<rect x="7" y="${y - 2}" width="14" height="4" rx="2" fill="${cut}"/>`,
  (cut, y) =>
    `<path d="M14 ${y - 6} V${y + 6} M8 ${y} H20" stroke="${cut}" stroke-width="3" stroke-linecap="round"/>`,
  (cut, y, letter) =>
    `<text x="14" y="${y + 5}" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" font-weight="800" font-size="14" fill="${cut}">${letter}</text>`,
];

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(webDir, 'public', 'media', 'backers');
const manifestPath = join(webDir, 'src', 'features', 'home', 'backer-logos.json');
mkdirSync(outDir, { recursive: true });
const manifest = NAMES.map((name, index) => {
  const frame = FRAMES[index % FRAMES.length];
  const mark = MARKS[Math.floor(index / FRAMES.length) % MARKS.length];
  const markCenterY = index % FRAMES.length === 4 ? 18 : 14; // the triangle's centre sits lower
  const textWidth = Math.round(name.length * CHAR_WIDTH);
  const width = MARK + GAP + textWidth;
  const file = `${String(index + 1).padStart(2, '0')}.svg`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${name}">
<g transform="translate(0 6)">${frame(INK)}${mark(BG, markCenterY, name[0])}</g>
<text x="${MARK + GAP}" y="26" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs" font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" font-weight="700" font-size="${FONT_SIZE}" letter-spacing="0.2" fill="${INK}">${name}</text>
</svg>
`;
  writeFileSync(join(outDir, file), svg);
  return { name, src: `/media/backers/${file}`, width, height: HEIGHT };
});
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${manifest.length} backer logos written to ${outDir}`);
