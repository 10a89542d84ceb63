import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../../preload/contract';
import { isLazySchema, lazySchema, schemaCounts, warmSchemas } from '../../../preload/contract/lazy-schema';

// Taken as this file's modules load, before any test touches a schema.
const atImport = schemaCounts();

describe('a schema built on first use', () => {
  it('leaves the whole contract unbuilt when it is imported (none builds another at import)', () => {
    expect(atImport.made).toBeGreaterThan(200);
    expect(atImport.unbuilt).toBe(atImport.made);
  });

  it('is built at the first touch, once', () => {
    let builds = 0;
    const Amount = lazySchema(() => {
      builds++;
      return z.object({ cents: z.number().int().nonnegative() });
    });
    expect(builds).toBe(0);
    expect(Amount.parse({ cents: 125 })).toEqual({ cents: 125 });
    expect(Amount.safeParse({ cents: -1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands in for the schema: composition, instanceof, shape, extend, optional, errors', () => {
    const Eager = z.object({ name: z.string().max(5), cents: z.number().int() });
    const Lazy = lazySchema(() => z.object({ name: z.string().max(5), cents: z.number().int() }));
    const Outer = z.object({ item: Lazy, items: z.array(Lazy).optional() });
    expect(Lazy).toBeInstanceOf(z.ZodType);
    expect(Lazy).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(Lazy.shape)).toEqual(['name', 'cents']);
    expect(Lazy.extend({ note: z.string() }).parse({ name: 'a', cents: 1, note: 'n' })).toEqual({ name: 'a', cents: 1, note: 'n' });
    expect(Lazy.optional().parse(undefined)).toBeUndefined();
    expect(Outer.parse({ item: { name: 'ab', cents: 2 }, items: [{ name: 'c', cents: 3 }] })).toEqual({ item: { name: 'ab', cents: 2 }, items: [{ name: 'c', cents: 3 }] });
    for (const bad of [{ name: 'toolong', cents: 1 }, { name: 'a', cents: 1.5 }, { cents: 1 }, null]) {
      expect(Lazy.safeParse(bad).error?.issues).toEqual(Eager.safeParse(bad).error?.issues);
    }
  });

  it('holds every schema of the contract: its named schemas and every method and event entry', () => {
    const named = Object.entries(contract).filter(([name, value]) => /^[A-Z]/.test(name) && value instanceof z.ZodType);
    expect(named.length).toBeGreaterThan(80);
    expect(named.filter(([, value]) => !isLazySchema(value)).map(([name]) => name)).toEqual([]);
    const entries = [
      ...Object.entries(contract.methods).flatMap(([name, m]) => [[`${name} input`, m.input] as const, [`${name} output`, m.output] as const]),
      ...Object.entries(contract.events),
    ];
    expect(entries.filter(([, schema]) => !isLazySchema(schema)).map(([name]) => name)).toEqual([]);
  });

  it('are all built by warmSchemas, each a working zod schema', () => {
    warmSchemas();
    expect(schemaCounts().unbuilt).toBe(0);
    for (const [, m] of Object.entries(contract.methods)) {
      expect(m.input).toBeInstanceOf(z.ZodType);
      expect(m.output).toBeInstanceOf(z.ZodType);
    }
  });
});
