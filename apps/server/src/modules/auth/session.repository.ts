import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { accessTokens, organizations, roles, userRoles, users, type Database } from '@sealplan/db';
import type {
  SessionCaller,
  SessionLookup,
  SessionRow,
  SessionValueInputs,
  SessionValueSql,
} from '../../shared/sessions';

export type { SessionCaller, SessionRow, SessionValueInputs, SessionValueSql };

/** One request's lookup, waiting for its batch. */
interface Pending<T> {
  tokenHash: string;
  params: Record<string, unknown>;
  resolve: (found: { session: SessionRow; value: T } | null) => void;
  reject: (error: unknown) => void;
}

/** Lookups gathered into one statement at most; more wait for the next. */
export const SESSION_BATCH_MAX = 64;
const INPUT_NAME = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Resolves token hashes to their live sessions (ADR 019). Revoked, expired, suspended, removed and unapproved
 * accounts answer no row, so a change made on any server takes effect on the next request everywhere.
 *
 * The lookups requests make while the event loop works through what arrived together are sent as one statement
 * when that turn ends (setImmediate): `unnest` of their token hashes (and their value's inputs), joined to
 * access_tokens by its token_hash index, each row numbered by its request. One idle request still costs one round
 * trip and waits for nothing; under load one round trip answers many (a busy server's cost per request is mostly
 * round trips). A statement of a batch that fails is tried again request by request, so one request's failure is
 * its own. Each statement is prepared once per server: built and planned once, not per request.
 */
export function createSessionRepository(db: Database): SessionLookup {
  const sessionFields = {
    tokenId: accessTokens.id,
    tokenExpiresAt: accessTokens.expiresAt,
    userId: users.id,
    organizationId: users.organizationId,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    isProvider: organizations.isProvider,
    roleIds: sql<string[]>`array(
      select ${userRoles.roleId} from ${userRoles}
      where ${userRoles.userId} = ${users.id} order by ${userRoles.roleId} collate "C")`,
    permissionIds: sql<string[]>`array(
      select distinct (p.value->>'id') collate "C" as id from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId}
      cross join jsonb_array_elements(${roles.permissions}) as p(value)
      where ${userRoles.userId} = ${users.id} order by id)`,
  };
  const caller: SessionCaller = {
    organizationId: sql`${users.organizationId}`,
    userId: sql`${users.id}`,
    tokenId: sql`${accessTokens.id}`,
  };

  /** The batched statement and its loader for one value (`value`), prepared under `name`. */
  function batchedLookup<T, I extends SessionValueInputs>(
    name: string,
    value: SessionValueSql<T, I>,
    inputs: I,
  ) {
    const names = Object.keys(inputs);
    if (!names.every((n) => INPUT_NAME.test(n)))
      throw new Error(`${name}: input names are simple identifiers`);
    const arrays = names.map((n) => sql`, ${sql.placeholder(n)}::${sql.raw(inputs[n]!)}[]`);
    const columns = names.map((n) => sql.raw(`, "${n}"`));
    const input = Object.fromEntries(names.map((n) => [n, sql.raw(`req."${n}"`)])) as { [K in keyof I]: SQL };
    const requests = sql`unnest(${sql.placeholder('tokenHashes')}::text[]${sql.join(arrays)})
      with ordinality as req(token_hash${sql.join(columns)}, n)`;
    // `now` is bound as ISO text: the driver would otherwise format a Date in local time on every call.
    const statement = db
      .select({ n: sql<number>`req.n`.mapWith(Number), ...sessionFields, value: value(caller, input) })
      .from(requests)
      .innerJoin(accessTokens, eq(accessTokens.tokenHash, sql`req.token_hash`))
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(
        and(
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, sql.placeholder('now')),
          eq(users.isSuspended, false),
          eq(users.isRemoved, false),
          eq(users.isApproved, true),
        ),
      )
      .prepare(name);

    async function run(batch: Pending<T>[], now: Date): Promise<void> {
      const params: Record<string, unknown> = {
        tokenHashes: batch.map((p) => p.tokenHash),
        now: now.toISOString(),
      };
      for (const n of names) params[n] = batch.map((p) => p.params[n] ?? null);
      const found = new Map<number, { session: SessionRow; value: T }>();
      for (const { n, value: v, ...session } of await statement.execute(params)) {
        found.set(n, { session, value: v as T });
      }
      batch.forEach((p, i) => p.resolve(found.get(i + 1) ?? null));
    }

    let waiting: Pending<T>[] = [];
    /** The clock of the batch's first request: the batch's. */
    let batchNow = new Date(0);
    function flush() {
      // A batch sent when it was full leaves its setImmediate nothing to send.
      if (waiting.length === 0) return;
      const batch = waiting;
      const now = batchNow;
      waiting = [];
      run(batch, now).catch((error: unknown) => {
        if (batch.length === 1) return batch[0]!.reject(error);
        // One request's input may have failed the whole statement: each is tried on its own.
        for (const p of batch) run([p], now).catch(p.reject);
      });
    }

    return (tokenHash: string, now: Date, params: Record<string, unknown> = {}) =>
      new Promise<{ session: SessionRow; value: T } | null>((resolve, reject) => {
        if (waiting.length === 0) {
          batchNow = now;
          setImmediate(flush);
        }
        waiting.push({ tokenHash, params, resolve, reject });
        if (waiting.length === SESSION_BATCH_MAX) flush();
      });
  }

  const sessionAlone = batchedLookup('session_by_token_hash', () => sql<null>`null`, {});

  return {
    /**
     * The session lookup with one more value a route answers, computed in the same statement for the caller
     * (ADR 019: one round trip). `value` is SQL over the caller and the request's `inputs` (their names and SQL
     * types); the statement is prepared once under `name`.
     */
    prepareWithValue<T, I extends SessionValueInputs = Record<never, never>>(
      name: string,
      value: SessionValueSql<T, I>,
      inputs: I = {} as I,
    ) {
      return batchedLookup(name, value, inputs) as (
        tokenHash: string,
        now: Date,
        params?: { [K in keyof I]: unknown },
      ) => Promise<{ session: SessionRow; value: T } | null>;
    },

    async findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | null> {
      return (await sessionAlone(tokenHash, now))?.session ?? null;
    },
  };
}

export type SessionRepository = SessionLookup;
