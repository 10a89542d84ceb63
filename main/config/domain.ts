import type { Role } from '../../preload/contract';
import type { CallContext } from '../api/dispatcher';
import { settingsHandlers } from './settings-handlers';
import type { SettingsStore } from './settings-store';

/** The Settings screen's settings.*: posctl's rules and words, each key checked against the caller's role. */
export function createSettingsDomain(deps: { settings: SettingsStore; roleOf: (ctx: CallContext) => Role }) {
  return { handlers: settingsHandlers(deps.settings, deps.roleOf) };
}
