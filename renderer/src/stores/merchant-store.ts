import { create } from 'zustand';
import type {
  ContactView,
  EntitlementView,
  FeeView,
  Freshness,
  HierarchyItemView,
  MerchantSearchInput,
  MerchantView,
  MethodOutput,
  Pagination,
  SearchItemView,
} from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';

/** One part of the merchant view: its data, how fresh it is, or why it is not there. */
export interface Section<T> {
  data: T | undefined;
  freshness: Freshness | undefined;
  error: string | undefined;
  loading: boolean;
}

const empty = <T,>(): Section<T> => ({ data: undefined, freshness: undefined, error: undefined, loading: false });

export type Vocabulary = MethodOutput<'merchant.vocabulary'>;

export interface MerchantState {
  started: boolean;
  vocabulary: Vocabulary | undefined;
  merchantId: number | undefined;
  account: Section<MerchantView>;
  contacts: Section<ContactView[]>;
  hierarchy: Section<{ items: HierarchyItemView[]; pagination: Pagination | null }>;
  level: string;
  date: string;
  entitlements: Section<EntitlementView[]>;
  fees: Section<FeeView[]>;
  search: { input: MerchantSearchInput; results: SearchItemView[]; pagination: Pagination | null; loading: boolean; error: string | undefined; searched: boolean };
}

export const useMerchantStore = create<MerchantState>(() => ({
  started: false,
  vocabulary: undefined,
  merchantId: undefined,
  account: empty(),
  contacts: empty(),
  hierarchy: empty(),
  level: '120',
  date: '',
  entitlements: empty(),
  fees: empty(),
  search: { input: {}, results: [], pagination: null, loading: false, error: undefined, searched: false },
}));

const set = useMerchantStore.setState;
const get = useMerchantStore.getState;
const client = () => connect().client;
type SectionKey = 'account' | 'contacts' | 'hierarchy' | 'entitlements' | 'fees';

async function load<T>(key: SectionKey, merchantId: number, fetch: () => Promise<{ data: T; freshness: Freshness }>): Promise<void> {
  set({ [key]: { ...get()[key], loading: true } } as Partial<MerchantState>);
  try {
    const r = await fetch();
    if (get().merchantId === merchantId) set({ [key]: { data: r.data, freshness: r.freshness, error: undefined, loading: false } } as Partial<MerchantState>);
  } catch (e) {
    if (get().merchantId === merchantId) set({ [key]: { data: undefined, freshness: undefined, error: errorWords(e), loading: false } } as Partial<MerchantState>);
  }
}

function loadHierarchy(merchantId: number): Promise<void> {
  const { level, date } = get();
  return load('hierarchy', merchantId, async () => {
    const r = await client().call('merchant.hierarchies', { merchantId, level, ...(date ? { date } : {}) });
    return { data: { items: r.items, pagination: r.pagination }, freshness: r.freshness };
  });
}

export const merchantActions = {
  /** Shows one merchant: every section loads at once, each on its own. */
  show(merchantId: number): void {
    set({ merchantId, account: empty(), contacts: empty(), hierarchy: empty(), entitlements: empty(), fees: empty() });
    const c = client();
    void load('account', merchantId, async () => {
      const r = await c.call('merchant.get', { merchantId });
      return { data: r.merchant, freshness: r.freshness };
    });
    void load('contacts', merchantId, async () => {
      const r = await c.call('merchant.contacts', { merchantId });
      return { data: r.contacts, freshness: r.freshness };
    });
    void loadHierarchy(merchantId);
    void load('entitlements', merchantId, async () => {
      const r = await c.call('merchant.entitlements', { merchantId });
      return { data: r.entitlements, freshness: r.freshness };
    });
    void load('fees', merchantId, async () => {
      const r = await c.call('merchant.fees', { merchantId });
      return { data: r.fees, freshness: r.freshness };
    });
  },
  reload(): void {
    const id = get().merchantId;
    if (id !== undefined) merchantActions.show(id);
  },
  hierarchy(level: string, date: string): void {
    set({ level, date });
    const id = get().merchantId;
    if (id !== undefined) void loadHierarchy(id);
  },
  searchInput(input: MerchantSearchInput): void {
    set({ search: { ...get().search, input } });
  },
  async search(page = 1): Promise<void> {
    const s = get().search;
    const input = Object.fromEntries(Object.entries(s.input).filter(([, v]) => v !== '' && v !== undefined)) as MerchantSearchInput;
    set({ search: { ...s, loading: true, error: undefined } });
    try {
      const r = await client().call('merchant.search', { ...input, ...(page > 1 ? { page } : {}) });
      set({ search: { ...get().search, results: r.results, pagination: r.pagination, loading: false, searched: true } });
    } catch (e) {
      set({ search: { ...get().search, results: [], pagination: null, loading: false, error: errorWords(e), searched: true } });
    }
  },
};

export function startMerchant(): void {
  if (get().started) return;
  set({ started: true });
  client()
    .call('merchant.vocabulary', {})
    .then((vocabulary) => {
      set({ vocabulary });
      if (vocabulary.homeMerchantId !== null && get().merchantId === undefined) merchantActions.show(vocabulary.homeMerchantId);
    })
    .catch((e: unknown) => set({ account: { ...empty(), error: errorWords(e) } }));
}
