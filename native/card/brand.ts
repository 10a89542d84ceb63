/** Card brands the terminal tells apart by BIN (issuer identification number) range. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'maestro' | 'unknown';

/** [low, high] inclusive over the first `digits` digits of the PAN, checked in order. */
const RANGES: ReadonlyArray<readonly [CardBrand, number, number, number]> = [
  ['amex', 2, 34, 34],
  ['amex', 2, 37, 37],
  ['mastercard', 2, 51, 55],
  ['mastercard', 4, 2221, 2720],
  ['discover', 4, 6011, 6011],
  ['discover', 6, 622126, 622925],
  ['discover', 3, 644, 649],
  ['discover', 2, 65, 65],
  ['jcb', 4, 3528, 3589],
  ['diners', 3, 300, 305],
  ['diners', 2, 36, 36],
  ['diners', 2, 38, 39],
  ['unionpay', 2, 62, 62],
  ['maestro', 2, 50, 50],
  ['maestro', 2, 56, 58],
  ['visa', 1, 4, 4],
];

export function brandOf(pan: string): CardBrand {
  // Prefixes of 1 to 6 digits, computed once (index = number of digits).
  const prefixes = [0];
  for (let d = 1; d <= 6 && d <= pan.length; d++) prefixes.push((prefixes[d - 1] ?? 0) * 10 + (pan.charCodeAt(d - 1) - 48));
  for (const [brand, digits, low, high] of RANGES) {
    const prefix = prefixes[digits];
    if (prefix !== undefined && prefix >= low && prefix <= high) return brand;
  }
  return 'unknown';
}

/** IIN 636 is assigned to North American driving licences and ID cards (AAMVA): never a bank card. */
export function isAamvaIin(pan: string): boolean {
  return pan.startsWith('636');
}
