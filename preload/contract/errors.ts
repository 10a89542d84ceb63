import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Role } from './manager';

/**
 * Every failed call answers one of these codes. The renderer branches on `code`, never on
 * `message` (which is for people and may be reworded).
 */
export const ErrorCode = lazySchema(() => z.enum([
  'BAD_INPUT', // the input failed the method's schema
  'UNKNOWN_METHOD', // no such method in the contract
  'UNAUTHORIZED', // transport credential missing or wrong
  'FORBIDDEN', // caller may not do this (e.g. manager PIN required)
  'NOT_FOUND',
  'CONFLICT',
  'UNAVAILABLE', // a service the call needs is down (device unplugged, database locked)
  'TIMEOUT',
  'BUSY', // too many calls or waits at once (a per-page or per-device cap); retry once earlier ones answer
  'INTERNAL', // a bug; details are in the terminal's log, not in the reply
]));
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorIssue = lazySchema(() => z.object({ path: z.string(), message: z.string() }));
export type ErrorIssue = z.infer<typeof ErrorIssue>;

export const PosErrorShape = lazySchema(() => z.object({
  code: ErrorCode,
  message: z.string(),
  issues: z.array(ErrorIssue).optional(),
  /**
   * FORBIDDEN because the caller lacks a role: the role the call needs. A page asks for the
   * manager PIN on `manager`, without reading the message.
   */
  needs: Role.optional(),
}));
export type PosErrorShape = z.infer<typeof PosErrorShape>;

/** The envelope every call resolves to, on both transports. Calls never reject with raw errors. */
export const Reply = lazySchema(() => z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: PosErrorShape }),
]));
export type Reply = z.infer<typeof Reply>;

/** Thrown by the typed client when a call answers an error envelope. */
export class PosCallError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;
  /** The role the call needs, when it was refused for the caller's role. */
  readonly needs: Role | undefined;
  constructor(shape: PosErrorShape) {
    super(shape.message);
    this.name = 'PosCallError';
    this.code = shape.code;
    this.issues = shape.issues;
    this.needs = shape.needs;
  }
}
