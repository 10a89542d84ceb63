/**
 * Where focus goes when the element that held it is gone: the screen's heading (made focusable
 * from script only), else <main>. A screen reader then reads where the cashier is, and Tab goes on
 * from the work area rather than from the top of the page.
 */
export function focusScreen(): void {
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  } else main.focus();
}

/** Focus rests on nothing: the page itself (body) or an element taken out of the page. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * A safety net for the whole page: when the focused element leaves the page (a button replaced
 * after an action, a list closed), focus goes to the screen rather than to the page, where the
 * next Tab would start again from the skip link. An open modal dialog keeps its own focus.
 * Returns how to stop.
 */
export function keepFocusOnPage(): () => void {
  const onFocusOut = (e: FocusEvent): void => {
    // Focus moving to another element is not lost.
    if (e.relatedTarget !== null || !(e.target instanceof HTMLElement)) return;
    const left = e.target;
    // After React has finished the change (it may focus something itself). Only an element gone or
    // disabled counts: a click on the page's background leaves focus where the cashier put it.
    setTimeout(() => {
      const gone = !left.isConnected || left.matches(':disabled') || left.closest('[hidden], [inert]') !== null;
      if (gone && focusLost() && !document.querySelector('dialog[open]')) focusScreen();
    }, 0);
  };
  document.addEventListener('focusout', onFocusOut);
  return () => document.removeEventListener('focusout', onFocusOut);
}
