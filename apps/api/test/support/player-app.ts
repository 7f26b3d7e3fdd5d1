import { createTestDatabase } from '@ojo/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, insertUser } from '../helpers';
import { saasHeaders } from './identity';

/**
 * One API on PGlite (no chain) and one logged-in player, for a describe block: `call` sends a request as that
 * player. Registers its own beforeAll/afterAll.
 */
export function usePlayerApp() {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let close: () => Promise<void> = async () => {};
  let jwt = '';
  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database));
    close = async () => {
      await app.close();
      await database.close();
    };
    await app.ready();
    const player = await insertUser(app.db, {
      smartAccountAddress: '0x1111111111111111111111111111111111111111',
    });
    jwt = await app.issueSessionToken(player.id);
  });
  afterAll(() => close());
  return {
    call: (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { ...saasHeaders, jwt_token: jwt },
        ...(payload ? { payload } : {}),
      }),
  };
}
