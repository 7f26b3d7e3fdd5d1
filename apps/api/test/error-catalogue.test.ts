import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, errorTextOf } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { describe, expect, it } from 'vitest';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const REPO = path.join(SRC, '..', '..', '..');
/** Where error codes are written once; every other source names them through ERROR_CODES or a catalogue entry. */
const CODES_FILE = path.join(REPO, 'packages', 'domain', 'src', 'error-codes.ts');
const SCANNED_SOURCES = [
  SRC,
  ...['web', 'game', 'wallet'].map((app) => path.join(REPO, 'apps', app, 'src')),
  ...['domain', 'api-contract'].map((pkg) => path.join(REPO, 'packages', pkg, 'src')),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * String literals shaped like a msgKey (`task.service.busy`, `game.round.notFound`), except ledger reasons (a
 * `reason:` line, or the race's `game.dash.*` reasons read elsewhere), a domain event's `type: 'feed.stale'` and the
 * logger's redact paths.
 */
const MSG_KEY_LITERAL = /(?<!reason: [^\n]*)(?<!\btype: )'([a-z_][a-zA-Z_]*(?:\.[a-zA-Z_]+)+)'/g;
const NOT_MSG_KEYS = /^(?:req\.headers\.|game\.dash\.)/;

describe('the error catalogue', () => {
  it('is where every msgKey the API sends comes from, so the web has a text for each', () => {
    const written: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const [, msgKey] of readFileSync(file, 'utf8').matchAll(MSG_KEY_LITERAL)) {
        if (msgKey && !NOT_MSG_KEYS.test(msgKey)) written.push(`${path.relative(SRC, file)}: ${msgKey}`);
      }
    }
    expect(written).toEqual([]);
  });

  it('gives every entry a text a player can read (gas.daily.limit included)', () => {
    for (const [msgKey, entry] of ERROR_CATALOGUE) {
      expect(entry.msgKey).toBe(msgKey);
      expect(entry.code.length).toBeGreaterThan(0);
      const text = errorTextOf(msgKey, { platform: 'Twitter', symbol: 'ETH', min: 1, max: 1, n: 1 });
      expect(text, msgKey).toBeTruthy();
      expect(text, msgKey).not.toMatch(/\{\w+\}/);
    }
    expect(errorTextOf('gas.daily.limit')).toMatch(/tomorrow/);
  });

  it('is the only place an error code is written: no source quotes one (AppError takes catalogue entries only)', () => {
    const codes = new Set<string>(Object.values(ERROR_CODES));
    const quoted: string[] = [];
    for (const file of SCANNED_SOURCES.flatMap(sourceFiles)) {
      if (file === CODES_FILE) continue;
      for (const [, literal] of readFileSync(file, 'utf8').matchAll(/['"`]([A-Z0-9_]+)['"`]/g)) {
        if (literal && codes.has(literal)) quoted.push(`${path.relative(REPO, file)}: ${literal}`);
      }
    }
    expect(quoted).toEqual([]);
  });
});
