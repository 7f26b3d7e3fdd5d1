import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Chain families an address belongs to (spec point 3, connectAddress keyed by EVM / SOLANA). */
export const chainType = pgEnum('chain_type', ['EVM', 'SOLANA']);

/**
 * Every address bound to a customer: the spec's `addressAll` (platform, walletType, address, bindTime).
 * Rows with `isConnected` are the extra wallets linked for asset badges (`connectAddress`, keyed by chain type;
 * spec point 2 allows up to 2 besides the smart account). One address belongs to one customer per chain type
 * (error 1116 when it is bound to another account). EVM addresses are stored lower-case.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    walletType: text('wallet_type').notNull(),
    chainType: chainType('chain_type').notNull(),
    address: text('address').notNull(),
    isConnected: boolean('is_connected').notNull().default(false),
    bindTime: timestamp('bind_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('customer_addresses_chain_address_unique').on(table.chainType, table.address),
    index('customer_addresses_customer_idx').on(table.customerId),
    check(
      'customer_addresses_evm_lower',
      sql`${table.chainType} <> 'EVM' or ${table.address} = lower(${table.address})`,
    ),
  ],
);

export type CustomerAddress = typeof customerAddresses.$inferSelect;
export type NewCustomerAddress = typeof customerAddresses.$inferInsert;
