import type { ErrorCode, MissingEquipment, PricingOption } from '../../../../preload/contract';
import { problemKey, type Problem } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import type { catalogueMessages } from '../../i18n/messages/catalogue';

/**
 * The catalogue namespace's message keys for the marketplace's codes (main/marketplace/labels.ts
 * has the same tables in English for posctl). A code missing here is shown with main's words.
 */

/** Product types, in the order the type filter offers them. */
export const KIND_LIST_WORDS = {
  TERM: 'kinds.TERM',
  PINPAD: 'kinds.PINPAD',
  CHKRDR: 'kinds.CHKRDR',
  PRNTR: 'kinds.PRNTR',
  REG: 'kinds.REG',
  GAS: 'kinds.GAS',
  IMP: 'kinds.IMP',
  STAND: 'kinds.STAND',
  CABLES: 'kinds.CABLES',
  PP_CABLES: 'kinds.PP_CABLES',
  Power_Sup: 'kinds.Power_Sup',
  ACCES: 'kinds.ACCES',
  SOFT: 'kinds.SOFT',
  INET_HOST: 'kinds.INET_HOST',
  INET_MISC: 'kinds.INET_MISC',
  SATBUNDLE: 'kinds.SATBUNDLE',
  APP_FEE: 'kinds.APP_FEE',
  SETUP_FEE: 'kinds.SETUP_FEE',
  MO_FEE: 'kinds.MO_FEE',
  NET_FEE: 'kinds.NET_FEE',
  OTHER: 'kinds.OTHER',
} as const;

const KIND_WORDS = {
  ACCES: 'kind.ACCES',
  APP_FEE: 'kind.APP_FEE',
  CABLES: 'kind.CABLES',
  CHKRDR: 'kind.CHKRDR',
  GAS: 'kind.GAS',
  IMP: 'kind.IMP',
  INET_HOST: 'kind.INET_HOST',
  INET_MISC: 'kind.INET_MISC',
  MO_FEE: 'kind.MO_FEE',
  NET_FEE: 'kind.NET_FEE',
  OTHER: 'kind.OTHER',
  PINPAD: 'kind.PINPAD',
  PP_CABLES: 'kind.PP_CABLES',
  PRNTR: 'kind.PRNTR',
  Power_Sup: 'kind.Power_Sup',
  REG: 'kind.REG',
  SATBUNDLE: 'kind.SATBUNDLE',
  SETUP_FEE: 'kind.SETUP_FEE',
  SOFT: 'kind.SOFT',
  STAND: 'kind.STAND',
  TERM: 'kind.TERM',
} as const;

const PURCHASE_WORDS = {
  IP3: 'purchase.IP3',
  IP6: 'purchase.IP6',
  IP9: 'purchase.IP9',
  IP12: 'purchase.IP12',
  LR: 'purchase.LR',
  LT12: 'purchase.LT12',
  LT24: 'purchase.LT24',
  LT27: 'purchase.LT27',
  LT36: 'purchase.LT36',
  LT48: 'purchase.LT48',
  LT60: 'purchase.LT60',
  O: 'purchase.O',
  P: 'purchase.P',
  R: 'purchase.R',
  RP: 'purchase.RP',
  S: 'purchase.S',
  SR: 'purchase.SR',
} as const;

const MEANING_WORDS = {
  IP3: 'meaning.IP3',
  IP6: 'meaning.IP6',
  IP9: 'meaning.IP9',
  IP12: 'meaning.IP12',
  LR: 'meaning.LR',
  LT12: 'meaning.LT12',
  LT24: 'meaning.LT24',
  LT27: 'meaning.LT27',
  LT36: 'meaning.LT36',
  LT48: 'meaning.LT48',
  LT60: 'meaning.LT60',
  O: 'meaning.O',
  P: 'meaning.P',
  R: 'meaning.R',
  RP: 'meaning.RP',
  S: 'meaning.S',
  SR: 'meaning.SR',
} as const;

const OCCURRENCE_WORDS = {
  'one-time': 'occurrence.one-time',
  recurring: 'occurrence.recurring',
  unknown: 'occurrence.unknown',
} as const satisfies Record<PricingOption['occurrence'], string>;

const MISSING_WORDS = {
  terminal: 'missing.terminal',
  pinpad: 'missing.pinpad',
  'check-reader': 'missing.check-reader',
} as const satisfies Record<MissingEquipment['rule'], string>;

const SHOW_WORDS = { TERM: 'show.TERM', PINPAD: 'show.PINPAD', CHKRDR: 'show.CHKRDR' } as const satisfies Record<MissingEquipment['kind'], string>;

const PART_WORDS = {
  features: 'part.features',
  includes: 'part.includes',
  specs: 'part.specs',
  recommended: 'part.recommended',
  faq: 'part.faq',
  options: 'part.options',
} as const;

const PROBLEM_WORDS = {
  UNAVAILABLE: 'problem.unavailable',
  TIMEOUT: 'problem.timeout',
  NOT_FOUND: 'problem.notFound',
  BAD_INPUT: 'problem.badInput',
  BUSY: 'problem.busy',
  INTERNAL: 'problem.internal',
} as const satisfies Partial<Record<ErrorCode, string>>;

type CatalogueKey = keyof typeof catalogueMessages.en;

function keyOf<T extends Record<string, CatalogueKey>>(table: T, code: string): T[keyof T] | undefined {
  return Object.hasOwn(table, code) ? table[code as keyof T] : undefined;
}

/** The Catalogue's ways of saying codes and problems, in the language on screen. */
export function useCatalogueWords() {
  const { t } = useT('catalogue');
  return {
    t,
    kind: (kind: string, fallback: string): string => {
      const key = keyOf(KIND_WORDS, kind);
      return key ? t(key) : fallback;
    },
    purchase: (o: Pick<PricingOption, 'code' | 'label'>): string => {
      const key = keyOf(PURCHASE_WORDS, o.code);
      return key ? t(key) : o.label;
    },
    meaning: (o: Pick<PricingOption, 'code' | 'meaning'>): string => {
      const key = keyOf(MEANING_WORDS, o.code);
      return key ? t(key) : o.meaning;
    },
    occurrence: (o: Pick<PricingOption, 'occurrence'>) => t(OCCURRENCE_WORDS[o.occurrence]),
    missing: (m: MissingEquipment) => t(MISSING_WORDS[m.rule]),
    show: (m: MissingEquipment) => t(SHOW_WORDS[m.kind]),
    part: (part: string): string => {
      const key = keyOf(PART_WORDS, part);
      return key ? t(key) : part;
    },
    problem: (p: Problem | undefined): string | undefined => {
      if (!p) return undefined;
      const key = problemKey(p, PROBLEM_WORDS);
      return key ? t(key) : p.message;
    },
  };
}
