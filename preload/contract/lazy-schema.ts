/**
 * A schema built on first use. The contract holds a few hundred zod schemas, and building them
 * all costs every start about 20 ms (issue 23: posctl status, the headless start); a command or
 * a page uses a handful. The value stands in for the schema everywhere (parse, composition in
 * other schemas, instanceof, .shape, .extend…) and builds it at the first touch; the running app
 * builds them all once it answers (warmSchemas), so no sale pays for one.
 */
const pending = new Set<() => unknown>();
const standIns = new WeakSet<object>();
let made = 0;

export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    if (built === undefined) {
      built = build();
      pending.delete(real);
    }
    return built;
  };
  pending.add(real);
  const standIn = new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own (empty, extensible) target may not report a property it lacks as fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    set: (_, key, value) => Reflect.set(real(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
  });
  standIns.add(standIn);
  made++;
  return standIn;
}

/** Whether a value is a stand-in of lazySchema (built or not): tests hold the contract to it. */
export function isLazySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && standIns.has(value);
}

/** How many stand-ins were made, and how many of them are not built yet. */
export function schemaCounts(): { made: number; unbuilt: number } {
  return { made, unbuilt: pending.size };
}

/** Builds every schema not built yet (the app, once it answers: the first sale finds them ready). */
export function warmSchemas(): void {
  for (const build of [...pending]) build();
}
