#!/usr/bin/env node
/**
 * Lighthouse benchmark of the home page (/), mobile mode, against the landing page's speed goals:
 * performance >= 0.99, LCP <= 1.5 s, CLS <= 0.1, JavaScript loaded before interaction <= 100 KB gzip.
 *
 *   npm run bench:home                 builds apps/web into a temp folder, serves it (vite preview, free port),
 *                                      measures it, stops the server and removes the folder
 *   npm run bench:home -- <url>        measures an app that is already served at <url> (builds nothing)
 *   BENCH_RUNS=5 npm run bench:home    runs Lighthouse 5 times per page (default 3); prints every run and the
 *                                      median of each figure, which the goals are checked against
 *
 * In the same run it measures a minimal static HTML page served by this script, so the numbers can be read against
 * what this machine gives a page that does nothing (the ratio column): the machine is shared and its speed varies.
 * "JavaScript loaded before interaction" is every script the page requested during the Lighthouse load (which
 * waits for the network and CPU to go quiet), fetched again and gzipped at level 9.
 *
 * Chromium: /usr/bin/chromium (or $CHROMIUM_PATH), headless, with the project's flags. Exit code 1 when a goal is
 * missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');
const webRoot = join(repoRoot, 'apps/web');
const GIVEN_URL = process.argv[2] ?? process.env.BENCH_URL;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
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
const GOALS = { performance: 0.99, lcpMs: 1500, cls: 0.1, initialJsGzipBytes: 100 * 1024 };

const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>
<body><h1>Reference page</h1><p>A minimal static page measured alongside the app.</p></body></html>`;

/** Things to undo on the way out, last first: servers, the browser, the temp folder. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}

function listen(server) {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen(server.address().port));
  });
}

async function freePort() {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((done) => probe.close(done));
  return port;
}

async function serveReference() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(REFERENCE_HTML);
  });
  const port = await listen(server);
  cleanups.push(() => new Promise((done) => server.close(done)));
  return `http://127.0.0.1:${port}/`;
}

/** Builds apps/web into a temp folder and serves it with vite preview on a free port; returns its URL. */
async function buildAndServeWeb() {
  // Vite is loaded only here, so that measuring a given URL needs nothing but Lighthouse.
  const { build, preview } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'ojo-bench-web-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  console.log(`building apps/web into ${outDir} ...`);
  await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${port}/`;
}

/** gzip size of every script the page loaded during the Lighthouse run (fetched again and compressed here). */
async function initialScripts(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const urls = [
    ...new Set(
      requests
        .filter((item) => item.resourceType === 'Script' && /^https?:/.test(item.url))
        .map((item) => item.url),
    ),
  ];
  const scripts = [];
  for (const url of urls) {
    const response = await fetch(url);
    scripts.push({
      url,
      gzipBytes: gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length,
    });
  }
  return scripts;
}

async function measureOnce(url, port) {
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
  const scripts = await initialScripts(lhr);
  return {
    performance: lhr.categories.performance.score ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
    initialJsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    scripts,
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      element: item.node?.snippet ?? 'unknown element',
    })),
  };
}

/** Lighthouse's own advice for a noisy machine: several runs, then the median of each figure. */
function summarize(runs) {
  const median = (key) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const medians = Object.fromEntries(Object.keys(format).map((key) => [key, median(key)]));
  // The details (scripts, LCP element, shifts) of the run whose LCP is the median one.
  const typical = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)];
  return { ...typical, ...medians, runs };
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

let failed = false;
try {
  const appUrl = GIVEN_URL ?? (await buildAndServeWeb());
  const check = await fetch(appUrl).catch(() => undefined);
  if (!check?.ok) throw new Error(`Nothing answers at ${appUrl}: serve the built web app, or give no URL.`);
  const referenceUrl = await serveReference();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  cleanups.push(() => chrome.kill());

  console.log(`Lighthouse mobile, ${RUNS} run(s) per page: ${appUrl} (reference: minimal static page)`);
  // Each app run right beside a reference run, so both see the machine in the same state.
  const appRuns = [];
  const refRuns = [];
  for (let run = 0; run < RUNS; run++) {
    appRuns.push(await measureOnce(appUrl, chrome.port));
    refRuns.push(await measureOnce(referenceUrl, chrome.port));
  }
  const app = summarize(appRuns);
  const ref = summarize(refRuns);

  const figures = (result) =>
    Object.fromEntries(Object.keys(format).map((key) => [key, format[key](result[key])]));
  console.table([
    ...app.runs.flatMap((run, index) => [
      { run: `${index + 1}`, page: 'app', ...figures(run) },
      { run: `${index + 1}`, page: 'reference', ...figures(ref.runs[index]) },
    ]),
    { run: 'median', page: 'app', ...figures(app) },
    { run: 'median', page: 'reference', ...figures(ref) },
  ]);

  const rows = Object.keys(format).map((key) => {
    const ratio = ref[key] === 0 ? (app[key] === 0 ? '1.00' : '∞') : (app[key] / ref[key]).toFixed(2);
    const ok = meetsGoal[key](app[key]);
    if (!ok) failed = true;
    return {
      metric: key,
      'app (median)': format[key](app[key]),
      goal: goalText[key],
      result: ok ? 'ok' : 'MISSED',
      'reference (median)': format[key](ref[key]),
      'app / reference': ratio,
    };
  });
  console.table(rows);
  console.log(`LCP element: ${app.lcpElement ?? 'unknown'}`);
  for (const shift of app.layoutShifts) {
    console.log(`layout shift ${shift.score.toFixed(3)}: ${shift.element.slice(0, 160)}`);
  }
  console.log(`scripts loaded before interaction (${app.scripts.length}):`);
  for (const script of [...app.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(
      `  ${format.initialJsGzipBytes(script.gzipBytes).padStart(9)}  ${new URL(script.url).pathname}`,
    );
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
}
process.exitCode = failed ? 1 : 0;
