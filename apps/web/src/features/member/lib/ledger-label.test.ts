import { describe, expect, it } from 'vitest';
import { ledgerLabel } from './ledger-label';

describe('ledgerLabel', () => {
  it('names every entry the race and the season write in words', () => {
    expect(
      [
        'game.dash.bet',
        'game.dash.bet.change',
        'game.dash.bet.withdraw',
        'game.dash.payout',
        'game.dash.refund',
        'game.season.rank_prize',
        'game.season.draw_prize',
      ].map(ledgerLabel),
    ).toEqual([
      'Race bet',
      'Race bet changed',
      'Race bet withdrawn',
      'Race winnings',
      'Race refund',
      'Season rank prize',
      'Season draw prize',
    ]);
  });

  it('names check-in, task and OJO entries', () => {
    expect(['checkin', 'task', 'task_reward', 'coin.order', 'coin.withdraw'].map(ledgerLabel)).toEqual([
      'Daily check-in',
      'Task reward',
      'Task reward',
      'OJO bought',
      'OJO redeemed',
    ]);
  });

  it('never shows a stored code, even for a reason it does not know', () => {
    for (const code of ['game.dash.bonus', 'game.season.extra', 'coin.gift', 'mystery_thing']) {
      const label = ledgerLabel(code);
      expect(label).not.toContain('.');
      expect(label).not.toContain('_');
      expect(label).not.toBe(code);
    }
    expect(ledgerLabel('game.dash.bonus')).toBe('Race');
  });
});
