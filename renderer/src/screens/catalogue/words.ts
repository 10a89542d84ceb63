import type { ErrorCode, MissingEquipment, PricingOption } from '../../../../preload/contract';
import { problemKey, type Problem } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { knownKey } from '../../i18n/keys';

/**
 * The marketplace's codes are keys of the catalogue namespace (`kind.<code>`, `purchase.<code>`…;
 * main/marketplace/labels.ts has the same words in English for posctl). A code with no key is
 * shown with main's words.
 */

/** Product types, in the order the type filter offers them (words: `kinds.<code>`). */
export const KIND_CODES = [
  'TERM',
  'PINPAD',
  'CHKRDR',
  'PRNTR',
  'REG',
  'GAS',
  'IMP',
  'STAND',
  'CABLES',
  'PP_CABLES',
  'Power_Sup',
  'ACCES',
  'SOFT',
  'INET_HOST',
  'INET_MISC',
  'SATBUNDLE',
  'APP_FEE',
  'SETUP_FEE',
  'MO_FEE',
  'NET_FEE',
  'OTHER',
] as const;

const PROBLEM_WORDS = {
  UNAVAILABLE: 'problem.unavailable',
  TIMEOUT: 'problem.timeout',
  NOT_FOUND: 'problem.notFound',
  BAD_INPUT: 'problem.badInput',
  BUSY: 'problem.busy',
  INTERNAL: 'problem.internal',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The Catalogue's ways of saying codes and problems, in the language on screen. */
export function useCatalogueWords() {
  const { t } = useT('catalogue');
  return {
    t,
    kind: (kind: string, fallback: string): string => {
      const key = knownKey('catalogue', 'kind.', kind);
      return key ? t(key) : fallback;
    },
    purchase: (o: Pick<PricingOption, 'code' | 'label'>): string => {
      const key = knownKey('catalogue', 'purchase.', o.code);
      return key ? t(key) : o.label;
    },
    meaning: (o: Pick<PricingOption, 'code' | 'meaning'>): string => {
      const key = knownKey('catalogue', 'meaning.', o.code);
      return key ? t(key) : o.meaning;
    },
    occurrence: (o: Pick<PricingOption, 'occurrence'>) => t(`occurrence.${o.occurrence}`),
    missing: (m: MissingEquipment) => t(`missing.${m.rule}`),
    show: (m: MissingEquipment) => t(`show.${m.kind}`),
    part: (part: string): string => {
      const key = knownKey('catalogue', 'part.', part);
      return key ? t(key) : part;
    },
    problem: (p: Problem | undefined): string | undefined => {
      if (!p) return undefined;
      const key = problemKey(p, PROBLEM_WORDS);
      return key ? t(key) : p.message;
    },
  };
}
