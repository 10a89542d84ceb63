import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../i18n/i18n';
import { mayLeave } from './leave-guard';
import type { ScreenEntry } from './screens';

/** The navigation buttons that ran onto a second line of the row (hidden there, offered under More). */
function wrappedIds(row: HTMLElement): string[] {
  const buttons = [...row.querySelectorAll<HTMLElement>('[data-screen]')];
  const top = buttons[0]?.offsetTop ?? 0;
  return buttons.filter((b) => b.offsetTop > top).map((b) => b.dataset.screen ?? '');
}

/**
 * Keeps the ids of the buttons that do not fit on the row's one line, measured whenever the row
 * changes size (window, zoom, the More button or the manager badge taking room) or the words do.
 */
function useOverflow(row: RefObject<HTMLDivElement | null>, key: string): ReadonlySet<string> {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = (): void => {
      const next = wrappedIds(el);
      setHidden((prev) => (prev.size === next.length && next.every((id) => prev.has(id)) ? prev : new Set(next)));
    };
    measure();
    // Without layout (tests without a browser) every button counts as fitting.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [row, key]);
  return hidden;
}

/**
 * The screens, on one line whatever the width, zoom or language: the buttons that do not fit give
 * way to a More button listing them, so the header never wraps over the work area.
 */
export function ScreenNav({ entries, current, onOpen }: { entries: ScreenEntry[]; current: string | undefined; onOpen: (id: string) => void }) {
  const { t, i18n } = useT('app');
  const row = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const hidden = useOverflow(row, `${i18n.language}:${entries.map((e) => e.id).join()}`);
  const overflow = entries.filter((e) => hidden.has(e.id));

  useEffect(() => {
    if (!open) return;
    // A click elsewhere closes the list, as a menu would.
    const away = (e: PointerEvent): void => {
      if (!(e.target instanceof Node && more.current?.contains(e.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const go = (id: string): void => {
    setOpen(false);
    // A screen holding unsaved changes (Settings) asks first; staying keeps it and its changes.
    if (id !== current && !mayLeave()) return;
    onOpen(id);
  };
  return (
    <nav aria-label={t('screens')} className="screen-nav">
      <div className="nav-row" ref={row}>
        {entries.map((s) => (
          <button
            key={s.id}
            type="button"
            className={`nav-button${hidden.has(s.id) ? ' nav-wrapped' : ''}`}
            data-screen={s.id}
            aria-current={s.id === current ? 'page' : undefined}
            onClick={() => go(s.id)}
          >
            {t(s.label)}
          </button>
        ))}
      </div>
      {overflow.length > 0 && (
        <div
          className="nav-more"
          ref={more}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              setOpen(false);
              more.current?.querySelector<HTMLButtonElement>('.nav-more-button')?.focus();
              e.stopPropagation();
              e.preventDefault();
            }
          }}
        >
          <button
            type="button"
            className={`nav-button nav-more-button${overflow.some((s) => s.id === current) ? ' holds-current' : ''}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t('nav.more')} <span aria-hidden="true">▾</span>
          </button>
          {open && (
            <ul className="nav-more-list">
              {overflow.map((s) => (
                <li key={s.id}>
                  <button type="button" className="nav-button" aria-current={s.id === current ? 'page' : undefined} onClick={() => go(s.id)}>
                    {t(s.label)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </nav>
  );
}
