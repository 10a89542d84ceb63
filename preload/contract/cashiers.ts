import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { plainText } from './text';

/**
 * Optional cashier sign-in (`terminal.cashierSignIn`): a cashier number and PIN per page
 * connection; each payment records its cashier and sends it to the gateway (User_Name, ClerkID).
 * The manager keeps the list of cashiers.
 */
export const CashierNumber = lazySchema(() => z.string().regex(/^\d{1,8}$/, 'a cashier number is 1 to 8 digits'));
export const CashierPin = lazySchema(() => z.string().regex(/^\d{4,12}$/, 'a cashier PIN is 4 to 12 digits'));
/** A name as it is saved; the stored ones are shown as they are (Cashier), so an older name never breaks a list. */
export const CashierName = lazySchema(() => plainText(z.string().trim().min(1).max(40)));

export const Cashier = lazySchema(() => z.strictObject({ number: CashierNumber, name: z.string().min(1).max(40) }));
export type Cashier = z.infer<typeof Cashier>;

export const CashierStatus = lazySchema(() => z.strictObject({
  /** The store asks cashiers to sign in before taking payments. */
  signInRequired: z.boolean(),
  /** Who is signed in on this page, if anyone. */
  cashier: Cashier.nullable(),
}));
export type CashierStatus = z.infer<typeof CashierStatus>;

export const CashierEntry = lazySchema(() => Cashier.extend({ lockedUntil: z.string().nullable() }));

export const cashierMethods = {
  'cashier.status': { input: lazySchema(() => z.strictObject({})), output: CashierStatus },
  /** FORBIDDEN in words for an unknown number, a wrong PIN or a PIN locked by wrong tries. */
  'cashier.signIn': { input: lazySchema(() => z.strictObject({ number: CashierNumber, pin: CashierPin })), output: CashierStatus },
  'cashier.signOut': { input: lazySchema(() => z.strictObject({})), output: CashierStatus },
  'cashiers.list': { input: lazySchema(() => z.strictObject({})), output: lazySchema(() => z.array(CashierEntry)) },
  /** Adds a cashier, or changes one's name and PIN (and clears its lock). */
  'cashiers.save': { input: lazySchema(() => z.strictObject({ number: CashierNumber, name: CashierName, pin: CashierPin })), output: lazySchema(() => z.array(CashierEntry)) },
  'cashiers.remove': { input: lazySchema(() => z.strictObject({ number: CashierNumber })), output: lazySchema(() => z.array(CashierEntry)) },
} as const;
