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
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';
import { checkSearch, merchantIdProblem, type IdProblem } from '../screens/merchant/ids';

/** One part of the merchant view: its data, how fresh it is, or why it is not there. */
export interface Section<T> {
  data: T | undefined;
  freshness: Freshness | undefined;
  problem: Problem | undefined;
  loading: boolean;
}

const empty = <T,>(): Section<T> => ({ data: undefined, freshness: undefined, problem: undefined, loading: false });

export type Vocabulary = MethodOutput<'merchant.vocabulary'>;

export interface SearchState {
  input: MerchantSearchInput;
  results: SearchItemView[];
  pagination: Pagination | null;
  loading: boolean;
  problem: Problem | undefined;
  searched: boolean;
  /** What the form found wrong before sending (nothing was sent). */
  check: ReturnType<typeof checkSearch> | undefined;
}

export interface MerchantState {
  started: boolean;
  vocabulary: Vocabulary | undefined;
  merchantId: number | undefined;
  /** Why the id typed was not looked up (nothing was sent). */
  idProblem: IdProblem | undefined;
  account: Section<MerchantView>;
  contacts: Section<ContactView[]>;
  hierarchy: Section<{ items: HierarchyItemView[]; pagination: Pagination | null }>;
  level: string;
  date: string;
  entitlements: Section<EntitlementView[]>;
  fees: Section<FeeView[]>;
  search: SearchState;
}

const initial = (): MerchantState => ({
  started: false,
  vocabulary: undefined,
  merchantId: undefined,
  idProblem: undefined,
  account: empty(),
  contacts: empty(),
  hierarchy: empty(),
  level: '120',
  date: '',
  entitlements: empty(),
  fees: empty(),
  search: { input: {}, results: [], pagination: null, loading: false, problem: undefined, searched: false, check: undefined },
});

export const useMerchantStore = create<MerchantState>(initial);

const set = useMerchantStore.setState;
const get = useMerchantStore.getState;
const client = () => connect().client;
type SectionKey = 'account' | 'contacts' | 'hierarchy' | 'entitlements' | 'fees';

/** Loads one section of `merchantId`: `fetch` asks main, `data` takes the section's part of the answer. */
async function load<R extends { freshness: Freshness }, T>(key: SectionKey, merchantId: number, fetch: () => Promise<R>, data: (answer: R) => T): Promise<void> {
  set({ [key]: { ...get()[key], loading: true } } as Partial<MerchantState>);
  const r = await callAction(useMerchantStore, fetch);
  if (get().merchantId !== merchantId) return;
  if (r.kind === 'done') set({ [key]: { data: data(r.value), freshness: r.value.freshness, problem: undefined, loading: false } } as Partial<MerchantState>);
  else if (r.kind === 'refused') set({ [key]: { data: undefined, freshness: undefined, problem: r.problem, loading: false } } as Partial<MerchantState>);
}

function loadHierarchy(merchantId: number): Promise<void> {
  const { level, date } = get();
  return load(
    'hierarchy',
    merchantId,
    () => client().call('merchant.hierarchies', { merchantId, level, ...(date ? { date } : {}) }),
    (r) => ({ items: r.items, pagination: r.pagination }),
  );
}

export const merchantActions = {
  /** Shows one merchant: every section loads at once, each on its own. */
  show(merchantId: number): void {
    set({ merchantId, idProblem: undefined, account: empty(), contacts: empty(), hierarchy: empty(), entitlements: empty(), fees: empty() });
    const c = client();
    void load('account', merchantId, () => c.call('merchant.get', { merchantId }), (r) => r.merchant);
    void load('contacts', merchantId, () => c.call('merchant.contacts', { merchantId }), (r) => r.contacts);
    void loadHierarchy(merchantId);
    void load('entitlements', merchantId, () => c.call('merchant.entitlements', { merchantId }), (r) => r.entitlements);
    void load('fees', merchantId, () => c.call('merchant.fees', { merchantId }), (r) => r.fees);
  },
  /** The id as typed: shown when it has the spec's form, otherwise refused with the reason and nothing sent. */
  showTyped(text: string): boolean {
    const problem = merchantIdProblem(text);
    if (problem) {
      set({ idProblem: problem });
      return false;
    }
    merchantActions.show(Number(text.trim()));
    return true;
  },
  clearIdProblem(): void {
    if (get().idProblem) set({ idProblem: undefined });
  },
  /**
   * Follows a hierarchy link: the merchant in the item's `lvl{n}` field, shown at the level that
   * field stands for (lvl2 is a chain: Corporate), so its own item comes up with that row matched.
   * Returns the level shown, or undefined when the field has no level (the bank marker).
   */
  follow(merchantId: number, field: number): string | undefined {
    const level = get().vocabulary?.hierarchyLevels.find((l) => l.field === field)?.code;
    if (level) set({ level });
    merchantActions.show(merchantId);
    return level;
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
  /** Runs the search when the form is right; otherwise says what to fix and sends nothing. */
  async search(page = 1): Promise<void> {
    const s = get().search;
    const input = Object.fromEntries(Object.entries(s.input).filter(([, v]) => v !== '' && v !== undefined)) as MerchantSearchInput;
    const check = checkSearch(input);
    if (!check.ok) {
      set({ search: { ...s, check, problem: undefined } });
      return;
    }
    set({ search: { ...s, loading: true, problem: undefined, check: undefined } });
    const r = await callAction(useMerchantStore, () => client().call('merchant.search', { ...input, ...(page > 1 ? { page } : {}) }));
    if (r.kind === 'done') set({ search: { ...get().search, results: r.value.results, pagination: r.value.pagination, loading: false, searched: true } });
    else if (r.kind === 'refused') set({ search: { ...get().search, results: [], pagination: null, loading: false, problem: r.problem, searched: true } });
  },
};

export function startMerchant(): void {
  if (get().started) return;
  set({ started: true });
  void callAction(useMerchantStore, () => client().call('merchant.vocabulary', {})).then((r) => {
    if (r.kind === 'refused') return set({ account: { ...empty(), problem: r.problem } });
    if (r.kind !== 'done') return;
    const vocabulary = r.value;
    set({ vocabulary });
    if (vocabulary.homeMerchantId !== null && get().merchantId === undefined) merchantActions.show(vocabulary.homeMerchantId);
  });
}

/** Back to the first visit (tests). */
export function resetMerchant(): void {
  set(initial(), true);
}
