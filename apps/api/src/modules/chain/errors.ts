import { TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The chain module's errors: HTTP status and message here; code and msgKey from the catalogue. */
export const chainErrors = {
  notDeployed: (contract: string, chainId: number) =>
    new AppError(
      503,
      TRANSPORT_ERRORS.chainNotDeployed,
      `The ${contract} contract is not deployed on chain ${chainId}`,
    ),
} as const;
