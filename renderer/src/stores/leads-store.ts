import { create } from 'zustand';
import { PosCallError, type ErrorIssue, type Freshness, type LeadInput, type LeadResult, type LeadView, type MethodOutput } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';

type Outbox = MethodOutput<'leads.outbox'>['entries'];

export interface LeadsState {
  started: boolean;
  consultant: string;
  leads: LeadView[];
  freshness: Freshness | undefined;
  loading: boolean;
  error: string | undefined;
  outbox: Outbox;
  defaults: MethodOutput<'leads.defaults'> | undefined;
  submitting: boolean;
  result: LeadResult | undefined;
  issues: ErrorIssue[];
  submitError: string | undefined;
}

export const useLeadsStore = create<LeadsState>(() => ({
  started: false,
  consultant: '',
  leads: [],
  freshness: undefined,
  loading: false,
  error: undefined,
  outbox: [],
  defaults: undefined,
  submitting: false,
  result: undefined,
  issues: [],
  submitError: undefined,
}));

const set = useLeadsStore.setState;
const get = useLeadsStore.getState;
const client = () => connect().client;
async function loadLeads(): Promise<void> {
  set({ loading: true });
  try {
    const consultant = get().consultant.trim();
    const r = await client().call('leads.list', consultant ? { businessConsultantId: consultant } : {});
    set({ leads: r.leads, freshness: r.freshness, consultant: r.businessConsultantId, loading: false, error: undefined });
  } catch (e) {
    set({ loading: false, error: errorWords(e) });
  }
}

async function loadOutbox(): Promise<void> {
  try {
    set({ outbox: (await client().call('leads.outbox', {})).entries });
  } catch {
    // The outbox list is secondary; the leads list shows any connection problem.
  }
}

/** Lead defaults (deployment fields) and the outbox; also what the Catalogue's lead form needs. */
export function startLeadForm(): void {
  if (get().defaults) return;
  client()
    .call('leads.defaults', {})
    .then((defaults) => set({ defaults, consultant: get().consultant || defaults.businessConsultantId }))
    .catch(() => undefined);
}

export function startLeads(): void {
  startLeadForm();
  if (get().started) return;
  set({ started: true });
  client().on('catalogue.changed', (e) => {
    if (e.scope === 'leads') void Promise.all([loadLeads(), loadOutbox()]);
  });
  void Promise.all([loadLeads(), loadOutbox()]);
}

export const leadsActions = {
  consultant(consultant: string): void {
    set({ consultant });
  },
  reload(): void {
    void Promise.all([loadLeads(), loadOutbox()]);
  },
  clearResult(): void {
    set({ result: undefined, issues: [], submitError: undefined });
  },
  async submit(input: LeadInput): Promise<LeadResult | undefined> {
    set({ submitting: true, result: undefined, issues: [], submitError: undefined });
    try {
      const result = await client().call('leads.create', input);
      set({ result, submitting: false });
      void loadOutbox();
      if (result.status === 'created') void loadLeads();
      return result;
    } catch (e) {
      set({ submitting: false, submitError: errorWords(e), issues: e instanceof PosCallError ? (e.issues ?? []) : [] });
      return undefined;
    }
  },
  async retry(): Promise<void> {
    try {
      await client().call('leads.retry', {});
    } finally {
      void Promise.all([loadLeads(), loadOutbox()]);
    }
  },
  async discard(uid: string): Promise<void> {
    await client().call('leads.discard', { uid });
    void loadOutbox();
  },
};
