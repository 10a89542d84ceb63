import type { Language } from '../../../preload/contract';

/**
 * The locale each screen language formats money and dates in. French is written for Canada, where
 * French-speaking counters are (the amounts stay in the terminal's dollars: "12,34 $").
 */
export const LOCALE: Record<Language, string> = { en: 'en-US', fr: 'fr-CA' };
