/** ABA routing number checksum: 9 digits, weights 3 7 1 repeated, sum divisible by 10. */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (routing.charCodeAt(i) - 48) * (w[i] ?? 0);
  return sum % 10 === 0;
}

/** The ninth digit that makes eight digits a valid routing number (simulators and tests). */
export function abaCheckDigit(first8: string): string {
  if (!/^\d{8}$/.test(first8)) throw new RangeError('eight digits');
  const w = [3, 7, 1, 3, 7, 1, 3, 7];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (first8.charCodeAt(i) - 48) * (w[i] ?? 0);
  return String((10 - (sum % 10)) % 10);
}
