import type { ConsoleSession } from '@ojo/api-contract/operator';
import type { Database, Transaction } from '@ojo/db/client';
import { type Operator, operators } from '@ojo/db/schema/operators';
import { eq, sql } from '@ojo/db/sql';
import type { Address, Hex, PublicClient } from 'viem';
import type { AppConfig } from '../../config/env';
import { recordAudit } from '../audit/record-audit';
import { NONCE_PURPOSE } from '../identity/nonces';
import { verifySiweMessage } from '../identity/siwe';
import { issueSessionToken } from '../session/session-token';
import { operatorErrors } from './errors';
import { openOperatorSession } from './operator-sessions';
import { auditStateOf, isConfiguredOwner, operatorViewOf } from './operators';

/**
 * Whether the first console sign-in may make its address the owner: only on the local devnet outside production
 * and with no owner configured, so `npm start` works offline with any wallet (docs/console.md).
 */
export function firstSignInMakesOwner(config: AppConfig): boolean {
  return (
    config.localDevnet.isLocalDevnet && !config.isProduction && config.operator.ownerAddresses.length === 0
  );
}

const actorOf = (row: Operator) => ({ operatorId: row.id, operatorAddress: auditStateOf(row).address });

/**
 * The operator an address signs in as, in the sign-in's transaction: a configured owner's row is created (or made
 * owner again) here, the local first sign-in becomes the owner, anyone else must already be an operator.
 */
async function operatorSigningIn(tx: Transaction, address: Address, config: AppConfig): Promise<Operator> {
  const lower = address.toLowerCase();
  const [existing] = await tx.select().from(operators).where(eq(operators.address, lower)).for('update');
  if (isConfiguredOwner(config.operator, address)) {
    if (existing?.role === 'owner') return existing;
    const [owner] = await tx
      .insert(operators)
      .values({ address: lower, role: 'owner' })
      .onConflictDoUpdate({ target: operators.address, set: { role: 'owner', updatedAt: sql`now()` } })
      .returning();
    if (!owner) throw new Error('the configured owner was not written');
    await recordAudit(tx, actorOf(owner), {
      action: 'operator:owner-from-configuration',
      target: `operator:${owner.id}`,
      before: existing ? auditStateOf(existing) : null,
      after: auditStateOf(owner),
    });
    return owner;
  }
  if (existing) return existing;
  if (!firstSignInMakesOwner(config)) throw operatorErrors.unknown();
  const [anyOperator] = await tx.select({ id: operators.id }).from(operators).limit(1);
  if (anyOperator) throw operatorErrors.unknown();
  // The partial unique index on first_sign_in lets one of two racing first sign-ins through.
  const [first] = await tx
    .insert(operators)
    .values({ address: lower, role: 'owner', firstSignIn: true })
    .onConflictDoNothing()
    .returning();
  if (!first) throw operatorErrors.unknown();
  await recordAudit(tx, actorOf(first), {
    action: 'operator:first-sign-in-owner',
    target: `operator:${first.id}`,
    before: null,
    after: auditStateOf(first),
  });
  return first;
}

/**
 * `POST /console/session`: the SIWE message for the console's origin with a console nonce, signed by the address
 * (an EOA, an ERC-1271 smart account or an ERC-6492 counterfactual one), then a console session for its operator
 * and the operator token (the session token's format with the operator audience; `sub` is the operator).
 */
export async function signInOperator(
  db: Database,
  publicClient: PublicClient,
  config: AppConfig,
  input: { message: string; signature: Hex },
  nowMs: number,
): Promise<ConsoleSession> {
  const now = new Date(nowMs);
  const address = await verifySiweMessage(
    db,
    publicClient,
    {
      origin: config.operator.consoleOrigin,
      chainId: config.chain.chainId,
      noncePurpose: NONCE_PURPOSE.operatorSiwe,
    },
    input,
    now,
  );
  const { operator, session } = await db.transaction(async (tx) => {
    const signingIn = await operatorSigningIn(tx, address, config);
    return {
      operator: signingIn,
      session: await openOperatorSession(tx, signingIn.id, now, config.operator.sessionSeconds),
    };
  });
  const operatorToken = await issueSessionToken(
    { ...config.jwt, audience: config.operator.audience },
    {
      userId: operator.id,
      sessionId: session.id,
      expiresAt: Math.floor(session.expiresAt.getTime() / 1000),
    },
    nowMs,
  );
  return {
    operatorToken,
    expiresAt: session.expiresAt.getTime(),
    operator: operatorViewOf(operator, config.operator),
  };
}
