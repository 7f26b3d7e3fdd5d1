import {
  type GetSponsorship,
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
} from '@ojo/contracts/paymaster';
import { errorTextOf } from '@ojo/domain/error-catalogue';
import { type Address, getAddress, isAddressEqual, isHex, numberToHex } from 'viem';
import { z } from 'zod';

/**
 * Gas sponsorship through the app's paymaster service (ERC-7677 style capability carried by the request):
 * `{paymasterService: {url, jwt}}`. The unsigned, estimated user operation is POSTed there with the headers
 * `saas_id` and `jwt_token`; the API answers `obj.policy_data` signed by the paymaster signer, or refuses.
 */
export interface PaymasterServiceCapability {
  url: string;
  jwt: string;
  saasId?: string;
}

export const paymasterServiceSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  jwt: z.string().min(1),
  saasId: z.string().min(1).optional(),
});

const quantity = z.union([z.string(), z.number()]).transform((value, context) => {
  try {
    return BigInt(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'not a quantity' });
    return z.NEVER;
  }
});

const policyResponseSchema = z.object({
  success: z.boolean(),
  msgKey: z.string().optional(),
  message: z.string().optional(),
  obj: z
    .object({
      policy_data: z.object({
        paymaster: z.string(),
        paymasterData: z.string().refine((value) => isHex(value)),
        paymasterVerificationGasLimit: quantity,
        paymasterPostOpGasLimit: quantity,
      }),
    })
    .nullish(),
});

export class SponsorshipError extends Error {
  override name = 'SponsorshipError';
}

export function createPaymasterServiceSponsorship(options: {
  capability: PaymasterServiceCapability;
  defaultSaasId: string;
  paymasterAddress: Address;
  fetch?: typeof fetch;
}): GetSponsorship {
  const doFetch = options.fetch ?? fetch;
  // The API knows its chain: the body is the operation alone (packages/api-contract/src/gas.ts gasPolicyBody).
  return async ({ chainId: _chainId, ...userOperation }) => {
    const hex = (value: bigint | undefined) => (value === undefined ? undefined : numberToHex(value));
    const body = {
      sender: userOperation.sender,
      nonce: hex(userOperation.nonce),
      factory: userOperation.factory,
      factoryData: userOperation.factoryData,
      callData: userOperation.callData,
      callGasLimit: hex(userOperation.callGasLimit),
      verificationGasLimit: hex(userOperation.verificationGasLimit),
      preVerificationGas: hex(userOperation.preVerificationGas),
      maxFeePerGas: hex(userOperation.maxFeePerGas),
      maxPriorityFeePerGas: hex(userOperation.maxPriorityFeePerGas),
      paymasterVerificationGasLimit: hex(userOperation.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: hex(userOperation.paymasterPostOpGasLimit),
    };
    const response = await doFetch(options.capability.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        saas_id: options.capability.saasId ?? options.defaultSaasId,
        jwt_token: options.capability.jwt,
      },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json().catch(() => undefined);
    const parsed = policyResponseSchema.safeParse(json);
    if (!response.ok || !parsed.success || !parsed.data.success || !parsed.data.obj) {
      // The catalogue's text for the refusal (e.g. gas.daily.limit), so the player reads why.
      const reason = parsed.success
        ? (errorTextOf(parsed.data.msgKey) ?? parsed.data.msgKey ?? parsed.data.message)
        : undefined;
      throw new SponsorshipError(
        `The paymaster service refused this transaction${reason ? ` (${reason})` : ''}`,
      );
    }
    const policy = parsed.data.obj.policy_data;
    // The paymaster gas limits are part of what the paymaster signed: they must be the ones estimation used.
    if (
      !isAddressEqual(getAddress(policy.paymaster), options.paymasterAddress) ||
      policy.paymasterVerificationGasLimit !== PAYMASTER_VERIFICATION_GAS_LIMIT ||
      policy.paymasterPostOpGasLimit !== PAYMASTER_POST_OP_GAS_LIMIT
    ) {
      throw new SponsorshipError('The paymaster service answered for another paymaster or other gas limits');
    }
    return policy.paymasterData as `0x${string}`;
  };
}
