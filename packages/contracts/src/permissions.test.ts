import { describe, expect, it } from 'vitest';
import { hasProviderWideReach } from './permissions';

describe('provider-wide reach (ADR 005)', () => {
  it.each([
    [['SystemAdministrator'], false, true],
    [['SystemAdministrator'], true, true],
    [['ElevatedUser', 'Administrator'], true, true],
    [['ElevatedUser', 'Administrator'], false, false],
    [['Administrator'], true, false],
    [['DefaultUser', 'Administrator'], false, false],
    [[], true, false],
  ])('roles %j, provider organization %s -> %s', (roles, isProviderOrganization, expected) => {
    expect(hasProviderWideReach({ roles, isProviderOrganization })).toBe(expected);
  });

  it('nobody signed in has it', () => {
    expect(hasProviderWideReach(null)).toBe(false);
    expect(hasProviderWideReach(undefined)).toBe(false);
  });
});
