import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, ROLE_NAMES } from '@sealplan/contracts';
import { parseEnv } from '../config/env';
import { openDatabaseOrExit } from '../lib/open-database';
import { hashPassword } from '../modules/auth';
import { ROLE_DEFINITIONS, type RoleId } from '../shared/roles';
import { createUsersRepository, NEW_USER_ROLES } from '../modules/users';

const USAGE = `Usage: npm run user -- create --email <email> --first <first name> --last <last name> --password <password>
                          [--role <role>]... [--org "<organization name>"]

Creates an approved user who can sign in at once. Roles: DefaultUser and Administrator always, plus each --role
(${ROLE_NAMES.join(', ')}). Without --org the user joins the provider organization; a named organization is
found by name (case-insensitive) or created.`;

const argsSchema = z.object({
  email: z.string({ error: '--email is required' }).trim().email(AUTH_MESSAGES.email),
  first: z.string({ error: '--first is required' }).trim().min(1, '--first is required'),
  last: z.string({ error: '--last is required' }).trim().min(1, '--last is required'),
  password: z
    .string({ error: '--password is required' })
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordLength),
  role: z.array(z.enum(ROLE_NAMES, { error: `--role must be one of ${ROLE_NAMES.join(', ')}` })).default([]),
  org: z.string().trim().min(1).optional(),
});

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        first: { type: 'string' },
        last: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', multiple: true },
        org: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (positionals[0] !== 'create')
  fail(positionals[0] ? `Unknown command "${positionals[0]}".` : 'Missing command.');
const parsed = argsSchema.safeParse(values);
if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('\n'));
const args = parsed.data;

const env = parseEnv();
const handle = await openDatabaseOrExit(env);
try {
  await handle.migrate();
  const repo = createUsersRepository(handle.db);
  await repo.upsertRoles(ROLE_DEFINITIONS);
  if (await repo.emailTaken(args.email)) fail(`${AUTH_MESSAGES.emailTaken} (${args.email})`);
  const org = args.org
    ? ((await repo.findOrganizationByName(args.org)) ?? (await repo.createOrganization({ name: args.org })))
    : ((await repo.findProviderOrganization()) ??
      (await repo.createOrganization({ name: env.PROVIDER_NAME, isProvider: true })));
  const roles = [...new Set<RoleId>([...NEW_USER_ROLES, ...args.role])];
  const user = await repo.insertUser(
    {
      email: args.email,
      userName: args.email,
      firstName: args.first,
      lastName: args.last,
      company: org.name,
      passwordHash: await hashPassword(args.password),
      isPending: false,
      isApproved: true,
      isDenied: false,
      organizationId: org.id,
    },
    roles,
  );
  process.stdout.write(`Created ${user.email} in "${org.name}" with roles ${roles.join(', ')}.\n`);
} finally {
  await handle.close();
}
