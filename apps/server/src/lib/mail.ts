import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { oneLine } from './written-text';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the log: an SMTP host or the outbox folder. */
  readonly target: string;
}

/**
 * The header values of a message on one line (ADR 023): a project name in the subject or a file name in an
 * attachment's header is data, and a line break in it must never start a header (Bcc:) or the body of its choosing.
 */
function withSafeHeaders(message: MailMessage): MailMessage {
  return {
    ...message,
    to: oneLine(message.to),
    subject: oneLine(message.subject),
    ...(message.attachments
      ? { attachments: message.attachments.map((a) => ({ ...a, filename: oneLine(a.filename) })) }
      : {}),
  };
}

/**
 * Mail over SMTP when `smtpUrl` is set (nodemailer), else each message is written as an .eml file into
 * the outbox folder so that development needs no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const host = new URL(opts.smtpUrl).host;
    return {
      target: `smtp://${host}`,
      async send(message) {
        await transport.sendMail({ from: opts.from, ...withSafeHeaders(message) });
      },
    };
  }
  const dir = resolve(opts.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: dir,
    async send(unsafe) {
      const message = withSafeHeaders(unsafe);
      const info = await transport.sendMail({ from: opts.from, ...message });
      mkdirSync(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.log?.info({ file, to: message.to, subject: message.subject }, 'mail written to outbox');
    },
  };
}
