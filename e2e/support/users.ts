// Users made through the product's own API: a user administrator creates them, the server e-mails the link that
// sets their password, and the test sets it as the user would.
import { expect, type APIRequestContext } from '@playwright/test';
import { apiCaller, type ApiCall } from './api';
import { mailTo } from './mail';
import { apiToken } from './session';

/**
 * A user of the running test's administrator's organization (DefaultUser and Administrator, what a new user gets),
 * with `password` set from the e-mailed link; answers a product caller as that user and its token.
 */
export async function organizationUser(
  request: APIRequestContext,
  {
    email,
    password,
    firstName = 'Kari',
    lastName,
  }: { email: string; password: string; firstName?: string; lastName: string },
): Promise<{ call: ApiCall; token: string }> {
  const admin = apiCaller(request, await apiToken(request));
  await admin('/api/user/create', { userInput: { email, firstName, lastName } });
  let confirmId = '';
  await expect
    .poll(() => {
      confirmId = /update-password\?confirmId=([\w-]+)/.exec(mailTo(email))?.[1] ?? '';
      return confirmId;
    })
    .not.toBe('');
  const reset = await request.post('/api/v1/account/updatepassword', {
    data: { newPassword: password, confirmNewPassword: password, confirmId },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const token = await apiToken(request, email, password);
  return { call: apiCaller(request, token), token };
}
