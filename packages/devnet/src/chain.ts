/** The devnet's chain is the product's local chain, defined once in @ojo/contracts/chain. */
export {
  defineLocalChain as createDevnetChain,
  LOCAL_CHAIN_ID as DEVNET_CHAIN_ID,
  LOCAL_POLLING_INTERVAL_MS as DEVNET_POLLING_INTERVAL_MS,
} from '@ojo/contracts/chain';
