import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Contract entries of the gateway domain. `gateway.trainingFault` exists for trainers and tests:
 * the training simulator misbehaves on purpose (FORBIDDEN when the terminal is live). The setting
 * is kept in the training gateway's file, so the app obeys one set by posctl and the other way round;
 * called without a kind it changes nothing and answers what is set (the Training panel reads it so).
 */

/**
 * - `unreachable`: the connection is refused, nothing is sent (outcome not-sent).
 * - `slow`: processed, answered after delayMs (default: longer than any client time-out; outcome unknown).
 * - `http-500`: answered HTTP 500 before processing.
 * - `drop-after`: processed and stored, then the connection closes without an answer (outcome unknown).
 * - `none`: clears the fault.
 */
export const TrainingFaultKind = lazySchema(() => z.enum(['none', 'unreachable', 'slow', 'http-500', 'drop-after']));
export type TrainingFaultKind = z.infer<typeof TrainingFaultKind>;

export const TrainingFaultInput = lazySchema(() => z
  .strictObject({
    /** Absent: nothing changes; the answer says what is set. */
    kind: TrainingFaultKind.optional(),
    /** Applies to the next N requests; absent: until cleared. */
    count: z.number().int().min(1).max(1000).optional(),
    /** `slow` only: how long the answer waits, in ms. */
    delayMs: z.number().int().min(0).max(600_000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.delayMs !== undefined && v.kind !== 'slow') ctx.addIssue({ code: 'custom', path: ['delayMs'], message: 'delayMs goes only with kind slow' });
    if (v.count !== undefined && (v.kind === 'none' || v.kind === undefined)) ctx.addIssue({ code: 'custom', path: ['count'], message: 'count goes only with a fault kind' });
  }));
export type TrainingFaultInput = z.infer<typeof TrainingFaultInput>;

export const TrainingFaultState = lazySchema(() => z.strictObject({
  kind: TrainingFaultKind,
  /** Requests it still applies to; null: until cleared (and for none). */
  remaining: z.number().int().positive().nullable(),
  delayMs: z.number().int().nonnegative().optional(),
}));
export type TrainingFaultState = z.infer<typeof TrainingFaultState>;

export const gatewayMethods = {
  /** Training mode only (FORBIDDEN when live): sets or clears the training gateway's fault (or, without a kind, reads it); answers what is now set. */
  'gateway.trainingFault': { input: TrainingFaultInput, output: TrainingFaultState },
} as const;
