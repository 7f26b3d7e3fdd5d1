// Lint fixture (scripts/lint-boundaries.test.mjs): linted in modules of apps/api/src/modules other than referral, in
// a plugin and in the referral module itself. Only the referral module imports the referrals table's schema:
// lint/style/noRestrictedImports must refuse it everywhere else, and let the referral module import it.
import { referrals } from '@ojo/db/schema/referrals';
import { users } from '@ojo/db/schema/users';

export const uses = [referrals, users];
