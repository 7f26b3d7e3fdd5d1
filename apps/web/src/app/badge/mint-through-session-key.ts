import type { ClaimableBadgeRow } from '@ojo/api-contract/badge';
import { chainConfigRoute } from '@ojo/api-contract/chain';
import { gasPolicyRoute } from '@ojo/api-contract/gas';
import {
  MINT_WITH_SIGNATURE_SELECTOR,
  type MintRequest,
  mintWithSignatureCall,
} from '@ojo/contracts/badge-mint';
import { defineOjoChain } from '@ojo/contracts/chain';
import { smartAccountAbi } from '@ojo/contracts/generated/abis';
import { createVerifyingPaymaster } from '@ojo/contracts/paymaster';
import {
  encodeSessionKeySignature,
  STUB_ECDSA_SIGNATURE,
  toOjoSmartAccount,
} from '@ojo/contracts/smart-account';
import { createOjoBundlerClient } from '@ojo/contracts/user-operation';
import { SESSION_KEY_FEE_LIMIT_WEI } from '@ojo/domain/constants';
import { SESSION_KEY_STATUS } from '@ojo/domain/enums';
import { sessionKeyExpiresAtSeconds } from '@ojo/domain/session/session-key';
import { type Address, createPublicClient, getAddress, type Hex, http, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { env } from '@/config/env';
import { getAccountProvider } from '@/features/auth/wallet/get-account-provider';
import { apiClient } from '@/lib/api-client';
import { getJwt } from '@/lib/session-storage';
import {
  hasUnexpiredSessionKey,
  loadSessionKey,
  storedSessionKeyAddress,
  storeSessionKey,
} from './session-key-store';

export interface MintOutcome {
  userOpHash: Hex;
  succeeded: boolean;
}

const requestOf = (row: ClaimableBadgeRow): MintRequest => ({
  to: getAddress(row.address),
  royaltyRecipient: getAddress(row.royaltyRecipient),
  royaltyBps: BigInt(row.royaltyBps),
  primarySaleRecipient: getAddress(row.primarySaleRecipient),
  tokenId: BigInt(row.tokenId),
  uri: row.uri,
  quantity: BigInt(row.quantity),
  pricePerToken: BigInt(row.pricePerToken),
  currency: getAddress(row.currency),
  validityStart: BigInt(row.validityStartTimestamp),
  validityEnd: BigInt(row.validityEndTimestamp),
  uid: row.uid as Hex,
});

/**
 * Starts the grant of a new badge session key in the account provider (product.md 4: created on the first claim with one
 * approval; only the badge contract's signature-mint function, 0.01 ETH of fees for its lifetime, 24 hours), gas
 * sponsored by the paymaster. Synchronous up to the popup, so it runs inside the click. The API sponsors one live
 * key per account, so the key stored here (if any) is named as replaced: the wallet revokes it in the same
 * operation when it is still active on chain.
 */
function grantSessionKey(account: Address, badgeNft: Address) {
  const replacesKey = storedSessionKeyAddress(account);
  const privateKey = generatePrivateKey();
  const validUntil = sessionKeyExpiresAtSeconds(Date.now());
  const provider = getAccountProvider();
  if (provider.getAccounts().length === 0) provider.setAccounts([account]);
  const granted = provider.request({
    method: 'ojo_grantSessionKey',
    params: [
      {
        sessionKey: privateKeyToAccount(privateKey).address,
        target: badgeNft,
        selector: MINT_WITH_SIGNATURE_SELECTOR,
        feeLimitWei: numberToHex(SESSION_KEY_FEE_LIMIT_WEI),
        validUntil,
        ...(replacesKey ? { replacesKey } : {}),
      },
      {
        paymasterService: {
          url: `${env.hosts.customer}${gasPolicyRoute.path}`,
          jwt: getJwt() ?? '',
          saasId: env.saasId,
        },
      },
    ],
  });
  return (async () => {
    await granted;
    await storeSessionKey(account, { privateKey, validUntil });
    return privateKey;
  })();
}

/**
 * The badge page's mint (product.md 4 Smart-account session key): every claimable row in one user operation
 * (executeBatch of BadgeNFT.mintWithSignature), signed by the badge session key, gas sponsored. The key is granted
 * with one approval when none is stored, or when the stored one is not Active on chain any more (recreated).
 * `onSent` gets the user operation hash as soon as the bundler took it (the page reports it: SYNCING).
 */
export function mintThroughSessionKey(
  account: Address,
  rows: readonly ClaimableBadgeRow[],
  onSent: (userOpHash: Hex) => void,
): Promise<MintOutcome> {
  const badgeNft = getAddress(rows[0]?.contractAddress ?? '0x');
  // Decided synchronously, so the popup opens inside the click when a key is needed.
  const pendingGrant = hasUnexpiredSessionKey(account) ? null : grantSessionKey(account, badgeNft);
  return (async () => {
    const chain = defineOjoChain({ chainId: env.chainId, rpcUrl: env.chainRpcUrl });
    const client = createPublicClient({ chain, transport: http(env.chainRpcUrl) });
    let privateKey = pendingGrant ? await pendingGrant : (await loadSessionKey(account))?.privateKey;
    const statusOf = (key: Hex) =>
      client
        .readContract({
          address: account,
          abi: smartAccountAbi,
          functionName: 'sessionKeyStatus',
          args: [privateKeyToAccount(key).address],
        })
        .catch(() => SESSION_KEY_STATUS.NotInitialized);
    // product.md 4 'An invalid session is recreated.'
    if (!privateKey || (await statusOf(privateKey)) !== SESSION_KEY_STATUS.Active) {
      privateKey = await grantSessionKey(account, badgeNft);
    }
    const config = await apiClient.callRoute(chainConfigRoute);
    const factory = config?.contracts.SmartAccountFactory;
    const paymaster = config?.contracts.VerifyingPaymaster;
    if (!factory || !paymaster) throw new Error('The badge contracts are not deployed on this chain');
    const owner = await client.readContract({
      address: account,
      abi: smartAccountAbi,
      functionName: 'owner',
    });
    const sessionKey = privateKeyToAccount(privateKey);
    const smartAccount = await toOjoSmartAccount({
      client,
      factoryAddress: getAddress(factory),
      owner,
      sessionKey,
    });
    if (smartAccount.address.toLowerCase() !== account.toLowerCase()) {
      throw new Error('The session key does not belong to this account');
    }
    const bundler = createOjoBundlerClient({
      bundlerUrl: env.bundlerUrl,
      client,
      account: smartAccount,
      paymaster: createVerifyingPaymaster({
        paymasterAddress: getAddress(paymaster),
        getSponsorship: async ({ chainId: _chainId, ...operation }) => {
          const hex = (value: bigint | undefined) => (value === undefined ? undefined : numberToHex(value));
          const answer = await apiClient.callRoute(gasPolicyRoute, {
            body: {
              sender: operation.sender,
              nonce: hex(operation.nonce),
              callData: operation.callData,
              callGasLimit: hex(operation.callGasLimit),
              verificationGasLimit: hex(operation.verificationGasLimit),
              preVerificationGas: hex(operation.preVerificationGas),
              maxFeePerGas: hex(operation.maxFeePerGas),
              maxPriorityFeePerGas: hex(operation.maxPriorityFeePerGas),
              paymasterVerificationGasLimit: hex(operation.paymasterVerificationGasLimit),
              paymasterPostOpGasLimit: hex(operation.paymasterPostOpGasLimit),
              // The key's stub: the API estimates the operation along this key's validation path.
              signature: encodeSessionKeySignature(sessionKey.address, STUB_ECDSA_SIGNATURE),
            },
          });
          if (!answer) throw new Error('The paymaster refused the badge mint');
          return answer.policy_data.paymasterData as Hex;
        },
      }),
    });
    const userOpHash = await bundler.sendUserOperation({
      calls: rows.map((row) => mintWithSignatureCall(badgeNft, requestOf(row), row.signature as Hex)),
    });
    onSent(userOpHash);
    const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: 60_000 });
    return { userOpHash, succeeded: receipt.success };
  })();
}
