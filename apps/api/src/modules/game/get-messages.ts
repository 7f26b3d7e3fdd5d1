import type { Database } from '@ojo/db/client';
import { gameShareMessages } from '@ojo/db/schema/game-messages';
import { asc, eq } from '@ojo/db/sql';
import { LOSS_FALLBACK_LINES, WIN_FALLBACK_LINES } from '@ojo/domain/share/share-text';

/** The most lines of a kind /messages answers (the contract's limit). */
const MAX_LINES = 50;

/**
 * GET /messages (spec 7): the active win and loss share lines of the operator's table (game_share_messages, seeded
 * by migration with the launch lines), in their order. A kind with no active line answers the built-in lines, so a
 * share always has a line; the web keeps the same built-in lines for when the call itself fails (spec 8).
 */
export async function getMessages(db: Database): Promise<{ win: string[]; loss: string[] }> {
  const rows = await db
    .select({ kind: gameShareMessages.kind, text: gameShareMessages.text })
    .from(gameShareMessages)
    .where(eq(gameShareMessages.isActive, true))
    .orderBy(asc(gameShareMessages.sortOrder), asc(gameShareMessages.createdAt));
  const of = (kind: 'win' | 'loss') =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => row.text)
      .slice(0, MAX_LINES);
  const win = of('win');
  const loss = of('loss');
  return {
    win: win.length > 0 ? win : [...WIN_FALLBACK_LINES],
    loss: loss.length > 0 ? loss : [...LOSS_FALLBACK_LINES],
  };
}
