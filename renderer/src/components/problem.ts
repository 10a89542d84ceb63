import { PosCallError, type ErrorCode, type ErrorIssue, type Role } from '../../../preload/contract';

/**
 * A failed call as a store keeps it: the code a screen picks its words from, main's message for
 * codes the screen has no better words for, and the fields it names.
 */
export interface Problem {
  code: ErrorCode;
  message: string;
  issues: ErrorIssue[];
  /** The role the call needs, when main refused it for the caller's role. */
  needs?: Role;
}

export function toProblem(e: unknown): Problem {
  if (e instanceof PosCallError) return { code: e.code, message: e.message, issues: e.issues ?? [], ...(e.needs ? { needs: e.needs } : {}) };
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

/**
 * A problem kept by a store, in words at render time: main's message (already the particulars a
 * cashier can act on). A screen with its own words for a code picks them first (problemKey).
 */
export function problemWords(problem: Problem | undefined): string | undefined {
  return problem?.message;
}
