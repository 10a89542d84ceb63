/**
 * Masked forms: a card number shows at most its first 6 and last 4 digits; an account number its
 * last 4. These are the only forms that may leave the main process or reach a log.
 */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  // Too short to be a card number: the last 4 at most, and nothing of a value of 4 digits or fewer.
  if (digits.length < 13) return digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

export function maskAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  const shown = digits.length > 4 ? 4 : Math.max(0, digits.length - 2);
  return `${'*'.repeat(digits.length - shown)}${digits.slice(digits.length - shown)}`;
}

/** Track text with every digit but the PAN's masked ones hidden: sentinels and separators stay for diagnosis. */
export function maskTrack(track: string): string {
  return track.replace(/[0-9A-Za-z]/g, '*');
}
