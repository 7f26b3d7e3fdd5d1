// Builds the API for production: src/server.ts and the workspace packages it imports (published as TypeScript
// sources) bundled into one ES module that plain `node` runs. npm packages stay external, except those Node could
// not find from the output folder (drizzle-orm lives in packages/db/node_modules): those are bundled too.
// Usage: node scripts/build.mjs [--outdir dist]
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });
const outdir = resolve(apiDir, values.outdir);
// Node finds the external npm packages by walking up from the bundle, so it must stay inside apps/api.
if (relative(apiDir, outdir).startsWith('..')) throw new Error(`--outdir must be inside ${apiDir}`);
const builtins = new Set(builtinModules);

/**
 * A bare import is left to Node when Node finds the very same file from apps/api (the output folder has no
 * node_modules of its own, so Node looks there next).
 */
const externalWhereNodeFindsIt = {
  name: 'external-where-node-finds-it',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.probe || args.path.startsWith('@ojo/')) return undefined;
      if (args.path.startsWith('node:') || builtins.has(args.path.split('/')[0])) return undefined;
      const probe = (resolveDir) =>
        pluginBuild.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { probe: true } });
      const [fromImporter, fromApi] = await Promise.all([probe(args.resolveDir), probe(apiDir)]);
      if (fromImporter.errors.length) return { errors: fromImporter.errors };
      if (fromApi.errors.length === 0 && fromApi.path === fromImporter.path) {
        return { path: args.path, external: true };
      }
      return { path: fromImporter.path };
    });
  },
};

/**
 * Bundled code shares the output file's `import.meta.url`; each module's own is rebuilt from it, so paths such as
 * packages/db's migrations folder resolve as they do from the sources (the output folder stays in the checkout).
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        return { errors: [{ text: 'use import.meta.url: the bundle rewrites only that' }] };
      }
      const fromOutdir = relative(outdir, args.path).split(sep).join('/');
      const own = `new URL(${JSON.stringify(fromOutdir)}, import.meta.url).href`;
      const loader = args.path.endsWith('ts') ? 'ts' : 'js';
      return { contents: source.replaceAll('import.meta.url', own), loader };
    });
  },
};

const startedAt = Date.now();
const result = await build({
  absWorkingDir: apiDir,
  entryPoints: ['src/server.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [externalWhereNodeFindsIt, ownImportMetaUrl],
  write: false,
  logLevel: 'warning',
});

// Each file is renamed into place, so a server starting from the folder meanwhile reads a whole build or the last.
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
console.log(`built ${relative(process.cwd(), join(outdir, 'server.js'))} in ${Date.now() - startedAt} ms`);
