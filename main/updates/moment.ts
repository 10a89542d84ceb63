import type { Core } from '../core';
import type { CounterMoment } from './quiet-moment';

/** The counter as the update decision reads it, from the running core. */
export function counterMoment(core: Pick<Core, 'journals' | 'payments' | 'activity'>): CounterMoment {
  const sale = core.payments.payments.currentView();
  return {
    queued: core.journals.existing('live')?.countQueued() ?? 0,
    saleInProgress: sale !== null && !sale.final,
    idleMs: core.activity.idleMs(),
  };
}
