import { createRequire } from 'node:module';
import { checkAccount, MachineKeyError, type MachineKeyProtector } from './machine-key';

/** What the terminal uses of `@primno/dpapi` (its own typings, restated so nothing native is imported). */
export interface DpapiModule {
  readonly isPlatformSupported: boolean;
  readonly Dpapi: {
    protectData(data: Uint8Array, entropy: Uint8Array | null, scope: 'CurrentUser' | 'LocalMachine'): Uint8Array;
    unprotectData(data: Uint8Array, entropy: Uint8Array | null, scope: 'CurrentUser' | 'LocalMachine'): Uint8Array;
  };
}

/** Not a secret: it keeps other programs' DPAPI blobs and ours apart. */
const ENTROPY = Buffer.from('counter-pos terminal key v1');

const loadDpapi = (): DpapiModule => createRequire(import.meta.url)('@primno/dpapi') as DpapiModule;

/**
 * Windows: DPAPI with the LocalMachine scope. The blob is kept in the data folder's key file (the
 * locator is the blob): only this computer can open it, so a copy or backup of the folder opened
 * anywhere else unseals nothing, and any lane account can make one (no administrator), so every
 * machine-wide lane gets it without IT's help. On this computer, whoever can read the key file can
 * open it, as with the group-only ACL of %ProgramData%\Counter POS before. The native module is
 * loaded on first use (win32 only; elsewhere it has no binary).
 */
export function windowsDpapi(load: () => DpapiModule = loadDpapi): MachineKeyProtector {
  let mod: DpapiModule | { problem: string } | undefined;
  const dpapi = (): DpapiModule => {
    if (!mod) {
      try {
        const m = load();
        mod = m.isPlatformSupported ? m : { problem: 'DPAPI is not supported on this platform' };
      } catch (e) {
        mod = { problem: `the DPAPI module could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
      }
    }
    if ('problem' in mod) throw new MachineKeyError(mod.problem);
    return mod;
  };
  return {
    name: 'windows-dpapi',
    label: 'Windows DPAPI (this computer)',
    storeProblem() {
      try {
        dpapi();
        return undefined;
      } catch (e) {
        return (e as Error).message;
      }
    },
    prepare() {
      dpapi();
    },
    store(account, der) {
      checkAccount(account);
      try {
        return Buffer.from(dpapi().Dpapi.protectData(der, ENTROPY, 'LocalMachine')).toString('base64');
      } catch (e) {
        if (e instanceof MachineKeyError) throw e;
        throw new MachineKeyError(`Windows DPAPI could not protect the key (${(e as Error).message})`);
      }
    },
    load(locator) {
      const blob = Buffer.from(locator, 'base64');
      const d = dpapi();
      try {
        return Buffer.from(d.Dpapi.unprotectData(blob, ENTROPY, 'LocalMachine'));
      } catch {
        // Made on another computer (or damaged): this one holds no key for it.
        return undefined;
      }
    },
    // The blob is in the key file: nothing is kept elsewhere.
    remove: () => false,
  };
}
