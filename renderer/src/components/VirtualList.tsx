import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** A long list where only the rows in view are in the page (thousands of products, a page of 3000 merchants). */
export function VirtualList<T>(props: { items: readonly T[]; rowHeight: number; label: string; className?: string; getKey: (item: T) => string | number; renderRow: (item: T) => ReactNode }) {
  const { items, rowHeight, label, className, getKey, renderRow } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this list itself; nothing memoizes its functions
  const virtual = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 8 });
  return (
    <div ref={scroller} className={`virtual-scroller ${className ?? ''}`} role="list" aria-label={label} tabIndex={0}>
      <div className="virtual-inner" style={{ height: `${virtual.getTotalSize()}px` }}>
        {virtual.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <div key={getKey(item)} role="listitem" className="virtual-row" style={{ transform: `translateY(${row.start}px)`, height: `${row.size}px` }}>
              {renderRow(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
