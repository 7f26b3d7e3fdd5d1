/** The local devnet's keys by role; defined with the chain in @ojo/contracts so apps need not depend on the devnet. */
export { ANVIL_TEST_KEYS, devnetAddresses, devnetKeys } from '@ojo/contracts/devnet-keys';
