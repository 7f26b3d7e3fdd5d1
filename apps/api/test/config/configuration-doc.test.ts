import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiVariables,
  configurationDocPath,
  FRONT_END_VARIABLES,
  renderConfigurationDoc,
  repoRoot,
  STACK_VARIABLES,
} from '../../scripts/configuration-doc';

const source = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the schemas today', () => {
    const current = readFileSync(configurationDocPath, 'utf8');
    expect(current, 'docs/configuration.md is stale: run `npm run docs:config`').toBe(
      renderConfigurationDoc(),
    );
  });

  it('says what every API variable means', () => {
    const undescribed = apiVariables()
      .filter(([, , meaning]) => meaning.trim() === '')
      .map(([name]) => name);
    expect(undescribed, 'add .describe() to these variables').toEqual([]);
  });

  it('lists every variable the front ends read', () => {
    const read = new Set(
      ['apps/web', 'apps/game', 'apps/wallet'].flatMap((app) =>
        [...source(`${app}/src/config/env.ts`).matchAll(/\bVITE_[A-Z0-9_]+\b(?!=)/g)].map(
          (match) => match[0],
        ),
      ),
    );
    const listed = new Set(FRONT_END_VARIABLES.map(([name]) => name));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every variable the stack scripts read', () => {
    const read = new Set(
      [...source('scripts/lib/stack.mjs').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]),
    );
    const listed = new Set(STACK_VARIABLES.map(([name]) => name));
    expect([...read].filter((name) => name !== undefined && !listed.has(name))).toEqual([]);
  });
});
