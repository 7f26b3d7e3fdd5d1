/**
 * The old system's Google, Twitter and Apple identities, shared by the seed (their old-type users) and the login
 * stand-in (apps/stand-ins, its sign-in buttons), so a local login finds its seeded account. No imports: the
 * stand-in reads this without the database.
 */
export type OldUserProvider = 'google' | 'twitter' | 'apple';

/** One identity of the old system's user base, as the login stand-in offers it. */
export interface OldUserTestIdentity {
  provider: OldUserProvider;
  /** The provider's stable subject (`sub`), in the provider's own style. */
  subject: string;
  email: string;
  name: string;
  /**
   * The account's web3auth address: the last 20 bytes of keccak256("web3auth:<provider>:<subject>"), lower-case
   * (apps/api oauth `web3authAddressFor`; a test there checks these values).
   */
  web3authAddress: string;
  /** Set for an account whose old login is refused with cause code 5115 (table old_login_locks). */
  lockReason?: string;
}

/**
 * Local test identities for the old users' Google, Twitter and Apple logins (product.md 1, 6). The stand-in lists
 * them as buttons; the seed creates their old-type users, so a local login finds an existing old account with a
 * web3auth address and no smart account, ready for the migration (bind).
 */
export const OLD_USER_TEST_IDENTITIES: readonly OldUserTestIdentity[] = [
  {
    provider: 'google',
    subject: '104729000000000000001',
    email: 'ada@example.com',
    name: 'Ada',
    web3authAddress: '0xc02a4306981e1d5478160e1c9a13bdfab9644642',
  },
  {
    provider: 'twitter',
    subject: '1500000000000000002',
    email: 'bob@example.com',
    name: 'Bob',
    web3authAddress: '0xf3e3891af524a420d5cdc5f022b13ae28d5e0385',
  },
  {
    provider: 'apple',
    subject: '001234.5f0e8a1c9b7d4e2f8a6c3b1d0e9f7a5c.1234',
    email: 'cy@example.com',
    name: 'Cy',
    web3authAddress: '0x31fb51cd0fb2dcfb2f62a5f6b38a9ac3126ac852',
  },
  {
    provider: 'google',
    subject: '104729000000000000004',
    email: 'dee@example.com',
    name: 'Dee (locked)',
    web3authAddress: '0xa25f32731d0342a65a849ac62142d1a120758c6d',
    lockReason: 'Flagged by the operators: the old login of this account is locked (cause code 5115).',
  },
];
