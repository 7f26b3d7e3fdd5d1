import { getAddress } from 'viem';
import { entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction';
import { describe, expect, it } from 'vitest';
import { checkTypedDataDomain, describeTypedData } from './typed-data';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000000a1');
const APP_CONTRACT = getAddress('0x00000000000000000000000000000000000000c3');
const context = { chainId: 11124, ownAccounts: [ACCOUNT] };

describe('typed data domain', () => {
  it('refuses the EntryPoint (any version, any letter case) and the wallet’s own accounts', () => {
    for (const verifyingContract of [
      entryPoint08Address,
      entryPoint08Address.toLowerCase(),
      entryPoint07Address,
    ]) {
      expect(() =>
        checkTypedDataDomain({ name: 'ERC4337', version: '1', chainId: 11124, verifyingContract }, context),
      ).toThrow(expect.objectContaining({ code: -32602, message: expect.stringContaining('EntryPoint') }));
    }
    expect(() => checkTypedDataDomain({ verifyingContract: ACCOUNT.toLowerCase() }, context)).toThrow(
      expect.objectContaining({ code: -32602, message: expect.stringContaining('own accounts') }),
    );
  });

  it('refuses another chain and malformed fields', () => {
    expect(() => checkTypedDataDomain({ chainId: 1 }, context)).toThrow(
      expect.objectContaining({ code: -32602, message: expect.stringContaining('chain 1') }),
    );
    expect(() => checkTypedDataDomain({ chainId: 'eleven' }, context)).toThrow(
      expect.objectContaining({ code: -32602 }),
    );
    expect(() => checkTypedDataDomain({ verifyingContract: 'nowhere' }, context)).toThrow(
      expect.objectContaining({ code: -32602 }),
    );
  });

  it('reads what the prompt shows: name, version, chain (decimal or hex), contract checksummed', () => {
    expect(
      checkTypedDataDomain(
        {
          name: 'Arena Votes',
          version: '2',
          chainId: '0x2b74',
          verifyingContract: APP_CONTRACT.toLowerCase(),
        },
        context,
      ),
    ).toEqual({ name: 'Arena Votes', version: '2', chainId: 11124, verifyingContract: APP_CONTRACT });
    expect(checkTypedDataDomain(undefined, context)).toEqual({});
  });
});

describe('typed data fields', () => {
  it('lists the fields in declared order, nesting structs and arrays', () => {
    const types = {
      Vote: [
        { name: 'voter', type: 'Ballot' },
        { name: 'rounds', type: 'uint256[]' },
        { name: 'to', type: 'address' },
      ],
      Ballot: [
        { name: 'choice', type: 'string' },
        { name: 'weight', type: 'uint8' },
      ],
    };
    const fields = describeTypedData(types, 'Vote', {
      voter: { choice: 'yes', weight: 3 },
      rounds: ['7', 8],
      to: APP_CONTRACT.toLowerCase(),
    });
    expect(fields).toEqual([
      {
        name: 'voter',
        type: 'Ballot',
        fields: [
          { name: 'choice', type: 'string', value: 'yes' },
          { name: 'weight', type: 'uint8', value: '3' },
        ],
      },
      {
        name: 'rounds',
        type: 'uint256[]',
        fields: [
          { name: '0', type: 'uint256', value: '7' },
          { name: '1', type: 'uint256', value: '8' },
        ],
      },
      { name: 'to', type: 'address', value: APP_CONTRACT },
    ]);
  });
});
