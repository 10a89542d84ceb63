/** A code table of one enumeration of the specs: code → words for a person. */
export type LabelTable = Readonly<Record<string, string>>;

/** The words for a code; a code the table does not know is shown as it is, never dropped. */
export function labelFor(table: LabelTable, code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return Object.hasOwn(table, code) ? (table[code] ?? code) : code === '' ? '' : `${code} (not in this terminal's table)`;
}
