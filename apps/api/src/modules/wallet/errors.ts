import { TRANSPORT_ERRORS, WALLET_ERRORS } from '@ojo/domain/error-catalogue';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The wallet module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const walletErrors = {
  /** product.md 8 'Token price fails': 'Failed to fetch {symbol} price'. */
  priceUnavailable: (symbol: string) =>
    new AppError(503, WALLET_ERRORS.priceUnavailable, WALLET_TEXT.tokenPriceFailed(symbol)),
  unknownSymbol: (symbol: string) =>
    new AppError(404, WALLET_ERRORS.unknownSymbol, WALLET_TEXT.tokenPriceFailed(symbol)),
  /** Wallet calls need the user's smart account (product.md 6: a logged-in user holds a smart-account address). */
  smartAccountRequired: () => new AppError(403, WALLET_ERRORS.smartAccountRequired),
  /** The chain did not answer (balance: the web falls back to a zero ETH entry, product.md 8). */
  chainUnavailable: () => new AppError(503, TRANSPORT_ERRORS.chainUnavailable, 'The chain is not reachable'),
  /** The bundler did not answer a user operation look-up. */
  bundlerUnavailable: () =>
    new AppError(503, TRANSPORT_ERRORS.bundlerUnavailable, 'The bundler is not reachable'),
  /** The faucet exists only on the local devnet. */
  faucetUnavailable: () => AppError.notFound('There is no faucet on this network'),
  faucetBusy: () => new AppError(503, WALLET_ERRORS.faucetBusy),
} as const;
