import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Chain families an address belongs to (product.md 3, connectAddress keyed by EVM / SOLANA). */
export const chainType = pgEnum('chain_type', ['EVM', 'SOLANA']);

/**
 * What a linked wallet is for (product.md 2: 'one for the NFTs, one for the partner token'): its asset badges read the
 * partner NFT balance of the `partner_nft` wallet and the partner token balance of the `partner_token` wallet.
 */
export const linkedWalletKind = pgEnum('linked_wallet_kind', ['partner_nft', 'partner_token']);

/**
 * Every address bound to a user: the spec's `addressAll` (platform, walletType, address, bindTime).
 * Rows with `isConnected` are the extra wallets linked for asset badges (`connectAddress`, keyed by chain type;
 * product.md 2 allows up to 2 besides the smart account, one per `linkKind`, locked once set). One address belongs to one user per chain type
 * (error 1116 when it is bound to another account). EVM addresses are stored lower-case.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    walletType: text('wallet_type').notNull(),
    chainType: chainType('chain_type').notNull(),
    address: text('address').notNull(),
    isConnected: boolean('is_connected').notNull().default(false),
    /** Set on linked wallets (`isConnected`): one wallet per kind and player, locked once set. */
    linkKind: linkedWalletKind('link_kind'),
    bindTime: timestamp('bind_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('user_addresses_chain_address_unique').on(table.chainType, table.address),
    index('user_addresses_user_idx').on(table.userId),
    uniqueIndex('user_addresses_user_link_kind_unique')
      .on(table.userId, table.linkKind)
      .where(sql`${table.linkKind} is not null`),
    check(
      'user_addresses_evm_lower',
      sql`${table.chainType} <> 'EVM' or ${table.address} = lower(${table.address})`,
    ),
  ],
);

export type UserAddress = typeof userAddresses.$inferSelect;
export type NewUserAddress = typeof userAddresses.$inferInsert;
