import { describe, expect, it } from 'vitest';
import { isUnstorableText, unstorableTextPaths } from './stored-text';

describe('text PostgreSQL refuses', () => {
  it('is a NUL or an unpaired surrogate, not a surrogate pair or other control characters', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('\uD800')).toBe(true);
    expect(isUnstorableText('a\uDC00')).toBe(true);
    expect(isUnstorableText('\uDC00\uD800')).toBe(true);
    expect(isUnstorableText('😀 \u0001\t')).toBe(false);
  });

  it('is found at any depth, in keys too, and the pointer never carries the refused character', () => {
    const deep: unknown[] = [];
    let inner = deep;
    for (let level = 0; level < 100_000; level += 1) {
      const next: unknown[] = [];
      inner.push(next);
      inner = next;
    }
    inner.push('\u0000');
    expect(unstorableTextPaths(deep)).toHaveLength(1);
    expect(
      unstorableTextPaths({ ok: 'fine', list: ['x', 'y\uD83D'], nested: { 'a/b\u0000': 1 }, n: 3, z: null }),
    ).toEqual(['/list/1', '/nested/a~1b\\u0000']);
  });
});
