import { badgeClaims, badges } from '@ojo/db/schema/badges';
import { eq } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import type { PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUid } from '../../../src/modules/badge/check-badges';
import type { BadgeDeps } from '../../../src/modules/badge/deps';
import { signMintRequests } from '../../../src/modules/badge/sign-mint-requests';
import { insertUser } from '../../helpers';

/**
 * A signed mint request must never have a sibling that is also mintable: a second request (new uid) for the same
 * claim while the first can still be minted lets the player mint the badge twice (BadgeNFT only checks each uid).
 */
describe('badge mint requests: no second request while the first can still be minted (PGlite)', () => {
  let database: TestDatabase;
  let nowMs = Date.parse('2026-11-23T00:00:00Z');
  let chainReads = 0;
  let deps: BadgeDeps;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    deps = {
      db: database.db,
      // The uid is never minted here; counting reads shows when the API considered replacing the request.
      publicClient: {
        readContract: async () => {
          chainReads += 1;
          return false;
        },
      } as unknown as PublicClient,
      chainId: 31337,
      bundlerUrl: 'http://127.0.0.1:1',
      badgeNft: () => '0x00000000000000000000000000000000000000b1',
      partnerAssets: () => undefined,
      dashRounds: {} as BadgeDeps['dashRounds'],
      signer: privateKeyToAccount(generatePrivateKey()),
      mintValiditySeconds: 600,
      royaltyRecipient: undefined,
      now: () => nowMs,
    };
  });
  afterAll(async () => database?.close());

  it('hands out the same uid until the first request has expired on any chain clock, then a new one', async () => {
    const player = await insertUser(database.db);
    let [badge] = await database.db.select().from(badges).limit(1);
    if (!badge) {
      [badge] = await database.db
        .insert(badges)
        .values({
          id: 9001,
          series: 'OnboardingBadge',
          seriesName: 'Onboarding',
          name: 'Test',
          category: 'EARLY_BIRD',
          tokenId: 9001n,
          progressSource: 'tasks',
          progressType: 'tasks',
          condition: 1,
        })
        .returning();
    }
    await database.db.insert(badgeClaims).values({
      userId: player.id,
      badgeId: badge!.id,
      address: '0x2222222222222222222222222222222222222222',
      uid: newUid(),
    });
    const [first] = await signMintRequests(deps, player.id);
    expect(first).toBeDefined();
    const end = Number(first!.validityEndTimestamp);

    // 60 s before the end (inside the old "refresh early" margin): the first request is still mintable.
    nowMs = (end - 60) * 1000;
    const [nearEnd] = await signMintRequests(deps, player.id);
    expect(nearEnd!.uid).toBe(first!.uid);
    expect(nearEnd!.signature).toBe(first!.signature);

    // Just past its end on the API's clock: a chain clock trailing the API's could still accept it.
    nowMs = (end + 30) * 1000;
    const [justAfter] = await signMintRequests(deps, player.id);
    expect(justAfter!.uid).toBe(first!.uid);
    expect(chainReads).toBe(0);

    // Long expired everywhere: a new request with a new uid (the old one was checked unused first).
    nowMs = (end + 3600) * 1000;
    const [renewed] = await signMintRequests(deps, player.id);
    expect(renewed!.uid).not.toBe(first!.uid);
    expect(chainReads).toBe(1);
    const [stored] = await database.db.select().from(badgeClaims).where(eq(badgeClaims.userId, player.id));
    expect(stored!.uid).toBe(renewed!.uid);
  });
});
