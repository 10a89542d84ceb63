import { useStatusStore } from '../stores/status-store';
import { StatusBar } from '../components/StatusBar';
import { TrainingBanner } from '../components/TrainingBanner';
import { StatusScreen } from '../screens/status/StatusScreen';

export function App() {
  const { status, connection, error } = useStatusStore();

  if (connection === 'refused') {
    return (
      <main className="refused" role="alert">
        <h1>This page is not connected to a terminal</h1>
        <p>The terminal refused this page or is not running. Open the address the terminal printed when it started: it carries a fresh access token.</p>
      </main>
    );
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {status?.mode === 'training' && <TrainingBanner />}
      {connection === 'lost' && (
        <div className="connection-lost" role="alert">
          Connection to the terminal lost. Reconnecting…
        </div>
      )}
      <header className="app-header">
        <span className="brand">Counter POS</span>
        <nav aria-label="Screens">
          <button type="button" className="nav-button" aria-current="page">
            Status
          </button>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {status ? <StatusScreen status={status} /> : <p className="loading">{error ?? 'Connecting to the terminal…'}</p>}
      </main>
      <StatusBar status={status} connection={connection} />
    </div>
  );
}
