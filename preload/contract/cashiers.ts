import { z } from 'zod';
import { plainText } from './text';

/**
 * Optional cashier sign-in (`terminal.cashierSignIn`): a cashier number and PIN per page
 * connection; each payment records its cashier and sends it to the gateway (User_Name, ClerkID).
 * The manager keeps the list of cashiers.
 */
export const CashierNumber = z.string().regex(/^\d{1,8}$/, 'a cashier number is 1 to 8 digits');
export const CashierPin = z.string().regex(/^\d{4,12}$/, 'a cashier PIN is 4 to 12 digits');
/** A name as it is saved; the stored ones are shown as they are (Cashier), so an older name never breaks a list. */
export const CashierName = plainText(z.string().trim().min(1).max(40));

export const Cashier = z.strictObject({ number: CashierNumber, name: z.string().min(1).max(40) });
export type Cashier = z.infer<typeof Cashier>;

export const CashierStatus = z.strictObject({
  /** The store asks cashiers to sign in before taking payments. */
  signInRequired: z.boolean(),
  /** Who is signed in on this page, if anyone. */
  cashier: Cashier.nullable(),
});
export type CashierStatus = z.infer<typeof CashierStatus>;

export const CashierEntry = Cashier.extend({ lockedUntil: z.string().nullable() });

export const cashierMethods = {
  'cashier.status': { input: z.strictObject({}), output: CashierStatus },
  /** FORBIDDEN in words for an unknown number, a wrong PIN or a PIN locked by wrong tries. */
  'cashier.signIn': { input: z.strictObject({ number: CashierNumber, pin: CashierPin }), output: CashierStatus },
  'cashier.signOut': { input: z.strictObject({}), output: CashierStatus },
  'cashiers.list': { input: z.strictObject({}), output: z.array(CashierEntry) },
  /** Adds a cashier, or changes one's name and PIN (and clears its lock). */
  'cashiers.save': { input: z.strictObject({ number: CashierNumber, name: CashierName, pin: CashierPin }), output: z.array(CashierEntry) },
  'cashiers.remove': { input: z.strictObject({ number: CashierNumber }), output: z.array(CashierEntry) },
} as const;
