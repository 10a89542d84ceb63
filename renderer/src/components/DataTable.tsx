import type { ReactNode } from 'react';
import { useRovingGrid } from './roving-grid';

export interface Column<T> {
  id: string;
  /** The column's heading, already in the screen's language. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Amounts and counts: right-aligned in tabular figures. */
  numeric?: boolean;
  /** The heading is said to screen readers but not shown (a column of buttons that name themselves). */
  hiddenHeader?: boolean;
}

/**
 * One table for the screens' lists of rows (History's payments, totals): headings with their
 * scope, an accessible name, numbers aligned. The screen says what an empty list means; this
 * draws only rows.
 *
 * With `onActivate` the table is a grid (roving-grid.ts): one Tab stop, cells walked with the
 * arrow keys, Enter or Space on a cell running the row's main action. A table without an action
 * (the day's totals) stays a plain table with no Tab stop at all.
 */
export function DataTable<T>({ label, columns, rows, rowKey, className, rowClassName, busy = false, onActivate }: {
  /** The table's accessible name; a table under a heading that says what it is may go without. */
  label?: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
  /** A class for one row (the hierarchy's matched level). */
  rowClassName?: (row: T) => string | undefined;
  /** Rows are being replaced (a search runs): assistive technology waits for the new ones. */
  busy?: boolean;
  /** The row's main action (open the payment): makes the table a keyboard grid. */
  onActivate?: (row: T) => void;
}) {
  const grid = useRovingGrid<HTMLTableElement>({
    rowCount: rows.length,
    enabled: onActivate !== undefined,
    onActivate: (i) => {
      const row = rows[i];
      if (row !== undefined) onActivate?.(row);
    },
  });
  const navigable = onActivate !== undefined;
  return (
    <table
      ref={navigable ? grid.ref : undefined}
      className={`data-table${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-busy={busy || undefined}
      role={navigable ? 'grid' : undefined}
      aria-readonly={navigable || undefined}
      onKeyDown={navigable ? grid.onKeyDown : undefined}
      onFocus={navigable ? grid.onFocus : undefined}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)} data-row={navigable ? i : undefined}>
            {columns.map((c) => (
              <td key={c.id} className={c.numeric ? 'num' : undefined} role={navigable ? 'gridcell' : undefined} data-cell={navigable || undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
