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
