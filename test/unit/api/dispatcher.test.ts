import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../main/api/dispatcher';
import { PosError } from '../../../main/api/errors';
import type { AppStatus } from '../../../preload/contract';
import { memoryLog } from '../../support/memory-log';

const status: AppStatus = {
  mode: 'training',
  version: '1.0.0',
  terminal: { name: 'Lane 1', language: 'en' },
  receipts: { afterApproval: 'ask' },
  gateway: { state: 'training', unencrypted: false },
  devices: [],
  queue: { pending: 0, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 },
  problems: [],
};

const ctx = { transport: 'test' } as const;

/** These tests exercise app.status alone; the other methods of the contract are not called. */
const only = (h: Pick<Handlers, 'app.status'>): Handlers => h as Handlers;

describe('dispatcher', () => {
  it('answers a valid call with its validated output', async () => {
    const dispatch = createDispatcher(only({ 'app.status': () => status }), pino({ level: 'silent' }));
    expect(await dispatch('app.status', {}, ctx)).toEqual({ ok: true, value: status });
  });

  it('types unknown methods, non-string names and bad input', async () => {
    const dispatch = createDispatcher(only({ 'app.status': () => status }), pino({ level: 'silent' }));
    expect(await dispatch('app.nope', {}, ctx)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await dispatch(42, {}, ctx)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await dispatch('__proto__', {}, ctx)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await dispatch('toString', {}, ctx)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    const bad = await dispatch('app.status', { extra: 1 }, ctx);
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: '(input)' }] } });
    // No method name or schema words in what a person reads.
    expect(bad.ok ? '' : bad.error.message).toBe('Something entered is not valid: check the marked fields.');
    expect(await dispatch('app.status', 'text', ctx)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });

  it('passes a PosError through and turns anything else into INTERNAL, logged without card data', async () => {
    const mem = memoryLog();
    const log = pino({ level: 'info' }, mem.stream);
    const failing = (e: Error): Handlers => only({ 'app.status': () => { throw e; } });
    const typed = await createDispatcher(failing(new PosError('UNAVAILABLE', 'database busy')), log)('app.status', {}, ctx);
    expect(typed).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'database busy' } });
    const bug = await createDispatcher(failing(new TypeError('boom')), log)('app.status', {}, ctx);
    expect(bug).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(bug)).not.toContain('boom');
    expect(mem.text()).toContain('boom');
  });

  it('passes every string of a reply, an error or a refusal through the redactor', async () => {
    const hostile = { ...status, terminal: { name: 'CARD 4111 1111 1111 1111', language: 'en' as const }, problems: [{ code: 'log-unwritable' as const, severity: 'error' as const, audience: 'technician' as const, message: 'track %B4111111111111111^DOE/J^3912?', detail: 'track %B4111111111111111^DOE/J^3912?' }] };
    const reply = await createDispatcher(only({ 'app.status': () => hostile }), pino({ level: 'silent' }))('app.status', {}, ctx);
    expect(JSON.stringify(reply)).not.toMatch(/4111 1111|4111111111111111|DOE\/J/);
    expect(reply.ok && reply.value).toMatchObject({ terminal: { name: 'CARD [PAN …1111]', language: 'en' } });
    const error = await createDispatcher(only({ 'app.status': () => { throw new PosError('UNAVAILABLE', 'reader sent 4111111111111111'); } }), pino({ level: 'silent' }))('app.status', {}, ctx);
    expect(error).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'reader sent [PAN …1111]' } });
    const dispatch = createDispatcher(only({ 'app.status': () => status }), pino({ level: 'silent' }));
    expect(JSON.stringify(await dispatch('4111111111111111', {}, ctx))).not.toContain('4111111111111111');
    expect(JSON.stringify(await dispatch('app.status', { '4111111111111111': 1 }, ctx))).not.toContain('4111111111111111');
  });

  it('says which role a refused call needs in a field, not only in words, and runs nothing', async () => {
    let ran = 0;
    const handlers = { 'app.status': () => status, 'queue.pause': () => { ran += 1; throw new Error('must not run'); } } as Pick<Handlers, 'app.status' | 'queue.pause'>;
    const cashier = { roleOf: () => 'cashier' as const, touch: () => undefined, refusal: (needed: string) => `words for ${needed}` };
    const dispatch = createDispatcher(handlers as Handlers, pino({ level: 'silent' }), cashier);
    expect(await dispatch('queue.pause', {}, { transport: 'ws', connection: 'ws:1' })).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'words for manager', needs: 'manager' } });
    expect(ran).toBe(0);
    // A call the role allows carries no such field.
    expect(await dispatch('app.status', {}, { transport: 'ws', connection: 'ws:1' })).toEqual({ ok: true, value: status });
  });

  it('refuses to send an output the contract does not describe', async () => {
    const dispatch = createDispatcher(only({ 'app.status': () => ({ ...status, mode: 'demo' }) as unknown as AppStatus }), pino({ level: 'silent' }));
    expect(await dispatch('app.status', {}, ctx)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('strips fields the contract does not list from outputs', async () => {
    const leaky = { ...status, secret: 'x' } as AppStatus;
    const dispatch = createDispatcher(only({ 'app.status': () => leaky }), pino({ level: 'silent' }));
    const reply = await dispatch('app.status', {}, ctx);
    expect(reply.ok && reply.value).toEqual(status);
  });
});
