import { describe, expect, it } from 'vitest';
import { joinDomains } from '../../../main/domain';
import type { Service } from '../../../main/service';

const service = (name: string): Service => ({ name, start: async () => undefined, stop: async () => undefined });

describe('joinDomains', () => {
  it('lists the services in the order of the domains and serves every handler once', () => {
    const joined = joinDomains([
      { services: [service('gateway')], handlers: { 'app.status': () => undefined } },
      { handlers: {} },
      { services: [service('devices'), service('training pad')], handlers: { 'devices.list': () => undefined } },
    ] as never);
    expect(joined.services.map((s) => s.name)).toEqual(['gateway', 'devices', 'training pad']);
    expect(Object.keys(joined.handlers as object)).toEqual(['app.status', 'devices.list']);
  });

  it('refuses a method two domains serve', () => {
    expect(() => joinDomains([{ handlers: { 'app.status': () => undefined } }, { handlers: { 'app.status': () => undefined } }] as never)).toThrow('two domains serve app.status');
  });
});
