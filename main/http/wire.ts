import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';

/**
 * Tolerant building blocks for response schemas: the services send ids as numbers or numeric
 * strings, leave strings null, and spell booleans several ways. Objects built from these keep
 * fields this terminal does not know (z.looseObject), so nothing the service adds is lost.
 */

/** A whole number sent as a number or a numeric string. */
export const wireInt = lazySchema(() => z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/).transform(Number)]));

/** A number sent as a number or a numeric string. */
export const wireNumber = lazySchema(() => z.union([z.number().finite(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]));

/** A string that may be null, absent or a number. */
export const wireText = lazySchema(() => z
  .union([z.string(), z.number().transform(String), z.null()])
  .optional()
  .transform((v) => v ?? ''));

/** A boolean that may be sent as text (`"true"`, `"Y"`) or be absent (false). */
export const wireBool = lazySchema(() => z
  .union([z.boolean(), z.enum(['true', 'false', 'TRUE', 'FALSE', 'Y', 'N', 'y', 'n', '1', '0']), z.null()])
  .optional()
  .transform((v) => v === true || (typeof v === 'string' && ['true', 'y', '1'].includes(v.toLowerCase()))));

/** An int that may be null or empty text (hierarchy lvlNId "may be empty"). */
export const wireOptionalInt = lazySchema(() => z
  .union([wireInt, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null)));

/** A list that may be null or absent. */
export const wireList = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), z.null()]).optional().transform((v) => v ?? []);

/**
 * A USD amount as the service sends it (a float) to integer cents: rounded half up on its decimal
 * digits (read at ten places, so 0.285 is 29 cents although the float is 0.28499...).
 */
export function dollarsToCents(amount: number): number {
  const [whole = '0', frac = ''] = Math.abs(amount).toFixed(10).split('.');
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  return amount < 0 ? -cents : cents;
}

/**
 * A USD amount as the service sends it (a float), kept as sent: parsing stays idempotent so the
 * cache can store parsed answers and parse them again. Views turn it into cents (dollarsToCents).
 */
export const wireDollars = lazySchema(() => z
  .union([wireNumber, z.null(), z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e12 ? v : null)));

export function centsOrNull(dollars: number | null | undefined): number | null {
  return typeof dollars === 'number' ? dollarsToCents(dollars) : null;
}
