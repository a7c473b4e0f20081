import { readFileSync } from 'node:fs';
import { parseEnv } from './config/env';
import { buildApp } from './app';
import { createMailer } from './lib/mail';
import { openDatabaseOrExit } from './lib/open-database';

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let env;
try {
  env = parseEnv();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const db = await openDatabaseOrExit(env);
await db.migrate();
const mail = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  outboxDir: env.OUTBOX_DIR,
  // The app's logger exists only once the app is built; messages are sent after that.
  log: { info: (...args: Parameters<typeof app.log.info>) => app.log.info(...args) },
});
const app = await buildApp({ db, env, mail, version, now: () => new Date() });
app.log.info({ database: db.kind, mail: mail.target }, 'starting');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await db.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: env.HOST, port: env.PORT });
// Said in plain words whatever the log level: the address to open, the one every e-mailed link uses.
process.stdout.write(`${env.PROVIDER_SHORT_NAME} is running at ${env.PUBLIC_URL}\n`);
