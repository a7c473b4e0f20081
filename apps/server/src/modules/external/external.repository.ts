import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { externalIdentities, externalSignInStates, users, type Database } from '@sealplan/db';
import type { ExternalIdentityClaims } from '@sealplan/db';

export type SignInStateRow = typeof externalSignInStates.$inferSelect;
export type NewSignInState = typeof externalSignInStates.$inferInsert;
export type IdentityRow = typeof externalIdentities.$inferSelect;

/**
 * External sign-in states and linked identities: the only Drizzle code of the external module. Identities are
 * always read through a user id or the (issuer, subject) key; a user only ever sees their own.
 */
export function createExternalRepository(db: Database) {
  async function findIdentity(issuer: string, subject: string): Promise<IdentityRow | null> {
    const rows = await db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    findIdentity,

    /** Starts a sign-in; expired ones are cleared on the way (the table holds only what is in progress). */
    async insertState(values: NewSignInState, now: Date): Promise<void> {
      await db.delete(externalSignInStates).where(lt(externalSignInStates.expiresAt, now));
      await db.insert(externalSignInStates).values(values);
    },

    /** The state the provider's return names (OIDC state or OAuth 1.0a request token), at any step. */
    async findByLookup(provider: string, lookupKey: string): Promise<SignInStateRow | null> {
      const rows = await db
        .select()
        .from(externalSignInStates)
        .where(
          and(eq(externalSignInStates.provider, provider), eq(externalSignInStates.lookupKey, lookupKey)),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Moves a state from one step to the next, once: two returns with one code or verifier cannot both pass.
     * Answers the row as it was, or null when it was not at `from` any more.
     */
    async advance(
      id: string,
      from: string,
      to: string,
      changes: Partial<NewSignInState> = {},
    ): Promise<SignInStateRow | null> {
      const rows = await db
        .update(externalSignInStates)
        .set({ ...changes, step: to })
        .where(and(eq(externalSignInStates.id, id), eq(externalSignInStates.step, from)))
        .returning();
      return rows[0] ?? null;
    },

    async findByTicket(ticketHash: string, now: Date): Promise<SignInStateRow | null> {
      const rows = await db
        .select()
        .from(externalSignInStates)
        .where(and(eq(externalSignInStates.ticketHash, ticketHash), gt(externalSignInStates.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    async identitiesOf(userId: string): Promise<IdentityRow[]> {
      return db
        .select()
        .from(externalIdentities)
        .where(eq(externalIdentities.userId, userId))
        .orderBy(externalIdentities.createdOn);
    },

    /**
     * Binds an identity to a user. The unique indexes decide races: answers 'inUse' when the identity belongs to
     * someone else, 'alreadyLinked' when the user has another identity of this issuer.
     */
    async bind(values: {
      userId: string;
      provider: string;
      issuer: string;
      claims: ExternalIdentityClaims;
      at: Date;
    }): Promise<'linked' | 'inUse' | 'alreadyLinked'> {
      const displayName =
        values.claims.screenName || `${values.claims.firstName} ${values.claims.lastName}`.trim();
      const inserted = await db
        .insert(externalIdentities)
        .values({
          userId: values.userId,
          provider: values.provider,
          issuer: values.issuer,
          subject: values.claims.subject,
          email: values.claims.email,
          displayName,
          lastUsedOn: values.at,
        })
        .onConflictDoNothing()
        .returning({ id: externalIdentities.id });
      if (inserted.length > 0) return 'linked';
      const existing = await findIdentity(values.issuer, values.claims.subject);
      if (existing) return existing.userId === values.userId ? 'linked' : 'inUse';
      return 'alreadyLinked';
    },

    async touchIdentity(id: string, at: Date): Promise<void> {
      await db.update(externalIdentities).set({ lastUsedOn: at }).where(eq(externalIdentities.id, id));
    },

    /** Removes one of the user's identities; answers whether there was one. */
    async unbind(userId: string, identityId: string): Promise<boolean> {
      const rows = await db
        .delete(externalIdentities)
        .where(and(eq(externalIdentities.id, identityId), eq(externalIdentities.userId, userId)))
        .returning({ id: externalIdentities.id });
      return rows.length > 0;
    },

    /** Whether an account (not deleted) uses the e-mail address. */
    async emailInUse(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isRemoved, false)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ExternalRepository = ReturnType<typeof createExternalRepository>;
