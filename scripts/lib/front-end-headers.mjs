// The HTTP security headers of the three front ends (SECURITY.md (Stance)), defined once. Each app's build writes
// the headers for exactly what that bundle loads and talks to (`.security-headers.json` beside its index.html), and
// both servers send that file's headers with every response: `vite preview` through the plugin below, the
// production server (scripts/serve-front-end.mjs) by reading the file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FRONT_END_APPS = ['web', 'game', 'wallet'];

/** Written into each build's output folder; a dotfile, so neither server hands it out. */
export const SECURITY_HEADERS_FILE = '.security-headers.json';

/** The apps' own defaults for these variables (apps/<app>/src/config/env.ts): the bundle talks to these when unset. */
const DEFAULT_URLS = {
  VITE_API_URL: 'http://localhost:3001',
  VITE_WEB_ORIGIN: 'http://localhost:3000',
  VITE_GAME_ORIGIN: 'http://localhost:3002',
  VITE_WALLET_ORIGIN: 'http://localhost:3003',
  VITE_CHAIN_RPC_URL: 'http://127.0.0.1:8545',
  VITE_BUNDLER_URL: 'http://127.0.0.1:4337',
};

/** product.md 7 `{host}`s the web app may point at other servers than the API. */
const WEB_HOST_VARIABLES = [
  'VITE_CUSTOMER_HOST',
  'VITE_QUEST_HOST',
  'VITE_BADGE_HOST',
  'VITE_WALLET_HOST',
  'VITE_GAME_HOST',
];

const originOf = (env, name) => new URL(env[name] || DEFAULT_URLS[name]).origin;

/** The origins a build of the front ends talks to, from the same `VITE_*` variables the build reads. */
export function frontEndOrigins(env) {
  const api = originOf(env, 'VITE_API_URL');
  const hosts = WEB_HOST_VARIABLES.filter((name) => env[name]).map((name) => new URL(env[name]).origin);
  return {
    web: originOf(env, 'VITE_WEB_ORIGIN'),
    game: originOf(env, 'VITE_GAME_ORIGIN'),
    wallet: originOf(env, 'VITE_WALLET_ORIGIN'),
    api,
    webApiHosts: [...new Set([api, ...hosts])],
    chain: originOf(env, 'VITE_CHAIN_RPC_URL'),
    bundler: originOf(env, 'VITE_BUNDLER_URL'),
  };
}

/** `'sha256-…'` sources for the inline scripts of a built index.html (the web app's home preloader). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const websocketOf = (origin) => origin.replace(/^http/, 'ws');

/**
 * Content-Security-Policy directives per app. Nothing loads by default; each app gets only what it uses: its own
 * scripts (and the hashed inline ones), the API, and the chain and bundler for the apps that call them.
 */
function policyDirectives(app, origins, scriptHashes) {
  const common = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  switch (app) {
    case 'web':
      return {
        ...common,
        // Radix dialogs (scroll lock) and the toaster insert <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'"],
        // The chain and the bundler: badge claims are user operations the web sends with the badge session key.
        'connect-src': ["'self'", ...origins.webApiHosts, origins.chain, origins.bundler],
        // The game frame of product.md 2, and nothing else.
        'frame-src': [origins.game],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      };
    case 'game':
      return {
        ...common,
        'style-src': ["'self'"],
        'connect-src': ["'self'", origins.api, websocketOf(origins.api)],
        'form-action': ["'none'"],
        // The frame is embedded by the web app's page, and by no one else.
        'frame-ancestors': [origins.web],
      };
    case 'wallet':
      return {
        ...common,
        'style-src': ["'self'"],
        'connect-src': ["'self'", origins.api, origins.chain, origins.bundler],
        'form-action': ["'none'"],
        // The account provider holds keys and asks for signatures: never inside someone else's page.
        'frame-ancestors': ["'none'"],
      };
    default:
      throw new Error(`unknown front end '${app}' (expected ${FRONT_END_APPS.join(', ')})`);
  }
}

export function contentSecurityPolicy(app, origins, scriptHashes = []) {
  return Object.entries(policyDirectives(app, origins, scriptHashes))
    .map(([directive, sources]) => `${directive} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Every security header of one app's responses. */
export function securityHeaders(app, origins, scriptHashes = []) {
  return {
    'content-security-policy': contentSecurityPolicy(app, origins, scriptHashes),
    'x-content-type-options': 'nosniff',
    'referrer-policy': app === 'wallet' ? 'no-referrer' : 'strict-origin-when-cross-origin',
    // For browsers without frame-ancestors. The game has no equivalent (it is framed by another origin).
    ...(app === 'web' ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
    ...(app === 'wallet' ? { 'x-frame-options': 'DENY' } : {}),
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** The headers a build wrote; a build without them cannot be served (it predates them: build it again). */
export function readSecurityHeaders(outDir) {
  const file = join(outDir, SECURITY_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${outDir} has no ${SECURITY_HEADERS_FILE}: build the app again (vite build)`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The Vite side: `vite build` writes the headers of the finished bundle, `vite preview` sends them. Not applied to
 * the dev server, whose inline module scripts and hot-reload socket a strict policy would block.
 */
export function securityHeadersPlugin(app, env) {
  let outDir = '';
  return {
    name: 'ojo-security-headers',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      // index.html and, where the build prerendered it, the shell of the other routes (front-end-server.mjs).
      const pages = ['index.html', 'app-shell.html'].map((page) => join(outDir, page)).filter(existsSync);
      const hashes = pages.flatMap((page) => inlineScriptHashes(readFileSync(page, 'utf8')));
      const headers = securityHeaders(app, frontEndOrigins(env), hashes);
      writeFileSync(join(outDir, SECURITY_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
    },
    configurePreviewServer(server) {
      const headers = readSecurityHeaders(outDir);
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        next();
      });
    },
  };
}
