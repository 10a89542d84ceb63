import type { DeviceManager } from '../devices/device-manager';
import type { SaleDevices } from './ports';

/** The device manager as a sale uses it: claims, and the PIN pad only while it is connected. */
export function saleDevicesOf(devices: DeviceManager): SaleDevices {
  return {
    claimReads: (owner, kinds, handlers) => devices.claimReads(owner, kinds, handlers),
    claimPinpad(owner) {
      const claim = devices.claimPinpad(owner);
      if (!claim) return undefined;
      const device = claim.device;
      if (device.health().state !== 'connected') {
        claim.release();
        return undefined;
      }
      return {
        pad: {
          id: device.id,
          showAmount: (cents) => device.client.showAmount(cents),
          readCard: (prompt, timeoutMs) => device.readCard(prompt, timeoutMs),
          askYesNo: (prompt, timeoutMs) => device.askYesNo(prompt, timeoutMs),
          cancelPrompt: () => device.client.cancel(),
          showMessage: (text) => device.client.showMessage(text),
        },
        release: () => claim.release(),
      };
    },
  };
}
