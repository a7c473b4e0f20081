import type { AuthRepository } from './auth.repository';

export interface RateRule {
  /** Key prefix, e.g. 'signin:account'. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the rate_limits table, so every app server behind a load balancer sees the
 * same counts. `hit` is one INSERT … ON CONFLICT … RETURNING: count first, then decide, so parallel requests
 * cannot all slip under the limit together. Keys are lower-cased so 'A@x.com' and 'a@x.com' share one counter.
 */
export function createRateLimiter(
  repo: Pick<AuthRepository, 'rateCount' | 'rateHit' | 'rateRefund' | 'rateClear'>,
  now: () => Date,
) {
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
  return {
    /** True when the subject has used up its allowance in the current window. */
    async isLimited(rule: RateRule, subject: string): Promise<boolean> {
      return (await repo.rateCount(keyOf(rule, subject), now(), rule.windowMs)) >= rule.max;
    },
    /** Counts one event; answers the count in the current window, this event included. */
    async hit(rule: RateRule, subject: string): Promise<number> {
      return repo.rateHit(keyOf(rule, subject), now(), rule.windowMs);
    },
    /** Takes one event back (a successful sign-in does not count against its source). */
    async refund(rule: RateRule, subject: string) {
      await repo.rateRefund(keyOf(rule, subject));
    },
    async clear(rule: RateRule, subject: string) {
      await repo.rateClear(keyOf(rule, subject));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
