import { declareOwnWords } from '../log/redact';
import { isSettingKey, settingDef } from './settings';

/**
 * A message about a secret setting, made of its key and the rule it broke (never its value: see
 * SettingsStore.prepare), kept as written when it is redacted. Without this `gateway.password: must
 * not contain control characters` reads to the redactor like a password given in clear, and the
 * technician was told `gateway.password: [REDACTED] not contain …`. Any other text is returned as it is.
 */
export function aboutSetting(key: string, text: string): string {
  return isSettingKey(key) && settingDef(key).secret ? declareOwnWords(text) : text;
}
