import { PosCallError, type ErrorCode, type ErrorIssue } from '../../../preload/contract';

/**
 * A failed call as a store keeps it: the code a screen picks its words from, main's message for
 * codes the screen has no better words for, and the fields it names.
 */
export interface Problem {
  code: ErrorCode;
  message: string;
  issues: ErrorIssue[];
}

export function toProblem(e: unknown): Problem {
  if (e instanceof PosCallError) return { code: e.code, message: e.message, issues: e.issues ?? [] };
  // Not an answer of the terminal (the page lost its connection mid-call, an unreadable reply).
  return { code: 'UNAVAILABLE', message: e instanceof Error ? e.message : String(e), issues: [] };
}

/**
 * The message key a screen has for a problem's code (`as const satisfies Partial<Record<ErrorCode, …>>`),
 * or undefined: then main's own words are shown.
 */
export function problemKey<K extends string>(problem: Problem, words: Partial<Record<ErrorCode, K>>): K | undefined {
  return words[problem.code];
}
