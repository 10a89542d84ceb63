import { randomBytes } from 'node:crypto';
import { idLetters, type Mode } from '../../preload/contract';

/**
 * A payment's client reference: made before anything is sent, unique in the journal (a UNIQUE
 * column), and sent as `Reference_No` on every attempt, so the gateway's reports can reconcile a
 * payment whose answer was lost. 19 characters (the gateway keeps 20): the mode's letter, the
 * time in base 36 and 40 random bits as letters (never a run of digits that could read as a card
 * number and be masked on its way out: preload/contract/ids.ts).
 */
export function newClientRef(mode: Mode, now: Date): string {
  return `${mode === 'live' ? 'L' : 'T'}${now.getTime().toString(36).toUpperCase().padStart(8, '0')}${idLetters(randomBytes(5)).toUpperCase()}`;
}
