import type { Handlers } from '../api/dispatcher';
import type { DeviceManager } from './device-manager';

export function deviceHandlers(devices: DeviceManager): Pick<Handlers, 'devices.list' | 'devices.test' | 'devices.simulateSwipe' | 'devices.simulateCheck'> {
  return {
    'devices.list': () => devices.list(),
    'devices.test': ({ id, waitForReadMs, card }) => devices.test(id, waitForReadMs, card),
    'devices.simulateSwipe': ({ card, via }) => devices.simulateSwipe(card, via),
    'devices.simulateCheck': ({ check }) => devices.simulateCheck(check),
  };
}
