// Abuse benchmark (ADR 011): what one ordinary client can make the server do. Real HTTP against a listening
// server on an in-memory PGlite (or PostgreSQL with DATABASE_URL, an empty database), default configuration
// (TRUST_PROXY unset). Prints one line per figure:
//   - sign-in: of 60 parallel wrong-password attempts on one account from one source, how many reached the
//     password check (the limit is SIGN_IN_LIMITS.maxAttemptsPerAccountAndSource; before the limits of ADR 011: 29 of 60);
//   - register: of 40 registrations each with a different X-Forwarded-For, how many were accepted (the limit is
//     REGISTER_RULE.max per address; with the header trusted from anyone every one was);
//   - health p99 while the largest transit saves: `npm run bench:abuse` runs health-during-save.ts after this
//     file (also alone as `npm run bench:save-load`).
//
//   npm run bench:abuse
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sealplan_bench npm run bench:abuse

import { loadavg } from 'node:os';
import { createDb } from '@sealplan/db';
import { CLIENT_HEADER, SIGN_IN_LIMITS } from '@sealplan/contracts';
import { serveApp } from '../serve-app';
import { createUserWithToken } from '../../apps/server/src/testing/factories';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { REGISTER_RULE } from '../../apps/server/src/modules/users/users.service';

const PARALLEL_SIGN_INS = 60;
const ROTATED_REGISTRATIONS = 40;

interface Context {
  baseUrl: string;
  email: string;
}
interface Figure {
  name: string;
  /** Measures and answers the printed value and its target. */
  run(ctx: Context): Promise<{ value: string; target: string; met: boolean }>;
}

const signInFigure: Figure = {
  name: `sign-in attempts that reached the password check (${PARALLEL_SIGN_INS} in parallel, one account, one source)`,
  async run({ baseUrl, email }) {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_SIGN_INS }, () =>
        fetch(`${baseUrl}/api/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', [CLIENT_HEADER]: 'bench' },
          body: new URLSearchParams({ grant_type: 'password', username: email, password: 'wrong-guess' }),
        }).then(async (r) => ({
          status: r.status,
          code: ((await r.json()) as { error?: { code?: string } }).error?.code,
        })),
      ),
    );
    // INVALID_CREDENTIALS is answered only after the password was checked; RATE_LIMITED before.
    const checked = answers.filter((a) => a.code === 'INVALID_CREDENTIALS').length;
    const limited = answers.filter((a) => a.code === 'RATE_LIMITED').length;
    const max = SIGN_IN_LIMITS.maxAttemptsPerAccountAndSource;
    return {
      value: `${checked} (${limited} refused before the check)`,
      target: `≤ ${max}`,
      met: checked <= max,
    };
  },
};

const registerFigure: Figure = {
  name: `registrations accepted with a rotating X-Forwarded-For (${ROTATED_REGISTRATIONS} sent)`,
  async run({ baseUrl }) {
    let accepted = 0;
    for (let i = 0; i < ROTATED_REGISTRATIONS; i++) {
      const res = await fetch(`${baseUrl}/api/user/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CLIENT_HEADER]: 'bench',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({
          FirstName: 'Bench',
          LastName: `Visitor ${i}`,
          Company: 'Bench Co',
          Industry: 'ON_SHORE',
          UserName: `bench-visitor-${i}-${Date.now()}@example.com`,
          Password: 'bench-secret',
        }),
      });
      if (res.status === 200) accepted++;
    }
    return { value: String(accepted), target: `≤ ${REGISTER_RULE.max}`, met: accepted <= REGISTER_RULE.max };
  },
};

/** The figures, in print order (the health-while-saving figure follows from health-during-save.ts). */
const FIGURES: Figure[] = [signInFigure, registerFigure];

async function main() {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average: ${load()} (1, 5, 15 min)`);
  const handle = await createDb(process.env.DATABASE_URL ?? 'memory://');
  await handle.migrate();
  const { app, base: baseUrl } = await serveApp(handle);
  const user = await createUserWithToken(handle.db, {
    passwordHash: await hashPassword('the-real-password'),
  });
  let allMet = true;
  try {
    for (const figure of FIGURES) {
      const { value, target, met } = await figure.run({ baseUrl, email: user.email });
      allMet &&= met;
      console.log(`${figure.name}: ${value} — target ${target} ${met ? 'met' : 'NOT MET'}`);
    }
  } finally {
    await app.close();
    await handle.close();
  }
  process.exitCode = allMet ? 0 : 1;
}

await main();
