import { InsufficientBalanceError } from '@ojo/db/ledger';

/** The PostgreSQL unique violation in `error` or one of its causes (drivers and Drizzle wrap them), if any. */
function uniqueViolationIn(error: unknown): { constraint?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return current as { constraint?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `error` (or one of its causes, as drivers and Drizzle wrap them) is a PostgreSQL unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationIn(error) !== undefined;
}

/** The constraint a PostgreSQL unique violation in `error` (or one of its causes) names, or undefined. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const constraint = uniqueViolationIn(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/**
 * True when `error` (or one of its causes) says a balance would go below zero: the ledger's own check
 * (`InsufficientBalanceError`) or the database's refusal of an overdrawn balance row (check
 * `ledger_balances_not_negative`), which a move racing another move of the same balance can meet.
 */
export function isOverdraft(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof InsufficientBalanceError) return true;
    const failure = current as { code?: unknown; constraint?: unknown };
    if (failure.code === '23514' && failure.constraint === 'ledger_balances_not_negative') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
