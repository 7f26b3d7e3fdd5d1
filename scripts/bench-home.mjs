#!/usr/bin/env node
/**
 * Lighthouse benchmark of the home page (/), mobile mode, against the page-speed goals:
 * performance >= 0.95, LCP <= 2.5 s, CLS <= 0.1, JavaScript loaded before interaction <= 120 KB gzip.
 *
 * It builds nothing: serve the built web app first (`npm run build -w @ojo/web && npm run preview -w @ojo/web`),
 * then run `node scripts/bench-home.mjs [url]` (default $BENCH_URL or http://localhost:3000/). In the same run it
 * measures a minimal static HTML page served by this script, so the numbers can be read against what this machine
 * gives a page that does nothing (its ratio column); the machine is shared and its speed varies.
 *
 * Chromium: /usr/bin/chromium (or $CHROMIUM_PATH), headless, with the project's flags.
 */
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const APP_URL = process.argv[2] ?? process.env.BENCH_URL ?? 'http://localhost:3000/';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const GOALS = { performance: 0.95, lcpMs: 2500, cls: 0.1, initialJsGzipBytes: 120 * 1024 };

const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>
<body><h1>Reference page</h1><p>A minimal static page measured alongside the app.</p></body></html>`;

function serveReference() {
  return new Promise((resolve) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(REFERENCE_HTML);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** gzip size of every script the page loaded before interaction (fetched again and compressed here). */
async function initialJsGzipBytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script' && /^https?:/.test(item.url));
  let total = 0;
  for (const script of scripts) {
    const response = await fetch(script.url);
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { bytes: total, count: scripts.length };
}

async function measure(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile', // Lighthouse's default: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const js = await initialJsGzipBytes(lhr);
  return {
    performance: lhr.categories.performance.score ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
    initialJsGzipBytes: js.bytes,
    scriptCount: js.count,
  };
}

const format = {
  performance: (value) => value.toFixed(2),
  lcpMs: (value) => `${(value / 1000).toFixed(2)} s`,
  cls: (value) => value.toFixed(3),
  initialJsGzipBytes: (value) => `${(value / 1024).toFixed(1)} KB`,
};
const meetsGoal = {
  performance: (value) => value >= GOALS.performance,
  lcpMs: (value) => value <= GOALS.lcpMs,
  cls: (value) => value <= GOALS.cls,
  initialJsGzipBytes: (value) => value <= GOALS.initialJsGzipBytes,
};
const goalText = {
  performance: `>= ${GOALS.performance}`,
  lcpMs: `<= ${GOALS.lcpMs / 1000} s`,
  cls: `<= ${GOALS.cls}`,
  initialJsGzipBytes: `<= ${GOALS.initialJsGzipBytes / 1024} KB`,
};

const reference = await serveReference();
const referenceUrl = `http://127.0.0.1:${reference.address().port}/`;
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  const check = await fetch(APP_URL).catch(() => undefined);
  if (!check?.ok)
    throw new Error(`Nothing answers at ${APP_URL}: serve the built web app first (vite preview).`);
  const app = await measure(APP_URL, chrome.port);
  const ref = await measure(referenceUrl, chrome.port);

  console.log(
    `Lighthouse ${lighthouse.version ?? '12'} mobile, ${APP_URL} (reference: minimal static page)\n`,
  );
  const rows = Object.keys(format).map((key) => {
    const ratio = ref[key] === 0 ? (app[key] === 0 ? '1.00' : '∞') : (app[key] / ref[key]).toFixed(2);
    const ok = meetsGoal[key](app[key]);
    if (!ok) failed = true;
    return {
      metric: key,
      app: format[key](app[key]),
      goal: goalText[key],
      result: ok ? 'ok' : 'MISSED',
      reference: format[key](ref[key]),
      'app / reference': ratio,
    };
  });
  console.table(rows);
  console.log(`scripts loaded before interaction: ${app.scriptCount}`);
} finally {
  chrome.kill();
  reference.close();
}
process.exitCode = failed ? 1 : 0;
