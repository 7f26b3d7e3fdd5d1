import type { Database, Transaction } from '@ojo/db/client';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { and, eq } from '@ojo/db/sql';
import type { LinkedWalletKind } from '@ojo/domain/wallet/wallet-bind';

/**
 * The EVM wallets a player linked for this kind (product.md 2: one for the NFTs, one for the token, so none or
 * one): other modules ask here (the asset badges' progress) rather than reading the address rows.
 */
export async function linkedWalletsOf(
  db: Database | Transaction,
  userId: string,
  kind: LinkedWalletKind,
): Promise<string[]> {
  const rows = await db
    .select({ address: userAddresses.address })
    .from(userAddresses)
    .where(
      and(
        eq(userAddresses.userId, userId),
        eq(userAddresses.chainType, 'EVM'),
        eq(userAddresses.isConnected, true),
        eq(userAddresses.linkKind, kind),
      ),
    );
  return rows.map((row) => row.address);
}

/**
 * Whether `address` (lower-case, as addresses are kept) is bound to the player: a linked wallet or an address of a
 * sign-in (the devnet partner faucet funds only the player's own).
 */
export async function isAddressBoundTo(
  db: Database | Transaction,
  userId: string,
  address: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.address, address)))
    .limit(1);
  return rows.length > 0;
}
