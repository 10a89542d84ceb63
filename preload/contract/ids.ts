/**
 * Random bytes as id text with no digit in it: each half byte one of the letters a to p.
 *
 * Ids the terminal makes (a sale's id, a payment's reference) travel in events, contract replies
 * and posctl's output, which are scrubbed of anything that could be a card number: 13 to 19 digits
 * in a row starting 2 to 6 that pass the Luhn check (main/log/redact.ts, data mode). Hex ids hit that
 * about once in a few hundred to a few thousand and came back masked, so the page no longer knew
 * its own sale. An id with no random digits can never read as a card number.
 */
export function idLetters(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(97 + (b >> 4), 97 + (b & 15));
  return out;
}
