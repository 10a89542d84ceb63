import { useState } from 'react';
import type { SettingView } from '../../../../preload/contract';
import { connect } from '../../api/pos';
import { problemWords, toProblem, type Problem } from '../../components/problem';
import { digitsOnly } from '../../components/money';
import { useT } from '../../i18n/i18n';
import { useManagerStore } from '../../stores/manager-store';
import { settingsActions } from '../../stores/settings-store';

/**
 * "Technician unlock", in the desktop app only: the gateway's settings are the technician's, who
 * opens them in this window with a one-time code from `posctl technician code` on this PC. A
 * browser page cannot (main refuses it there), so the control is not shown in one.
 */
export function TechnicianUnlock({ settings }: { settings: readonly SettingView[] }) {
  const { t } = useT('settings');
  const role = useManagerStore((m) => m.status?.role);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  const readOnly = settings.some((s) => s.access === 'technician' && !s.editable);
  if (connect().initial !== 'ipc' || (!readOnly && role !== 'technician')) return null;

  if (role === 'technician') {
    return (
      <div className="panel" role="group" aria-label={t('tech.title')}>
        <h2>{t('tech.title')}</h2>
        <p role="status">{t('tech.open')}</p>
        {problem && (
          <p className="field-problem" role="alert">
            {problemWords(problem)}
          </p>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            connect()
              .client.call('manager.lock', {})
              .then(
                (status) => {
                  useManagerStore.setState({ status });
                  // The page is a cashier again: the settings close until the manager PIN opens them.
                  settingsActions.close();
                },
                (err: unknown) => setProblem(toProblem(err)),
              );
          }}
        >
          {t('tech.lock')}
        </button>
      </div>
    );
  }

  return (
    <div className="panel" role="group" aria-label={t('tech.title')}>
      <h2>{t('tech.title')}</h2>
      <form
        className="setting"
        aria-label={t('tech.form')}
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          connect()
            .client.call('technician.unlock', { code })
            .then(
              (status) => {
                useManagerStore.setState({ status });
                setProblem(undefined);
                // The technician may change at once: the form opens (no manager PIN is asked of a technician).
                settingsActions.unlock();
              },
              (err: unknown) => setProblem(toProblem(err)),
            )
            .finally(() => setBusy(false));
          setCode('');
        }}
      >
        <p className="muted">{t('tech.explain')}</p>
        <div className="setting-row">
          <label className="field">
            {t('tech.code')}
            <input inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={code} onChange={(e) => setCode(digitsOnly(e.target.value))} />
          </label>
          <button type="submit" className="button" disabled={busy || code.length !== 8}>
            {t('tech.unlock')}
          </button>
        </div>
        {problem && (
          <span className="field-problem" role="alert">
            {problemWords(problem)}
          </span>
        )}
      </form>
    </div>
  );
}
