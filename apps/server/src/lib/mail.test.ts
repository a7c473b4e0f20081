import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mail';

describe('mailer without SMTP_URL (outbox)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file in the outbox folder and logs where', async () => {
    const outbox = join(dir, 'outbox');
    const info = vi.fn();
    const mailer = createMailer({
      from: 'Sealplan <no-reply@sealplan.test>',
      outboxDir: outbox,
      log: { info } as unknown as FastifyBaseLogger,
    });
    expect(mailer.target).toBe(outbox);
    await mailer.send({ to: 'ann@example.com', subject: 'Approved', text: 'Welcome aboard.' });
    await mailer.send({ to: 'bob@example.com', subject: 'Reset', text: 'Your link.' });

    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const all = files.map((f) => readFileSync(join(outbox, f), 'utf8')).join('\n');
    expect(all).toMatch(/^From: Sealplan <no-reply@sealplan\.test>$/m);
    expect(all).toMatch(/^To: ann@example\.com$/m);
    expect(all).toMatch(/^Subject: Approved$/m);
    expect(all).toContain('Welcome aboard.');
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ file: expect.stringContaining(outbox), to: 'ann@example.com' }),
      'mail written to outbox',
    );
  });
});

describe('mail headers (ADR 023)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealplan-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a line break in the subject or a file name from starting a header or the body', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ from: 'Sealplan <no-reply@sealplan.test>', outboxDir: outbox });
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Material List: P\r\nBcc: evil@evil.test\r\n\r\nInjected body\u2028X-Evil: 1',
      text: 'Attached.',
      attachments: [
        { filename: 'a.pdf"\r\nX-Evil: 2', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' },
      ],
    });
    const eml = readFileSync(join(outbox, readdirSync(outbox)[0]!), 'utf8');
    const headers = eml.slice(0, eml.indexOf('\n\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(eml).not.toMatch(/^X-Evil:/im);
    expect(headers).toMatch(/^Subject: Material List: P Bcc: evil@evil\.test {2}Injected body X-Evil: 1$/m);
  });
});
