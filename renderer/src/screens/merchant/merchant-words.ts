import type { Coded } from '../../../../preload/contract';
import { problemKey, type Problem } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import type { merchantMessages } from '../../i18n/messages/merchant';
import { knownKey } from '../../i18n/keys';
import { PROBLEM_WORDS } from './words';

type MerchantKey = keyof typeof merchantMessages.en;

/** The Merchant screen's ways of saying codes and problems, in the language on screen. */
export function useMerchantWords() {
  const { t } = useT('merchant');
  // A code this screen has no words for is shown with main's meaning, or as it came.
  const word = (key: MerchantKey | undefined, c: Coded): string => (key ? t(key) : c.label || c.code);
  return {
    t,
    problem: (p: Problem | undefined): string | undefined => {
      if (!p) return undefined;
      const key = problemKey(p, PROBLEM_WORDS);
      return key ? t(key) : p.message;
    },
    level: (code: string): string => {
      const key = knownKey('merchant', 'level.', code);
      return key ? t(key) : t('level.unknown');
    },
    contactType: (c: Coded) => word(knownKey('merchant', 'contact.', c.code), c),
    serviceType: (c: Coded) => word(knownKey('merchant', 'service.', c.code), c),
    frequency: (c: Coded) => word(knownKey('merchant', 'frequency.', c.code), c),
    sequenceType: (c: Coded) => word(knownKey('merchant', 'sequence.', c.code), c),
    billing: (c: Coded) => word(knownKey('merchant', 'billing.', c.code), c),
  };
}
