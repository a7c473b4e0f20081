import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accessTokens, users, type Database, type DbHandle } from '@sealplan/db';
import { createTestDb } from '@sealplan/db/testing';
import { hashToken } from '../../lib/tokens';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { withQueryLog } from '../../testing/query-log';
import { createSessionRepository, SESSION_BATCH_MAX } from './session.repository';

/**
 * ADR 019: the session lookups of requests that arrive together are sent as one statement, and each request still
 * gets exactly its own answer.
 */
let handle: DbHandle;
let capturing: Database;
const sent: string[] = [];
let alice: TestUser;
let bob: TestUser;
let revoked: TestUser;
let suspended: TestUser;

beforeAll(async () => {
  handle = await createTestDb();
  [alice, bob, revoked, suspended] = (await Promise.all(
    Array.from({ length: 4 }, () => createUserWithToken(handle.db)),
  )) as [TestUser, TestUser, TestUser, TestUser];
  await handle.db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(eq(accessTokens.tokenHash, hashToken(revoked.token)));
  await handle.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.id));
  capturing = withQueryLog(handle, (query) => void sent.push(query));
});
afterAll(async () => handle.close());

describe('session lookups of requests that arrive together (ADR 019)', () => {
  it('are one statement, and each request gets its own caller or none', async () => {
    const sessions = createSessionRepository(capturing);
    sent.length = 0;
    const now = new Date();
    const [a, b, r, s, unknown, a2] = await Promise.all(
      [alice.token, bob.token, revoked.token, suspended.token, 'no-such-token', alice.token].map((t) =>
        sessions.findLiveSession(hashToken(t), now),
      ),
    );
    expect(sent).toHaveLength(1);
    expect(a?.userId).toBe(alice.id);
    expect(b?.userId).toBe(bob.id);
    expect(r).toBeNull();
    expect(s).toBeNull();
    expect(unknown).toBeNull();
    expect(a2).toEqual(a);
  });

  it("answer each request's own value, from its own inputs", async () => {
    const sessions = createSessionRepository(capturing);
    const echo = sessions.prepareWithValue(
      'test_session_echo',
      (caller, input) => sql<string>`${caller.userId}::text || ':' || ${input.word}`,
      { word: 'text' },
    );
    sent.length = 0;
    const now = new Date();
    const answers = await Promise.all([
      echo(hashToken(alice.token), now, { word: 'one' }),
      echo(hashToken(bob.token), now, { word: 'two' }),
      echo(hashToken(revoked.token), now, { word: 'three' }),
      echo(hashToken(alice.token), now, { word: 'four' }),
    ]);
    expect(sent).toHaveLength(1);
    expect(answers.map((found) => found?.value ?? null)).toEqual([
      `${alice.id}:one`,
      `${bob.id}:two`,
      null,
      `${alice.id}:four`,
    ]);
  });

  it("keep one request's failing input its own: the others are answered", async () => {
    const sessions = createSessionRepository(capturing);
    const project = sessions.prepareWithValue(
      'test_session_uuid',
      (_caller, input) => sql<string>`${input.id}::text`,
      { id: 'uuid' },
    );
    const now = new Date();
    const id = '0b6f2c9e-4a1d-4c3e-9f7a-2d5e8b1c6a40';
    const [good, bad, other] = await Promise.allSettled([
      project(hashToken(alice.token), now, { id }),
      project(hashToken(bob.token), now, { id: 'not-a-uuid' }),
      project(hashToken(bob.token), now, { id }),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { value: id } });
    expect(bad.status).toBe('rejected');
    expect(other).toMatchObject({ status: 'fulfilled', value: { value: id } });
  });

  it(`take at most ${SESSION_BATCH_MAX} requests a statement`, async () => {
    const sessions = createSessionRepository(capturing);
    sent.length = 0;
    const now = new Date();
    const found = await Promise.all(
      Array.from({ length: SESSION_BATCH_MAX + 1 }, (_, i) =>
        sessions.findLiveSession(hashToken(i % 2 ? alice.token : bob.token), now),
      ),
    );
    expect(sent).toHaveLength(2);
    expect(found.map((f) => f?.userId)).toEqual(
      Array.from({ length: SESSION_BATCH_MAX + 1 }, (_, i) => (i % 2 ? alice.id : bob.id)),
    );
  });

  it('a request alone is sent at once, without waiting for others', async () => {
    const sessions = createSessionRepository(capturing);
    sent.length = 0;
    expect((await sessions.findLiveSession(hashToken(alice.token), new Date()))?.userId).toBe(alice.id);
    expect(sent).toHaveLength(1);
  });
});
