/**
 * The cardholder name of a track 1, fit to be shown and sent: only the characters names are made
 * of (letters, space, / . ' - , &) are accepted, and any digit in it is masked, since a name field
 * made of digits is card data written where a name should be (a mis-encoded or hostile card) and
 * would otherwise reach the screen in full. Returns undefined when nothing name-like is left.
 */
const NAME_CHARS = /^[A-Za-z0-9 /.'\-,&]+$/;

export function cardholderName(raw: string): string | undefined {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '' || text === '/' || !NAME_CHARS.test(text)) return undefined;
  if (!/[A-Za-z]/.test(text)) return undefined;
  return text.replace(/\d/g, '#');
}
