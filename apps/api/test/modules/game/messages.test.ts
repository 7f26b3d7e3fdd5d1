import { getMessagesRoute, routePath } from '@ojo/api-contract/game/http';
import { gameShareMessages } from '@ojo/db/schema/game-messages';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { LOSS_FALLBACK_LINES } from '@ojo/domain/share/race-share';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { saasHeaders } from '../../support/identity';

/**
 * product.md 7 /messages: the win and loss lines are operator data; only lines a share can fill are served (what the
 * player called through {call}, no number of their own), each with the @ mention, hashtag and $OJO (product.md 9); the
 * built-in lines when a kind has none.
 */
describeWithDatabases('GET /messages serves the operator’s share lines', ({ database }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
  });
  afterAll(async () => {
    await app?.close();
  });

  const messages = async () => {
    const response = await app.inject({
      method: 'GET',
      url: routePath(getMessagesRoute, {}),
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { win: string[]; loss: string[] };
  };

  const branded = (line: string) => `${line.replace('{product}', 'OJO Arena')} @OJOArena #OJOArena $OJO`;

  it('serves usable lines in order with the brand tags; lines stating their own numbers are left out', async () => {
    // The launch lines are templates: the operator's table is served, not the built-in lines.
    const seeded = await messages();
    expect(seeded.win).toEqual([
      '{call} in a {seconds}-second coin race. Race me on OJO Arena: {link} @OJOArena #OJOArena $OJO',
      '{seconds} seconds of racing: {call}. Think you can read the market faster? {link} @OJOArena #OJOArena $OJO',
      '{call} and took a share of the pool. Your turn: {link} @OJOArena #OJOArena $OJO',
    ]);
    expect(seeded.loss).toHaveLength(3);
    for (const line of [...seeded.win, ...seeded.loss]) {
      for (const part of ['{link}', '{call}', '@OJOArena', '#OJOArena', '$OJO']) expect(line).toContain(part);
    }

    // Lines stating '30 seconds' or a count are left out; a kind with no usable line gets the built-in ones.
    await app.db.update(gameShareMessages).set({ isActive: false }).where(eq(gameShareMessages.kind, 'win'));
    await app.db.insert(gameShareMessages).values([
      { kind: 'win', text: 'Operator line: {call}! {link} $OJO', sortOrder: 2 },
      { kind: 'win', text: 'Operator line in 30 seconds: {call}! {link}', sortOrder: 1 },
    ]);
    await app.db.update(gameShareMessages).set({ isActive: false }).where(eq(gameShareMessages.kind, 'loss'));
    const changed = await messages();
    expect(changed.win).toEqual(['Operator line: {call}! {link} $OJO @OJOArena #OJOArena']);
    // No active loss line: the built-in ones, so a share always has a line.
    expect(changed.loss).toEqual(LOSS_FALLBACK_LINES.map(branded));
  });

  it('refuses a kind or a text the table does not take', async () => {
    await expect(app.db.insert(gameShareMessages).values({ kind: 'draw', text: 'x' })).rejects.toThrow();
    await expect(app.db.insert(gameShareMessages).values({ kind: 'win', text: '' })).rejects.toThrow();
  });
});
