// The boundaries `npm run lint` enforces (ARCHITECTURE.md): Biome's noRestrictedImports, configured
// per folder in biome.json, refuses a web feature importing another feature, a plugin importing a module, a
// package importing an app and an API module importing another module's tables (the game's, the tasks', the
// referrals, the operators', the audit log). The fixtures in scripts/lint-fixtures (excluded from lint and from
// every build) are linted with the repository's own biome.json, each placed where its import would be a violation.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from './lib/stack.mjs';

const fixtures = join(repoRoot, 'scripts', 'lint-fixtures');
const biome = join(repoRoot, 'node_modules', '.bin', 'biome');
const RULE = 'lint/style/noRestrictedImports';

/** Where each fixture is linted (its path inside the repository), and the imports the linter must refuse. */
const CASES = [
  {
    name: 'a web feature importing another feature (by alias and by a relative path)',
    fixture: 'web-feature-imports-feature.tsx',
    at: 'apps/web/src/features/fixture/components/page.tsx',
    refused: ['@/features/home/components/header-login-buttons', '../../referral/hooks/use-referral'],
  },
  {
    name: 'a plugin importing a module',
    fixture: 'api-plugin-imports-module.ts',
    at: 'apps/api/src/plugins/fixture.ts',
    refused: ['../modules/session/sessions'],
  },
  {
    name: 'a package importing an app (by name and by path)',
    fixture: 'package-imports-app.ts',
    at: 'packages/domain/src/fixture.ts',
    refused: ['@ojo/api/src/app', '../../../apps/web/src/lib/api-client'],
  },
  {
    name: "a module importing the game's or the tasks' tables",
    fixture: 'module-imports-other-tables.ts',
    at: 'apps/api/src/modules/badge/fixture.ts',
    refused: ['@ojo/db/schema/game', '@ojo/db/schema/game-messages', '@ojo/db/schema/tasks'],
  },
  {
    name: "the game module importing the tasks' tables (its own pass)",
    fixture: 'module-imports-other-tables.ts',
    at: 'apps/api/src/modules/game/dash/fixture.ts',
    refused: ['@ojo/db/schema/tasks'],
  },
  {
    name: "the tasks module importing the game's tables (its own pass)",
    fixture: 'module-imports-other-tables.ts',
    at: 'apps/api/src/modules/tasks/fixture.ts',
    refused: ['@ojo/db/schema/game', '@ojo/db/schema/game-messages'],
  },
  {
    name: "a module importing the operators' tables or the audit log",
    fixture: 'module-imports-console-tables.ts',
    at: 'apps/api/src/modules/coin/console-fixture.ts',
    refused: ['@ojo/db/schema/audit-log', '@ojo/db/schema/operators'],
  },
  {
    name: 'the operator module importing the audit log (it calls recordAudit)',
    fixture: 'module-imports-console-tables.ts',
    at: 'apps/api/src/modules/operator/fixture.ts',
    refused: ['@ojo/db/schema/audit-log'],
  },
  {
    name: "the audit module importing the operators' tables",
    fixture: 'module-imports-console-tables.ts',
    at: 'apps/api/src/modules/audit/fixture.ts',
    refused: ['@ojo/db/schema/operators'],
  },
  {
    name: "a plugin importing a module's tables",
    fixture: 'module-imports-other-tables.ts',
    at: 'apps/api/src/plugins/tables-fixture.ts',
    refused: ['@ojo/db/schema/game', '@ojo/db/schema/game-messages', '@ojo/db/schema/tasks'],
  },
  {
    name: "the referral module importing the game's or the tasks' tables (its own pass)",
    fixture: 'module-imports-other-tables.ts',
    at: 'apps/api/src/modules/referral/fixture.ts',
    refused: ['@ojo/db/schema/game', '@ojo/db/schema/game-messages', '@ojo/db/schema/tasks'],
  },
  ...[
    'apps/api/src/modules/badge/referrals-fixture.ts',
    'apps/api/src/modules/game/dash/referrals-fixture.ts',
    'apps/api/src/modules/tasks/referrals-fixture.ts',
    'apps/api/src/plugins/referrals-fixture.ts',
  ].map((at) => ({
    name: `the referrals table's schema imported outside the referral module (${at})`,
    fixture: 'module-imports-referrals.ts',
    at,
    refused: ['@ojo/db/schema/referrals'],
  })),
  {
    name: "the referral module importing its own referrals table's schema",
    fixture: 'module-imports-referrals.ts',
    at: 'apps/api/src/modules/referral/referrals-fixture.ts',
    refused: [],
  },
];
const ALLOWED_AT = [
  'apps/web/src/features/fixture/hooks/allowed.ts',
  'apps/api/src/plugins/allowed.ts',
  'packages/domain/src/allowed.ts',
  'apps/api/src/modules/badge/allowed.ts',
];

let project;
let diagnostics;

before(async () => {
  // A copy of the repository's config (without git, so nothing is ignored) with the fixtures in place.
  project = mkdtempSync(join(tmpdir(), 'ojo-lint-boundaries-'));
  const config = JSON.parse(readFileSync(join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(project, 'biome.json'), JSON.stringify(config));
  const place = (fixture, at) => {
    mkdirSync(dirname(join(project, at)), { recursive: true });
    copyFileSync(join(fixtures, fixture), join(project, at));
  };
  for (const { fixture, at } of CASES) place(fixture, at);
  for (const at of ALLOWED_AT) place('allowed-imports.ts', at);
  // Biome exits non-zero when it finds errors: the report is on stdout either way.
  const { stdout } = await promisify(execFile)(
    biome,
    ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
    {
      cwd: project,
    },
  ).catch((error) => error);
  diagnostics = JSON.parse(stdout).diagnostics.filter((item) => item.category === RULE);
});

after(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The import specifier a diagnostic points at (its location's text in the fixture). */
function refusedSpecifiers(at) {
  const lines = readFileSync(join(project, at), 'utf8').split('\n');
  return diagnostics
    .filter((item) => item.location.path === at)
    .map((item) => {
      // Biome's line and column are 1-based; the column is the specifier's opening quote.
      const line = lines[item.location.start.line - 1];
      return line.slice(item.location.start.column - 1).match(/^['"]([^'"]+)['"]/)?.[1];
    });
}

describe('npm run lint refuses imports across the boundaries', () => {
  for (const { name, at, refused } of CASES) {
    test(name, () => {
      assert.deepEqual(refusedSpecifiers(at).sort(), [...refused].sort());
    });
  }

  test('imports inside a feature, a plugin, a package or a module pass', () => {
    for (const at of ALLOWED_AT) assert.deepEqual(refusedSpecifiers(at), [], at);
  });

  test('the repository itself has no such import', async () => {
    const { stdout } = await promisify(execFile)(
      biome,
      ['lint', '--reporter=json', '--max-diagnostics=none', '--only=style/noRestrictedImports', '.'],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error) => error);
    const found = JSON.parse(stdout).diagnostics.filter((item) => item.category === RULE);
    assert.deepEqual(
      found.map((item) => item.location.path),
      [],
    );
  });
});
