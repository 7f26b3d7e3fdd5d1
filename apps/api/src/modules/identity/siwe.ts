import type { Database } from '@ojo/db/client';
import { type Address, getAddress, type Hex, isAddress, type PublicClient } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { identityErrors } from './errors';
import { consumeNonce, isNonceUsable, NONCE_PURPOSE, type NoncePurpose } from './nonces';
import type { ProductAccountSigners } from './product-account-signer';

/** Clock skew tolerated on issuedAt / notBefore (the wallet and the API clocks differ a little). */
const CLOCK_SKEW_MS = 60_000;

export interface SiweExpectations {
  /** The signing app's origin, e.g. http://localhost:3000: its host is the message's domain, itself the message's uri. */
  origin: string;
  chainId: number;
  /** What the nonce was issued for: a player's SIWE nonce cannot sign in to the console, nor the reverse. */
  noncePurpose: NoncePurpose;
}

/**
 * A player's SIWE sign-in ("Identity layer"): the message checks of `verifySiweMessage` against the web origin, and
 * the address must be one of the product's smart accounts (`accounts`; a plain key would be a free account).
 */
export async function verifySiweLogin(
  db: Database,
  publicClient: PublicClient,
  accounts: ProductAccountSigners,
  expectations: { webOrigin: string; chainId: number },
  input: { message: string; signature: Hex },
  now: Date = new Date(),
): Promise<Address> {
  return verifySiweMessage(
    db,
    publicClient,
    { origin: expectations.webOrigin, chainId: expectations.chainId, noncePurpose: NONCE_PURPOSE.siwe },
    input,
    now,
    async (address) => {
      // A plain key (or anyone's contract) would be a free account without limit: only our smart accounts sign in.
      if (!(await accounts.isProductAccount(address, input.signature))) {
        throw identityErrors.siweRefused(
          'siweAccountNotProduct',
          "Only the account provider's smart accounts can sign in; this address is not one",
        );
      }
    },
  );
}

/**
 * Checks an EIP-4361 message and its signature: domain = origin host, uri = origin, chain id, version 1, issuedAt not
 * in the future, expirationTime required and not passed, notBefore passed, the nonce known for its purpose,
 * unconsumed and unexpired, and the signature valid for the address through the chain (viem verifyMessage: an EOA's
 * own signature, EIP-1271 for deployed smart accounts, EIP-6492 for counterfactual ones), then the caller's own
 * `accept` check. The nonce is consumed only after all of them, in one conditional update. Returns the checksummed
 * address.
 */
export async function verifySiweMessage(
  db: Database,
  publicClient: PublicClient,
  expectations: SiweExpectations,
  input: { message: string; signature: Hex },
  now: Date,
  accept: (address: Address) => Promise<void> = async () => undefined,
): Promise<Address> {
  const fields = parseSiweMessage(input.message);
  if (
    !fields.address ||
    !isAddress(fields.address, { strict: false }) ||
    !fields.domain ||
    !fields.uri ||
    !fields.nonce ||
    fields.chainId === undefined ||
    fields.version !== '1'
  ) {
    throw identityErrors.siweInvalid();
  }
  const web = new URL(expectations.origin);
  if (fields.domain !== web.host) {
    throw identityErrors.siweRefused('siweDomainMismatch', `The message domain must be ${web.host}`);
  }
  if (safeOrigin(fields.uri) !== web.origin) {
    throw identityErrors.siweRefused('siweUriMismatch', `The message uri must be ${web.origin}`);
  }
  if (fields.chainId !== expectations.chainId) {
    throw identityErrors.siweRefused(
      'siweChainMismatch',
      `The message chain id must be ${expectations.chainId}`,
    );
  }
  if (!isValidDate(fields.issuedAt) || fields.issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw identityErrors.siweRefused(
      'siweIssuedAtInvalid',
      'The message issuedAt is missing or in the future',
    );
  }
  if (!isValidDate(fields.expirationTime)) {
    throw identityErrors.siweRefused('siweExpirationRequired', 'The message needs an expirationTime');
  }
  if (fields.expirationTime.getTime() <= now.getTime()) {
    throw identityErrors.siweRefused('siweExpired', 'The message has expired');
  }
  if (fields.notBefore !== undefined) {
    if (!isValidDate(fields.notBefore) || fields.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw identityErrors.siweRefused('siweNotYetValid', 'The message is not valid yet (notBefore)');
    }
  }
  if (!(await isNonceUsable(db, fields.nonce, expectations.noncePurpose))) {
    throw identityErrors.siweRefused('siweNonceInvalid', 'The nonce is unknown, expired or already used');
  }

  const address = getAddress(fields.address);
  let valid = false;
  try {
    valid = await publicClient.verifyMessage({ address, message: input.message, signature: input.signature });
  } catch (error) {
    // A malformed signature makes viem throw while decoding: that is an invalid signature, not an outage.
    if (isChainUnreachable(error)) {
      throw identityErrors.chainUnavailable();
    }
    valid = false;
  }
  if (!valid)
    throw identityErrors.siweRefused('siweSignatureInvalid', 'The signature is not valid for the address');
  await accept(address);

  if (
    !(await consumeNonce(db, { nonce: fields.nonce, purpose: expectations.noncePurpose, publicKey: address }))
  ) {
    throw identityErrors.siweRefused('siweNonceInvalid', 'The nonce is unknown, expired or already used');
  }
  return address;
}

function isValidDate(value: Date | undefined): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

function safeOrigin(uri: string): string | null {
  try {
    const url = new URL(uri);
    // The uri must be the origin itself (a path of "/" is the same resource).
    return url.pathname === '/' && !url.search && !url.hash ? url.origin : null;
  } catch {
    return null;
  }
}

function isChainUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    const name = (current as { name?: string }).name;
    if (name === 'HttpRequestError' || name === 'TimeoutError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
