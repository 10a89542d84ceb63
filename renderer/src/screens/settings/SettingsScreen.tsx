import { useEffect, type KeyboardEvent } from 'react';
import { problemWords } from '../../components/problem';
import { ProblemNote } from '../../components/ProblemNote';
import { useT } from '../../i18n/i18n';
import { settingsActions, useSettingsStore } from '../../stores/settings-store';
import '../../styles/settings.css';
import { PinChange } from './PinChange';
import { SaveBar } from './SaveBar';
import { SettingField } from './SettingField';
import { fieldId, GROUPS, settingWords } from './setting-words';
import { TechnicianUnlock } from './TechnicianUnlock';
import { useLeaveGuard } from './use-leave-guard';

/** The first control that takes a change: focus goes there once Unlock opened the form. */
const firstEditable = (): HTMLElement | null => document.querySelector<HTMLElement>('.settings-form :is(input, select):not([disabled]):not([readonly])');

/**
 * Enter saves from any control of the form: a text field submits by itself; a choice or a check
 * box does not, so it asks for the submit here. A button keeps Enter for itself.
 */
function enterSaves(e: KeyboardEvent<HTMLFormElement>): void {
  const target = e.target;
  const own = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === 'checkbox');
  if (e.key !== 'Enter' || !own) return;
  e.preventDefault();
  e.currentTarget.requestSubmit();
}

/**
 * Settings (manager): the same keys, rules and words as posctl config, as one form. Arriving shows
 * them read-only, with no PIN dialog over the screen; Unlock asks for the manager PIN when the page
 * needs it. Every change then waits for one Save (main applies all or none) or one Discard, and
 * leaving with changes asks first. The technician's keys show read-only with the reason.
 */
export function SettingsScreen() {
  const { t } = useT('settings');
  const settings = useSettingsStore((s) => s.settings);
  const unlocked = useSettingsStore((s) => s.unlocked);
  const problem = useSettingsStore((s) => s.problem);
  const outcome = useSettingsStore((s) => s.outcome);
  useEffect(() => {
    settingsActions.load();
    return () => settingsActions.leave();
  }, []);
  useLeaveGuard(t('leave.ask'));
  useEffect(() => {
    if (unlocked) firstEditable()?.focus();
  }, [unlocked]);
  // A refused Save puts the focus on the first field named, whose refusal it then reads out.
  const firstRefused = outcome?.kind === 'refused' ? outcome.keys[0] : undefined;
  useEffect(() => {
    if (firstRefused !== undefined) document.getElementById(fieldId(firstRefused))?.focus();
  }, [firstRefused, outcome]);

  const labelOf = (key: string): string => {
    const s = settings.find((v) => v.key === key);
    const words = s ? settingWords(s).label : undefined;
    return words ? t(words) : key;
  };
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      <ProblemNote text={problemWords(problem)} />
      {!unlocked && (
        <div className="settings-lock">
          <p>{settings.length > 0 ? t('readOnly') : t('locked')}</p>
          <button type="button" className="button primary" onClick={() => settingsActions.unlock()}>
            {t('unlock')}
          </button>
        </div>
      )}
      {unlocked && (
        <div className="panel">
          <h2>{t('pin.title')}</h2>
          <PinChange />
        </div>
      )}
      <TechnicianUnlock settings={settings} />
      {settings.length > 0 && (
        <form
          className="settings-form"
          aria-labelledby="settings-title"
          noValidate
          onKeyDown={enterSaves}
          onSubmit={(e) => {
            e.preventDefault();
            settingsActions.save();
          }}
        >
          {GROUPS.map((g) => {
            const items = settings.filter((s) => g.prefixes.some((p) => s.key.startsWith(p)));
            if (items.length === 0) return null;
            return (
              <div key={g.title} className="panel" role="group" aria-label={t(g.title)}>
                <h2>{t(g.title)}</h2>
                {items.map((s) => (
                  <SettingField key={s.key} s={s} unlocked={unlocked} />
                ))}
              </div>
            );
          })}
          {unlocked && <SaveBar labelOf={labelOf} />}
        </form>
      )}
    </section>
  );
}
