import { useState } from 'react';
import { useStatusStore } from '../stores/status-store';
import { StatusBar } from '../components/StatusBar';
import { ManagerBadge, ManagerGate } from '../components/ManagerGate';
import { OfflineBanner } from '../components/OfflineBanner';
import { TrainingBanner } from '../components/TrainingBanner';
import { screens } from './screens';

export function App() {
  const { status, connection, error } = useStatusStore();
  const [current, setCurrent] = useState(screens[0]?.id ?? '');

  if (connection === 'refused') {
    return (
      <main className="refused" role="alert">
        <h1>This page is not connected to a terminal</h1>
        <p>The terminal refused this page or is not running. Open the address the terminal printed when it started: it carries a fresh access token.</p>
      </main>
    );
  }

  const available = status ? screens.filter((s) => s.visible?.(status) ?? true) : [];
  const screen = available.find((s) => s.id === current) ?? available[0];

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <div className="app-top">
        {status?.mode === 'training' && <TrainingBanner />}
        {connection === 'lost' && (
          <div className="connection-lost" role="alert">
            Connection to the terminal lost. Reconnecting…
          </div>
        )}
        {status && <OfflineBanner status={status} />}
        <header className="app-header">
          <span className="brand">Counter POS</span>
          <nav aria-label="Screens">
            {available.map((s) => (
              <button
                key={s.id}
                type="button"
                className="nav-button"
                aria-current={s.id === screen?.id ? 'page' : undefined}
                onClick={() => setCurrent(s.id)}
              >
                {s.label}
              </button>
            ))}
          </nav>
          <ManagerBadge />
        </header>
      </div>
      <main id="main" tabIndex={-1}>
        {status && screen ? screen.render(status, setCurrent) : <p className="loading">{error ?? 'Connecting to the terminal…'}</p>}
      </main>
      <StatusBar status={status} connection={connection} />
      <ManagerGate />
    </div>
  );
}
