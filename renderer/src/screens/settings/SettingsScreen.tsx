import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { PinChange } from './PinChange';
import { SettingField } from './SettingField';
import { GROUPS } from './setting-words';
import { TechnicianUnlock } from './TechnicianUnlock';

/**
 * Settings (manager): the same keys, rules and words as posctl config. The gateway's are the
 * technician's and show read-only with the reason; secrets are write-only.
 */
export function SettingsScreen() {
  const { t } = useT('settings');
  const { settings, error, load } = useSettingsStore();
  useEffect(() => load(), [load]);
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
      {settings.length === 0 && (
        <p>
          {t('locked')}{' '}
          <button type="button" className="button" onClick={load}>
            {t('unlock')}
          </button>
        </p>
      )}
      {settings.length > 0 && (
        <div className="panel">
          <h2>{t('pin.title')}</h2>
          <PinChange />
        </div>
      )}
      <TechnicianUnlock settings={settings} />
      {GROUPS.map((g) => {
        const items = settings.filter((s) => g.prefixes.some((p) => s.key.startsWith(p)));
        if (items.length === 0) return null;
        return (
          <div key={g.title} className="panel" role="group" aria-label={t(g.title)}>
            <h2>{t(g.title)}</h2>
            {items.map((s) => (
              <SettingField key={`${s.key}:${s.text ?? ''}:${String(s.set)}`} s={s} />
            ))}
          </div>
        );
      })}
    </section>
  );
}
