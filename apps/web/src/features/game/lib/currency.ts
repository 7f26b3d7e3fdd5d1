import type { BusinessType } from '@ojo/domain/enums';
import { ROUTES } from '@/config/routes';

/** The currency of a tab (product.md 3 tab types points and ojo) as the screens name it. */
export const BUSINESS_LABEL: Record<BusinessType, string> = { ojo: 'OJO', points: 'Points' };

export const TICKET_TABS = (active: BusinessType) => [
  { label: 'OJO', to: ROUTES.ojoTickets.path, active: active === 'ojo' },
  { label: 'Points', to: ROUTES.pointsTickets.path, active: active === 'points' },
];

export const PRIZE_POOL_TABS = (active: BusinessType) => [
  { label: 'OJO', to: ROUTES.ojoPrizePool.path, active: active === 'ojo' },
  { label: 'Points', to: ROUTES.pointsPrizePool.path, active: active === 'points' },
];
