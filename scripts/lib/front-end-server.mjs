// The production server of the front ends: one built app (web, game or wallet) from its output folder, with the
// security headers its build wrote (front-end-headers.mjs). Plain Node: static files with their content types, the
// single-page fallback to index.html for app routes, long caching for Vite's hashed assets and revalidation for the
// rest, gzip or brotli for text, and byte ranges for media.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCallback,
  gzip as gzipCallback,
  constants as zlibConstants,
} from 'node:zlib';
import { readSecurityHeaders, SECURITY_HEADERS_FILE } from './front-end-headers.mjs';

const brotliCompress = promisify(brotliCallback);
const gzip = promisify(gzipCallback);

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.svg',
]);

/** Vite names what it builds into `assets/` after a hash of its content: such a file never changes. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: kept, but checked with the server (ETag) before each use. */
const REVALIDATE = 'no-cache';

/**
 * The page of the app's routes when the build prerendered index.html for `/` (the web app's landing page): the same
 * document with an empty root, so no other route shows the landing page before the app renders it. A build without
 * it serves index.html for every route.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/** A path with no file extension is a route of the app; anything else that is missing is a real 404. */
const isAppRoute = (path) => extname(path) === '';

/**
 * `GET /devnet/deployments.json` for the wallet on the local devnet: the public addresses of
 * `<DATA_DIR>/devnet/deployments.json`, read per request (a redeployed devnet needs no rebuild). A connect-style
 * handler, also used by the wallet's Vite servers.
 */
export function devnetDeploymentsHandler(file) {
  return (request, response, next) => {
    if (request.url?.split('?')[0] !== '/devnet/deployments.json') return next();
    response.setHeader('cache-control', 'no-store');
    response.setHeader('content-type', 'application/json; charset=utf-8');
    if (!existsSync(file)) {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: 'The devnet has no deployments yet' }));
      return;
    }
    const { chainId, entryPoint, contracts, deployedAtBlock } = JSON.parse(readFileSync(file, 'utf8'));
    response.end(JSON.stringify({ chainId, entryPoint, contracts, deployedAtBlock }));
  };
}

/** The file under `root` a URL path names, or null when the path leaves the folder or names a dotfile. */
function fileFor(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(root, `.${decoded}`);
  return file === root || file.startsWith(root + sep) ? file : null;
}

async function fileStat(file) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/**
 * Compressed copies of text files, made once per file version off the main thread. Brotli at quality 9: about
 * gzip's speed, close to the best size (quality 11 costs ten times the time for 7 % less).
 */
function compressionCache() {
  const cache = new Map();
  return (file, info, encoding) => {
    const key = `${encoding}:${file}:${info.size}:${info.mtimeMs}`;
    let body = cache.get(key);
    if (!body) {
      body = readFile(file).then((raw) =>
        encoding === 'br'
          ? brotliCompress(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzip(raw, { level: 9 }),
      );
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  };
}

function pickEncoding(acceptEncoding = '') {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within a file of `size` bytes; null for anything else. */
function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start;
  let end;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * The headers of the build being served, read again when a new build replaced it in place (its inline script hashes
 * change with every build). Refuses a folder whose build wrote none.
 */
function currentSecurityHeaders(folder) {
  const file = join(folder, SECURITY_HEADERS_FILE);
  let cached = {
    version: statSync(file, { throwIfNoEntry: false })?.mtimeMs,
    headers: readSecurityHeaders(folder),
  };
  return () => {
    const version = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (version !== undefined && version !== cached.version) {
      cached = { version, headers: readSecurityHeaders(folder) };
    }
    return cached.headers;
  };
}

/**
 * An HTTP server for one built front end. `root` is its output folder (with `.security-headers.json`);
 * `handlers` are connect-style handlers tried before the files (e.g. the devnet deployments of the wallet).
 */
export function createFrontEndServer({ root, handlers = [] }) {
  const folder = resolve(root);
  const securityHeaders = currentSecurityHeaders(folder);
  const indexFile = join(folder, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${folder} has no index.html: build the app first`);
  const compressed = compressionCache();

  async function serveFile(request, response, file, info, cacheControl) {
    const extension = extname(file).toLowerCase();
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    response.setHeader('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    response.setHeader('cache-control', cacheControl);
    response.setHeader('etag', etag);
    response.setHeader('last-modified', info.mtime.toUTCString());
    const isCompressible = COMPRESSIBLE.has(extension);
    if (isCompressible) response.setHeader('vary', 'Accept-Encoding');
    else response.setHeader('accept-ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) {
      response.statusCode = 304;
      response.end();
      return;
    }
    const encoding = isCompressible ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding) {
      const body = await compressed(file, info, encoding);
      response.setHeader('content-encoding', encoding);
      response.setHeader('content-length', body.length);
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    const rangeHeader = !isCompressible ? request.headers.range : undefined;
    if (rangeHeader) {
      const range = parseRange(rangeHeader, info.size);
      if (!range) {
        response.statusCode = 416;
        response.setHeader('content-range', `bytes */${info.size}`);
        response.end();
        return;
      }
      response.statusCode = 206;
      response.setHeader('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      response.setHeader('content-length', range.end - range.start + 1);
      if (request.method === 'HEAD') return response.end();
      createReadStream(file, range).pipe(response);
      return;
    }
    response.setHeader('content-length', info.size);
    if (request.method === 'HEAD') return response.end();
    createReadStream(file).pipe(response);
  }

  function notFound(response) {
    response.statusCode = 404;
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.setHeader('cache-control', 'no-cache');
    response.end('Not found\n');
  }

  async function handle(request, response) {
    for (const [name, value] of Object.entries(securityHeaders())) response.setHeader(name, value);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.statusCode = 405;
      response.setHeader('allow', 'GET, HEAD');
      response.end();
      return;
    }
    for (const handler of handlers) {
      let passed = false;
      await handler(request, response, () => {
        passed = true;
      });
      if (!passed) return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://front-end');
    const file = fileFor(folder, pathname);
    if (file === null) return notFound(response);
    const info = pathname.endsWith('/') ? null : await fileStat(file);
    if (info) {
      const cacheControl = HASHED_ASSET.test(pathname) && file !== indexFile ? IMMUTABLE : REVALIDATE;
      return serveFile(request, response, file, info, cacheControl);
    }
    if (!isAppRoute(pathname) && !pathname.endsWith('/')) return notFound(response);
    // A route of the single-page app (or a folder): the app's page, which routes itself; `/` is index.html itself.
    const shellFile = join(folder, APP_SHELL_FILE);
    const shell = pathname === '/' ? null : await fileStat(shellFile);
    if (shell) return serveFile(request, response, shellFile, shell, REVALIDATE);
    const index = await fileStat(indexFile);
    if (!index) return notFound(response);
    return serveFile(request, response, indexFile, index, REVALIDATE);
  }

  return createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(`front-end server: ${request.method} ${request.url}: ${error.stack ?? error}`);
      if (!response.headersSent) {
        response.statusCode = 500;
        response.end();
      } else response.destroy();
    });
  });
}
