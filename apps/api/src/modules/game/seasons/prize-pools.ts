import type { Database } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { gamePrizePoolEntries } from '@ojo/db/schema/game';
import { sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';

/** Each currency's prize pool: the sum of its entries (every game's rounds feed it; the seasons pay from it). */
export async function prizePools(db: Database): Promise<Record<GameCurrency, string>> {
  const rows = await queryRows<{ currency: GameCurrency; total: string }>(
    db,
    sql`select currency, sum(amount)::text as total from ${gamePrizePoolEntries} group by currency`,
  );
  const pools = { OJO: '0', POINT: '0' };
  for (const row of rows) pools[row.currency] = row.total;
  return pools;
}
