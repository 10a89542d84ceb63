import { useId, useState } from 'react';
import type { SettingView } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { choiceWords, settingWords } from './setting-words';

/**
 * One setting: its name and what it does in the page's language, its value (a choice when main
 * lists the values, write-only for a secret), Save and Default, and what main said of the last try.
 * A setting this page may not change shows read-only with main's reason.
 */
export function SettingField({ s }: { s: SettingView }) {
  const { t } = useT('settings');
  const save = useSettingsStore((st) => st.save);
  const reset = useSettingsStore((st) => st.reset);
  const note = useSettingsStore((st) => st.notes[s.key]);
  // The field starts from the value in force; the parent's key renews it when a save changes that value.
  const [text, setText] = useState(s.text ?? '');
  const id = useId();
  const words = settingWords(s);
  const label = words.label ? t(words.label) : s.key;
  const refused = note?.ok === false;
  const describedBy = `${id}-about ${id}-note`;
  const changed = s.secret ? text !== '' : text !== (s.text ?? '');
  return (
    <form
      className="setting"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!changed) return;
        save(s.key, text);
        if (s.secret) setText('');
      }}
    >
      <label className="field" htmlFor={id}>
        <strong>{label}</strong>
      </label>
      {/* The technician's keys may keep main's description (English), as posctl shows it. */}
      <span id={`${id}-about`} className="muted">
        {words.description ? t(words.description) : s.description}
      </span>
      <div className="setting-row">
        {s.choices ? (
          <select id={id} value={text} disabled={!s.editable} aria-invalid={refused} aria-describedby={describedBy} onChange={(e) => setText(e.target.value)}>
            {s.choices.map((value) => {
              const words = choiceWords(s.key, value);
              return (
                <option key={value} value={value}>
                  {words ? t(words) : value}
                </option>
              );
            })}
          </select>
        ) : (
          <input
            id={id}
            type={s.secret ? 'password' : 'text'}
            autoComplete="off"
            value={text}
            placeholder={s.secret ? t(s.set ? 'secret.set' : 'secret.unset') : (s.defaultText ?? '')}
            readOnly={!s.editable}
            aria-invalid={refused}
            aria-describedby={describedBy}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {s.editable ? (
          <>
            <button type="submit" className="button" disabled={!changed}>
              {t('save')}
            </button>
            {s.set && (
              <button type="button" className="button" onClick={() => reset(s.key)}>
                {t(s.secret ? 'remove' : 'default')}
              </button>
            )}
          </>
        ) : (
          // Main's reason: the technician's key, or the provisioning file that locks it.
          <span className="muted">{s.lockedReason}</span>
        )}
      </div>
      {/* A refusal is main's words (posctl's rules), next to the field. */}
      <span id={`${id}-note`} className={refused ? 'field-problem' : 'muted'} role={refused ? 'alert' : undefined}>
        {note === undefined ? '' : note.ok ? t('saved') : note.text}
      </span>
    </form>
  );
}
