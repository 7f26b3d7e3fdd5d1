/**
 * What a ledger entry was for, in words a player reads, by its `businessType` (the entry's reason up to its first
 * ':'). The reasons are the ones the API writes (checkin, tasks, the race, season prizes, buying and redeeming OJO).
 */
const LEDGER_LABELS: Record<string, string> = {
  checkin: 'Daily check-in',
  task: 'Task reward',
  task_reward: 'Task reward',
  seed: 'Welcome bonus',
  'game.dash.bet': 'Race bet',
  'game.dash.bet.change': 'Race bet changed',
  'game.dash.bet.withdraw': 'Race bet withdrawn',
  'game.dash.payout': 'Race winnings',
  'game.dash.refund': 'Race refund',
  'game.season.rank_prize': 'Season rank prize',
  'game.season.draw_prize': 'Season draw prize',
  'coin.order': 'OJO bought',
  'coin.withdraw': 'OJO redeemed',
  'coin.withdraw.cancelled': 'Redeem cancelled',
  'coin.withdraw.failed': 'Redeem failed',
};

/** A reason this list does not know yet still reads as words, never as the code it is stored under. */
const FAMILY_LABELS: ReadonlyArray<[prefix: string, label: string]> = [
  ['game.season.', 'Season prize'],
  ['game.', 'Race'],
  ['coin.', 'OJO'],
];

export function ledgerLabel(businessType: string): string {
  return (
    LEDGER_LABELS[businessType] ??
    FAMILY_LABELS.find(([prefix]) => businessType.startsWith(prefix))?.[1] ??
    'Balance change'
  );
}
