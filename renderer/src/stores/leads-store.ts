import { create } from 'zustand';
import type { Freshness, LeadInput, LeadResult, LeadView, MethodOutput, OutboxEntry } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';
import { catalogueActions } from './catalogue-store';

export interface LeadsState {
  started: boolean;
  consultant: string;
  leads: LeadView[];
  freshness: Freshness | undefined;
  loading: boolean;
  /** The leads list has been answered once (until then the screen says it is loading). */
  loaded: boolean;
  problem: Problem | undefined;
  outbox: OutboxEntry[];
  sending: boolean;
  outboxProblem: Problem | undefined;
  defaults: MethodOutput<'leads.defaults'> | undefined;
  submitting: boolean;
  result: LeadResult | undefined;
  /** Why the last lead was not taken (its issues name the fields). */
  submitProblem: Problem | undefined;
}

const initial = (): LeadsState => ({
  started: false,
  consultant: '',
  leads: [],
  freshness: undefined,
  loading: false,
  loaded: false,
  problem: undefined,
  outbox: [],
  sending: false,
  outboxProblem: undefined,
  defaults: undefined,
  submitting: false,
  result: undefined,
  submitProblem: undefined,
});

export const useLeadsStore = create<LeadsState>(initial);

const set = useLeadsStore.setState;
const get = useLeadsStore.getState;
const client = () => connect().client;

async function loadLeads(): Promise<void> {
  const consultant = get().consultant.trim();
  // The problem on screen stays while the list is read again.
  await callAction(useLeadsStore, () => client().call('leads.list', consultant ? { businessConsultantId: consultant } : {}), {
    busy: 'loading',
    settle: (r) => {
      if (r.kind === 'done') set({ leads: r.value.leads, freshness: r.value.freshness, consultant: r.value.businessConsultantId, loaded: true, problem: undefined });
      else if (r.kind === 'refused') set({ loaded: true, problem: r.problem });
    },
  });
}

async function loadOutbox(): Promise<void> {
  // The outbox list is secondary; the leads list shows any connection problem.
  const r = await callAction(useLeadsStore, () => client().call('leads.outbox', {}));
  if (r.kind === 'done') set({ outbox: r.value.entries });
}

const reloadAll = (): Promise<unknown> => Promise.all([loadLeads(), loadOutbox()]);

/** Lead defaults (deployment fields); also what the Catalogue's lead form needs. */
export function startLeadForm(): void {
  if (get().defaults) return;
  // Without them the form waits; the next visit asks again.
  void callAction(useLeadsStore, () => client().call('leads.defaults', {})).then((r) => {
    if (r.kind === 'done') set({ defaults: r.value, consultant: get().consultant || r.value.businessConsultantId });
  });
}

/** Every visit of the Leads screen reads the lists again (a setting may have changed since); events keep them current. */
export function startLeads(): void {
  startLeadForm();
  if (!get().started) {
    set({ started: true });
    client().on('catalogue.changed', (e) => {
      if (e.scope === 'leads') void reloadAll();
    });
  }
  void reloadAll();
}

export const leadsActions = {
  consultant(consultant: string): void {
    set({ consultant });
  },
  reload(): void {
    void reloadAll();
  },
  clearResult(): void {
    set({ result: undefined, submitProblem: undefined });
  },
  /** Sends a lead; with `withCart` the cart's equipment goes with it and the cart empties once the lead is taken. */
  async submit(input: LeadInput): Promise<LeadResult | undefined> {
    set({ result: undefined });
    const r = await callAction(useLeadsStore, () => client().call('leads.create', input), { busy: 'submitting', problem: 'submitProblem' });
    if (r.kind !== 'done') return undefined;
    const result = r.value;
    set({ result });
    void loadOutbox();
    if (result.status === 'created') void loadLeads();
    if (input.withCart && result.status !== 'rejected') void catalogueActions.reloadCart();
    return result;
  },
  async retry(): Promise<void> {
    await callAction(useLeadsStore, () => client().call('leads.retry', {}), { busy: 'sending', problem: 'outboxProblem' });
    void reloadAll();
  },
  async discard(uid: string): Promise<void> {
    const r = await callAction(useLeadsStore, () => client().call('leads.discard', { uid }));
    if (r.kind === 'refused') set({ outboxProblem: r.problem });
    void loadOutbox();
  },
};

/** Back to the first visit (tests). */
export function resetLeads(): void {
  set(initial(), true);
}
