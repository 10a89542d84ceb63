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

/**
 * The screens of the app, in navigation order. A screen is listed here when its feature exists;
 * `visible` hides one that does not apply (e.g. training-only tools in live mode).
 */
export interface ScreenEntry {
  id: string;
  label: string;
  /** `go` opens another screen (History follows a void on the Register). */
  render(status: AppStatus, go: (id: string) => void): ReactNode;
  visible?(status: AppStatus): boolean;
}

export const screens: ScreenEntry[] = [
  { id: 'register', label: 'Register', render: (status) => <RegisterScreen status={status} /> },
  { id: 'history', label: 'History', render: (_status, go) => <HistoryScreen onFollow={() => go('register')} /> },
  { id: 'queue', label: 'Offline queue', render: () => <QueueScreen /> },
  { id: 'settings', label: 'Settings', render: () => <SettingsScreen /> },
  { id: 'status', label: 'Status', render: (status) => <StatusScreen status={status} /> },
  { id: 'devices', label: 'Devices', render: (status) => <DevicesScreen status={status} /> },
  { id: 'catalogue', label: 'Catalogue', render: () => <CatalogueScreen /> },
  { id: 'merchant', label: 'Merchant', render: () => <MerchantScreen /> },
  { id: 'leads', label: 'Leads', render: () => <LeadsScreen /> },
];
