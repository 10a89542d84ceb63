import { useEffect, useRef, useState } from 'react';
import { useStatusStore } from '../stores/status-store';
import { useSetupStore } from '../stores/setup-store';
import { SetupScreen } from '../screens/setup/SetupScreen';
import { StatusBar } from '../components/StatusBar';
import { ManagerBadge, ManagerGate } from '../components/ManagerGate';
import { OfflineBanner } from '../components/OfflineBanner';
import { TrainingBanner } from '../components/TrainingBanner';
import { Announcer } from '../components/Announcer';
import { problemWords } from '../components/problem';
import { useT } from '../i18n/i18n';
import { useDocumentTitle } from './document-title';
import { focusScreen } from './focus';
import { ScreenNav } from './ScreenNav';
import { screens } from './screens';

export function App() {
  const { status, connection, problem } = useStatusStore();
  const setup = useSetupStore((s) => s.status);
  const { t } = useT('app');
  const [current, setCurrent] = useState(screens[0]?.id ?? '');
  // The screen on show (undefined while the page has none): its title, and where focus goes on a switch.
  const ready = status !== undefined && setup !== undefined && !setup.needed;
  const available = ready ? screens.filter((s) => s.visible?.(status) ?? true) : [];
  const screen = available.find((s) => s.id === current) ?? available[0];
  const refused = connection === 'refused';
  useDocumentTitle(refused ? undefined : screen?.label, refused ? t('title.refused') : setup?.needed ? t('title.setup') : undefined);
  useScreenFocus(screen?.id);

  if (refused) {
    return (
      <main className="refused" role="alert">
        <h1>{t('refusedTitle')}</h1>
        <p>{t('refusedText')}</p>
      </main>
    );
  }

  // A fresh lane opens on its set-up, and no screen is reachable until it is done (or posctl set a PIN).
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToMain')}
      </a>
      {/* One banner landmark holds everything above the work area: the TRAINING and offline banners too. */}
      <header className="app-top">
        {status?.mode === 'training' && <TrainingBanner />}
        {connection === 'lost' && (
          <div className="connection-lost" role="alert">
            {t('connectionLost')}
          </div>
        )}
        {status && <OfflineBanner status={status} />}
        <div className="app-header">
          <span className="brand">{t('brand')}</span>
          <ScreenNav entries={available} current={screen?.id} onOpen={setCurrent} />
          <ManagerBadge />
        </div>
        <Announcer />
      </header>
      <main id="main" tabIndex={-1}>
        {setup?.needed ? <SetupScreen status={setup} /> : ready && screen ? screen.render(status, setCurrent) : <p className="loading">{problemWords(problem) ?? t('connecting')}</p>}
      </main>
      <StatusBar status={status} connection={connection} />
      <ManagerGate />
    </div>
  );
}

/**
 * After a switch of screen, focus goes to the new screen's heading (or <main>), so a screen reader
 * says where the cashier is and Tab goes on from there; a screen that focuses its own first field
 * as it opens (the Register's amount) keeps it. Nothing moves on the first screen of the page.
 */
function useScreenFocus(id: string | undefined): void {
  const shown = useRef(id);
  useEffect(() => {
    if (id === shown.current) return;
    const first = shown.current === undefined;
    shown.current = id;
    if (first || id === undefined) return;
    // A dialog the new screen opened keeps the focus it took.
    if (document.getElementById('main')?.contains(document.activeElement) || document.querySelector('dialog[open]')) return;
    focusScreen();
  }, [id]);
}
