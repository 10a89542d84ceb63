/**
 * Text as a printer may take it, from whatever data it came (a lane or cardholder name stored by an
 * older version, a gateway's receipt text): a tab or a line break becomes a space, so one receipt
 * line stays one line; any other control character (C0, DEL, C1: ESC, GS, NUL, DLE…) becomes "?",
 * so no value can carry a printer command. Applied where text becomes printer output (escpos.ts for
 * a receipt printer, the system printer's page); the encoders add their own commands after it.
 */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

export function printableText(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '?');
}
