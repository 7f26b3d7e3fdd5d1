/**
 * The console's roles (docs/console.md), from the most to the least allowed: each role may do what the roles below
 * it may. owner: everything, including managing operators; operator: content and economy settings; support:
 * players (read, freeze); viewer: dashboards.
 */
export const OPERATOR_ROLES = ['owner', 'operator', 'support', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const RANK: Record<OperatorRole, number> = { owner: 3, operator: 2, support: 1, viewer: 0 };

/** True when an operator with `role` may call a route that requires `required`. */
export function roleAllows(role: OperatorRole, required: OperatorRole): boolean {
  return RANK[role] >= RANK[required];
}
