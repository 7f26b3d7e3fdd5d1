import { BALANCE_ASSET } from '../constants';

/** spec 3 Balance item. */
export interface BalanceItem {
  balance: string;
  contractAddress: string;
  name: string;
  symbol: string;
  decimals: number;
  formattedBalance: string;
  formattedUsdBalance: string;
  usdBalance: string;
}

/** The native-token contract address placeholder used for ETH in balance lists. */
export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000';

/** spec 7 / spec 8: 'Balance fails: Falls back to a zero ETH entry'. A fresh object each call. */
export function zeroEthBalance(): BalanceItem {
  return {
    balance: '0',
    contractAddress: NATIVE_TOKEN_ADDRESS,
    name: 'Ether',
    symbol: BALANCE_ASSET.symbol,
    decimals: BALANCE_ASSET.decimals,
    formattedBalance: '0',
    formattedUsdBalance: '0.00',
    usdBalance: '0',
  };
}
