import type { AppStatus, DeviceStatus, GatewayState, Language, Mode, StatusProblem } from '../../preload/contract';
import type { EventBus } from '../events/bus';

export interface StatusSources {
  version: string;
  mode(): Mode;
  terminalName(): string;
  language(): Language;
  receiptAfterApproval(): AppStatus['receipts']['afterApproval'];
  gatewayState(): GatewayState;
  gatewayUnencrypted(): boolean;
  /** Since when the gateway of the mode shown fails to answer (ISO 8601), when it does. */
  gatewayOfflineSince(): string | undefined;
  devices(): DeviceStatus[];
  queue(): AppStatus['queue'];
  problems(): StatusProblem[];
}

/**
 * Composes `app.status` from the services and emits `status.changed` whenever the composed
 * object differs from the last one emitted. Services call `refresh()` after they change.
 */
export class StatusService {
  private last: string;

  constructor(
    private readonly sources: StatusSources,
    private readonly bus: EventBus,
  ) {
    this.last = JSON.stringify(this.current());
  }

  current(): AppStatus {
    const s = this.sources;
    return {
      mode: s.mode(),
      version: s.version,
      terminal: { name: s.terminalName(), language: s.language() },
      receipts: { afterApproval: s.receiptAfterApproval() },
      gateway: { state: s.gatewayState(), unencrypted: s.gatewayUnencrypted(), offlineSince: s.gatewayOfflineSince() },
      devices: s.devices(),
      queue: s.queue(),
      problems: s.problems(),
    };
  }

  refresh(): void {
    const status = this.current();
    const text = JSON.stringify(status);
    if (text === this.last) return;
    this.last = text;
    this.bus.emit('status.changed', status);
  }
}
