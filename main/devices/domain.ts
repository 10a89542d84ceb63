import { DeviceManager, type DeviceManagerOptions } from './device-manager';
import { deviceHandlers } from './handlers';

/** What the registry is built from (the simulators' and the lane's devices come from the settings). */
export type DevicesDomainDeps = Pick<DeviceManagerOptions, 'settings' | 'bus' | 'log' | 'mode' | 'now' | 'refresh'>;

/** The lane's readers, PIN pads and printers (and training's simulated ones), and devices.*. */
export function createDevicesDomain(deps: DevicesDomainDeps) {
  const devices = new DeviceManager({ ...deps, log: deps.log.child({ module: 'devices' }) });
  return { devices, services: [devices, devices.firstScan], handlers: deviceHandlers(devices) };
}
