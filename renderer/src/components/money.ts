const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as the screens show money: "$12.34". Integer cents in, text out: no arithmetic in floats. */
export function money(cents: number): string {
  return dollars.format(Math.trunc(cents) / 100);
}
