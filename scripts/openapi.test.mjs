// The API's OpenAPI document, as /docs/json serves it, written without a server (apps/api/scripts/openapi-document.ts)
// and held to the standard: Spectral with the OpenAPI and OWASP API Security rules of .spectral.yaml finds no error,
// and the TypeScript client openapi-typescript makes from it type-checks.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from './lib/stack.mjs';

const run = promisify(execFile);
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const options = { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 };

let folder;
let documentPath;

before(async () => {
  // Inside the repository (dist-* is ignored): .spectral.yaml's overrides match paths relative to its own folder.
  folder = mkdtempSync(join(repoRoot, 'dist-openapi-'));
  documentPath = join(folder, 'openapi.json');
  await run(bin('tsx'), ['apps/api/scripts/openapi-document.ts', documentPath], options);
});
after(() => rmSync(folder, { recursive: true, force: true }));

test('Spectral (spectral:oas and the OWASP API Security rules) finds no error', async () => {
  const { stdout } = await run(
    bin('spectral'),
    [
      'lint',
      documentPath,
      '--ruleset',
      join(repoRoot, '.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
      '--fail-severity',
      'error',
    ],
    options,
  ).catch((failure) => failure);
  const results = JSON.parse(stdout);
  const errors = results.filter((result) => result.severity === 0);
  const warnings = results.length - errors.length;
  const shown = errors
    .slice(0, 20)
    .map((error) => `${error.code} at ${error.path.join('.')}: ${error.message}`);
  console.log(`spectral: ${errors.length} errors, ${warnings} warnings`);
  assert.deepEqual(shown, [], `${errors.length} errors, the first ${shown.length} listed`);
});

test('every operation has an operationId, a summary and a tag the document describes', () => {
  const document = JSON.parse(readFileSync(documentPath, 'utf8'));
  const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      assert.ok(operation.operationId, `${name} has an operationId`);
      assert.ok(operation.summary, `${name} has a summary`);
      assert.ok(operation.tags?.length, `${name} has a tag`);
      for (const tag of operation.tags) assert.ok(described.has(tag), `${name}: tag ${tag} is described`);
    }
  }
});

test('the TypeScript client openapi-typescript makes from the document type-checks', async () => {
  await run(bin('openapi-typescript'), [documentPath, '--output', join(folder, 'api.d.ts')], options);
  // A caller's view: the user of the session token, and the error envelope every call may answer.
  writeFileSync(
    join(folder, 'client.ts'),
    [
      "import type { components, paths } from './api';",
      "type UserAnswer = paths['/customer']['get']['responses'][200]['content']['application/json'];",
      'export const userId = (answer: UserAnswer): string | undefined => answer.obj?.id;',
      "export const failed = (error: components['schemas']['ErrorEnvelope']): string => error.code;",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        types: [],
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
      },
      files: ['client.ts', 'api.d.ts'],
    }),
  );
  await run(bin('tsc'), ['-p', join(folder, 'tsconfig.json')], options).catch((failure) => {
    assert.fail(`tsc: ${failure.stdout}${failure.stderr}`);
  });
});
