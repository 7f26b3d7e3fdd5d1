// Lint fixture (scripts/lint-boundaries.test.mjs): linted at each guarded place; none of these imports crosses a
// boundary, so no noRestrictedImports diagnostic may appear.
import { LOGIN_TEXT } from '@ojo/domain/messages';
import { helper } from './helper';

export const uses = [LOGIN_TEXT, helper];
