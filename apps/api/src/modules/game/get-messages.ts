import type { Database } from '@ojo/db/client';
import { gameShareMessages } from '@ojo/db/schema/game-messages';
import { asc, eq } from '@ojo/db/sql';
import { raceShareLines } from '@ojo/domain/share/race-share';
import { brandShareLine, type ShareBrand } from '@ojo/domain/share/share-text';

/** The most lines of a kind /messages answers (the contract's limit). */
const MAX_LINES = 50;

/**
 * GET /messages (product.md 7): the active win and loss share lines of the operator's table (game_share_messages), in
 * their order, each with the brand's mention, hashtag and $OJO (product.md 9). Only lines the race share can use are
 * served (raceShareLines: what the player called through {call}, the link through {link}, no number of their own);
 * a kind with none answers the built-in lines, so a share always has a line. The web fills {call}, {seconds} and
 * {link} for the player, and keeps the built-in lines for when this call fails (product.md 8).
 */
export async function getMessages(
  db: Database,
  brand: ShareBrand,
): Promise<{ win: string[]; loss: string[] }> {
  const rows = await db
    .select({ kind: gameShareMessages.kind, text: gameShareMessages.text })
    .from(gameShareMessages)
    .where(eq(gameShareMessages.isActive, true))
    .orderBy(asc(gameShareMessages.sortOrder), asc(gameShareMessages.createdAt));
  const of = (kind: 'win' | 'loss') =>
    raceShareLines(
      rows.filter((row) => row.kind === kind).map((row) => row.text),
      kind,
    )
      .slice(0, MAX_LINES)
      .map((line) => brandShareLine(line, brand));
  return { win: of('win'), loss: of('loss') };
}
