import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { settingsActions, useSettingsStore } from '../../stores/settings-store';
import { fieldId } from './setting-words';

/**
 * One Save and one Discard for every change on the screen, what waits, and what the last Save came
 * to, said politely; a refusal lists each setting by name, each a link to its field. The buttons
 * never turn disabled, so the focus on them stays put after a Save or a Discard.
 */
export function SaveBar({ labelOf }: { labelOf: (key: string) => string }) {
  const { t } = useT('settings');
  const count = useSettingsStore((s) => Object.keys(s.drafts).length);
  const busy = useSettingsStore((s) => s.busy);
  const outcome = useSettingsStore((s) => s.outcome);
  const problems = useSettingsStore((s) => s.problems);
  const idle = count === 0 || busy;
  return (
    <div className="save-bar">
      <p className="muted save-count">{count > 0 ? t('changes.some', { count }) : t('changes.none')}</p>
      <div className="save-actions">
        <button type="submit" className="button primary" aria-disabled={idle}>
          {t('save')}
        </button>
        <button type="button" className="button" aria-disabled={idle} onClick={() => !idle && settingsActions.discard()}>
          {t('discard')}
        </button>
      </div>
      <div role="status" className="save-outcome">
        {outcome?.kind === 'saved' && t('outcome.saved', { count: outcome.count })}
        {outcome?.kind === 'refused' && t('outcome.refused', { count: outcome.keys.length })}
        {outcome?.kind === 'failed' && t('outcome.failed', { text: problemWords(outcome.problem) })}
      </div>
      {outcome?.kind === 'refused' && (
        <ul className="save-problems">
          {outcome.keys.map((key) => (
            <li key={key}>
              <a
                href={`#${fieldId(key)}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(fieldId(key))?.focus();
                }}
              >
                {t('problem.of', { label: labelOf(key), text: problems[key] ?? '' })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
