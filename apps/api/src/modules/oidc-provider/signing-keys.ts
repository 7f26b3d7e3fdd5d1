import path from 'node:path';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import { oidcDataDir, readOrCreateSecretFile } from '../../lib/local-secret-files';

export const ID_TOKEN_ALGORITHM = 'ES256';

export interface ProviderSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as published at `/jwks` (kty, crv, x, y, kid, alg, use). */
  publicJwk: JWK;
}

/**
 * The ES256 key one embedded provider signs its id tokens with: generated once into
 * `DATA_DIR/oidc-provider/<provider>-signing-key.jwk` (mode 0600) and reused across restarts, so tokens and cached
 * JWKS stay valid. Each provider has its own key, as Google, Twitter and Apple do.
 */
export async function loadSigningKey(dataDir: string, provider: string): Promise<ProviderSigningKey> {
  const file = path.join(oidcDataDir(dataDir), `${provider}-signing-key.jwk`);
  // Generating is async and the writer is sync: make a candidate first; the file keeps whichever was written first.
  const { privateKey: candidate } = await generateKeyPair(ID_TOKEN_ALGORITHM, { extractable: true });
  const candidateJwk = await exportJWK(candidate);
  const stored = JSON.parse(readOrCreateSecretFile(file, () => `${JSON.stringify(candidateJwk)}\n`)) as JWK;
  if (stored.kty !== 'EC' || stored.crv !== 'P-256' || !stored.d) {
    throw new Error(`${file} is not a P-256 private key; delete it to generate a new one`);
  }
  const privateKey = (await importJWK(stored, ID_TOKEN_ALGORITHM)) as CryptoKey;
  const { d: _secret, ...publicPart } = stored;
  const publicKey = (await importJWK(publicPart, ID_TOKEN_ALGORITHM)) as CryptoKey;
  const kid = await calculateJwkThumbprint(publicPart);
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...publicPart, kid, alg: ID_TOKEN_ALGORITHM, use: 'sig' },
  };
}
