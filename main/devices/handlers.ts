import type { Handlers } from '../api/dispatcher';
import type { DeviceManager } from './device-manager';
import { trainingPadCustomer } from './training-rig';

export function deviceHandlers(devices: DeviceManager): Pick<Handlers, 'devices.list' | 'devices.test' | 'devices.simulateSwipe' | 'devices.simulateCheck' | 'devices.trainingPad'> {
  return {
    'devices.list': () => devices.list(),
    'devices.test': ({ id, waitForReadMs, card }) => devices.test(id, waitForReadMs, card),
    'devices.simulateSwipe': ({ card, via }) => devices.simulateSwipe(card, via),
    'devices.simulateCheck': ({ check }) => devices.simulateCheck(check),
    // Each page plays the customer for itself: its connection names it (posctl and tests: their transport).
    'devices.trainingPad': (input, ctx) => trainingPadCustomer(devices).act(input, ctx.connection ?? ctx.transport),
  };
}
