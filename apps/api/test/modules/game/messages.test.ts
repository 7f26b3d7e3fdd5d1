import { getMessagesRoute, routePath } from '@ojo/api-contract/game/http';
import { gameShareMessages } from '@ojo/db/schema/game-messages';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { LINK_PLACEHOLDER, LOSS_FALLBACK_LINES, WIN_FALLBACK_LINES } from '@ojo/domain/share/share-text';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { saasHeaders } from '../../support/identity';

/** spec 7 /messages: the win and loss lines are operator data (seeded by migration), built-in lines when none. */
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

  it('answers the seeded lines in order, then what an operator changes, without a release', async () => {
    const seeded = await messages();
    expect(seeded.win).toHaveLength(3);
    expect(seeded.loss).toHaveLength(3);
    expect(seeded.win[0]).toBe('Two coins, 30 seconds, and I called both. Race me on OJO Arena: {link} $OJO');
    for (const line of [...seeded.win, ...seeded.loss]) expect(line).toContain(LINK_PLACEHOLDER);
    expect(seeded.win).not.toEqual(WIN_FALLBACK_LINES);

    await app.db
      .insert(gameShareMessages)
      .values({ kind: 'win', text: 'Operator line {link}', sortOrder: 1 });
    await app.db.update(gameShareMessages).set({ isActive: false }).where(eq(gameShareMessages.kind, 'loss'));
    const changed = await messages();
    expect(changed.win[0]).toBe('Operator line {link}');
    expect(changed.win).toHaveLength(4);
    // No active loss line: the built-in ones, so a share always has a line.
    expect(changed.loss).toEqual(LOSS_FALLBACK_LINES);
  });

  it('refuses a kind or a text the table does not take', async () => {
    await expect(app.db.insert(gameShareMessages).values({ kind: 'draw', text: 'x' })).rejects.toThrow();
    await expect(app.db.insert(gameShareMessages).values({ kind: 'win', text: '' })).rejects.toThrow();
  });
});
