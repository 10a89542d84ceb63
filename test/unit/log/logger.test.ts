import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { memoryLog } from '../../support/memory-log';

async function flushed(log: ReturnType<typeof createLogger>): Promise<void> {
  await new Promise<void>((resolve) => log.flush(() => resolve()));
}

describe('logger', () => {
  it('passes messages, fields, child bindings, interpolation and errors through the redactor', async () => {
    const mem = memoryLog();
    const log = createLogger({ level: 'debug', destination: mem.stream });
    const child = log.child({ module: 'test', password: 'bound-secret' });
    child.info({ pan: '4111111111111111', note: 'swipe %B4111111111111111^DOE/J^2512101?' }, 'card 5500000000000004 read');
    child.warn('interpolated %s and %o', '4242424242424242', { track2: ';4242424242424242=2512?' });
    child.error(new Error('declined for 4003000123456781'));
    await flushed(log);

    const text = mem.text();
    for (const secret of ['4111111111111111', '5500000000000004', '4242424242424242', '4003000123456781', 'bound-secret', 'DOE/J']) {
      expect(text).not.toContain(secret);
    }
    const lines = mem.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ module: 'test', password: '[REDACTED]', pan: '[REDACTED]', msg: 'card [PAN …0004] read' });
    expect(lines[2]).toMatchObject({ err: { type: 'Error', message: 'declined for [PAN …6781]' } });
  });

  it('respects the level', async () => {
    const mem = memoryLog();
    const log = createLogger({ level: 'warn', destination: mem.stream });
    log.info('hidden');
    log.warn('shown');
    await flushed(log);
    expect(mem.lines().map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['shown']);
  });
});
