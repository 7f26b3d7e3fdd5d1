// Lint fixture (scripts/lint-boundaries.test.mjs): linted as packages/domain/src/fixture.ts.
// A package importing an app, by name and by path: lint/style/noRestrictedImports must refuse both.
import { buildApp } from '@ojo/api/src/app';
import { apiClient } from '../../../apps/web/src/lib/api-client';

export const uses = [buildApp, apiClient];
