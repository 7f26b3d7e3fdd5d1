import { renderToStaticMarkup } from 'react-dom/server';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { PendingPrompt, Prompt } from '../rpc/prompts';
import { SignView } from './prompt-views';

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
