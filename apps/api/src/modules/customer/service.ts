import type { CustomerInfo } from '@ojo/api-contract/customer';
import type { Database } from '@ojo/db/client';
import { type CustomerAddress, customerAddresses } from '@ojo/db/schema/customer-addresses';
import type { Customer } from '@ojo/db/schema/customers';
import { asc, eq } from '@ojo/db/sql';

/** User info of spec point 3 for one customer: profile, smart account and every bound address. */
export async function getCustomerInfo(db: Database, customer: Customer): Promise<CustomerInfo> {
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customer.id))
    .orderBy(asc(customerAddresses.bindTime), asc(customerAddresses.id));
  return toCustomerInfo(customer, addresses);
}

export function toCustomerInfo(customer: Customer, addresses: CustomerAddress[]): CustomerInfo {
  const connectAddress: CustomerInfo['connectAddress'] = {};
  for (const row of addresses) {
    // The first linked wallet per chain type is the one shown (linking is locked once set, spec point 2).
    if (row.isConnected && !connectAddress[row.chainType])
      connectAddress[row.chainType] = { address: row.address };
  }
  return {
    id: customer.id,
    isOldType: customer.isOldType,
    profile: customer.handle
      ? { handle: customer.handle, avatar: customer.avatar, profileId: customer.profileId }
      : null,
    telegramId: customer.telegramId,
    web3authAddress: customer.web3authAddress,
    abstractAddress: customer.ospAaAddress ? { osp_aa: { address: customer.ospAaAddress } } : {},
    addressAll: addresses.map((row) => ({
      platform: row.platform,
      walletType: row.walletType,
      address: row.address,
      bindTime: row.bindTime.getTime(),
    })),
    connectAddress,
    created: customer.createdAt.getTime(),
  };
}
