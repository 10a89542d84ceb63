import type { SettingView } from '../../../../preload/contract';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { settingsActions, useSettingsStore } from '../../stores/settings-store';
import { SettingControl } from './SettingControl';
import { fieldId, settingWords } from './setting-words';

/**
 * One setting of the form: its name and what it does in the page's language, its control (a
 * choice, check boxes for a list, money as money, write-only for a secret), Default, and main's
 * refusal of it at the last Save under it. The form takes changes once unlocked; a key this page
 * may not change stays read-only with main's reason (the technician's, or IT's provisioning file).
 */
export function SettingField({ s, unlocked }: { s: SettingView; unlocked: boolean }) {
  const { t } = useT('settings');
  const draft = useSettingsStore((st) => st.drafts[s.key]);
  const problem = useSettingsStore((st) => st.problems[s.key]);
  const note = useSettingsStore((st) => st.notes[s.key]);
  const id = fieldId(s.key);
  const words = settingWords(s);
  const label = words.label ? t(words.label) : s.key;
  const editable = unlocked && s.editable;
  const value = draft ?? (s.secret ? '' : (s.text ?? ''));
  const describedBy = [`${id}-about`, problem ? `${id}-problem` : undefined, s.unit === 'cents' ? `${id}-hint` : undefined].filter(Boolean).join(' ');
  const showDefault = editable && !s.secret && s.defaultText !== null && value !== s.defaultText;
  return (
    // A list's check boxes are their own group under a legend of the same words; every other control is named by this label.
    <div className={`setting${draft !== undefined ? ' setting-changed' : ''}`} role={s.listOf ? undefined : 'group'} aria-labelledby={s.listOf ? undefined : `${id}-label`}>
      {s.listOf ? (
        <span id={`${id}-label`} className="setting-label" aria-hidden="true">
          <strong>{label}</strong>
        </span>
      ) : (
        <label id={`${id}-label`} className="setting-label" htmlFor={id}>
          <strong>{label}</strong>
        </label>
      )}
      {/* The technician's keys may keep main's description (English), as posctl shows it. */}
      <span id={`${id}-about`} className="muted">
        {words.description ? t(words.description) : s.description}
      </span>
      <div className="setting-row">
        <SettingControl s={s} id={id} label={label} value={value} editable={editable} invalid={problem !== undefined} describedBy={describedBy} />
        {showDefault && (
          <button type="button" className="button" onClick={() => settingsActions.edit(s.key, s.defaultText ?? '')}>
            {t('default')}
          </button>
        )}
        {editable && s.secret && s.set && (
          <button type="button" className="button" onClick={() => settingsActions.remove(s.key)}>
            {t('remove')}
          </button>
        )}
        {/* Main's reason: the technician's key, or the provisioning file that locks it. */}
        {!s.editable && s.lockedReason && <span className="muted setting-reason">{s.lockedReason}</span>}
      </div>
      {problem && (
        <span id={`${id}-problem`} className="field-problem">
          {problem}
        </span>
      )}
      {note && (
        <span className={note.ok ? 'muted' : 'field-problem'} role={note.ok ? 'status' : 'alert'}>
          {note.ok ? t('saved') : problemWords(note.problem)}
        </span>
      )}
    </div>
  );
}
