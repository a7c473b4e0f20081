// The "200 users each reading a project every 2 s" load of bench:api (ADR 019). autocannon's overallRate cannot
// stand for it: its connections are opened together and each releases its requests on a 1-second timer of its
// own, so every second's requests leave at the same instant, the last of them waiting for all the others (a
// burst of 100, not 200 people at their desks). Here each user keeps one keep-alive connection and reads at a
// phase of its own, drawn once, then every interval; latency counts from when the read was due, so a late answer
// also delays what the user would have asked next (no coordinated omission).

import { Agent, request } from 'node:http';
import { seededRandom } from '../seeded-random';

export interface UsersLoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  users: number;
  intervalMs: number;
  warmupMs: number;
  durationMs: number;
  /** Called when the measured part starts and ends (to read the server's CPU time). */
  onMeasureStart: () => void;
  onMeasureEnd: () => void;
  /** Phases are drawn from this, so two runs send the same schedule. */
  random?: () => number;
}

export interface UsersLoadResult {
  /** Answers received during the measured part. */
  requests: number;
  errors: number;
  /** Latencies in ms of the reads due in the measured part, from when each was due. */
  latenciesMs: number[];
}

function once(agent: Agent, options: UsersLoadOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      options.url,
      { method: options.method, headers: options.headers, agent, timeout: 30_000 },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode !== undefined && res.statusCode < 300));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end(options.body);
  });
}

export async function runUsersLoad(options: UsersLoadOptions): Promise<UsersLoadResult> {
  const random = options.random ?? seededRandom(21);
  const start = performance.now() + 50;
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;
  const result: UsersLoadResult = { requests: 0, errors: 0, latenciesMs: [] };
  const measureStart = setTimeout(options.onMeasureStart, measureFrom - performance.now());

  async function user(phase: number) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let due = start + phase; due < end; due += options.intervalMs) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const ok = await once(agent, options);
        if (due < measureFrom) continue;
        result.requests++;
        if (!ok) result.errors++;
        result.latenciesMs.push(performance.now() - due);
      }
    } finally {
      agent.destroy();
    }
  }

  await Promise.all(Array.from({ length: options.users }, () => user(random() * options.intervalMs)));
  clearTimeout(measureStart);
  options.onMeasureEnd();
  return result;
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
