import { describe, expect, it } from 'vitest';
import { posctlArgs } from '../../../main/electron/posctl-mode';

describe('posctlArgs', () => {
  it('returns undefined when the app starts as usual', () => {
    expect(posctlArgs(['/opt/Counter POS/counter-pos'])).toBeUndefined();
    expect(posctlArgs(['/opt/Counter POS/counter-pos', '--data-dir=/var/lib/lane'])).toBeUndefined();
    expect(posctlArgs(['electron', '.', '--data-dir=/var/lib/lane'])).toBeUndefined();
  });

  it('hands posctl everything after --posctl, in the packaged app and in a checkout', () => {
    expect(posctlArgs(['/opt/Counter POS/counter-pos', '--posctl', 'queue', 'forward'])).toEqual(['queue', 'forward']);
    expect(posctlArgs(['electron', '.', '--posctl', '--data-dir', '/var/lib/lane', 'queue', 'status', '--json'])).toEqual(['--data-dir', '/var/lib/lane', 'queue', 'status', '--json']);
  });

  it('leaves the arguments before --posctl to Electron and keeps a later --posctl as posctl wrote it', () => {
    expect(posctlArgs(['counter-pos', '--no-sandbox', '--posctl', 'journal', 'list', '--ref', '--posctl'])).toEqual(['journal', 'list', '--ref', '--posctl']);
  });

  it('gives posctl an empty command line for a bare --posctl (posctl then prints its help)', () => {
    expect(posctlArgs(['counter-pos', '--posctl'])).toEqual([]);
  });

  it('does not take an argument that only starts like the flag', () => {
    expect(posctlArgs(['counter-pos', '--posctl=queue'])).toBeUndefined();
    expect(posctlArgs(['counter-pos', '--posctlx', 'status'])).toBeUndefined();
  });
});
