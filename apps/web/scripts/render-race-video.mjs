#!/usr/bin/env node
/**
 * Renders the home page's game video (public/media/race.mp4) and its poster (race-poster.webp):
 * five coins racing on tracks, as in a Dash round. Each frame is drawn as SVG here and rasterised by ffmpeg's
 * librsvg decoder, then encoded as H.264 with faststart so the browser can start playing before the end arrives.
 *
 * Usage: node apps/web/scripts/render-race-video.mjs   (needs ffmpeg with librsvg and libx264 on PATH)
 * The outputs are committed; run this again only when the artwork changes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 30;
const DURATION_S = 5;
const FRAMES = FPS * DURATION_S;
const RACE_END_S = 4; // coins cross the line; the last second celebrates the top two
const POSTER_FRAME = Math.round(2.6 * FPS);

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media');

const COINS = [
  { symbol: 'BTC', glyph: 'B', color: '#f7931a', finish: 0.93, wobble: 0.7 },
  { symbol: 'ETH', glyph: 'E', color: '#8c8cff', finish: 1.0, wobble: 1.3 },
  { symbol: 'SOL', glyph: 'S', color: '#22d3ee', finish: 0.86, wobble: 2.1 },
  { symbol: 'DOGE', glyph: 'D', color: '#e1b84a', finish: 0.8, wobble: 0.4 },
  { symbol: 'OJO', glyph: 'O', color: '#a3ff12', finish: 0.97, wobble: 1.7 },
];
const TRACK_LEFT = 76;
const TRACK_RIGHT = 540;
const START_X = 98;
const FINISH_X = 492;
const LANE_TOP = 82;
const LANE_PITCH = 52;
const LANE_HEIGHT = 40;

const ease = (x) => 1 - (1 - x) ** 2.2;
const clamp01 = (x) => Math.min(1, Math.max(0, x));

/** Position 0..1 of a coin along the track at time t; deterministic, with overtakes mid-race. */
function progress(coin, index, t) {
  const x = clamp01(t / RACE_END_S);
  const base = ease(x) * coin.finish;
  const surge = Math.sin(x * Math.PI * (1.5 + coin.wobble) + index) * 0.06 * Math.sin(x * Math.PI);
  return clamp01(base + surge);
}

/** The shown price change in percent: leaders are up, the rest of the field is down. */
function percent(p, average) {
  return (p - average) * 9;
}

function coinSvg(coin, cx, cy, glow) {
  return `
  <g transform="translate(${cx.toFixed(1)} ${cy})">
    ${glow ? `<circle r="25" fill="none" stroke="#a3ff12" stroke-width="3" opacity="${glow.toFixed(2)}"/>` : ''}
    <circle r="17" fill="${coin.color}"/>
    <circle r="17" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="2 2"/>
    <circle r="11.5" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <text y="5.5" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="15" fill="#0b0a1a">${coin.glyph}</text>
  </g>`;
}

function frameSvg(frame) {
  const t = frame / FPS;
  const places = COINS.map((coin, i) => ({ i, p: progress(coin, i, t) })).sort((a, b) => b.p - a.p);
  const celebrate = clamp01((t - RACE_END_S) / 0.3);
  const secondsLeft = Math.max(0, Math.ceil(RACE_END_S - t));
  const dash = (t * 420) % 40;
  const average = places.reduce((sum, entry) => sum + entry.p, 0) / places.length;
  const tracks = COINS.map(
    (_, i) =>
      `<rect x="${TRACK_LEFT}" y="${LANE_TOP + i * LANE_PITCH}" width="${TRACK_RIGHT - TRACK_LEFT}" height="${LANE_HEIGHT}" rx="20" fill="#15122e" stroke="#2e2960"/>`,
  );
  const lanes = COINS.map((coin, i) => {
    const y = LANE_TOP + i * LANE_PITCH;
    const cy = y + LANE_HEIGHT / 2;
    const p = progress(coin, i, t);
    const cx = START_X + p * (FINISH_X - START_X);
    const place = places.findIndex((entry) => entry.i === i);
    const isWinner = place < 2;
    const pct = percent(p, average);
    const pctText = `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%`;
    const trail = Math.max(0, cx - 18 - START_X + 24);
    return `
  <path d="M${TRACK_LEFT + 24} ${cy} H${TRACK_RIGHT - 24}" stroke="#2b2752" stroke-width="2" stroke-dasharray="18 22" stroke-dashoffset="${dash.toFixed(1)}"/>
  <rect x="${(cx - 18 - trail).toFixed(1)}" y="${cy - 6}" width="${trail.toFixed(1)}" height="12" rx="6" fill="url(#trail${i})"/>
  <text x="20" y="${cy + 5}" font-family="DejaVu Sans" font-weight="bold" font-size="14" fill="#e8e6ff">${coin.symbol}</text>
  <text x="${WIDTH - 20}" y="${cy + 5}" text-anchor="end" font-family="DejaVu Sans Mono" font-weight="bold" font-size="13" fill="${pct >= 0 ? '#a3ff12' : '#ff5c7a'}">${pctText}</text>
  ${coinSvg(coin, cx, cy, isWinner ? celebrate : 0)}`;
  });
  const gradients = COINS.map(
    (coin, i) => `
    <linearGradient id="trail${i}" x1="0" x2="1"><stop offset="0" stop-color="${coin.color}" stop-opacity="0"/><stop offset="1" stop-color="${coin.color}" stop-opacity="0.55"/></linearGradient>`,
  ).join('');
  const checker = [];
  for (let row = 0; row < 31; row++) {
    for (let col = 0; col < 2; col++) {
      if ((row + col) % 2 === 0)
        checker.push(`<rect x="${FINISH_X + 26 + col * 7}" y="${LANE_TOP + row * 8}" width="7" height="8"/>`);
    }
  }
  const banner =
    celebrate > 0
      ? `<g opacity="${celebrate.toFixed(2)}"><rect x="100" y="20" width="440" height="34" rx="17" fill="#a3ff12"/><text x="320" y="43" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="16" fill="#0b0a1a">${COINS[places[0].i].symbol} + ${COINS[places[1].i].symbol} WIN</text></g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0" r="1"><stop offset="0" stop-color="#231a52"/><stop offset="1" stop-color="#07060f"/></radialGradient>${gradients}
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect x="20" y="24" width="74" height="26" rx="13" fill="#ff3b5c"/>
  <circle cx="36" cy="37" r="4" fill="#fff" opacity="${0.5 + 0.5 * Math.round((Math.sin(t * 8) + 1) / 2)}"/>
  <text x="46" y="42" font-family="DejaVu Sans" font-weight="bold" font-size="13" fill="#fff">LIVE</text>
  <text x="106" y="42" font-family="DejaVu Sans" font-weight="bold" font-size="15" fill="#e8e6ff">DASH RACE · Top 2 coins win</text>
  <text x="${WIDTH - 20}" y="42" text-anchor="end" font-family="DejaVu Sans Mono" font-weight="bold" font-size="16" fill="#a3ff12">00:0${secondsLeft}</text>
  ${tracks.join('')}
  <g fill="#e8e6ff" opacity="0.85">${checker.join('')}</g>
  ${lanes.join('')}
  ${banner}
</svg>`;
}

const work = mkdtempSync(join(tmpdir(), 'race-frames-'));
try {
  for (let frame = 0; frame < FRAMES; frame++) {
    writeFileSync(join(work, `frame-${String(frame).padStart(3, '0')}.svg`), frameSvg(frame));
  }
  const ffmpeg = (args) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  const input = ['-framerate', String(FPS), '-c:v', 'librsvg', '-i', join(work, 'frame-%03d.svg')];
  ffmpeg([
    ...input,
    '-vf',
    'format=yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '27',
    '-tune',
    'animation',
    '-profile:v',
    'main',
    '-movflags',
    '+faststart',
    '-an',
    join(outDir, 'race.mp4'),
  ]);
  const posterSvg = join(work, `frame-${String(POSTER_FRAME).padStart(3, '0')}.svg`);
  ffmpeg([
    '-c:v',
    'librsvg',
    '-i',
    posterSvg,
    '-c:v',
    'libwebp',
    '-quality',
    '80',
    join(outDir, 'race-poster.webp'),
  ]);
  for (const name of ['race.mp4', 'race-poster.webp']) {
    console.log(`${name}: ${(statSync(join(outDir, name)).size / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
