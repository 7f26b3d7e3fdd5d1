import { describe, expect, it } from 'vitest';
import { userInfoSchema } from './user';

const fullUser = {
  id: '8f14e45f-ceea-4e7a-9c2b-6b7f1d8c9a01',
  isOldType: false,
  profile: { handle: 'full_user', avatar: null, profileId: '7' },
  telegramId: null,
  web3authAddress: null,
  abstractAddress: { osp_aa: { address: '0x1111111111111111111111111111111111111111' } },
  addressAll: [
    {
      platform: 'osp',
      walletType: 'abstract',
      address: '0x1111111111111111111111111111111111111111',
      bindTime: 1_735_787_045_000,
    },
  ],
  connectAddress: { EVM: { address: '0x2222222222222222222222222222222222222222' } },
  linkedWallets: { partner_nft: { address: '0x2222222222222222222222222222222222222222' } },
  created: 1_735_787_045_000,
};

describe('user info (product.md 3, User info)', () => {
  it('accepts a full user: profile, osp_aa smart account, bound and connected addresses', () => {
    expect(userInfoSchema.parse(fullUser)).toEqual(fullUser);
  });

  it('accepts an old user without smart account and profile', () => {
    const oldUser = {
      ...fullUser,
      isOldType: true,
      profile: null,
      web3authAddress: '0x3333333333333333333333333333333333333333',
      abstractAddress: {},
      addressAll: [],
      connectAddress: {},
      linkedWallets: {},
    };
    expect(userInfoSchema.safeParse(oldUser).success).toBe(true);
  });

  it('refuses a linked wallet without a string address', () => {
    const result = userInfoSchema.safeParse({
      ...fullUser,
      linkedWallets: { partner_nft: { address: 1 } },
    });
    expect(result.success).toBe(false);
  });

  it('refuses a connectAddress under a chain type the spec does not name', () => {
    const result = userInfoSchema.safeParse({ ...fullUser, connectAddress: { EVM: { address: 1 } } });
    expect(result.success).toBe(false);
  });
});
