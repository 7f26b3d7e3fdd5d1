import { renderToStaticMarkup } from 'react-dom/server';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { PendingPrompt, Prompt } from '../rpc/prompts';
import { SessionKeyView, SignView } from './prompt-views';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000000a1');
const CONTRACT = getAddress('0x00000000000000000000000000000000000000c3');

/** The prompt's text as a person reads it (tags dropped, spaces collapsed). */
const render = (prompt: Extract<Prompt, { kind: 'sign' }>) => {
  const pending: PendingPrompt & { prompt: typeof prompt } = { id: 1, prompt, status: 'waiting' };
  return renderToStaticMarkup(<SignView pending={pending} onApprove={() => {}} onCancel={() => {}} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.)])/g, '$1');
};

describe('sign prompt', () => {
  it('shows what a typed-data signature allows: the domain, the primary type and every field', () => {
    const text = render({
      kind: 'sign',
      origin: 'http://localhost:3000',
      address: ACCOUNT,
      content: {
        type: 'typed-data',
        domain: { name: 'Arena Votes', version: '2', chainId: 11124, verifyingContract: CONTRACT },
        primaryType: 'Vote',
        fields: [
          { name: 'voter', type: 'Ballot', fields: [{ name: 'choice', type: 'string', value: 'yes' }] },
          { name: 'round', type: 'uint256', value: '7' },
        ],
      },
    });
    expect(text).toContain(
      `Your signature lets Arena Votes (contract ${CONTRACT.slice(0, 6)}…${CONTRACT.slice(-4)}) accept this Vote as approved`,
    );
    expect(text).toContain('on chain 11124');
    for (const shown of ['Name Arena Votes', 'Version 2', 'Chain 11124', `Verifying contract ${CONTRACT}`]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('Type: Vote');
    expect(text).toContain('voter Ballot choice string yes');
    expect(text).toContain('round uint256 7');
  });

  it('says when the domain names no chain or contract', () => {
    const text = render({
      kind: 'sign',
      origin: 'http://localhost:3000',
      address: ACCOUNT,
      content: { type: 'typed-data', domain: {}, primaryType: 'Greeting', fields: [] },
    });
    expect(text).toContain(
      'lets an unnamed app accept this Greeting as approved by your account, on any chain',
    );
    expect(text).toContain('Verifying contract (none)');
  });
});

describe('session key prompt', () => {
  const renderSessionKey = (call: { contractName: string | null; action: string | null }) => {
    const prompt: Extract<Prompt, { kind: 'session-key' }> = {
      kind: 'session-key',
      origin: 'http://localhost:3000',
      address: ACCOUNT,
      policy: {
        sessionKey: getAddress('0x00000000000000000000000000000000000000d5'),
        target: CONTRACT,
        selector: '0x98a6e993',
        feeLimitWei: 10_000_000_000_000_000n,
        validUntil: 1_900_000_000,
      },
      call,
      isSponsored: true,
    };
    const pending: PendingPrompt & { prompt: typeof prompt } = { id: 2, prompt, status: 'waiting' };
    return renderToStaticMarkup(<SessionKeyView pending={pending} onApprove={() => {}} onCancel={() => {}} />)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/ ([,.)])/g, '$1');
  };

  it("says what the key may do with the contract's name, not its address and selector", () => {
    const text = renderSessionKey({ contractName: 'BadgeNFT', action: 'mint a badge' });
    expect(text).toContain('asks for a key that may mint a badge with BadgeNFT for your account');
    expect(text).toContain('Allowed action mint a badge');
    expect(text).toContain('Contract BadgeNFT');
    expect(text).not.toContain('0x98a6e993');
    expect(text).not.toContain(CONTRACT);
  });

  it('falls back to the raw address and selector for a contract the wallet does not know', () => {
    const text = renderSessionKey({ contractName: null, action: null });
    expect(text).toContain('Allowed action 0x98a6e993');
    expect(text).toContain(`Contract ${CONTRACT}`);
  });
});
