import type { Handlers } from './api/dispatcher';
import type { Service } from './service';

/**
 * One area of the core as the core assembles it: its background services (started in list order,
 * stopped in reverse) and its contract handlers. Every area's `create…Domain(deps)` returns one,
 * plus whatever its neighbours use of it; core lists them once (main/core.ts).
 */
export interface Domain<H extends Partial<Handlers> = Partial<Handlers>> {
  services?: readonly Service[];
  handlers: H;
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The handlers of all the domains together, typed as the intersection of each one's (core checks the whole contract is served). */
export type HandlersOf<D extends readonly Domain[]> = Intersection<D[number]['handlers']>;

/** The services of the domains in order, and their handlers in one map (a method served twice is a bug: refused). */
export function joinDomains<const D extends readonly Domain[]>(domains: D): { services: Service[]; handlers: HandlersOf<D> } {
  const handlers: Record<string, unknown> = {};
  for (const domain of domains) {
    for (const [method, handler] of Object.entries(domain.handlers)) {
      if (method in handlers) throw new Error(`two domains serve ${method}`);
      handlers[method] = handler;
    }
  }
  return { services: domains.flatMap((d) => d.services ?? []), handlers: handlers as HandlersOf<D> };
}
