import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isLazySchema, schemaCounts } from '../../../preload/contract/lazy-schema';

/**
 * The core and every module it loads build no zod schema when they are loaded (issue 23): a
 * `posctl status` loads them all and checks a handful of values, and each schema built costs it
 * memory and time (about 470 of them once cost a status some 20 ms). A module-level schema is
 * wrapped in `lazySchema(() => …)`; the running app builds them all once it answers.
 */
const before = schemaCounts();
// zod gives every schema it makes its `_zod` internals with Object.defineProperty: counted while the modules load.
let made = 0;
const defineProperty = Object.defineProperty;
Object.defineProperty = function <T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<unknown>): T {
  if (key === '_zod') made++;
  return defineProperty(target, key, descriptor);
};
async function load() {
  return {
    core: await import('../../../main/core'),
    httpWire: await import('../../../main/http/wire'),
    httpErrors: await import('../../../main/http/errors'),
    marketplaceWire: await import('../../../main/marketplace/wire'),
    merchantWire: await import('../../../main/merchant/wire'),
    instanceLock: await import('../../../main/store/instance-lock'),
    requests: await import('../../../main/payments/requests'),
  };
}
let modules: Awaited<ReturnType<typeof load>>;
try {
  modules = await load();
} finally {
  // Put back even when a module fails to load: the rest of this worker uses the real one.
  Object.defineProperty = defineProperty;
}
const after = schemaCounts();
const schemasMade = made;

describe('zod schemas when the core is loaded', () => {
  it('are stand-ins, none built at load but the four enums whose values payments/states.ts takes as its constants', () => {
    expect(after.made).toBeGreaterThan(before.made + 40);
    const builtAtLoad = after.made - before.made - (after.unbuilt - before.unbuilt);
    expect(builtAtLoad).toBe(4);
  });

  it('are not made at load, but for those four enums', () => {
    expect(schemasMade).toBe(4);
  });

  it('are lazy for every schema these modules export', () => {
    const eager = Object.entries(modules).flatMap(([name, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => value instanceof z.ZodType && !isLazySchema(value))
        .map(([member]) => `${name}.${member}`),
    );
    expect(eager).toEqual([]);
  });
});
