import { describe, expect, it } from 'vitest';
import { tokenRequestSchema } from './auth';
import { isPhoneNumber } from './phone';
import { registerRequestSchema, userListRequestSchema } from './users';

describe('the one phone rule (ADR 029)', () => {
  it.each([
    ['555-123-4567', true],
    ['5551234567', true],
    ['(555) 123-4567', true],
    ['555.123.4567', true],
    ['1 555 123 4567', true],
    ['+44 555-123-4567', true],
    ['+358 555 123 4567', true],
    ['555-123-4567 x12', true],
    ['555-123-4567x9', true],
    ['+1234 555 123 4567', false],
    ['555-1234', false],
    ['555-123-45678', false],
    ['555-123-4567 ext 12', true],
    ['+47 912 34 567', true],
    ['+44 20 7946 0958', true],
    ['0047 912', false],
    ['phone', false],
  ])('%s -> %s', (value, valid) => {
    expect(isPhoneNumber(value)).toBe(valid);
  });
});

describe('register payload', () => {
  it('trims values but never the password, and reads the industry reference', () => {
    const parsed = registerRequestSchema.parse({
      FirstName: ' A ',
      LastName: ' B ',
      Password: ' secret ',
      Company: ' C ',
      Industry: { id: 'ON_SHORE' },
      PhoneNumber: '  ',
      UserName: ' a@b.co ',
    });
    expect(parsed).toMatchObject({
      FirstName: 'A',
      LastName: 'B',
      Password: ' secret ',
      Company: 'C',
      Industry: 'ON_SHORE',
      PhoneNumber: null,
      UserName: 'a@b.co',
    });
  });

  it('defaults the list query to page 0, size 10 (spec §9)', () => {
    expect(userListRequestSchema.parse({ status: 'active' })).toMatchObject({
      fromIndex: 0,
      size: 10,
      search: '',
    });
  });
});

describe('token request with an integration (ADR 018)', () => {
  it('needs username and password without an integration, both or neither with one', () => {
    const fields = (body: Record<string, string>) => {
      const r = tokenRequestSchema.safeParse({ grant_type: 'password', ...body });
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort();
    };
    expect(fields({})).toEqual(['password', 'username']);
    expect(fields({ integration: '{}' })).toEqual([]);
    expect(fields({ integration: '{}', username: 'a@b.c' })).toEqual(['password']);
    expect(fields({ integration: '{}', username: 'a@b.c', password: 'x' })).toEqual([]);
    expect(fields({ username: 'a@b.c', password: 'x' })).toEqual([]);
  });
});
