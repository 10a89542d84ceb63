import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './api/pos';
import { App } from './app/App';
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

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
