import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { loginFailure } from './session';

const err = (status: number, code: ConstructorParameters<typeof ApiRequestError>[1], messages: string[]) =>
  new ApiRequestError(status, code, messages[0] ?? '', messages);

describe('sign-in failure texts (spec §8)', () => {
  it('wrong credentials always read the spec text, whatever the server said', () => {
    expect(loginFailure(err(400, 'INVALID_CREDENTIALS', ['anything']))).toEqual({
      ok: false,
      kind: 'credentials',
      message: 'The user name or password is incorrect.',
    });
  });

  it("joins the server's messages with '. '", () => {
    expect(loginFailure(err(429, 'RATE_LIMITED', ['Too many attempts', 'Try again in 15 minutes']))).toEqual({
      ok: false,
      kind: 'other',
      message: 'Too many attempts. Try again in 15 minutes',
    });
  });

  it("falls back to 'Failed to authenticate.' for a server error, no message, or no answer", () => {
    for (const error of [
      err(500, 'INTERNAL', ['Something went wrong on our side. Reference: r1']),
      err(400, 'BAD_REQUEST', []),
      err(0, 'NETWORK', ['The server could not be reached.']),
      new Error('boom'),
    ]) {
      expect(loginFailure(error)).toEqual({ ok: false, kind: 'other', message: 'Failed to authenticate.' });
    }
  });

  it('uses the spec texts for pending and denied accounts when the server sent none', () => {
    expect(loginFailure(err(403, 'ACCOUNT_PENDING', [])).message).toBe(
      'Your account has not yet been approved. You will receive an email with login instructions when you can access the product.',
    );
    expect(loginFailure(err(403, 'ACCOUNT_DENIED', [])).message).toBe(
      'Your account registration was not approved.  You are not able to access the product.',
    );
    expect(loginFailure(err(403, 'FORBIDDEN', ['x']))).toMatchObject({
      kind: 'notAuthorized',
      message: 'You are not authorized.',
    });
  });
});
