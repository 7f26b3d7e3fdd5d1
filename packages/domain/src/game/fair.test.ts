import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  commitTo,
  isSeed,
  seedFromBytes,
  sha256Hex,
  shuffleWithSeed,
  uniformBelow,
} from './fair';

const SEED = 'ab'.repeat(32);

const onlySafeIntegers = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isSafeInteger(value) && !Object.is(value, -0)
    : Array.isArray(value)
      ? value.every(onlySafeIntegers)
      : value !== null && typeof value === 'object'
        ? // JavaScript lists integer-like keys first whatever their order, so the JSON.stringify oracle needs none.
          Object.keys(value).every((key) => !/^\d+$/.test(key)) &&
          Object.values(value).every(onlySafeIntegers)
        : true;

describe('canonical JSON: one text per document, on every machine', () => {
  it('sorts keys at every depth, drops undefined properties and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null, 'x'], c: undefined }, aa: '1' })).toBe(
      '{"a":{"d":[true,null,"x"]},"aa":"1","b":1}',
    );
    expect(canonicalJson({ z: 1, y: 2 })).toBe(canonicalJson({ y: 2, z: 1 }));
    // By UTF-16 code unit, as RFC 8785 orders keys, not in JavaScript's integer-keys-first order.
    expect(canonicalJson({ a: 3, 1: 1, '': 2 })).toBe('{"":2,"1":1,"a":3}');
  });

  it('refuses floats, bigints, non-plain objects and functions (they would hash differently elsewhere)', () => {
    expect(() => canonicalJson(0.1)).toThrow('safe integers');
    expect(() => canonicalJson(2 ** 53)).toThrow('safe integers');
    expect(() => canonicalJson(1n)).toThrow('bigint');
    expect(() => canonicalJson(new Date(0))).toThrow('object');
    expect(() => canonicalJson(() => 1)).toThrow('function');
  });

  it('property: equals JSON.stringify of the key-sorted value for JSON data', () => {
    const sortKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sortKeys)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
            )
          : value;
    fc.assert(
      fc.property(fc.jsonValue().filter(onlySafeIntegers), (value) => {
        expect(canonicalJson(value)).toBe(JSON.stringify(sortKeys(value)));
      }),
    );
  });
});

describe('SHA-256 commitments', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('commits to the canonical text, so key order does not matter and every value does', () => {
    expect(commitTo({ a: 1, b: 'x' })).toBe(commitTo({ b: 'x', a: 1 }));
    expect(commitTo({ a: 1, b: 'x' })).not.toBe(commitTo({ a: 2, b: 'x' }));
  });

  it('a seed is 32 bytes as 64 lowercase hex digits', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const seed = seedFromBytes(bytes);
    expect(isSeed(seed)).toBe(true);
    expect(seed.slice(0, 6)).toBe('00070e');
    expect(() => seedFromBytes(new Uint8Array(31))).toThrow('32');
    expect(isSeed(SEED.toUpperCase())).toBe(false);
    expect(isSeed(SEED.slice(1))).toBe(false);
    expect(isSeed(42)).toBe(false);
  });
});

describe('uniform draws from a seed', () => {
  it('property: always below n, the same for the same input', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 300n }), fc.string(), (n, label) => {
        const value = uniformBelow(SEED, label, n);
        expect(value >= 0n && value < n).toBe(true);
        expect(uniformBelow(SEED, label, n)).toBe(value);
      }),
    );
  });

  it('spreads evenly (chi-square over 6 buckets, 6000 draws, well inside the 0.1 % bound)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i += 1) counts[Number(uniformBelow(SEED, `roll|${i}`, 6n))]! += 1;
    const chi = counts.reduce((sum, count) => sum + (count - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(20.5);
  });

  it('refuses an empty range; draws from ranges wider than one hash', () => {
    expect(() => uniformBelow(SEED, 'x', 0n)).toThrow('n > 0');
    const big = 2n ** 500n + 1n;
    const values = Array.from({ length: 8 }, (_, i) => uniformBelow(SEED, `big|${i}`, big));
    expect(values.every((value) => value < big)).toBe(true);
    // Values that need more than 256 bits do occur.
    expect(values.some((value) => value > 2n ** 300n)).toBe(true);
  });

  it('shuffles into a permutation, deterministically, without touching the input', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const shuffled = shuffleWithSeed(items, SEED, 'test');
    expect([...shuffled].sort()).toEqual(items);
    expect(shuffleWithSeed(items, SEED, 'test')).toEqual(shuffled);
    expect(shuffleWithSeed(items, SEED, 'other')).not.toEqual(shuffled);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });
});
