import { type Address, encodeFunctionData, type Hex, type LocalAccount, toFunctionSelector } from 'viem';
import { badgeNFTAbi } from '../generated/abis';

/** product.md 3 'Mint request (badge contract)': the fields BadgeNFT.mintWithSignature takes, signed by the badge signer. */
export interface MintRequest {
  to: Address;
  royaltyRecipient: Address;
  royaltyBps: bigint;
  primarySaleRecipient: Address;
  tokenId: bigint;
  uri: string;
  quantity: bigint;
  pricePerToken: bigint;
  currency: Address;
  /** Unix seconds. */
  validityStart: bigint;
  /** Unix seconds. */
  validityEnd: bigint;
  /** Single use (bytes32). */
  uid: Hex;
}

export const MINT_REQUEST_TYPES = {
  MintRequest: [
    { name: 'to', type: 'address' },
    { name: 'royaltyRecipient', type: 'address' },
    { name: 'royaltyBps', type: 'uint256' },
    { name: 'primarySaleRecipient', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'uri', type: 'string' },
    { name: 'quantity', type: 'uint256' },
    { name: 'pricePerToken', type: 'uint256' },
    { name: 'currency', type: 'address' },
    { name: 'validityStart', type: 'uint128' },
    { name: 'validityEnd', type: 'uint128' },
    { name: 'uid', type: 'bytes32' },
  ],
} as const;

/** BadgeNFT's EIP-712 domain: its name and version, the chain and the contract. */
export function badgeNftDomain(chainId: number, badgeNft: Address) {
  return { name: 'BadgeNFT', version: '1', chainId, verifyingContract: badgeNft } as const;
}

/** The badge signer's EIP-712 signature of `request` for BadgeNFT at `badgeNft` on `chainId`. */
export function signMintRequest(
  signer: LocalAccount,
  request: MintRequest,
  domain: { chainId: number; badgeNft: Address },
): Promise<Hex> {
  return signer.signTypedData({
    domain: badgeNftDomain(domain.chainId, domain.badgeNft),
    types: MINT_REQUEST_TYPES,
    primaryType: 'MintRequest',
    message: request,
  });
}

/** The selector a badge session key is limited to (product.md 4: only the badge contract's signature-mint function). */
export const MINT_WITH_SIGNATURE_SELECTOR: Hex = toFunctionSelector(
  'mintWithSignature((address,address,uint256,address,uint256,string,uint256,uint256,address,uint128,uint128,bytes32),bytes)',
);

/** The call (to BadgeNFT) that mints `request` with its signature. */
export function mintWithSignatureCall(badgeNft: Address, request: MintRequest, signature: Hex) {
  return {
    to: badgeNft,
    value: 0n,
    data: encodeFunctionData({
      abi: badgeNFTAbi,
      functionName: 'mintWithSignature',
      args: [request, signature],
    }),
  };
}
