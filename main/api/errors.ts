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
