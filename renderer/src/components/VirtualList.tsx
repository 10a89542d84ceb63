import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';
import { useRovingGrid } from './roving-grid';

/**
 * A long list where only the rows in view are in the page (thousands of products, a page of 3000 merchants).
 *
 * With `grid` it is one Tab stop walked with the arrow keys (roving-grid.ts): the active row is
 * scrolled into view and drawn before it is focused, and aria-rowcount/aria-rowindex give screen
 * readers the whole list's size and each drawn row's place in it, not just the rows in the page.
 */
export function VirtualList<T>(props: { items: readonly T[]; rowHeight: number; label: string; className?: string; getKey: (item: T) => string | number; renderRow: (item: T) => ReactNode; grid?: boolean }) {
  const { items, rowHeight, label, className, getKey, renderRow, grid = false } = props;
  const roving = useRovingGrid<HTMLDivElement>({
    rowCount: items.length,
    enabled: grid,
    // A screenful of rows; the scroller shows about 60 % of the window.
    pageSize: 8,
    scrollToRow: (row) => virtual.scrollToIndex(row, { align: 'auto' }),
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this list itself; nothing memoizes its functions
  const virtual = useVirtualizer({ count: items.length, getScrollElement: () => roving.ref.current, estimateSize: () => rowHeight, overscan: 8 });
  return (
    <div
      ref={roving.ref}
      className={`virtual-scroller ${className ?? ''}`}
      role={grid ? 'grid' : 'list'}
      aria-label={label}
      aria-rowcount={grid ? items.length : undefined}
      aria-readonly={grid || undefined}
      tabIndex={grid ? undefined : 0}
      onKeyDown={grid ? roving.onKeyDown : undefined}
      onFocus={grid ? roving.onFocus : undefined}
    >
      <div className="virtual-inner" role={grid ? 'rowgroup' : undefined} style={{ height: `${virtual.getTotalSize()}px` }}>
        {virtual.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          const place = { transform: `translateY(${row.start}px)`, height: `${row.size}px` };
          return grid ? (
            <div key={getKey(item)} role="row" aria-rowindex={row.index + 1} data-row={row.index} className="virtual-row" style={place}>
              <div role="gridcell">{renderRow(item)}</div>
            </div>
          ) : (
            <div key={getKey(item)} role="listitem" className="virtual-row" style={place}>
              {renderRow(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
