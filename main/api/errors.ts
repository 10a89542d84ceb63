import type { z } from 'zod';
import type { ErrorCode, ErrorIssue } from '../../preload/contract';

/** An error a service throws on purpose: it reaches the caller with its code and message as they are. */
export class PosError extends Error {
  override name = 'PosError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

/** A schema's complaints as the contract's error issues: the field's path and what is wrong with it. */
export function zodIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(input)', message: i.message }));
}
