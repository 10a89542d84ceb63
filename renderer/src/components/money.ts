const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const dateAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When something happened, as the screens show it: "Nov 23, 2026, 6:16 PM". */
export function dateTime(iso: string): string {
  return dateAndTime.format(new Date(iso));
}

/** What a PIN or number field keeps of what was typed: its digits. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Cents as the screens show money: "$12.34". Integer cents in, text out: no arithmetic in floats. */
export function money(cents: number): string {
  return dollars.format(Math.trunc(cents) / 100);
}
