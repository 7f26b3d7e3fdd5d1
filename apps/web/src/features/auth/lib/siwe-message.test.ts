import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage, SIWE_MESSAGE_TTL_MS } from './siwe-message';

const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('sign-in message (EIP-4361)', () => {
  const message = buildSiweMessage({
    address: '0x8ba1f109551bd432803012645ac136ddd64dba72',
    nonce: 'abcdef0123456789',
    location: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    productName: 'OJO Arena',
    now: NOW,
  });

  it('names the page, the checksummed account, chain 11124, the nonce and a 10-minute window', () => {
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      chainId: 11124,
      nonce: 'abcdef0123456789',
      version: '1',
      statement: 'Sign in to OJO Arena.',
    });
    expect(parsed.issuedAt?.toISOString()).toBe(NOW.toISOString());
    expect(parsed.expirationTime?.getTime()).toBe(NOW.getTime() + SIWE_MESSAGE_TTL_MS);
  });

  it('is valid for the page domain within its window only', () => {
    const parsed = parseSiweMessage(message);
    expect(validateSiweMessage({ message: parsed, domain: 'localhost:3000', time: NOW })).toBe(true);
    expect(validateSiweMessage({ message: parsed, domain: 'evil.example', time: NOW })).toBe(false);
    const late = new Date(NOW.getTime() + SIWE_MESSAGE_TTL_MS + 1);
    expect(validateSiweMessage({ message: parsed, domain: 'localhost:3000', time: late })).toBe(false);
  });

  it('refuses an address that is not an address', () => {
    expect(() =>
      buildSiweMessage({
        address: '0x123',
        nonce: 'abcdef0123456789',
        location: { host: 'a', origin: 'http://a' },
        productName: 'P',
      }),
    ).toThrow();
  });
});
