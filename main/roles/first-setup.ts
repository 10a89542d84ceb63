import type { Logger } from 'pino';
import type { SetupInput, SetupStatus } from '../../preload/contract';
import type { CallContext, Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import { lockedReason, SettingError, type SettingsStore } from '../config/settings-store';
import type { ManagerService } from './manager-service';

export interface FirstSetupDeps {
  settings: SettingsStore;
  manager: ManagerService;
  log: Logger;
}

/** The set-up screen's fields and the settings they write. */
const FIELDS = { name: 'terminal.name', language: 'terminal.language' } as const;

/**
 * A fresh lane's one-time set-up: its name, its language and the first manager PIN. Needed while
 * no manager PIN exists; a PIN set beforehand by posctl skips it. A provisioning file cannot carry
 * a PIN (it holds settings only), so a provisioned name and language are shown, read-only when the
 * machine-wide file locks them, and the set-up still asks for the PIN.
 */
export class FirstSetup {
  constructor(private readonly deps: FirstSetupDeps) {}

  status(): SetupStatus {
    const { settings } = this.deps;
    const locked = (key: string): string | null => {
      const file = settings.lockedBy(key);
      return file === undefined ? null : lockedReason(file);
    };
    return {
      needed: !this.deps.manager.pinSet(),
      name: settings.get(FIELDS.name),
      language: settings.get(FIELDS.language),
      nameLocked: locked(FIELDS.name),
      languageLocked: locked(FIELDS.language),
    };
  }

  /**
   * Writes the name and the language with their settings' own rules and sets the first PIN, all in
   * one transaction (ManagerService.firstPin): a bad name sets no PIN, and a set-up finished
   * elsewhere first (CONFLICT) writes nothing.
   */
  complete(ctx: CallContext, input: SetupInput): SetupStatus {
    if (input.pin !== input.pinAgain) {
      const message = 'The two PINs are not the same: type the same PIN twice.';
      throw new PosError('BAD_INPUT', message, [{ path: 'pinAgain', message }]);
    }
    const { settings } = this.deps;
    const wanted = [[FIELDS.name, input.name.trim()], [FIELDS.language, input.language]] as const;
    for (const [key, value] of wanted) {
      const file = settings.lockedBy(key);
      if (file !== undefined && settings.get(key) !== value) throw new PosError('BAD_INPUT', `${lockedReason(file)} It cannot be changed here.`, [{ path: fieldOf(key), message: lockedReason(file) }]);
    }
    const writes = wanted.filter(([key]) => settings.lockedBy(key) === undefined);
    this.deps.manager.firstPin(input.pin, `set-up (page ${ctx.connection ?? ctx.transport})`, () => {
      try {
        settings.setMany(writes);
      } catch (e) {
        if (e instanceof SettingError) throw new PosError('BAD_INPUT', e.message, [{ path: fieldOf(e.key), message: e.message }]);
        throw e;
      }
    });
    this.deps.log.info({ name: settings.get(FIELDS.name), language: settings.get(FIELDS.language) }, 'the lane was set up');
    return this.status();
  }
}

/** The set-up field of a setting key (the name unless it is the language). */
function fieldOf(key: string | undefined): keyof typeof FIELDS {
  return key === FIELDS.language ? 'language' : 'name';
}

export function setupHandlers(setup: FirstSetup): Pick<Handlers, 'setup.status' | 'setup.complete'> {
  return {
    'setup.status': () => setup.status(),
    'setup.complete': (input, ctx) => setup.complete(ctx, input),
  };
}
