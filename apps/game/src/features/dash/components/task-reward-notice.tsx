import { formatAmount } from '@ojo/domain/format/amount';
import type { Currency } from '../balances';
import { CURRENCY_LABEL } from './bet-panel';

/** What the daily play task (411004) credited, as the game socket's `balance` message says. */
export interface TaskReward {
  currency: Currency;
  amount: string;
}

/**
 * The play task's reward, credited by a background job a few seconds after the player's first settled round of the
 * UTC day: said in the frame, so the balance moving on its own has a reason. It stays until the player closes it.
 */
export function TaskRewardNotice({ reward, onClose }: { reward: TaskReward; onClose(): void }) {
  return (
    <div className="reward-notice" role="status" data-testid="task-reward-notice">
      <p>
        Daily task done: <strong>Play a game</strong>, +{formatAmount(reward.amount)}{' '}
        {CURRENCY_LABEL[reward.currency]}
      </p>
      <button type="button" className="reward-notice__close" onClick={onClose} aria-label="Close">
        ×
      </button>
    </div>
  );
}
