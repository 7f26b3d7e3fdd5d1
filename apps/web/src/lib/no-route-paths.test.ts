// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECLARED_ROUTES } from '@ojo/api-contract/routes';
import { describe, expect, it } from 'vitest';

/**
 * Routes are declared once, in packages/api-contract, and the clients call them by their declarations
 * (`apiClient.callRoute`), so a path is never written twice. This fails on any declared path quoted in the web or
 * game sources (tests, which speak HTTP to stand-in servers, aside).
 */
const appsDir = fileURLToPath(new URL('../../../', import.meta.url));
const sourceDirs = ['web/src', 'game/src'].map((dir) => join(appsDir, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The path up to its first parameter: what a hand-written call would quote. */
const staticPart = (path: string) => path.split('/:')[0] ?? path;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('no route path in the clients', () => {
  it('finds the sources it checks', () => {
    expect(sourceFiles(sourceDirs[0]!).length).toBeGreaterThan(50);
  });

  it('quotes no declared path in apps/web/src or apps/game/src', () => {
    const found: string[] = [];
    const files = sourceDirs.flatMap(sourceFiles);
    for (const route of DECLARED_ROUTES) {
      // The exact path in quotes or a template, or followed by a query or a further segment.
      const pattern = new RegExp(`['"\`]${escapeRegExp(staticPart(route.path))}(['"\`?]|/\\$\\{)`);
      for (const file of files) {
        if (pattern.test(readFileSync(file, 'utf8'))) {
          found.push(`${route.method} ${route.path} in ${relative(appsDir, file)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('would notice a quoted path', () => {
    const pattern = new RegExp(`['"\`]${escapeRegExp('/customer/login')}(['"\`?]|/\\$\\{)`);
    expect(pattern.test("  path: '/customer/login',")).toBe(true);
    expect(pattern.test('fetch(`/customer/login?x=1`)')).toBe(true);
    expect(pattern.test("path: '/customer/login/oauth',")).toBe(false);
  });
});
