import type { ReactNode } from 'react';

export interface Column<T> {
  id: string;
  /** The column's heading, already in the screen's language. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Amounts and counts: right-aligned in tabular figures. */
  numeric?: boolean;
}

/**
 * One table for the screens' lists of rows (History's payments, totals): headings with their
 * scope, an accessible name, numbers aligned. The screen says what an empty list means; this
 * draws only rows.
 */
export function DataTable<T>({ label, columns, rows, rowKey, className, busy = false }: {
  label: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
  /** Rows are being replaced (a search runs): assistive technology waits for the new ones. */
  busy?: boolean;
}) {
  return (
    <table className={`data-table${className ? ` ${className}` : ''}`} aria-label={label} aria-busy={busy || undefined}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.id} className={c.numeric ? 'num' : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
