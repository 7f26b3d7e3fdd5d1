// The front ends' production server and the security headers both of their servers send (SECURITY.md (Stance)): a
// real build of the game app, served by `vite preview` and by scripts/lib/front-end-server.mjs side by side.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  contentSecurityPolicy,
  frontEndOrigins,
  inlineScriptHashes,
  SECURITY_HEADERS_FILE,
} from './lib/front-end-headers.mjs';
import { APP_SHELL_FILE, createFrontEndServer, devnetDeploymentsHandler } from './lib/front-end-server.mjs';
import { repoRoot } from './lib/stack.mjs';

const ORIGINS = {
  VITE_WEB_ORIGIN: 'http://web.test:4100',
  VITE_API_URL: 'http://api.test:4101/',
  VITE_GAME_ORIGIN: 'http://game.test:4102',
  VITE_WALLET_ORIGIN: 'http://wallet.test:4103',
  VITE_CHAIN_RPC_URL: 'http://chain.test:4104',
  VITE_BUNDLER_URL: 'http://bundler.test:4105',
};

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const close = (server) => new Promise((resolve) => server.close(resolve));

/** A raw request: fetch would normalise `..` away and always ask for compression. */
function rawGet(port, path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** Sends a request line exactly as written (no client cleans the path up). */
function rawRequestLine(port, line) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${line}\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve(Number(text.split(' ')[1])));
    socket.on('error', reject);
  });
}

const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
];
const securityHeadersOf = (headers) =>
  Object.fromEntries(SECURITY_HEADER_NAMES.map((name) => [name, headers[name]]));

describe('the security policy', () => {
  test('hashes each inline script of a page, and no script with a src', () => {
    const body = "if(location.pathname==='/')console.log(1)";
    const html = `<head><script type="module" src="/assets/a.js"></script><script>${body}</script></head>`;
    const expected = createHash('sha256').update(body).digest('base64');
    assert.deepEqual(inlineScriptHashes(html), [`'sha256-${expected}'`]);
    assert.deepEqual(inlineScriptHashes('<script src="/x.js"></script>'), []);
  });

  test('names exactly the origins each app talks to, from its build configuration', () => {
    const origins = frontEndOrigins({ ...ORIGINS, VITE_QUEST_HOST: 'https://quest.test/v2' });
    const directives = (app) =>
      Object.fromEntries(
        contentSecurityPolicy(app, origins)
          .split('; ')
          .map((directive) => {
            const [name, ...sources] = directive.split(' ');
            return [name, sources];
          }),
      );
    const web = directives('web');
    assert.deepEqual(web['connect-src'], [
      "'self'",
      'http://api.test:4101',
      'https://quest.test',
      'http://chain.test:4104',
      'http://bundler.test:4105',
    ]);
    assert.deepEqual(web['frame-src'], ['http://game.test:4102']);
    assert.deepEqual(web['frame-ancestors'], ["'self'"]);
    const game = directives('game');
    assert.deepEqual(game['frame-ancestors'], ['http://web.test:4100']);
    assert.deepEqual(game['connect-src'], ["'self'", 'http://api.test:4101', 'ws://api.test:4101']);
    const wallet = directives('wallet');
    assert.deepEqual(wallet['frame-ancestors'], ["'none'"]);
    assert.deepEqual(wallet['connect-src'], [
      "'self'",
      'http://api.test:4101',
      'http://chain.test:4104',
      'http://bundler.test:4105',
    ]);
    for (const app of ['web', 'game', 'wallet']) {
      assert.deepEqual(directives(app)['default-src'], ["'none'"]);
      assert.deepEqual(directives(app)['script-src'], ["'self'"]);
      assert.deepEqual(directives(app)['object-src'], ["'none'"]);
    }
  });
});

describe('a built front end, served by vite preview and by the production server', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'ojo-front-end-'));
  const servers = [];
  let previewPort;
  let port;
  let asset;

  before(async () => {
    const { build, preview } = await import('vite');
    const root = join(repoRoot, 'apps/game');
    const savedEnv = { ...process.env };
    Object.assign(process.env, ORIGINS);
    try {
      await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
      // Something of the kind a page plays: served in byte ranges.
      writeFileSync(join(outDir, 'clip.mp4'), Buffer.alloc(4096, 7));
      writeFileSync(join(outDir, '.build-stamp'), 'stamp');
      const vitePreview = await preview({
        root,
        logLevel: 'silent',
        build: { outDir },
        preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
      });
      servers.push(vitePreview.httpServer);
      previewPort = vitePreview.httpServer.address().port;
    } finally {
      process.env = savedEnv;
    }
    const server = createFrontEndServer({ root: outDir });
    servers.push(server);
    port = await listen(server);
    asset = readdirSync(join(outDir, 'assets')).find((file) => file.endsWith('.js'));
  });
  after(async () => {
    await Promise.all(servers.map(close));
    rmSync(outDir, { recursive: true, force: true });
  });

  test('both servers send the same security headers on pages, routes, assets and misses', async () => {
    for (const path of ['/', '/game/route', `/assets/${asset}`, '/favicon.svg']) {
      const fromPreview = await rawGet(previewPort, path);
      const fromServer = await rawGet(port, path);
      assert.equal(fromServer.status, 200, path);
      assert.deepEqual(securityHeadersOf(fromServer.headers), securityHeadersOf(fromPreview.headers), path);
      const policy = fromServer.headers['content-security-policy'];
      assert.match(policy, /frame-ancestors http:\/\/web\.test:4100(;|$)/);
      assert.match(policy, /connect-src 'self' http:\/\/api\.test:4101 ws:\/\/api\.test:4101(;|$)/);
      assert.equal(fromServer.headers['x-content-type-options'], 'nosniff');
      assert.equal(fromServer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    }
    const miss = await rawGet(port, '/assets/missing-0123abcd.js');
    assert.equal(miss.status, 404);
    assert.match(miss.headers['content-security-policy'], /frame-ancestors/);
    assert.equal(miss.headers['x-content-type-options'], 'nosniff');
  });

  test('content types, caching and the single-page fallback', async () => {
    const page = await rawGet(port, '/');
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(page.body.toString(), /<div id="root">/);

    const route = await rawGet(port, '/game/tickets/ojo?x=1');
    assert.equal(route.status, 200);
    assert.deepEqual(route.body, page.body);

    const script = await rawGet(port, `/assets/${asset}`);
    assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(script.body, readFileSync(join(outDir, 'assets', asset)));

    const icon = await rawGet(port, '/favicon.svg');
    assert.equal(icon.headers['content-type'], 'image/svg+xml');
    assert.equal(icon.headers['cache-control'], 'no-cache');

    // A missing file with an extension is not a route: no page served as a script or an image.
    for (const path of ['/assets/missing-0123abcd.js', '/missing.png']) {
      const missing = await rawGet(port, path);
      assert.equal(missing.status, 404, path);
      assert.equal(missing.headers['content-type'], 'text/plain; charset=utf-8');
    }
  });

  test('revalidation, compression, HEAD, ranges and methods', async () => {
    const first = await rawGet(port, '/');
    const again = await rawGet(port, '/', { 'if-none-match': first.headers.etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);

    const original = readFileSync(join(outDir, 'assets', asset));
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await rawGet(port, `/assets/${asset}`, { 'accept-encoding': 'gzip, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.deepEqual(brotliDecompressSync(br.body), original);
    const gzip = await rawGet(port, `/assets/${asset}`, { 'accept-encoding': 'gzip, br;q=0' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), original);

    const head = await rawGet(port, '/', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(Number(head.headers['content-length']), first.body.length);

    const part = await rawGet(port, '/clip.mp4', { range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-range'], 'bytes 100-199/4096');
    assert.equal(part.body.length, 100);
    assert.equal((await rawGet(port, '/clip.mp4', { range: 'bytes=5000-' })).status, 416);

    const post = await rawGet(port, '/', {}, 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  test('serves nothing outside the build and no dotfile', async () => {
    for (const path of [`/${SECURITY_HEADERS_FILE}`, '/.build-stamp', '/assets/../.build-stamp']) {
      assert.equal((await rawGet(port, path)).status, 404, path);
    }
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
      assert.equal(await rawRequestLine(port, `GET ${path} HTTP/1.1`), 404, path);
    }
  });

  test('a new build in the same folder brings its own headers', async () => {
    const file = join(outDir, SECURITY_HEADERS_FILE);
    const saved = readFileSync(file);
    try {
      const changed = JSON.parse(saved.toString());
      changed['content-security-policy'] += "; script-src 'self' 'sha256-new'";
      writeFileSync(file, JSON.stringify(changed));
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      assert.match((await rawGet(port, '/')).headers['content-security-policy'], /sha256-new/);
    } finally {
      writeFileSync(file, saved);
      utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    }
  });

  test('refuses to serve a build without its security headers', () => {
    const bare = mkdtempSync(join(tmpdir(), 'ojo-front-end-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), '<!doctype html>');
      assert.throws(() => createFrontEndServer({ root: bare }), /has no \.security-headers\.json/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('a build that prerendered its landing page', () => {
  test('serves the prerendered page at / and the empty shell for every other route', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'ojo-front-end-prerendered-'));
    writeFileSync(join(outDir, 'index.html'), '<div id="root" data-prerendered><h1>Welcome</h1></div>');
    writeFileSync(join(outDir, APP_SHELL_FILE), '<div id="root"></div>');
    writeFileSync(
      join(outDir, SECURITY_HEADERS_FILE),
      JSON.stringify({ 'x-content-type-options': 'nosniff' }),
    );
    const server = createFrontEndServer({ root: outDir });
    const port = await listen(server);
    try {
      for (const path of ['/', '/?inviteCode=ABC123']) {
        assert.match((await rawGet(port, path)).body.toString(), /<h1>Welcome<\/h1>/, path);
      }
      for (const path of ['/game', '/task/', '/referral?x=1']) {
        const route = await rawGet(port, path);
        assert.equal(route.status, 200, path);
        assert.equal(route.headers['cache-control'], 'no-cache', path);
        assert.equal(route.body.toString(), '<div id="root"></div>', path);
      }
    } finally {
      await close(server);
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('the devnet deployments of the wallet', () => {
  test('hands out the public addresses only, and a clear 404 before the devnet deployed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ojo-deployments-'));
    const file = join(dir, 'deployments.json');
    const outDir = mkdtempSync(join(tmpdir(), 'ojo-front-end-wallet-'));
    writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
    writeFileSync(
      join(outDir, SECURITY_HEADERS_FILE),
      JSON.stringify({ 'x-content-type-options': 'nosniff' }),
    );
    const server = createFrontEndServer({ root: outDir, handlers: [devnetDeploymentsHandler(file)] });
    const port = await listen(server);
    try {
      const before = await rawGet(port, '/devnet/deployments.json');
      assert.equal(before.status, 404);
      assert.match(JSON.parse(before.body.toString()).error, /no deployments yet/);
      writeFileSync(
        file,
        JSON.stringify({
          chainId: 11124,
          entryPoint: '0x1',
          contracts: { A: '0x2' },
          deployer: 'secret-ish',
        }),
      );
      const after = await rawGet(port, '/devnet/deployments.json');
      assert.equal(after.status, 200);
      assert.equal(after.headers['cache-control'], 'no-store');
      assert.equal(after.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(JSON.parse(after.body.toString()), {
        chainId: 11124,
        entryPoint: '0x1',
        contracts: { A: '0x2' },
      });
    } finally {
      await close(server);
      rmSync(dir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
