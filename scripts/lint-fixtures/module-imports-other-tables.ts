// Lint fixture (scripts/lint-boundaries.test.mjs): linted in a module of apps/api/src/modules other than game and
// tasks, in the game module and in the tasks module. A module imports only its own tables' schema (and the shared
// ones, such as users): lint/style/noRestrictedImports must refuse each import of another module's tables.
import { gameShareMessages } from '@ojo/db/schema/game-messages';
import { gameRounds } from '@ojo/db/schema/game';
import { tasks } from '@ojo/db/schema/tasks';
import { users } from '@ojo/db/schema/users';

export const uses = [gameRounds, gameShareMessages, tasks, users];
