import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '@ojo/db/private-files';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';

export const ID_TOKEN_ALGORITHM = 'ES256';

export interface IdentityKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as published in the JWKS (with kid, alg, use). */
  publicJwk: JWK & { kty: string; kid: string; alg: string; use: string };
}

/** File of the locally generated key (mode 0600); production passes IDENTITY_PRIVATE_JWK instead. */
export function localIdentityKeyPath(dataDir: string): string {
  return path.join(dataDir, 'identity-es256.jwk.json');
}

/**
 * The ES256 key that signs id tokens: from configuration (a private JWK, JSON) when given, else generated once
 * into DATA_DIR and reused (production refuses to start without the configured key, see config/env.ts).
 */
export async function loadIdentityKeys(options: {
  dataDir: string;
  privateJwk: string | undefined;
}): Promise<IdentityKeys> {
  const jwk = options.privateJwk
    ? parsePrivateJwk(options.privateJwk)
    : await readOrCreateLocalJwk(options.dataDir);
  const { d: _d, kid: _kid, alg: _alg, use: _use, key_ops: _ops, ...publicPart } = jwk;
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...jwk, alg: ID_TOKEN_ALGORITHM }, ID_TOKEN_ALGORITHM)) as CryptoKey;
  return {
    kid,
    privateKey,
    publicJwk: { ...publicPart, kty: publicPart.kty ?? 'EC', kid, alg: ID_TOKEN_ALGORITHM, use: 'sig' },
  };
}

function parsePrivateJwk(text: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error('IDENTITY_PRIVATE_JWK is not valid JSON');
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y) {
    throw new Error('IDENTITY_PRIVATE_JWK must be a private EC P-256 JWK (kty EC, crv P-256, x, y, d)');
  }
  return jwk;
}

async function readOrCreateLocalJwk(dataDir: string): Promise<JWK> {
  const file = localIdentityKeyPath(dataDir);
  if (existsSync(file)) return parsePrivateJwk(readFileSync(file, 'utf8'));
  const { privateKey } = await generateKeyPair(ID_TOKEN_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  ensurePrivateDir(dataDir);
  try {
    // 'wx' fails when another process created the key meanwhile; then use theirs.
    writeFileSync(file, `${JSON.stringify(jwk)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return parsePrivateJwk(readFileSync(file, 'utf8'));
    throw error;
  }
  chmodSync(file, 0o600);
  return jwk;
}
