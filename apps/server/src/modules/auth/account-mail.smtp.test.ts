import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createMailer } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createAccount } from './accounts.test-helpers';

/** The SMTP path end to end: the app's own mailer (nodemailer) talks to a real SMTP server on loopback. */
describe('account mail over SMTP', () => {
  let server: SMTPServer;
  let t: TestApp;
  const received: ParsedMail[] = [];
  let onMessage: (() => void) | null = null;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            onMessage?.();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mail = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sealplan <no-reply@sealplan.test>',
      outboxDir: '/nonexistent',
    });
    t = await createTestApp({ mail });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the password reset e-mail with a working link', async () => {
    const u = await createAccount(t.deps.db.db);
    const delivered = new Promise<void>((resolve) => (onMessage = resolve));
    const redirectUrl = `${t.deps.env.PUBLIC_URL}/update-password`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/resetpassword/${encodeURIComponent(u.email)}?redirectUrl=${encodeURIComponent(redirectUrl)}`,
    });
    expect(res.statusCode).toBe(200);
    await delivered;
    const mail = received.at(-1)!;
    expect(mail.from?.text).toContain('no-reply@sealplan.test');
    expect((mail.to as { text: string }).text).toBe(u.email);
    expect(mail.subject).toBe('Sealplan: Reset your password');
    const link = mail.text?.match(/https?:\S+confirmId=([\w-]+)/);
    expect(link?.[0].startsWith(`${redirectUrl}?confirmId=`)).toBe(true);
    expect(mail.html).toContain(link![0]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/updatepassword',
      payload: { newPassword: 'via-smtp-1', confirmNewPassword: 'via-smtp-1', confirmId: link![1] },
    });
    expect(reset.statusCode).toBe(200);
  });
});
