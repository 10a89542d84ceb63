import type { Language } from '../../preload/contract';
import type { CallContext, Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import type { Ledger } from './ledger';
import { composeReceipt } from './receipt';
import { overrideReason } from './override';
import type { PaymentsService } from './service';

type PaymentMethod =
  | 'payments.expect' | 'payments.start' | 'payments.tender' | 'payments.keyed' | 'payments.checkDetails' | 'payments.cancel' | 'payments.get'
  | 'payments.current' | 'payments.receipt' | 'queue.status' | 'queue.list' | 'queue.forward' | 'queue.pause' | 'queue.resume'
  | 'queue.resolve' | 'journal.search' | 'journal.get' | 'journal.totals' | 'journal.exportCsv';

/** The manager's approval at the moment a payment needs it (see override.ts); returns who approved. */
export interface Approvals {
  approve(ctx: CallContext, what: string, pin: string | undefined): string;
  /** payments.overrideAbove, in cents (0: none). */
  overrideAboveCents(): number;
  /** The cashier taking a payment on this call (terminal.cashierSignIn); FORBIDDEN when one must sign in first. */
  cashier(ctx: CallContext): string | undefined;
}

/** One line per contract method: the renderer asks, main drives. */
export function paymentHandlers(
  payments: PaymentsService,
  ledger: Ledger,
  store: () => { name: string; language: Language },
  mode: () => 'training' | 'live',
  approvals: Approvals,
): Pick<Handlers, PaymentMethod> {
  return {
    'payments.expect': async () => ({ preparing: await payments.expectSale() }),
    'payments.start': async ({ managerPin, ...input }, ctx) => {
      // A repeated start (a page that lost its connection) finds the sale again without a second approval.
      const known = payments.sale(input.saleId) !== undefined;
      const reason = known ? null : overrideReason({ type: input.type, amountCents: input.amountCents }, approvals.overrideAboveCents());
      const cashier = known ? undefined : approvals.cashier(ctx);
      const approvedBy = reason ? approvals.approve(ctx, reason, managerPin) : undefined;
      return (await payments.startSale(input, { ...(approvedBy ? { approvedBy } : {}), ...(cashier ? { cashier } : {}) })).view();
    },
    'payments.tender': ({ saleId, tender, cardEntry }) => payments.tender(saleId, tender, cardEntry),
    'payments.keyed': ({ saleId, card, managerPin }, ctx) => {
      payments.need(saleId);
      const approvedBy = approvals.approve(ctx, 'a card typed in', managerPin);
      return payments.keyed(saleId, { entry: 'keyed', ...card, ...(card.cvd ? { cvd: card.cvd } : {}), ...(card.zipCode ? { zipCode: card.zipCode } : {}) }, approvedBy);
    },
    'payments.checkDetails': ({ saleId, details }) => payments.checkDetails(saleId, details),
    'payments.cancel': ({ saleId }) => payments.cancel(saleId),
    'payments.get': ({ saleId }) => payments.view(saleId),
    'payments.current': () => payments.currentView(),
    'payments.receipt': ({ ref, mode: m, copy }) => {
      const row = ledger.row(ref, m ?? mode());
      if (!row) throw new PosError('NOT_FOUND', `no payment ${ref}`);
      return composeReceipt(row, copy, store());
    },
    'queue.status': () => ledger.status(),
    'queue.list': ({ mode: m, list }) => ledger.list(list, m ?? mode()),
    'queue.forward': () => payments.forwardRound(),
    'queue.pause': () => {
      payments.forwarder.pause();
      return ledger.status();
    },
    'queue.resume': () => {
      payments.forwarder.resume();
      return ledger.status();
    },
    'queue.resolve': (action) => ledger.resolve(action),
    'journal.search': (input) => ledger.search(input),
    'journal.get': ({ ref, mode: m }) => ledger.get(ref, m ?? mode()),
    'journal.totals': ({ date, mode: m }) => ledger.totals(date, m ?? mode()),
    'journal.exportCsv': (input) => ledger.exportCsv(input),
  };
}
