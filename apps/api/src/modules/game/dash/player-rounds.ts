import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { sql } from '@ojo/db/sql';
import { DASH_GAME } from '@ojo/domain/game/dash/rules';
import type { RealBets } from '../real-bets';

/**
 * How many Dash rounds a player played, or won: other modules ask here (the badges' progress) rather than reading
 * the round documents. A round counts as played once it settled (not void) with an active bet of the player, as
 * won when one of those bets was on a winning track (the round's outcome, as returnedOf reads it).
 */
export async function dashRoundsOf(
  db: Database | Transaction,
  userId: string,
  options: { won: boolean },
): Promise<number> {
  const [row] = await queryRows<{ rounds: string }>(
    db,
    sql`select count(distinct b.round_id)::text as rounds
        from ${gameBets} b join ${gameRounds} r on r.id = b.round_id
        where b.user_id = ${userId} and b.status = 'active' and r.game = ${DASH_GAME}
          and r.settled_at is not null
          and coalesce(r.state->'outcome'->>'kind', '') <> 'void'
          ${options.won ? sql`and jsonb_exists(r.state->'outcome'->'winners', b.track)` : sql``}`,
  );
  return Number(row?.rounds ?? 0);
}

/**
 * A player's real bets in Dash (real-bets.ts adds up every game's): active bets in rounds the scheduler has moved
 * past betting and that were not voided (a voided round, before or at settlement, refunds every bet).
 */
export async function dashRealBetsOf(db: Database | Transaction, userId: string): Promise<RealBets> {
  const [row] = await queryRows<{ rounds: number; ojo: string }>(
    db,
    sql`select count(distinct ${gameBets.roundId})::int as rounds,
          coalesce(sum(${gameBets.amount}) filter (where ${gameBets.currency} = 'OJO'), 0)::text as ojo
        from ${gameBets} join ${gameRounds} on ${gameRounds.id} = ${gameBets.roundId}
        where ${gameBets.userId} = ${userId} and ${gameBets.status} = 'active'
          and ${gameRounds.game} = ${DASH_GAME}
          and ${gameRounds.phase} not in ('upcoming', 'betting')
          and ${gameRounds.state}->>'voided' is null
          and coalesce(${gameRounds.state}->'outcome'->>'kind', '') <> 'void'`,
  );
  return { rounds: row?.rounds ?? 0, ojo: BigInt(row?.ojo ?? '0') };
}
