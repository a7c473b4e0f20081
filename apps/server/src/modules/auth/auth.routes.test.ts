import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RESET_MAIL_LIMITS, SIGN_IN_LIMITS } from '@sealplan/contracts';
import { users } from '@sealplan/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  createAccount,
  bearerOf,
  confirmIdFromMail,
  post,
  randomAddress,
  signIn,
} from './accounts.test-helpers';

describe('auth API (spec §7 authentication)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.deps.db.db;

  describe('POST /api/auth/token', () => {
    it('answers a bearer token with expiry and issue time, and the token works', async () => {
      const u = await createAccount(db());
      const res = await signIn(t, u.email, u.password);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        token_type: 'bearer',
        expires_in: t.deps.env.TOKEN_TTL_SECONDS,
        resetPasswordToken: null,
      });
      expect(typeof data.access_token).toBe('string');
      expect(new Date(data.issued).toISOString()).toBe(data.issued);
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/auth/validatetoken',
        headers: bearerOf(data.access_token),
      });
      expect(check.statusCode).toBe(200);
      expect(check.json().data.valid).toBe(true);
    });

    it('accepts the e-mail in any case and with spaces', async () => {
      const u = await createAccount(db(), { email: `Mixed.${Date.now()}@Example.com` });
      const res = await signIn(t, `  ${u.email.toUpperCase()} `, u.password);
      expect(res.statusCode).toBe(200);
    });

    it('wrong password and unknown user give the same answer with error_description', async () => {
      const u = await createAccount(db());
      const wrong = await signIn(t, u.email, 'not-the-password');
      const unknown = await signIn(t, `nobody-${Date.now()}@example.com`, 'whatever1');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          data: null,
          messages: [AUTH_MESSAGES.incorrect],
          error: {
            code: 'INVALID_CREDENTIALS',
            message: AUTH_MESSAGES.incorrect,
            error_description: AUTH_MESSAGES.incorrect,
          },
        });
      }
    });

    it('unknown user takes about as long as a wrong password (dummy hash verification)', async () => {
      const u = await createAccount(db());
      const time = async (username: string) => {
        const start = performance.now();
        await signIn(t, username, 'not-the-password', { 'x-forwarded-for': '10.9.9.9' });
        return performance.now() - start;
      };
      await time('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await time(u.email));
        unknown.push(await time(`ghost-${i}@example.com`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[3]!;
      // Without the dummy hash an unknown user answers many times faster (a lookup against an argon2id
      // verification: over ten times); the margin leaves room for a machine busy with other test files.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it('pending and denied accounts get the spec §4 texts (two spaces in the denied one, verbatim)', async () => {
      const pending = await createAccount(db());
      await db().update(users).set({ isPending: true, isApproved: false }).where(eq(users.id, pending.id));
      const denied = await createAccount(db());
      await db()
        .update(users)
        .set({ isPending: false, isApproved: false, isDenied: true })
        .where(eq(users.id, denied.id));

      const p = await signIn(t, pending.email, pending.password);
      expect(p.statusCode).toBe(403);
      expect(p.json().error).toMatchObject({
        code: 'ACCOUNT_PENDING',
        error_description: AUTH_MESSAGES.pending,
      });
      expect(AUTH_MESSAGES.pending).toBe(
        'Your account has not yet been approved. You will receive an email with login instructions when you can access the product.',
      );
      const d = await signIn(t, denied.email, denied.password);
      expect(d.statusCode).toBe(403);
      expect(d.json().error).toMatchObject({
        code: 'ACCOUNT_DENIED',
        error_description:
          'Your account registration was not approved.  You are not able to access the product.',
      });
    });

    it('a pending account with a wrong password learns nothing about its state', async () => {
      const pending = await createAccount(db());
      await db().update(users).set({ isPending: true, isApproved: false }).where(eq(users.id, pending.id));
      const res = await signIn(t, pending.email, 'wrong-password');
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('a user without admin.access is refused with "You are not authorized."', async () => {
      const u = await createAccount(db(), { roles: ['DefaultUser', 'Subscriber'] });
      const res = await signIn(t, u.email, u.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'FORBIDDEN',
        error_description: 'You are not authorized.',
      });
    });

    it('a suspended account cannot sign in', async () => {
      const u = await createAccount(db());
      await db().update(users).set({ isSuspended: true }).where(eq(users.id, u.id));
      const res = await signIn(t, u.email, u.password);
      expect(res.json().error).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
        error_description: AUTH_MESSAGES.suspended,
      });
    });

    it('validates the form with error_description (grant type, missing fields)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&username=&password=',
      });
      expect(res.statusCode).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.fields).toMatchObject({
        grant_type: AUTH_MESSAGES.unsupportedGrant,
        username: AUTH_MESSAGES.required,
      });
      expect(err.error_description).toBe(AUTH_MESSAGES.unsupportedGrant);
    });

    it('a user who must reset gets a resetPasswordToken that works as confirmId', async () => {
      const u = await createAccount(db());
      await db().update(users).set({ requiresPasswordReset: true }).where(eq(users.id, u.id));
      const res = await signIn(t, u.email, u.password);
      const { resetPasswordToken } = res.json().data;
      expect(typeof resetPasswordToken).toBe('string');
      const reset = await post(t, '/api/v1/account/updatepassword', {
        newPassword: 'brand-new-1',
        confirmNewPassword: 'brand-new-1',
        confirmId: resetPasswordToken,
      });
      expect(reset.statusCode).toBe(200);
      const again = await signIn(t, u.email, 'brand-new-1');
      expect(again.json().data.resetPasswordToken).toBeNull();
    });
  });

  describe('rate limiting by account and source (shared rate_limits table, injected clock)', () => {
    const perPair = SIGN_IN_LIMITS.maxAttemptsPerAccountAndSource;

    it(`stops one source after ${perPair} wrong passwords for an account; the owner elsewhere still gets in`, async () => {
      const u = await createAccount(db());
      const attacker = { 'x-forwarded-for': '10.1.0.1' };
      for (let i = 0; i < perPair; i++) {
        expect((await signIn(t, u.email, 'wrong', attacker)).statusCode).toBe(400);
      }
      const locked = await signIn(t, u.email, u.password, attacker);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        error_description: AUTH_MESSAGES.rateLimited,
      });
      // A correct password from another source works at once.
      expect((await signIn(t, u.email, u.password, { 'x-forwarded-for': '10.1.1.1' })).statusCode).toBe(200);
      t.advanceClock(SIGN_IN_LIMITS.windowMs + 1000);
      expect((await signIn(t, u.email, u.password, attacker)).statusCode).toBe(200);
    });

    it('counts before the password check: parallel attempts cannot pass the limit together', async () => {
      const u = await createAccount(db());
      const attacker = { 'x-forwarded-for': '10.4.0.1' };
      const answers = await Promise.all(
        Array.from({ length: 3 * perPair }, () => signIn(t, u.email, 'wrong', attacker)),
      );
      const checked = answers.filter((r) => r.statusCode === 400).length;
      expect(checked).toBe(perPair);
      expect(answers.filter((r) => r.statusCode === 429).length).toBe(2 * perPair);
    });

    it(`limits one address to ${SIGN_IN_LIMITS.maxFailuresPerAddress} attempts across accounts`, async () => {
      const u = await createAccount(db());
      const address = { 'x-forwarded-for': '10.2.0.1' };
      for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerAddress; i++) {
        expect((await signIn(t, `probe-${i}@example.com`, 'guess', address)).statusCode).toBe(400);
      }
      expect((await signIn(t, u.email, u.password, address)).statusCode).toBe(429);
      // Another address is not affected.
      expect((await signIn(t, u.email, u.password, { 'x-forwarded-for': '10.2.0.2' })).statusCode).toBe(200);
    });

    it('a successful sign-in clears the pair counter and does not count against its source', async () => {
      const u = await createAccount(db());
      const address = { 'x-forwarded-for': '10.3.0.1' };
      for (let i = 0; i < perPair - 1; i++) await signIn(t, u.email, 'wrong', address);
      expect((await signIn(t, u.email, u.password, address)).statusCode).toBe(200);
      for (let i = 0; i < perPair - 1; i++) await signIn(t, u.email, 'wrong', address);
      expect((await signIn(t, u.email, u.password, address)).statusCode).toBe(200);
      // An office behind one address: many successful sign-ins never trip the address limit.
      for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerAddress + 5; i++)
        expect((await signIn(t, u.email, u.password, { 'x-forwarded-for': '10.3.0.9' })).statusCode).toBe(
          200,
        );
    });

    it(`after ${SIGN_IN_LIMITS.maxFailuresPerAccount} failures from many sources only familiar sources may try`, async () => {
      const u = await createAccount(db());
      const home = { 'x-forwarded-for': '10.5.9.9' };
      expect((await signIn(t, u.email, u.password, home)).statusCode).toBe(200);
      for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerAccount; i++) {
        await signIn(t, u.email, 'wrong', { 'x-forwarded-for': `10.5.${Math.floor(i / 200)}.${i % 200}` });
      }
      expect((await signIn(t, u.email, u.password, { 'x-forwarded-for': '10.5.8.8' })).statusCode).toBe(429);
      expect((await signIn(t, u.email, u.password, home)).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
      const direct = await createTestApp({}, { TRUST_PROXY: '' });
      try {
        const u = await createAccount(direct.deps.db.db);
        // Rotating the header does not give fresh allowances: every attempt comes from the connection's address.
        for (let i = 0; i < perPair; i++)
          await signIn(direct, u.email, 'wrong', { 'x-forwarded-for': `10.6.0.${i}` });
        const res = await signIn(direct, u.email, u.password, { 'x-forwarded-for': '10.6.1.1' });
        expect(res.statusCode).toBe(429);
      } finally {
        await direct.close();
      }
    });
  });

  describe('tokens: expiry and revocation take effect at once', () => {
    it('validatetoken answers 401 after the TTL', async () => {
      const u = await createAccount(db());
      const token = (await signIn(t, u.email, u.password)).json().data.access_token;
      t.advanceClock(t.deps.env.TOKEN_TTL_SECONDS * 1000 + 1000);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/validatetoken',
        headers: bearerOf(token),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('signout revokes the token; the anonymous token means signed out', async () => {
      const u = await createAccount(db());
      const token = (await signIn(t, u.email, u.password)).json().data.access_token;
      const out = await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: bearerOf(token) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true, data: { signedOut: true }, messages: [] });
      for (const bearer of [token, 'anonymous']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/auth/current-user',
          headers: bearerOf(bearer),
        });
        expect(res.statusCode).toBe(401);
      }
      // Signing out again (expired or revoked token) still succeeds.
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/signout', headers: bearerOf(token) }))
          .statusCode,
      ).toBe(200);
    });

    it('validatetoken without a token is 401', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/update-password', () => {
    it('changes the password, keeps this session, ends the others', async () => {
      const u = await createAccount(db());
      const a = (await signIn(t, u.email, u.password)).json().data.access_token;
      const b = (await signIn(t, u.email, u.password)).json().data.access_token;
      const res = await post(
        t,
        '/api/auth/update-password',
        { oldPassword: u.password, newPassword: 'changed-123' },
        bearerOf(a),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().messages).toEqual([AUTH_MESSAGES.passwordChanged]);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: bearerOf(a) }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: bearerOf(b) }))
          .statusCode,
      ).toBe(401);
      expect((await signIn(t, u.email, u.password)).statusCode).toBe(400);
      expect((await signIn(t, u.email, 'changed-123')).statusCode).toBe(200);
    });

    it('refuses a wrong current password and a short new one (spec §5 texts)', async () => {
      const u = await createAccount(db());
      const wrong = await post(
        t,
        '/api/auth/update-password',
        { oldPassword: 'nope', newPassword: 'changed-123' },
        u.headers,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ oldPassword: AUTH_MESSAGES.oldPasswordIncorrect });
      const short = await post(
        t,
        '/api/auth/update-password',
        { oldPassword: u.password, newPassword: '123' },
        u.headers,
      );
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toEqual({
        newPassword: 'New password must be at least 6 characters long.',
      });
    });

    it('requires sign-in', async () => {
      const res = await post(t, '/api/auth/update-password', { oldPassword: 'a', newPassword: 'bbbbbb' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('forgot password and reset links', () => {
    const redirectUrl = () => `${new URL(t.deps.env.PUBLIC_URL).origin}/user/update-password`;
    // A fresh source per request unless given, so the per-source mail cap of one test does not trip another.
    const requestReset = (
      email: string,
      redirect = redirectUrl(),
      headers: Record<string, string> = { 'x-forwarded-for': randomAddress() },
    ) =>
      t.app.inject({
        method: 'GET',
        headers,
        url: `/api/v1/account/resetpassword/${encodeURIComponent(email)}?redirectUrl=${encodeURIComponent(redirect)}&isCustomer=true`,
      });

    it('answers the same for a known and an unknown address; mails a link only to the known one', async () => {
      const u = await createAccount(db());
      const before = t.sentMail.length;
      const known = await requestReset(u.email);
      const unknown = await requestReset(`nobody-${Date.now()}@example.com`);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().messages).toEqual(['Email sent!  Please check your email to reset your password.']);
      await t.flushMail();
      expect(t.sentMail.length).toBe(before + 1);
      const mail = t.sentMail.at(-1)!;
      expect(mail.to).toBe(u.email);
      expect(mail.subject).toContain(t.deps.env.PROVIDER_SHORT_NAME);
      expect(mail.text).toContain(`${redirectUrl()}?confirmId=`);
      expect(mail.html).toContain('confirmId=');
    });

    it('never sends links to a foreign host', async () => {
      const u = await createAccount(db());
      const before = t.sentMail.length;
      for (const bad of ['https://evil.example/update-password', '//evil.example/x', 'javascript:alert(1)']) {
        const res = await requestReset(u.email, bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ redirectUrl: AUTH_MESSAGES.redirectNotAllowed });
      }
      expect(t.sentMail.length).toBe(before);
    });

    it('spec §5 "Missing ..." and invalid-email errors', async () => {
      const noRedirect = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account/resetpassword/a%40b.com',
      });
      expect(noRedirect.statusCode).toBe(400);
      expect(noRedirect.json().error.fields).toEqual({ redirectUrl: AUTH_MESSAGES.missingRedirectUrl });
      const noEmail = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account/resetpassword/?redirectUrl=x',
      });
      expect(noEmail.json().error.fields).toEqual({ email: AUTH_MESSAGES.missingEmail });
      const badEmail = await requestReset('not-an-email');
      expect(badEmail.json().error.fields).toEqual({ email: AUTH_MESSAGES.invalidEmail });
      const missing = await post(t, '/api/v1/account/updatepassword', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({
        newPassword: AUTH_MESSAGES.missingNewPassword,
        confirmNewPassword: AUTH_MESSAGES.missingConfirmPassword,
        confirmId: AUTH_MESSAGES.missingConfirmId,
      });
      const mismatch = await post(t, '/api/v1/account/updatepassword', {
        newPassword: 'abcdef',
        confirmNewPassword: 'abcdeg',
        confirmId: 'x',
      });
      expect(mismatch.json().error.fields).toEqual({ confirmNewPassword: 'Passwords must match.' });
    });

    it('a reset link works once, ends sessions, and the new password signs in', async () => {
      const u = await createAccount(db());
      const session = (await signIn(t, u.email, u.password)).json().data.access_token;
      await requestReset(u.email);
      await t.flushMail();
      const confirmId = confirmIdFromMail(t, u.email);
      const body = { newPassword: 'after-reset-1', confirmNewPassword: 'after-reset-1', confirmId };
      const first = await post(t, '/api/v1/account/updatepassword', body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        data: { email: u.email },
        messages: [AUTH_MESSAGES.passwordChanged],
      });
      const second = await post(t, '/api/v1/account/updatepassword', {
        ...body,
        newPassword: 'x-again-2',
        confirmNewPassword: 'x-again-2',
      });
      expect(second.statusCode).toBe(400);
      expect(second.json().error).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
        message: AUTH_MESSAGES.resetTokenInvalid,
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validatetoken', headers: bearerOf(session) }))
          .statusCode,
      ).toBe(401);
      expect((await signIn(t, u.email, 'after-reset-1')).statusCode).toBe(200);
    });

    it('a reset link expires after one hour', async () => {
      const u = await createAccount(db());
      await requestReset(u.email);
      await t.flushMail();
      const confirmId = confirmIdFromMail(t, u.email);
      t.advanceClock(60 * 60 * 1000 + 1000);
      const res = await post(t, '/api/v1/account/updatepassword', {
        newPassword: 'too-late-1',
        confirmNewPassword: 'too-late-1',
        confirmId,
      });
      expect(res.json().error.code).toBe('RESET_TOKEN_INVALID');
      expect((await signIn(t, u.email, u.password)).statusCode).toBe(200);
    });

    it('a newer reset makes older links useless; the POST /api/user variants behave the same', async () => {
      const u = await createAccount(db());
      const sent = await post(t, '/api/user/sendPasswordResetEmail', {
        emailAddress: u.email,
        redirectUrl: redirectUrl(),
      });
      expect(sent.json().messages).toEqual([AUTH_MESSAGES.resetEmailSent]);
      await t.flushMail();
      const older = confirmIdFromMail(t, u.email);
      await requestReset(u.email);
      await t.flushMail();
      const newer = confirmIdFromMail(t, u.email);
      const ok = await post(t, '/api/user/resetPassword', {
        newPassword: 'via-user-1',
        confirmNewPassword: 'via-user-1',
        confirmId: newer,
      });
      expect(ok.statusCode).toBe(200);
      const stale = await post(t, '/api/user/resetPassword', {
        newPassword: 'via-user-2',
        confirmNewPassword: 'via-user-2',
        confirmId: older,
      });
      expect(stale.json().error.code).toBe('RESET_TOKEN_INVALID');
    });

    it(`stops mailing after ${RESET_MAIL_LIMITS.maxPerAddressAndSource} requests an hour from one source; the owner elsewhere still gets a link`, async () => {
      const u = await createAccount(db());
      const before = t.sentMail.length;
      const attacker = { 'x-forwarded-for': '10.8.0.1' };
      for (let i = 0; i < RESET_MAIL_LIMITS.maxPerAddressAndSource + 2; i++)
        expect((await requestReset(u.email, redirectUrl(), attacker)).statusCode).toBe(200);
      await t.flushMail();
      expect(t.sentMail.length - before).toBe(RESET_MAIL_LIMITS.maxPerAddressAndSource);
      expect((await requestReset(u.email, redirectUrl(), { 'x-forwarded-for': '10.8.0.2' })).statusCode).toBe(
        200,
      );
      await t.flushMail();
      expect(t.sentMail.length - before).toBe(RESET_MAIL_LIMITS.maxPerAddressAndSource + 1);
    });

    it('answers in the same time for a known and an unknown address (the mail is queued)', async () => {
      const u = await createAccount(db());
      const timeOf = async (email: string, i: number) => {
        const started = performance.now();
        await requestReset(email, redirectUrl(), {
          'x-forwarded-for': `10.9.${i % 250}.${Math.floor(i / 250)}`,
        });
        return performance.now() - started;
      };
      await t.flushMail();
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Each request's mail job is processed before the next request is timed, so a job never runs beside a
      // measurement; the two requests of a pair go in alternating order, and the pair's difference cancels what the
      // machine was doing at that moment (the suite may share the machine with a browser suite).
      const timed = async (email: string, i: number) => {
        const ms = await timeOf(email, i);
        await t.flushMail();
        return ms;
      };
      const differences: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 20; i++) {
        const stranger = `nobody-${i}-${Date.now()}@example.com`;
        let knownMs: number;
        let unknownMs: number;
        if (i % 2 === 0) {
          knownMs = await timed(u.email, 2 * i);
          unknownMs = await timed(stranger, 2 * i + 1);
        } else {
          unknownMs = await timed(stranger, 2 * i + 1);
          knownMs = await timed(u.email, 2 * i);
        }
        differences.push(knownMs - unknownMs);
        unknown.push(unknownMs);
      }
      // The request never touches the users table: both are the same work (a generous margin for CI).
      expect(Math.abs(median(differences))).toBeLessThan(Math.max(2, 0.5 * median(unknown)));
    });

    it('a queued reset survives a restart of the server', async () => {
      const u = await createAccount(db());
      const before = t.sentMail.length;
      await t.app.mailQueue.stop();
      await requestReset(u.email);
      expect(t.sentMail.length).toBe(before);
      // A second app on the same database stands in for the restarted server; it finds the job and sends it.
      const restarted = await buildApp(
        { ...t.deps, mail: { target: 'memory', send: async (m) => void t.sentMail.push(m) } },
        { logger: false },
      );
      await restarted.ready();
      await restarted.mailQueue.drain();
      await restarted.close();
      expect(t.sentMail.at(-1)?.to).toBe(u.email);
      t.app.mailQueue.start();
    });
  });
});
