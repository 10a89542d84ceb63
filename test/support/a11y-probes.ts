import type { Page } from 'playwright-core';

/** A control whose edge is not told from what lies behind it by 3:1 (WCAG 1.4.11). */
export interface WeakEdge {
  control: string;
  /** The best of the border's and the fill's contrast against the colour behind the control. */
  ratio: number;
  border: string;
  fill: string;
  behind: string;
}

/**
 * Every visible, enabled input, select, text area and button of the page, its border colour (or
 * its own fill) measured against the colour behind it with getComputedStyle. A field must show its
 * edge; a button with neither border nor fill of its own is a text button, told by its words, and
 * is left out. Check boxes and radio buttons are drawn by the browser and left out too.
 */
export async function weakEdges(page: Page): Promise<WeakEdge[]> {
  return page.evaluate<WeakEdge[]>(`(() => {
    const parse = (c) => {
      const m = /rgba?\\(([^)]+)\\)/.exec(c);
      if (!m) return null;
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const lum = (c) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
    };
    const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
    const behind = (el) => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a >= 0.5) return c;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const css = (c) => 'rgb(' + c.r + ', ' + c.g + ', ' + c.b + ')';
    const out = [];
    for (const el of document.querySelectorAll('input, select, textarea, button')) {
      if (el.disabled || el.type === 'hidden' || el.type === 'checkbox' || el.type === 'radio') continue;
      const s = getComputedStyle(el);
      if (s.visibility !== 'visible' || el.getClientRects().length === 0 || el.closest('[inert]')) continue;
      const back = behind(el);
      const border = parse(s.borderTopColor);
      const hasBorder = parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none' && border && border.a >= 0.5;
      const fill = parse(s.backgroundColor);
      const hasFill = fill && fill.a >= 0.5;
      const isField = el.tagName !== 'BUTTON';
      if (!isField && !hasBorder && !hasFill) continue;
      const best = Math.max(hasBorder ? ratio(border, back) : 0, hasFill ? ratio(fill, back) : 0);
      if (best >= 3) continue;
      const name = (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || el.getAttribute('name') || '').trim().slice(0, 40);
      out.push({ control: el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '') + ' "' + name + '"', ratio: Math.round(best * 100) / 100,
        border: hasBorder ? css(border) : 'none', fill: hasFill ? css(fill) : 'none', behind: css(back) });
    }
    return out;
  })()`);
}

/** The page's h1 headings, by their text. */
export async function headings(page: Page): Promise<string[]> {
  return page.locator('h1').allTextContents();
}

/** What holds focus: "body" when it was lost to the page. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => { const a = document.activeElement; return !a || a === document.body ? 'body' : a.tagName.toLowerCase() + (a.id ? '#' + a.id : '') + ' ' + (a.textContent || '').trim().slice(0, 40); })()`);
}

/** Records every sentence put in the app's live region from now on (window.__said). */
export async function listenToAnnouncer(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__said = [];
    const region = document.querySelector('[data-testid="announcer"]');
    new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) window.__said.push(n.textContent); }).observe(region, { childList: true });
  })()`);
}

export async function announced(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('window.__said.slice()');
}
