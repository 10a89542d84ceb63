import type { ReactNode } from 'react';
import type { AppStatus } from '../../../preload/contract';
import { RegisterScreen } from '../screens/register/RegisterScreen';
import { HistoryScreen } from '../screens/history/HistoryScreen';
import { QueueScreen } from '../screens/queue/QueueScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { StatusScreen } from '../screens/status/StatusScreen';
import { DevicesScreen } from '../screens/devices/DevicesScreen';
import { CatalogueScreen } from '../screens/catalogue/CatalogueScreen';
import { LeadsScreen } from '../screens/leads/LeadsScreen';
import { MerchantScreen } from '../screens/merchant/MerchantScreen';

export type ScreenLabel = `nav.${'register' | 'history' | 'queue' | 'settings' | 'status' | 'devices' | 'catalogue' | 'merchant' | 'leads'}`;

/**
 * The screens of the app, in navigation order. A screen is listed here when its feature exists;
 * `visible` hides one that does not apply (e.g. training-only tools in live mode).
 */
export interface ScreenEntry {
  id: string;
  /** The navigation's words for it (the `app` namespace). */
  label: ScreenLabel;
  /** `go` opens another screen (History follows a void on the Register). */
  render(status: AppStatus, go: (id: string) => void): ReactNode;
  visible?(status: AppStatus): boolean;
}

export const screens: ScreenEntry[] = [
  { id: 'register', label: 'nav.register', render: (status) => <RegisterScreen status={status} /> },
  { id: 'history', label: 'nav.history', render: (_status, go) => <HistoryScreen onFollow={() => go('register')} /> },
  { id: 'queue', label: 'nav.queue', render: () => <QueueScreen /> },
  { id: 'settings', label: 'nav.settings', render: () => <SettingsScreen /> },
  { id: 'status', label: 'nav.status', render: (status) => <StatusScreen status={status} /> },
  { id: 'devices', label: 'nav.devices', render: (status) => <DevicesScreen status={status} /> },
  { id: 'catalogue', label: 'nav.catalogue', render: () => <CatalogueScreen /> },
  { id: 'merchant', label: 'nav.merchant', render: () => <MerchantScreen /> },
  { id: 'leads', label: 'nav.leads', render: () => <LeadsScreen /> },
];
