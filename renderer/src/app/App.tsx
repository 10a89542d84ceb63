import { useState } from 'react';
import { useStatusStore } from '../stores/status-store';
import { useSetupStore } from '../stores/setup-store';
import { SetupScreen } from '../screens/setup/SetupScreen';
import { StatusBar } from '../components/StatusBar';
import { ManagerBadge, ManagerGate } from '../components/ManagerGate';
import { OfflineBanner } from '../components/OfflineBanner';
import { TrainingBanner } from '../components/TrainingBanner';
import { useT } from '../i18n/i18n';
import { ScreenNav } from './ScreenNav';
import { screens } from './screens';

export function App() {
  const { status, connection, error } = useStatusStore();
  const setup = useSetupStore((s) => s.status);
  const { t } = useT('app');
  const [current, setCurrent] = useState(screens[0]?.id ?? '');

  if (connection === 'refused') {
    return (
      <main className="refused" role="alert">
        <h1>{t('refusedTitle')}</h1>
        <p>{t('refusedText')}</p>
      </main>
    );
  }

  // A fresh lane opens on its set-up, and no screen is reachable until it is done (or posctl set a PIN).
  const ready = status !== undefined && setup !== undefined && !setup.needed;
  const available = ready ? screens.filter((s) => s.visible?.(status) ?? true) : [];
  const screen = available.find((s) => s.id === current) ?? available[0];

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToMain')}
      </a>
      <div className="app-top">
        {status?.mode === 'training' && <TrainingBanner />}
        {connection === 'lost' && (
          <div className="connection-lost" role="alert">
            {t('connectionLost')}
          </div>
        )}
        {status && <OfflineBanner status={status} />}
        <header className="app-header">
          <span className="brand">{t('brand')}</span>
          <ScreenNav entries={available} current={screen?.id} onOpen={setCurrent} />
          <ManagerBadge />
        </header>
      </div>
      <main id="main" tabIndex={-1}>
        {setup?.needed ? <SetupScreen status={setup} /> : ready && screen ? screen.render(status, setCurrent) : <p className="loading">{error ?? t('connecting')}</p>}
      </main>
      <StatusBar status={status} connection={connection} />
      <ManagerGate />
    </div>
  );
}
