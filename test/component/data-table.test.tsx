import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../../renderer/src/components/DataTable';
import { nextPosition } from '../../renderer/src/components/roving-grid';
import { VirtualList } from '../../renderer/src/components/VirtualList';

// happy-dom lays nothing out: the virtualised list is given a viewport so that its rows render.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
// ...and a content height, which the virtualizer clamps its scrolling to.
Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 200 * 76 });

interface Line {
  ref: string;
  cents: number;
}
const lines: Line[] = Array.from({ length: 25 }, (_, i) => ({ ref: `REF${String(i + 1).padStart(2, '0')}`, cents: (i + 1) * 100 }));
const columns: Array<Column<Line>> = [
  { id: 'ref', header: 'Reference', cell: (l) => l.ref },
  { id: 'amount', header: 'Amount', cell: (l) => l.cents, numeric: true },
  { id: 'open', header: 'Open', cell: (l) => <button type="button">{`Open ${l.ref}`}</button> },
];

/** The elements Tab stops on inside a container: what a keyboard user has to cross. */
const tabStops = (root: HTMLElement): HTMLElement[] => [...root.querySelectorAll<HTMLElement>('[tabindex], button, input')].filter((el) => el.tabIndex >= 0);
const press = (key: string, init: { ctrlKey?: boolean } = {}) => fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
const active = () => document.activeElement as HTMLElement;

afterEach(() => {
  cleanup();
});

describe('DataTable with a row action (a keyboard grid)', () => {
  const draw = (onActivate = vi.fn<(line: Line) => void>()) => {
    render(
      <>
        <button type="button">Before</button>
        <DataTable label="Payments" columns={columns} rows={lines} rowKey={(l) => l.ref} onActivate={onActivate} />
        <button type="button">After</button>
      </>,
    );
    return { grid: screen.getByRole('grid', { name: 'Payments' }), onActivate };
  };

  it('is one Tab stop however many rows it has, its controls included', () => {
    const { grid } = draw();
    const stops = tabStops(grid);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.textContent).toBe('REF01');
    expect(within(grid).getByRole('button', { name: 'Open REF02' }).tabIndex).toBe(-1);
  });

  it('walks cells with the arrow keys, Home/End in the row, Ctrl+Home/End and pages across rows', () => {
    const { grid } = draw();
    tabStops(grid)[0]?.focus();
    press('ArrowDown');
    expect(active().textContent).toBe('REF02');
    press('ArrowRight');
    expect(active().textContent).toBe('200');
    press('End');
    expect(active().textContent).toBe('Open REF02');
    press('Home');
    expect(active().textContent).toBe('REF02');
    press('PageDown');
    expect(active().textContent).toBe('REF12');
    press('PageUp');
    expect(active().textContent).toBe('REF02');
    press('End', { ctrlKey: true });
    expect(active().textContent).toBe('Open REF25');
    press('ArrowDown');
    expect(active().textContent).toBe('Open REF25');
    press('Home', { ctrlKey: true });
    expect(active().textContent).toBe('REF01');
    press('ArrowUp');
    expect(active().textContent).toBe('REF01');
    // Still one stop, the cell walked to: the place is kept for the next Tab into the grid.
    expect(tabStops(grid)).toEqual([active()]);
  });

  it('remembers the cell when Tab leaves and comes back, and one click moves that place', () => {
    const { grid } = draw();
    tabStops(grid)[0]?.focus();
    press('ArrowDown');
    press('ArrowDown');
    press('ArrowRight');
    screen.getByRole('button', { name: 'After' }).focus();
    expect(tabStops(grid).map((c) => c.textContent)).toEqual(['300']);
    fireEvent.focus(within(grid).getByRole('button', { name: 'Open REF07' }));
    expect(tabStops(grid).map((c) => c.textContent)).toEqual(['Open REF07']);
  });

  it('runs the row’s main action with Enter or Space on a cell', () => {
    const { grid, onActivate } = draw();
    tabStops(grid)[0]?.focus();
    press('ArrowDown');
    press('Enter');
    press('ArrowDown');
    press(' ');
    expect(onActivate.mock.calls.map(([l]) => l.ref)).toEqual(['REF02', 'REF03']);
  });

  it('stays a plain table with no Tab stop when the rows have no action', () => {
    render(<DataTable label="Totals" columns={columns.slice(0, 2)} rows={lines} rowKey={(l) => l.ref} />);
    const table = screen.getByRole('table', { name: 'Totals' });
    expect(tabStops(table)).toEqual([]);
    expect(within(table).getAllByRole('cell')[0]?.textContent).toBe('REF01');
  });

  it('marks a row with its own class and keeps a column heading for screen readers only', () => {
    const { container } = render(<DataTable columns={[columns[0]!, { ...columns[2]!, hiddenHeader: true }]} rows={lines.slice(0, 3)} rowKey={(l) => l.ref} rowClassName={(l) => (l.ref === 'REF02' ? 'matched' : undefined)} />);
    const table = screen.getByRole('table');
    expect(table.hasAttribute('aria-label')).toBe(false);
    expect(within(table).getByRole('columnheader', { name: 'Open' }).querySelector('.visually-hidden')?.textContent).toBe('Open');
    expect([...container.querySelectorAll('tbody tr')].map((r) => r.className)).toEqual(['', 'matched', '']);
  });
});

describe('VirtualList as a grid', () => {
  const names = Array.from({ length: 200 }, (_, i) => `Product ${i + 1}`);
  const draw = (onOpen = vi.fn<(name: string) => void>()) => {
    render(<VirtualList items={names} rowHeight={76} label="Product results" grid getKey={(n) => n} renderRow={(n) => <button type="button" onClick={() => onOpen(n)}>{n}</button>} />);
    return { grid: screen.getByRole('grid', { name: 'Product results' }), onOpen };
  };

  it('gives screen readers the whole list’s size and each drawn row’s place in it', () => {
    const { grid } = draw();
    expect(grid.getAttribute('aria-rowcount')).toBe('200');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeLessThan(200);
    expect(rows.slice(0, 2).map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2']);
    expect(tabStops(grid)).toHaveLength(1);
  });

  it('scrolls the row walked to into view and focuses it, there and back', async () => {
    const { grid } = draw();
    tabStops(grid)[0]?.focus();
    press('ArrowDown');
    expect(active().textContent).toBe('Product 2');
    press('End');
    // The list scrolled to the row; happy-dom does not say so by itself, a browser does.
    expect(grid.scrollTop).toBeGreaterThan(150 * 76);
    fireEvent.scroll(grid);
    await waitFor(() => expect(active().textContent).toBe('Product 200'));
    expect(active().closest('[role="row"]')?.getAttribute('aria-rowindex')).toBe('200');
    press('Home');
    fireEvent.scroll(grid);
    await waitFor(() => expect(active().textContent).toBe('Product 1'));
  });

  it('keeps the Tab stop on the list while its place is scrolled away, and goes back there on return', async () => {
    const { grid } = draw();
    tabStops(grid)[0]?.focus();
    press('ArrowDown');
    active().blur();
    // The mouse wheel takes the list far down: the remembered row is no longer drawn.
    grid.scrollTop = 150 * 76;
    fireEvent.scroll(grid);
    await waitFor(() => expect(within(grid).queryByRole('button', { name: 'Product 2' })).toBeNull());
    expect(tabStops(grid)).toEqual([]);
    expect(grid.tabIndex).toBe(0);
    grid.focus();
    fireEvent.scroll(grid);
    await waitFor(() => expect(active().textContent).toBe('Product 2'));
    expect(tabStops(grid)).toEqual([active()]);
    expect(grid.hasAttribute('tabindex')).toBe(false);
  });

  it('opens the product with Enter, the row’s own button', () => {
    const { grid, onOpen } = draw();
    tabStops(grid)[0]?.focus();
    press('PageDown');
    expect(active().textContent).toBe('Product 9');
    // The button's native Enter: a click the test fires as the browser would.
    fireEvent.click(active());
    expect(onOpen).toHaveBeenCalledWith('Product 9');
  });
});

describe('nextPosition', () => {
  it('treats Home/End as first and last row in a one-stop row (a list), as first and last cell otherwise', () => {
    expect(nextPosition('Home', false, { row: 5, col: 0 }, 1, 10, 3)).toEqual({ row: 0, col: 0 });
    expect(nextPosition('End', false, { row: 5, col: 0 }, 1, 10, 3)).toEqual({ row: 9, col: 0 });
    expect(nextPosition('End', false, { row: 5, col: 0 }, 4, 10, 3)).toEqual({ row: 5, col: 3 });
    expect(nextPosition('PageDown', false, { row: 8, col: 1 }, 4, 10, 3)).toEqual({ row: 9, col: 1 });
    expect(nextPosition('a', false, { row: 8, col: 1 }, 4, 10, 3)).toBeUndefined();
  });
});
