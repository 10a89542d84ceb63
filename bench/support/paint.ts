/**
 * In-page timing for the renderer benchmarks (strings evaluated in Chromium, so that nothing the
 * bundler adds to functions has to exist in the page).
 *
 * "Painted" is the same wait everywhere: the DOM change is seen by a MutationObserver, then
 * requestAnimationFrame (the next frame, just before Chromium paints it) and a task after it (the
 * frame has been produced). The display's own scan-out is not observable from the page.
 */

/**
 * Installed before the app loads (page.addInitScript): the page's WebSocket, with a tap that
 * stamps every frame the core sends the moment it reaches the page, before the app's own handler
 * reads it, and every frame the page sends. The tap keeps only a reference to the text: nothing
 * is parsed inside the timed path.
 */
export const TRANSPORT_TAP = `(() => {
  const Native = window.WebSocket;
  const tap = { onMessage: null, onSend: null };
  window.__tap = tap;
  class TappedWebSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      // Added before the app sets onmessage, so it runs first for each frame.
      this.addEventListener('message', (ev) => { if (tap.onMessage) tap.onMessage(performance.now(), ev.data); });
    }
    send(data) {
      if (tap.onSend) tap.onSend(performance.now(), data);
      super.send(data);
    }
  }
  window.WebSocket = TappedWebSocket;
})();`;

/**
 * The baseline: a bare text change (no framework), seen by the same MutationObserver and painted
 * by the same wait, each change at a random point of a frame. Per change: its time to the painted frame, to the observer, and (for
 * nextFrameShare) when it was made and the time stamp of the frame that painted it.
 */
export const BARE_TEXT_CHANGE = `(async (n) => {
  const el = document.createElement('output');
  document.body.append(el);
  const times = [];
  const seen = [];
  const frames = [];
  for (let i = 0; i < n; i++) {
    // Changes made right after a paint would all wait a whole frame: each comes at a random point of the frame, as a message does.
    await new Promise((r) => setTimeout(r, Math.random() * 17));
    const t0 = performance.now();
    await new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        seen.push(performance.now() - t0);
        requestAnimationFrame((ts) => setTimeout(() => { frames.push({ cause: t0, frame: ts }); resolve(); }, 0));
      });
      mo.observe(el, { childList: true, subtree: true, characterData: true });
      el.textContent = 'Step ' + i;
    });
    times.push(performance.now() - t0);
  }
  el.remove();
  return { times, seen, frames };
})`;

/**
 * Records every frame until stopped: its time stamp (the one requestAnimationFrame passes to all
 * callbacks of that frame) and when its callbacks ran, so a painted change can be placed in the
 * first frame after its cause or a later one.
 */
export const FRAME_CLOCK = `(() => {
  const frames = [];
  let on = true;
  const tick = (ts) => { if (!on) return; frames.push([ts, performance.now()]); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  return { frames, stop: () => { on = false; } };
})`;

/**
 * In which frame after its cause each change was painted: 1 is the first frame whose callbacks ran
 * after the cause. `frames`: [time stamp, callbacks ran at], from FRAME_CLOCK; each sample: its
 * cause, and the time stamp requestAnimationFrame gave the frame that painted it.
 */
export function framesToPaint(samples: ReadonlyArray<{ cause: number; frame: number }>, frames: ReadonlyArray<readonly [number, number]>): number[] {
  return samples.map((s) => {
    const first = frames.findIndex(([, ran]) => ran > s.cause);
    const painted = frames.findIndex(([ts]) => ts === s.frame);
    return first < 0 || painted < 0 ? Number.NaN : painted - first + 1;
  });
}

/** "first 97.5%, second 2.5%" */
export function frameShares(counts: readonly number[]): string {
  const names = ['first', 'second', 'third'];
  const by = new Map<string, number>();
  for (const c of counts) {
    const name = Number.isNaN(c) ? 'unknown' : (names[c - 1] ?? 'later');
    by.set(name, (by.get(name) ?? 0) + 1);
  }
  return [...names, 'later', 'unknown']
    .filter((n) => by.has(n))
    .map((n) => `${n} ${((by.get(n)! / Math.max(1, counts.length)) * 100).toFixed(1)}%`)
    .join(', ');
}
