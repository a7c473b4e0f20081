import { describe, expect, it } from 'vitest';
import { canAdministerUsers, hasProviderWideReach } from './permissions';

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

describe('user administration (ADR 005)', () => {
  it.each([
    [['ElevatedUser'], true],
    [['SystemAdministrator'], true],
    [['DefaultUser', 'Administrator', 'ElevatedUser'], true],
    [['Administrator'], false],
    [['Editor', 'Author'], false],
    [[], false],
  ])('roles %j -> %s', (roles, expected) => {
    // An organization's kind does not matter here: the server limits a customer ElevatedUser to their own users.
    expect(canAdministerUsers({ roles, isProviderOrganization: false })).toBe(expected);
    expect(canAdministerUsers({ roles, isProviderOrganization: true })).toBe(expected);
  });

  it('nobody signed in has it', () => {
    expect(canAdministerUsers(null)).toBe(false);
  });
});
