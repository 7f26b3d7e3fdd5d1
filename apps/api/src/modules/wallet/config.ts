import { z } from 'zod';

/** The wallet module's variables. */
export const walletEnv = {
  /** What the local devnet's faucet sends per request, in ETH (no faucet exists on other networks). */
  DEVNET_FAUCET_ETH: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,18})?$/, 'must be an ETH amount such as 1 or 0.5')
    .default('1')
    .describe('what POST /devnet/faucet sends, in ETH (the route exists on the local devnet only)'),
};

export interface WalletConfig {
  /** ETH per faucet request (a decimal string). */
  faucetEth: string;
}

export const toWalletConfig = (values: { DEVNET_FAUCET_ETH: string }): WalletConfig => ({
  faucetEth: values.DEVNET_FAUCET_ETH,
});
