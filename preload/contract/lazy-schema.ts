/**
 * A schema built on first use. The contract holds a few hundred zod schemas, and building them
 * all costs every start about 20 ms (issue 23: posctl status, the headless start); a command or
 * a page uses a handful. The value stands in for the schema everywhere (parse, composition in
 * other schemas, instanceof, .shape, .extend…) and builds it at the first touch; the running app
 * builds them all once it answers (warmSchemas), so no sale pays for one.
 */
/** A schema not built yet, or built: the stand-in's proxy target. */
interface Slot<T extends object> {
  build: (() => T) | undefined;
  built: T | undefined;
}

const pending = new Set<Slot<object>>();
const standIns = new WeakSet<object>();
let made = 0;

function real<T extends object>(slot: Slot<T>): T {
  if (slot.built === undefined) {
    const build = slot.build;
    if (build === undefined) throw new Error('a lazy schema was used while it was being built');
    // Taken while it runs: a schema whose building touches its own stand-in is told so, not a stack overflow.
    slot.build = undefined;
    try {
      slot.built = build();
    } catch (e) {
      slot.build = build;
      throw e;
    }
    pending.delete(slot);
  }
  return slot.built;
}

/**
 * One handler for every stand-in, its target the schema's slot: each stand-in is a proxy and a
 * two-field object, not eight closures of its own (a few hundred of them are made at every start).
 */
const forward: ProxyHandler<Slot<object>> = {
  get: (slot, key): unknown => Reflect.get(real(slot), key),
  has: (slot, key) => Reflect.has(real(slot), key),
  ownKeys: (slot) => Reflect.ownKeys(real(slot)),
  getOwnPropertyDescriptor: (slot, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(real(slot), key);
    // The stand-in's own (extensible) target may not report a property it lacks as fixed.
    return descriptor && { ...descriptor, configurable: true };
  },
  getPrototypeOf: (slot) => Reflect.getPrototypeOf(real(slot)),
  set: (slot, key, value) => Reflect.set(real(slot), key, value),
  defineProperty: (slot, key, descriptor) => Reflect.defineProperty(real(slot), key, descriptor),
  deleteProperty: (slot, key) => Reflect.deleteProperty(real(slot), key),
};

export function lazySchema<T extends object>(build: () => T): T {
  const slot: Slot<T> = { build, built: undefined };
  pending.add(slot);
  const standIn = new Proxy(slot, forward) as unknown as T;
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
  for (const slot of [...pending]) real(slot);
}
