import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Provably-fair building blocks shared by every game (ARCHITECTURE.md (The coin race)): a canonical JSON encoding so that a
 * document hashes the same on every machine, SHA-256 commitments, and uniform draws from a revealed seed.
 * SHA-256 comes from @noble/hashes (audited, pure JS, already in the tree through viem) so the browser page, the
 * API and the verify script compute the same bytes without node:crypto.
 */

/** A JSON value as our documents use it: integers only (no floats), strings for every amount and price. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * Canonical JSON: object keys sorted, no whitespace, undefined properties skipped (as JSON.stringify does).
 * Numbers must be safe integers: float formatting differs between engines, so a float in a committed document
 * would make verification depend on the machine. Throws on anything else (bigint, NaN, functions).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new TypeError(`canonical JSON takes safe integers only, got ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot encode a ${typeof value}`);
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Bytes(text: string): Uint8Array {
  return sha256(utf8ToBytes(text));
}

/** The commitment to a document: SHA-256 of its canonical JSON. */
export function commitTo(document: unknown): string {
  return sha256Hex(canonicalJson(document));
}

/** A seed is 32 bytes as 64 lowercase hex digits: enough entropy that a commitment to it cannot be brute-forced. */
export function isSeed(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/** Turns 32 random bytes (from the caller's CSPRNG: the domain has no randomness of its own) into a seed. */
export function seedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new RangeError('a seed takes exactly 32 random bytes');
  return bytesToHex(bytes);
}

/**
 * A uniform integer in [0, n) from a seed and a label: SHA-256 in counter mode gives at least 64 more random bits
 * than n needs, and rejection sampling removes the last bias (no value is favoured). The same (seed, label, n)
 * always gives the same number.
 */
export function uniformBelow(seed: string, label: string, n: bigint): bigint {
  if (n <= 0n) throw new RangeError('uniformBelow needs n > 0');
  const blocks = Math.ceil((n.toString(2).length + 64) / 256);
  const space = 1n << BigInt(256 * blocks);
  const limit = space - (space % n);
  for (let attempt = 0; ; attempt += 1) {
    let value = 0n;
    for (let block = 0; block < blocks; block += 1)
      value = (value << 256n) | BigInt(`0x${sha256Hex(`${seed}|${label}|${attempt}|${block}`)}`);
    if (value < limit) return value % n;
  }
}

/** A deterministic shuffle (Fisher-Yates driven by uniformBelow) of `items`; the input is not changed. */
export function shuffleWithSeed<T>(items: readonly T[], seed: string, label: string): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Number(uniformBelow(seed, `${label}|${i}`, BigInt(i + 1)));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
