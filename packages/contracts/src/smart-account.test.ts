import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeSessionKeySignature, STUB_ECDSA_SIGNATURE } from './smart-account';

describe('smart account signatures', () => {
  it('uses a 65-byte stub signature (bundlers pad odd-length hex, which breaks estimation)', () => {
    expect(hexToBytes(STUB_ECDSA_SIGNATURE)).toHaveLength(65);
  });

  it('encodes a session key signature as key (20 bytes) + signature (65 bytes)', () => {
    const key = '0x00000000000000000000000000000000000000aa';
    const encoded = encodeSessionKeySignature(key, STUB_ECDSA_SIGNATURE);
    expect(hexToBytes(encoded)).toHaveLength(85);
    expect(encoded.slice(0, 42)).toBe(key);
  });
});
