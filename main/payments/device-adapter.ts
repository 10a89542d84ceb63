import type { DeviceClaims } from '../devices/claims';
import type { SaleDevices } from './ports';

/** The devices as a sale uses them: its claims (devices/claims.ts), and the PIN pad only while it is connected. */
export function saleDevicesOf(devices: { claims: DeviceClaims }): SaleDevices {
  return {
    claimReads: (owner, kinds, handlers) => devices.claims.reads(owner, kinds, handlers),
    claimPinpad(owner) {
      const claim = devices.claims.pinpad(owner);
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
