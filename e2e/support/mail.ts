// The e-mails the e2e server wrote to its outbox folder (one .eml file per message, nodemailer's stream transport).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_OUTBOX } from '../playwright.config';

/** Every e-mail to `to` so far, joined, with quoted-printable soft breaks and `=3D` undone ('' before the first). */
export function mailTo(to: string): string {
  let files: string[];
  try {
    files = readdirSync(E2E_OUTBOX).filter((f) => f.endsWith('.eml'));
  } catch {
    return ''; // the folder appears with the first e-mail
  }
  return files
    .map((f) => readFileSync(join(E2E_OUTBOX, f), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(to.toLowerCase()))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .join('\n');
}
