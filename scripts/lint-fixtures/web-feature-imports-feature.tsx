// Lint fixture (scripts/lint-boundaries.test.mjs): linted as apps/web/src/features/fixture/components/page.tsx.
// Both imports leave the feature for another one: lint/style/noRestrictedImports must refuse each.
import { HeaderLoginButtons } from '@/features/home/components/header-login-buttons';
import { useReferral } from '../../referral/hooks/use-referral';

export const uses = [HeaderLoginButtons, useReferral];
