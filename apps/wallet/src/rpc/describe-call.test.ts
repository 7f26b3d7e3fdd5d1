import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { type Abi, getAddress, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeCall } from './describe-call';

const BADGE = getAddress('0x00000000000000000000000000000000000000b1');
const OTHER = getAddress('0x00000000000000000000000000000000000000b2');
const names = { [BADGE.toLowerCase()]: 'BadgeNFT' };
const selectorOf = (name: string) => {
  const fn = (badgeNFTAbi as Abi).find((item) => item.type === 'function' && item.name === name);
  if (fn?.type !== 'function') throw new Error(`no ${name} in the BadgeNFT ABI`);
  return toFunctionSelector(fn);
};

describe('a session key call as a person reads it', () => {
  it("names the badge contract and its signature mint as 'mint a badge'", () => {
    expect(describeCall(BADGE, selectorOf('mintWithSignature'), names)).toEqual({
      contractName: 'BadgeNFT',
      action: 'mint a badge',
    });
  });

  it('names another function of a known contract by its name, and leaves what it does not know null', () => {
    expect(describeCall(BADGE, selectorOf('balanceOf'), names)).toEqual({
      contractName: 'BadgeNFT',
      action: 'balanceOf',
    });
    expect(describeCall(BADGE, '0x12345678', names)).toEqual({ contractName: 'BadgeNFT', action: null });
    expect(describeCall(OTHER, selectorOf('mintWithSignature'), names)).toEqual({
      contractName: null,
      action: null,
    });
  });
});
