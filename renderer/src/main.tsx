import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './api/pos';
import { announceSales } from './app/announce-sale';
import { App } from './app/App';
import { keepFocusOnPage } from './app/focus';
import { bindManager } from './stores/manager-store';
import { bindQueue } from './stores/queue-store';
import { bindRegister } from './stores/register-store';
import { bindSetup } from './stores/setup-store';
import { bindStatus } from './stores/status-store';
import './styles/app.css';

bindStatus(connect());
bindRegister();
bindQueue();
bindManager();
bindSetup();
// Each payment step said once in the app's live region, and focus kept on the page when what held it goes.
announceSales();
keepFocusOnPage();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
