import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver (ADR 033)', () => {
  it('fetches the resolver at the first validation only, then uses it for every one', async () => {
    const load = vi.fn(async () => ok);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(await resolver({ name: 'b' }, undefined, options)).toEqual({ values: { name: 'b' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the fetch again at the next validation when it failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValueOnce(ok);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'a' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
