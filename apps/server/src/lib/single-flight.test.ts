import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('callers that arrive while a call runs share it; the next caller after it settles starts a new one', async () => {
    const calls: ReturnType<typeof deferred<number>>[] = [];
    const shared = singleFlight(() => {
      const call = deferred<number>();
      calls.push(call);
      return call.promise;
    });
    const first = shared();
    const second = shared();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(1);
    expect(await Promise.all([first, second])).toEqual([1, 1]);

    const third = shared();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    expect(await third).toBe(2);
  });

  it('a failure reaches the callers that shared the call and is not kept for the next', async () => {
    let n = 0;
    const shared = singleFlight(async () => {
      n++;
      if (n === 1) throw new Error('down');
      return n;
    });
    const [a, b] = await Promise.allSettled([shared(), shared()]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    expect(await shared()).toBe(2);
  });
});
