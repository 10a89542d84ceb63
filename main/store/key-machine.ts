import type { KeyObject } from 'node:crypto';
import { PROTECTOR_WORDS, type MachineKeyProtector, type MachineProtection } from '../platform/machine-key';
import { keyringAccount, writeKeyFile, type MachineKeyFile } from './key-file';
import { matchingPrivateKey, privateKeyToDer, rawPublicKey } from './sealing';
import type { KeyHealth } from './terminal-key';

export const RESET_HINT = 'run `posctl keys reset`, then enter the secrets again (posctl config set KEY)';
const MOVE_HINT = 'to move a key on purpose, run `posctl keys export --to FILE` where it opens and `posctl keys import FILE` here';

/** A terminal key as a host finds it: its health, and the keys that opened. */
export interface OpenedKey {
  health: KeyHealth;
  publicKey?: KeyObject;
  privateKey?: KeyObject;
}

/**
 * The part of the terminal key kept by the machine (platform/machine-key.ts): opening a key file
 * of the `machine` kind, and keeping a machine-wide lane's private key there.
 */
export class LaneMachineKey {
  constructor(private readonly deps: { file: string; machine?: MachineProtection; onNotice?: (message: string) => void }) {}

  /** The protector this lane keeps its key with, or why it has none. */
  protector(): MachineKeyProtector | string {
    const machine = this.deps.machine;
    if (!machine?.forNewKeys) return "this lane keeps its key with its OS account (a per-user lane): the machine's protection is for machine-wide lanes";
    if ('unavailable' in machine.protector) return `there is no machine key protection here (${machine.protector.unavailable})`;
    return machine.protector;
  }

  /** That protector when this process can write to it now, or why not. */
  writable(): MachineKeyProtector | string {
    const m = this.protector();
    return typeof m === 'string' ? m : (m.storeProblem() ?? m);
  }

  /** A `machine` key file's private key from this computer's protector; locked (never replaced) when it is not here. */
  open(content: MachineKeyFile, publicKey: KeyObject): OpenedKey {
    const m = this.deps.machine?.protector;
    const account = keyringAccount(publicKey);
    if (!m || 'unavailable' in m || m.name !== content.protector) {
      const why = !m ? 'this host has none' : 'unavailable' in m ? m.unavailable : `this computer has ${m.label}`;
      return { publicKey, health: { state: 'locked', mayReturn: true, detail: `the terminal key is kept by ${PROTECTOR_WORDS[content.protector]} of the computer it was made on, which is not here (${why}); ${MOVE_HINT}, or ${RESET_HINT}` } };
    }
    let der: Buffer | undefined;
    try {
      der = m.load(content.locator);
    } catch (e) {
      return { publicKey, health: { state: 'locked', mayReturn: true, detail: `the terminal key cannot be read from ${m.label}: ${(e as Error).message}` } };
    }
    if (!der) {
      // A copy or backup of the data folder opened on another computer: by design its key stayed behind.
      return {
        publicKey,
        health: { state: 'locked', mayReturn: true, detail: `${m.label} has no terminal key ${account} for this data folder: if the folder was copied from another computer, its key stayed there; ${MOVE_HINT}, or ${RESET_HINT}` },
      };
    }
    const privateKey = matchingPrivateKey(der, publicKey);
    der.fill(0);
    if (!privateKey) return { publicKey, health: { state: 'locked', detail: `the key ${account} in ${m.label} is not this terminal's key; ${RESET_HINT}` } };
    return { publicKey, privateKey, health: machineHealth(m) };
  }

  /** Stores the key with the machine, reads it back, then leaves only the public key and the locator in the key file. Throws when it cannot. */
  keep(m: MachineKeyProtector, publicKey: KeyObject, privateKey: KeyObject, why: 'created' | 'moved' | 'imported'): OpenedKey {
    const der = privateKeyToDer(privateKey);
    try {
      const locator = m.store(keyringAccount(publicKey), der);
      const back = m.load(locator);
      const same = back?.equals(der) ?? false;
      back?.fill(0);
      if (!same) throw new Error(`${m.label} did not give the stored key back`);
      writeKeyFile(this.deps.file, { version: 2, protection: 'machine', publicKey: rawPublicKey(publicKey).toString('base64url'), protector: m.name, locator });
    } finally {
      der.fill(0);
    }
    if (why === 'moved') this.deps.onNotice?.(`the terminal key was moved from the data folder to ${m.label}: a copy of the data folder alone no longer unseals its secrets`);
    return { publicKey, privateKey, health: machineHealth(m) };
  }
}

function machineHealth(m: MachineKeyProtector): KeyHealth {
  return { state: 'machine', detail: `the terminal key is kept by ${m.label}, outside the data folder` };
}
