import { queryRows, type Transaction } from '@ojo/db/client';
import { PROFILE_REGISTER_JOB } from '@ojo/db/profile-registrations';
import { sql } from '@ojo/db/sql';
import type { ProfileBudgetConfig } from './config';
import { profileErrors } from './errors';

/**
 * The daily budget of registrations, which the API's registrar key pays for (anything free is farmed): those one
 * client address started in the last 24 h (so one actor cannot use up the rest), then, as the last line, the
 * number all players started and the gas their transactions really cost (receipts, not estimates). Called in
 * the transaction that reserves, under a lock, so concurrent requests on every node see each other's rows.
 */
export async function checkProfileBudget(
  tx: Transaction,
  budget: ProfileBudgetConfig,
  clientAddress: string | null,
): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('profile-registration-budget'))`);
  const [usage] = await queryRows<{ started: number; fromClient: number; spent: string }>(
    tx,
    sql`select
          (select count(*)::int from jobs
            where kind = ${PROFILE_REGISTER_JOB} and created_at > now() - interval '24 hours') as started,
          (select count(*)::int from jobs
            where kind = ${PROFILE_REGISTER_JOB} and created_at > now() - interval '24 hours'
              and payload->>'clientAddress' = ${clientAddress ?? ''}) as "fromClient",
          (select coalesce(sum(t.gas_used * t.effective_gas_price), 0)::text
             from chain_transactions t join jobs j on j.id = t.job_id
            where j.kind = ${PROFILE_REGISTER_JOB} and t.mined_at > now() - interval '24 hours') as spent`,
  );
  if (clientAddress !== null && (usage?.fromClient ?? 0) >= budget.dailyPerClient) {
    throw profileErrors.clientDailyLimit();
  }
  if ((usage?.started ?? 0) >= budget.dailyRegistrations) throw profileErrors.dailyLimit();
  if (BigInt(usage?.spent ?? '0') >= budget.dailyGasBudgetWei) throw profileErrors.gasBudget();
}
