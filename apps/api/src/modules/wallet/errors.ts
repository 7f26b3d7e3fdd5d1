import { transportErrorCodes } from '@ojo/api-contract/envelope';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The wallet module's errors: code, msgKey, HTTP status and text, in one place. */
export const walletErrors = {
  /** spec 8 'Token price fails': 'Failed to fetch {symbol} price'. */
  priceUnavailable: (symbol: string) =>
    new AppError(503, 'PRICE_UNAVAILABLE', 'wallet.price.unavailable', WALLET_TEXT.tokenPriceFailed(symbol)),
  unknownSymbol: (symbol: string) =>
    new AppError(
      404,
      transportErrorCodes.notFound,
      'wallet.price.unknown.symbol',
      WALLET_TEXT.tokenPriceFailed(symbol),
    ),
  /** Wallet calls need the user's smart account (spec 6: a logged-in user holds a smart-account address). */
  smartAccountRequired: () =>
    new AppError(
      403,
      'SMART_ACCOUNT_REQUIRED',
      'wallet.smart.account.required',
      'Bind a smart account first',
    ),
  /** The chain did not answer (balance: the web falls back to a zero ETH entry, spec 8). */
  chainUnavailable: () =>
    new AppError(
      503,
      transportErrorCodes.serviceUnavailable,
      'chain.unavailable',
      'The chain is not reachable',
    ),
  /** The bundler did not answer a user operation look-up. */
  bundlerUnavailable: () =>
    new AppError(
      503,
      transportErrorCodes.serviceUnavailable,
      'bundler.unavailable',
      'The bundler is not reachable',
    ),
  /** The faucet exists only on the local devnet. */
  faucetUnavailable: () => AppError.notFound('There is no faucet on this network'),
  faucetBusy: () =>
    new AppError(
      503,
      transportErrorCodes.serviceUnavailable,
      'wallet.faucet.busy',
      'The faucet is busy, try again',
    ),
} as const;
