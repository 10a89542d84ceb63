import { maskPan } from '../../native/card/mask';
import { maskTail } from './card';

/**
 * What of a request or result may be shown (posctl output, logs, the renderer): card numbers at
 * most first 6 / last 4, account numbers and IDs last 4, and tracks, CVD, passwords, MICR lines,
 * 3-D Secure values and dates of birth removed. Works on any nesting (Level3, Address...).
 */
const REMOVED = new Set(['Password', 'Track1', 'Track2', 'CVDCode', 'MICR', 'CAVV', 'XID', 'DateOfBirth', 'ProtectedToken']);
const PAN_FIELDS = new Set(['Card_Number', 'PAN']);
const TAIL_FIELDS = new Set(['BankAccountNumber', 'CustomerID']);

export function maskGatewayFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => maskGatewayFields(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (REMOVED.has(key)) continue;
    if (typeof v === 'string' && PAN_FIELDS.has(key)) out[key] = /^\d+$/.test(v) ? maskPan(v) : v.replace(/\d(?=(?:\D*\d){4})/g, '#');
    else if (typeof v === 'string' && TAIL_FIELDS.has(key)) out[key] = maskTail(v);
    else out[key] = maskGatewayFields(v);
  }
  return out as T;
}
