/** The mail module's public face (ADR 025): other modules and the composition root import only this file. */
export { createMailQueue, type MailQueue } from './mail-queue';
