import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USER_MESSAGES } from '@sealplan/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccount, createProviderAdmin, post } from '../auth/accounts.test-helpers';

/** When the mail server is down, changes are kept and the answers say so, without revealing accounts. */
describe('account calls with a failing mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      mail: {
        target: 'broken',
        async send() {
          throw new Error('mail server down');
        },
      },
    });
  });
  afterAll(() => t.close());

  it('create keeps the user and tells the administrator the e-mail was not sent', async () => {
    const { admin } = await createProviderAdmin(t.deps.db.db);
    const email = `nomail-${Date.now()}@example.com`;
    const res = await post(
      t,
      '/api/user/create',
      { userInput: { email, firstName: 'No', lastName: 'Mail' } },
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([USER_MESSAGES.created, USER_MESSAGES.mailFailed]);
    expect(res.json().data.user.email).toBe(email);
  });

  it('forgot password answers as usual (a failure would reveal that the address exists)', async () => {
    const u = await createAccount(t.deps.db.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/resetpassword/${encodeURIComponent(u.email)}?redirectUrl=${encodeURIComponent(`${t.deps.env.PUBLIC_URL}/update-password`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([AUTH_MESSAGES.resetEmailSent]);
  });
});
