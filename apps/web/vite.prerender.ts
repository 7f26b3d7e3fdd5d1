import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { APP_SHELL_FILE } from '../../scripts/lib/front-end-server.mjs';
import { HERO_CAR_SRC } from './src/features/home/hero-image.ts';

/** The prerendered landing page's entry: the visitor's light landing page, or the whole app for any other view. */
export const LANDING_ENTRY = fileURLToPath(new URL('./src/landing.tsx', import.meta.url));
/**
 * The landing page's goal (README.md bench:home): at most this much gzip JavaScript before interaction. The build
 * fails when the scripts the page starts with (its entry and every chunk that entry imports) pass it; sizes are
 * deterministic, so this holds the line that the Lighthouse benchmark measures.
 */
export const LANDING_SCRIPTS_BUDGET_GZIP_BYTES = 100 * 1024;

const EMPTY_ROOT = '<div id="root"></div>';
/** The tags Vite writes into the head for the entry and the chunks it imports. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="[^"]+"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** What src/app/prerender.tsx exports. */
interface PrerenderModule {
  prerenderHomePage(): Promise<{ html: string; headScript: string }>;
}

/**
 * Renders the landing page with react-dom on the build machine. The app's source runs through a Vite server in
 * middleware mode (the same root, mode, aliases and VITE_ variables as the build), which is how Vite loads app code
 * in Node; it is closed at once.
 */
async function renderHomePage(config: ResolvedConfig) {
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
    return await module.prerenderHomePage();
  } finally {
    await server.close();
  }
}

/** The landing page's script files: its entry chunk and every chunk that entry imports, by file name. */
export function landingChunks(bundle: Rollup.OutputBundle): {
  entry: Rollup.OutputChunk;
  imports: Rollup.OutputChunk[];
} {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === LANDING_ENTRY);
  if (!entry) throw new Error('prerender-home: no landing entry chunk in the bundle');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>([entry.fileName]);
  for (const file of files) for (const imported of byFile.get(file)?.imports ?? []) files.add(imported);
  files.delete(entry.fileName);
  return {
    entry,
    imports: [...files].map((file) => byFile.get(file)).filter((chunk) => chunk !== undefined),
  };
}

/** The gzip size (level 9, as the benchmark measures) of the landing page's scripts. */
export function landingScriptsGzipBytes(bundle: Rollup.OutputBundle): number {
  const { entry, imports } = landingChunks(bundle);
  return [entry, ...imports].reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}

function homeScripts(bundle: Rollup.OutputBundle, base: string): { entry: string; imports: string[] } {
  const { entry, imports } = landingChunks(bundle);
  return { entry: base + entry.fileName, imports: imports.map((chunk) => base + chunk.fileName) };
}

/**
 * Runs in the page, inlined as its source: starts the app once the hero's car, the page's largest paint, has loaded
 * and the frame that shows it has run, so that the app's scripts do not share the connection with it. Module
 * preloads first, so the chunks download side by side.
 */
function startAfterHero(entry: string, imports: string[], carSelector: string): void {
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    for (const href of imports) {
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }),
      );
    }
    document.head.append(
      Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: entry }),
    );
  };
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start));
  const car = document.querySelector<HTMLImageElement>(carSelector);
  if (!car || car.complete) afterNextFrame();
  else {
    car.addEventListener('load', afterNextFrame);
    car.addEventListener('error', start);
  }
}

function startAfterHeroScript({ entry, imports }: { entry: string; imports: string[] }): string {
  const args = [entry, imports, `img[src="${HERO_CAR_SRC}"]`].map((arg) => JSON.stringify(arg));
  return `(${startAfterHero.toString()})(${args.join(',')})`;
}

/**
 * The landing page prerendered (its largest paint must not wait for React). The build's index.html gets the
 * home page's markup in its root, for src/landing.tsx to hydrate; the head script that marks a logged-in visit; and its
 * scripts start once the hero is painted. The document as Vite wrote it becomes app-shell.html, the page of every
 * other route (both servers send it).
 */
export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ojo-prerender-home',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      if (config.command !== 'build' || config.build.ssr) return;
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('prerender-home: the bundle has no index.html');
      const shell = String(page.source);
      if (!shell.includes(EMPTY_ROOT) || !ENTRY_SCRIPT.test(shell)) {
        throw new Error(`prerender-home: index.html has no ${EMPTY_ROOT} or no entry script`);
      }
      const { html, headScript } = await renderHomePage(config);
      this.emitFile({ type: 'asset', fileName: APP_SHELL_FILE, source: shell });
      page.source = shell
        .replace(ENTRY_SCRIPT, '')
        .replace(MODULE_PRELOAD, '')
        .replace('</head>', `  <script>${headScript}</script>\n  </head>`)
        .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered>${html}</div>`)
        .replace(
          '</body>',
          () => `  <script>${startAfterHeroScript(homeScripts(bundle, config.base))}</script>\n  </body>`,
        );
    },
    writeBundle(_options, bundle) {
      if (config.command !== 'build' || config.build.ssr) return;
      const bytes = landingScriptsGzipBytes(bundle);
      if (bytes > LANDING_SCRIPTS_BUDGET_GZIP_BYTES) {
        const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
        throw new Error(
          `prerender-home: the landing page starts with ${kb(bytes)} of gzip JavaScript, over its budget of ${kb(LANDING_SCRIPTS_BUDGET_GZIP_BYTES)}`,
        );
      }
    },
    configurePreviewServer(server) {
      // As the production server does: `/` is the prerendered page, any other route the shell.
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '/';
        if (path !== '/' && !/\.\w+$/.test(path)) request.url = `/${APP_SHELL_FILE}`;
        next();
      });
    },
  };
}
