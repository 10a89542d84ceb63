/**
 * Keyboard-wedge capture for the desktop app. A wedge reader types the card's tracks as key
 * presses; Electron shows every key to the main process (`before-input-event`) before the page
 * gets it, so the swipe is decoded here and its keys are swallowed: card data never lands in a
 * form field. A short burst that turns out to be a person typing is given back to the page.
 */
import { WedgeDecoder, type WedgeOutput } from '../../native/wedge/wedge-decoder';
import type { WedgeSink } from '../devices/device-manager';

/** The fields of Electron's `Input` the capture reads. */
export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  shift?: boolean;
  control?: boolean;
  alt?: boolean;
  meta?: boolean;
}

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the capture uses. */
export interface WedgeContents {
  on(event: 'before-input-event', listener: (event: PreventableEvent, input: KeyInput) => void): unknown;
  insertText(text: string): Promise<void> | void;
}

export interface WedgeCaptureOptions {
  /** Milliseconds, monotonic; tests pin it. */
  now?: () => number;
  onProblem?: (message: string) => void;
}

export interface WedgeCapture {
  /** For tests: outputs are handled synchronously, timers are real. */
  readonly decoder: WedgeDecoder;
}

function isWedgeContents(contents: unknown): contents is WedgeContents {
  const c = contents as Partial<Record<keyof WedgeContents, unknown>> | null;
  return typeof c === 'object' && c !== null && typeof c.on === 'function' && typeof c.insertText === 'function';
}

/**
 * Hooks the window's key events. The shell passes its webContents (typed narrowly there) and the
 * device manager; without a usable webContents nothing is attached and wedge devices keep saying
 * they need the desktop app.
 */
export function attachWedgeCapture(
  contents: unknown,
  devices: { attachWedgeCapture(): WedgeSink },
  options: WedgeCaptureOptions = {},
): WedgeCapture | undefined {
  if (!isWedgeContents(contents)) return undefined;
  const sink = devices.attachWedgeCapture();
  const now = options.now ?? (() => performance.now());
  const decoder = new WedgeDecoder({ maxGapMs: sink.maxGapMs() });
  const held = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const handle = (outputs: WedgeOutput[]): void => {
    for (const o of outputs) {
      if (o.type === 'read') sink.accept({ card: o.value });
      else if (o.type === 'error') sink.accept({ error: o.error });
      else {
        // Typing that only looked like the start of a swipe: give it back to the page.
        Promise.resolve(contents.insertText(o.text)).catch((e: unknown) => options.onProblem?.(`could not give typed text back: ${String(e)}`));
      }
    }
  };
  const arm = (): void => {
    clearTimeout(timer);
    const due = decoder.deadline();
    if (due === undefined) return;
    timer = setTimeout(() => {
      handle(decoder.tick(now()));
      arm();
    }, Math.max(0, due - now()) + 1);
  };

  contents.on('before-input-event', (event, input) => {
    const id = input.code || input.key;
    if (input.type === 'keyUp') {
      if (held.delete(id)) event.preventDefault();
      return;
    }
    if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return;
    // Shortcuts (Ctrl+;, Alt+%…) are people at the keyboard: readers never press modifiers but Shift.
    if (input.control === true || input.alt === true || input.meta === true) return;
    const r = decoder.key({ key: input.key, ...(input.code ? { code: input.code } : {}), shift: input.shift === true, time: now() });
    if (r.consume) {
      event.preventDefault();
      held.add(id);
    }
    handle(r.out);
    arm();
  });
  return { decoder };
}
