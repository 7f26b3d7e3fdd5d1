import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_KINDS } from '../enums';
import { DEFAULT_DASH_CONFIG } from './dash/rules';
import { bpsText, DEFAULT_RULES_TEXT_CONFIG, rulesText } from './rules-text';
import { DEFAULT_LADDER_CONFIG } from './season/ladder';

const RULES_MD = readFileSync(new URL('./dash/RULES.md', import.meta.url), 'utf8');

describe("product.md 3 'Rule kinds: PRIZE_POOL, RANK.': the texts the API serves", () => {
  it('are, at the default configuration, word for word the sections of RULES.md', () => {
    for (const kind of RULE_KINDS) {
      const text = rulesText(kind);
      expect(RULES_MD).toContain(`(${kind})\n\n${text}\n`);
    }
  });

  it('follow the configuration, so players read the numbers the code applies', () => {
    const config = {
      ...DEFAULT_RULES_TEXT_CONFIG,
      feeBps: 250,
      ladder: { ...DEFAULT_LADDER_CONFIG, minBets: 9, tiers: ['Low', 'High'] },
    };
    expect(rulesText('PRIZE_POOL', config)).toContain('Every round pays 2.5% of its stakes');
    expect(rulesText('RANK', config)).toContain('ladder of 2 tiers, lowest first: Low, High');
    expect(rulesText('RANK', config)).toContain('at least 9 settled bets');
  });

  it('write basis points as percentages', () => {
    expect([bpsText(500), bpsText(250), bpsText(1), bpsText(10_000), bpsText(0)]).toEqual([
      '5%',
      '2.5%',
      '0.01%',
      '100%',
      '0%',
    ]);
  });
});

describe('RULES.md states the minimum bets the game applies by default', () => {
  it('names the OJO and FishXP minimums of the default configuration', () => {
    const { OJO, POINT } = DEFAULT_DASH_CONFIG.minStake;
    expect(RULES_MD).toContain(`in OJO (minimum ${OJO}) or in points, shown as FishXP (minimum ${POINT})`);
  });
});

describe('RULES.md states every rule the brief asks for', () => {
  it('has the tie, remainder, no-winner, stale-feed, fee, tickets and season sections', () => {
    for (const heading of [
      '## Winners and the tie rule',
      '## Payouts, fee and remainder',
      '## No winning bet',
      '## Stale price feed, cancelled round',
      '## Checking a round',
      '## Prize pool (PRIZE_POOL)',
      '## Ranks (RANK)',
    ])
      expect(RULES_MD).toContain(heading);
  });
});
