import { isCheckInDone } from '../check-in-state';
import { hasConnectedAddress } from '../derived-tasks';
import { TaskFailure } from '../errors';
import type { Verifier } from './types';

/** sign_in: the session itself proves it (a daily task, once per UTC day). */
export const verifySignIn: Verifier = async () => 1;

/**
 * do_task (play game 411004): completed only by the product event it names (a settled round: the race enqueues the
 * tasks module's job, complete-do-task.job.ts), never on a client's word, or anyone could call do-task or verify
 * every day for the reward without playing. The calls answer done once the job has completed it (verify-task reads
 * that first), and 'not met' before: the reward lands a few seconds after the round settles.
 */
export const verifyDoTask: Verifier = async () => {
  throw new TaskFailure('notMet');
};

/** product.md 4: 'Wallet-bind tasks are done once any connected address exists.' */
export const verifyWalletBind: Verifier = async ({ db, user }) => {
  if (!(await hasConnectedAddress(db, user.id))) throw new TaskFailure('notMet');
  return 1;
};

/** osp_profile_create: done once the on-chain profile is saved (product.md 8 'Please try again after ... a profile'). */
export const verifyProfileCreate: Verifier = async ({ user }) => {
  if (!user.handle) throw new TaskFailure('notMet');
  return 1;
};

/** The daily check-in task (411010): its state is the check-in's own (one function, check-in-state.ts). */
export const verifyCheckIn: Verifier = async ({ db, user, now }) => {
  if (!(await isCheckInDone(db, user.id, now))) throw new TaskFailure('notMet');
  return 1;
};
