import type { SettingsStore } from './config/settings-store';
import type { SettingKey } from './config/settings';
import type { KeyHealth, TerminalKey } from './store/terminal-key';

export interface KeyResetResult {
  /** Whether a new key pair was made (the old one could not be used here). */
  replaced: boolean;
  health: KeyHealth;
  /** Settings whose sealed values could not be opened and were removed: enter them again. */
  clearedSettings: SettingKey[];
  /** Companies of the outbox leads whose sealed details could not be opened and were removed. */
  clearedLeads: string[];
  /** PIN verifiers made with a replaced key, removed: they can never verify again (set them again). */
  clearedPins: ClearedPins;
}

/** The verifiers `resetTerminalKey` removed (roles/stored-verifiers.ts does it). */
export interface ClearedPins {
  managerPin: boolean;
  /** Numbers of the cashiers removed with their PINs. */
  cashiers: string[];
  technicianCode: boolean;
}

export class KeyResetRefused extends Error {
  override name = 'KeyResetRefused';
}

/**
 * `posctl keys reset`: gets the terminal working again after its key was lost or cannot be
 * unlocked. A key that cannot be used here is replaced by a new one (never while it may still
 * open elsewhere, unless `force`); then every sealed value that does not open with the current
 * key is removed and named, so the technician knows which secrets to enter again; so is each PIN
 * verifier keyed with another key (`clearPins`). A working key is kept: only values sealed or keyed
 * with another key are cleared.
 */
export function resetTerminalKey(
  key: TerminalKey,
  settings: SettingsStore,
  outbox: { removeUnreadable(): string[] },
  options: { force?: boolean; sealedPayments?: number; clearPins?: () => ClearedPins } = {},
): KeyResetResult {
  const before = key.health();
  let replaced = false;
  if (before.state === 'locked' || before.state === 'lost') {
    if (before.mayReturn && !options.force) {
      throw new KeyResetRefused(`the terminal key may still open: ${before.detail}. Replacing it would lose every secret sealed with it; give --force to replace it anyway`);
    }
    // Stored payments are never cleared: a new key only makes them unreadable, so say so first.
    const payments = options.sealedPayments ?? 0;
    if (payments > 0 && !options.force) {
      throw new KeyResetRefused(
        `${payments} live payment(s) are stored sealed with this key and could not be forwarded with a new one; forward them first where the key opens (posctl queue forward), or give --force (they stay in the journal for a manager's decision)`,
      );
    }
    key.replace();
    replaced = true;
  }
  const clearedSettings = settings.sealedKeyNames().filter((k) => {
    try {
      settings.readSecret(k);
      return false;
    } catch {
      return true;
    }
  });
  // A value that no longer opens is gone whoever locked it; a locked one comes back from its provisioning file.
  for (const k of clearedSettings) settings.unset(k, { overrideLocks: true });
  const clearedLeads = outbox.removeUnreadable();
  const clearedPins = options.clearPins?.() ?? { managerPin: false, cashiers: [], technicianCode: false };
  return { replaced, health: key.health(), clearedSettings, clearedLeads, clearedPins };
}
