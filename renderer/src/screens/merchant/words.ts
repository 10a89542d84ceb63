import type { ErrorCode } from '../../../../preload/contract';

/**
 * The merchant namespace's message keys for the problems the screen words itself. Other codes the
 * screen translates are keys of the same name (`level.<code>`, `contact.<code>`, `field.<key>`…,
 * looked up with knownKey); codes of the larger tables (entitlement products, platforms, discount
 * options…) and a code with no key are shown with the meaning main gives them (main/merchant/labels.ts).
 */
export const PROBLEM_WORDS = {
  NOT_FOUND: 'problem.notFound',
  UNAVAILABLE: 'problem.unavailable',
  TIMEOUT: 'problem.timeout',
  BAD_INPUT: 'problem.badInput',
  BUSY: 'problem.busy',
  INTERNAL: 'problem.internal',
} as const satisfies Partial<Record<ErrorCode, string>>;
