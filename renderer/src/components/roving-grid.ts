import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/**
 * One Tab stop for a whole list (WAI-ARIA grid pattern, roving tabindex): the product list, History's
 * payments and the queue's lists are crossed in one Tab press however long they are, and walked with
 * the arrow keys, Home/End, PageUp/PageDown and Ctrl+Home/End.
 *
 * The markup says where things are, so that any row content works without each screen passing
 * tabIndex down: a row is an element with `data-row="<index in the whole list>"`; its stops, in DOM
 * order, are the elements marked `data-cell` and the native controls not inside such a cell. Every
 * control in the grid gets tabIndex -1 except the active stop (tabIndex 0), so Tab leaves the grid
 * and, coming back, lands where the cashier was.
 */

/** Where the cashier is: a row of the whole list (not of the rows drawn) and a stop in it. */
export interface GridPosition {
  row: number;
  col: number;
}

export interface RovingGridOptions {
  /** Rows in the whole list, drawn or not (a virtualised list draws only those in view). */
  rowCount: number;
  /** Rows moved by PageUp/PageDown: about one screenful. */
  pageSize?: number;
  /** Brings a row into the page before it is focused (a virtualised list draws it there). */
  scrollToRow?: (row: number) => void;
  /** Enter or Space on a cell that is not a control itself: the row's main action (open the payment). */
  onActivate?: (row: number) => void;
  /** False: the element is not a grid (a table without an action); nothing is changed in it. */
  enabled?: boolean;
}

export interface RovingGrid<E extends HTMLElement> {
  ref: RefObject<E | null>;
  onKeyDown: (e: KeyboardEvent<E>) => void;
  onFocus: (e: FocusEvent<E>) => void;
  active: GridPosition;
}

const CONTROLS = 'button, input, select, textarea, a[href], [data-cell]';
const TEXT_ENTRY = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** The stops of one row: marked cells, and the controls that are not inside a marked cell. */
function stopsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => {
    if ((el as HTMLButtonElement).disabled) return false;
    const cell = el.parentElement?.closest('[data-cell]');
    return !cell || !row.contains(cell);
  });
}

function rowElement(grid: HTMLElement, row: number): Element | null {
  return grid.querySelector(`[data-row="${row}"]`);
}

/** The row and stop an element belongs to, or undefined when it is the grid itself. */
function positionOf(grid: HTMLElement, target: Element): GridPosition | undefined {
  const row = target.closest('[data-row]');
  if (!row || !grid.contains(row)) return undefined;
  const stops = stopsOf(row);
  const col = stops.findIndex((s) => s === target || s.contains(target));
  return { row: Number((row as HTMLElement).dataset['row']), col: Math.max(0, col) };
}

/** Where a key moves to, or undefined when the key is not the grid's. */
export function nextPosition(key: string, ctrl: boolean, at: GridPosition, stopsInRow: number, rowCount: number, pageSize: number): GridPosition | undefined {
  const last = rowCount - 1;
  const clampRow = (r: number) => Math.max(0, Math.min(last, r));
  // A row of one stop (a listbox-like list): Home/End go to the first and last row, as in a list.
  const rowsOnly = ctrl || stopsInRow <= 1;
  switch (key) {
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowRight':
      return { row: at.row, col: Math.min(stopsInRow - 1, at.col + 1) };
    case 'ArrowLeft':
      return { row: at.row, col: Math.max(0, at.col - 1) };
    case 'PageDown':
      return { row: clampRow(at.row + pageSize), col: at.col };
    case 'PageUp':
      return { row: clampRow(at.row - pageSize), col: at.col };
    case 'Home':
      return rowsOnly ? { row: 0, col: ctrl ? 0 : at.col } : { row: at.row, col: 0 };
    case 'End':
      return rowsOnly ? { row: last, col: ctrl ? Number.MAX_SAFE_INTEGER : at.col } : { row: at.row, col: stopsInRow - 1 };
    default:
      return undefined;
  }
}

export function useRovingGrid<E extends HTMLElement>({ rowCount, pageSize = 10, scrollToRow, onActivate, enabled = true }: RovingGridOptions): RovingGrid<E> {
  const ref = useRef<E>(null);
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  // Set when a key or a return to the grid asks for focus on a stop that may not be drawn yet.
  const wantFocus = useRef(false);
  const [, redraw] = useState(0);
  const row = Math.max(0, Math.min(active.row, rowCount - 1));

  /** The active stop if drawn; its column clamped to the row, which may have fewer stops. */
  const activeStop = useCallback((): HTMLElement | undefined => {
    const grid = ref.current;
    const el = grid && rowElement(grid, row);
    if (!el) return undefined;
    const stops = stopsOf(el);
    return stops[Math.min(active.col, stops.length - 1)];
  }, [row, active.col]);

  const apply = useCallback(() => {
    const grid = ref.current;
    if (!grid || !enabled) return;
    for (const el of grid.querySelectorAll<HTMLElement>(CONTROLS)) if (el.tabIndex !== -1) el.tabIndex = -1;
    const stop = rowCount > 0 ? activeStop() : undefined;
    if (stop) {
      stop.tabIndex = 0;
      grid.removeAttribute('tabindex');
      if (wantFocus.current) {
        wantFocus.current = false;
        if (document.activeElement !== stop) stop.focus();
      }
    } else if (rowCount > 0) {
      // The active row is scrolled out of a virtualised list: the grid keeps the Tab stop and hands
      // focus on to the row once it is drawn again (onFocus below).
      grid.tabIndex = 0;
    } else {
      grid.removeAttribute('tabindex');
    }
  }, [activeStop, rowCount, enabled]);

  // Every render: rows drawn anew (scrolling, a new search) come with their own tabIndex.
  useLayoutEffect(apply);
  // Rows a child redraws by itself (a control enabled, a note shown) without this component rendering.
  useEffect(() => {
    const grid = ref.current;
    if (!grid || !enabled || typeof MutationObserver === 'undefined') return;
    const watcher = new MutationObserver(apply);
    watcher.observe(grid, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [apply, enabled]);

  const moveTo = (next: GridPosition) => {
    wantFocus.current = true;
    scrollToRow?.(next.row);
    setActive(next);
    redraw((n) => n + 1);
  };

  const onKeyDown = (e: KeyboardEvent<E>) => {
    const grid = ref.current;
    if (!grid || !enabled || e.defaultPrevented || e.altKey || e.metaKey || rowCount === 0) return;
    const target = e.target as HTMLElement;
    const at = positionOf(grid, target) ?? { row, col: active.col };
    const rowEl = rowElement(grid, at.row);
    const stops = rowEl ? stopsOf(rowEl) : [];
    if (TEXT_ENTRY.has(target.tagName)) {
      // Typing keeps its keys: Left/Right move out only from the text's first or last place,
      // Home/End and Space edit it. Escape goes back to the row, and Up/Down, which a one-line
      // field does not use, still move between rows.
      if (e.key === 'Escape') {
        e.preventDefault();
        moveTo({ row: at.row, col: 0 });
        return;
      }
      if (target.tagName !== 'INPUT') return;
      const input = target as HTMLInputElement;
      const caret = input.selectionStart;
      const collapsed = caret === null || caret === input.selectionEnd;
      const atStart = caret === null || (collapsed && caret === 0);
      const atEnd = caret === null || (collapsed && caret === input.value.length);
      const leaves = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].includes(e.key) || (e.key === 'ArrowLeft' && atStart) || (e.key === 'ArrowRight' && atEnd);
      if (!leaves) return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      // A control does its own thing (a product's button opens it); a plain cell runs the row's
      // main action, or, with none, goes to the row's first control.
      if (!target.hasAttribute('data-cell')) return;
      e.preventDefault();
      if (onActivate) onActivate(at.row);
      else {
        const control = stops.findIndex((s) => !s.hasAttribute('data-cell'));
        if (control >= 0) moveTo({ row: at.row, col: control });
      }
      return;
    }
    const next = nextPosition(e.key, e.ctrlKey, at, Math.max(1, stops.length), rowCount, pageSize);
    if (!next) return;
    e.preventDefault();
    moveTo(next);
  };

  const onFocus = (e: FocusEvent<E>) => {
    const grid = ref.current;
    if (!grid || !enabled) return;
    if (e.target === grid) {
      // Tab came back while the remembered row was scrolled away: bring it back and focus it.
      moveTo({ row, col: active.col });
      return;
    }
    const at = positionOf(grid, e.target);
    // A click or a control focused by the screen: remember it as the place to come back to.
    if (at && (at.row !== row || at.col !== active.col)) setActive(at);
  };

  return { ref, onKeyDown, onFocus, active: { row, col: active.col } };
}
