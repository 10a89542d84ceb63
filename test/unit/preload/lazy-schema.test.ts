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

  it('builds again at the next touch when a build failed, and names a build that touches its own stand-in', () => {
    let tries = 0;
    const Flaky = lazySchema(() => {
      if (++tries === 1) throw new Error('not yet');
      return z.string();
    });
    expect(() => Flaky.parse('a')).toThrow('not yet');
    expect(Flaky.parse('a')).toBe('a');
    expect(tries).toBe(2);
    // Only its first build touches itself (warmSchemas, below, builds it again).
    let selfTries = 0;
    const Self: z.ZodType = lazySchema(() => (++selfTries === 1 ? z.array(Self.optional()) : z.array(z.string())));
    expect(() => Self.parse([])).toThrow('a lazy schema was used while it was being built');
    expect(Self.parse(['a'])).toEqual(['a']);
  });

  // A start makes a few hundred: each is a proxy over a small slot, the handler shared (it was eight closures each, ~1 KB).
  it('costs a few hundred bytes a stand-in until it is built', () => {
    const keep: object[] = [];
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20_000; i++) keep.push(lazySchema(() => z.string()));
    const each = (process.memoryUsage().heapUsed - before) / keep.length;
    expect(each).toBeLessThan(500);
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
