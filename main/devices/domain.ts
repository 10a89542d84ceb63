import type { Logger } from 'pino';
import type { Mode } from '../../preload/contract';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import { DeviceManager } from './device-manager';
import { deviceHandlers } from './handlers';

export interface DevicesDomainDeps {
  settings: SettingsStore;
  bus: EventBus;
  log: Logger;
  mode: () => Mode;
  now: () => Date;
  refresh: () => void;
}

/** The lane's readers, PIN pads and printers (and training's simulated ones), and devices.*. */
export function createDevicesDomain(d: DevicesDomainDeps) {
  const devices = new DeviceManager({ settings: d.settings, bus: d.bus, log: d.log.child({ module: 'devices' }), mode: d.mode, now: d.now, refresh: d.refresh });
  return { devices, services: [devices], handlers: deviceHandlers(devices) };
}
