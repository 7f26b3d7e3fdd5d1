import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { sql } from '@ojo/db/sql';

export interface RealBets {
  /** Rounds the player really bet in. */
  rounds: number;
  /** OJO staked in them. */
  ojo: bigint;
}

/**
 * A player's real bets: active bets (not withdrawn) in rounds the scheduler has moved past betting and that were
 * not voided (a voided round refunds every bet). Other modules ask here: redeeming needs them (the trade limit), a
 * referral counts, a first-come badge is given and free OJO unlocks only after them (modules/rewards).
 */
export async function realBetsOf(db: Database | Transaction, userId: string): Promise<RealBets> {
  const [row] = await queryRows<{ rounds: number; ojo: string }>(
    db,
    sql`select count(distinct ${gameBets.roundId})::int as rounds,
          coalesce(sum(${gameBets.amount}) filter (where ${gameBets.currency} = 'OJO'), 0)::text as ojo
        from ${gameBets} join ${gameRounds} on ${gameRounds.id} = ${gameBets.roundId}
        where ${gameBets.userId} = ${userId} and ${gameBets.status} = 'active'
          and ${gameRounds.phase} not in ('upcoming', 'betting')
          and ${gameRounds.state}->>'voided' is null
          and coalesce(${gameRounds.state}->'outcome'->>'kind', '') <> 'void'`,
  );
  return { rounds: row?.rounds ?? 0, ojo: BigInt(row?.ojo ?? '0') };
}
