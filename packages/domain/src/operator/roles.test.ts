import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, roleAllows } from './roles';

describe('roleAllows (docs/console.md roles)', () => {
  it('lets the owner do everything and a viewer only what viewers may', () => {
    for (const required of OPERATOR_ROLES) expect(roleAllows('owner', required)).toBe(true);
    expect(OPERATOR_ROLES.filter((required) => roleAllows('viewer', required))).toEqual(['viewer']);
  });

  it('keeps operators management to owners, and economy settings from support', () => {
    expect(roleAllows('operator', 'owner')).toBe(false);
    expect(roleAllows('support', 'operator')).toBe(false);
    expect(roleAllows('operator', 'support')).toBe(true);
    expect(roleAllows('support', 'viewer')).toBe(true);
  });
});
