import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOGUE, errorTextOf } from '@ojo/domain/error-catalogue';
import { describe, expect, it } from 'vitest';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * String literals shaped like a msgKey (`task.service.busy`), except ledger reasons (a `reason:` line, or the race's
 * `game.dash.*` reasons read elsewhere), a domain event's `type: 'feed.stale'` and the logger's redact paths.
 */
const MSG_KEY_LITERAL = /(?<!reason: [^\n]*)(?<!\btype: )'([a-z_]+(?:\.[a-z_]+)+)'/g;
const NOT_MSG_KEYS = /^(?:req\.headers\.|game\.dash\.)/;

describe('the error catalogue (issue 9 item 7)', () => {
  it('knows every msgKey written in the API source, so the web has a text for each', () => {
    const unknown: string[] = [];
    let found = 0;
    for (const file of sourceFiles(SRC)) {
      for (const [, msgKey] of readFileSync(file, 'utf8').matchAll(MSG_KEY_LITERAL)) {
        if (!msgKey || NOT_MSG_KEYS.test(msgKey)) continue;
        found += 1;
        if (!ERROR_CATALOGUE.has(msgKey)) unknown.push(`${path.relative(SRC, file)}: ${msgKey}`);
      }
    }
    expect(found).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
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
});
