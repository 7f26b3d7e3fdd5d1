// Lint fixture (scripts/lint-boundaries.test.mjs): linted as apps/api/src/plugins/fixture.ts.
// A plugin importing a module: lint/style/noRestrictedImports must refuse it.
import { findSessionUser } from '../modules/session/sessions';

export const uses = [findSessionUser];
