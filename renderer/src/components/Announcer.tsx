import { useState } from 'react';
import { create } from 'zustand';

interface AnnouncerState {
  /** What was said last; `seq` tells two equal sentences apart (two sales approved one after the other). */
  text: string;
  seq: number;
}

const initial: AnnouncerState = { text: '', seq: 0 };
export const useAnnouncer = create<AnnouncerState>(() => initial);

/** Says `text` politely, once: after what the screen reader is reading, never interrupting it. */
export function announce(text: string): void {
  if (text.trim() === '') return;
  useAnnouncer.setState((s) => ({ text, seq: s.seq + 1 }));
}

/** For tests: nothing said. */
export function resetAnnouncer(): void {
  useAnnouncer.setState(initial, true);
}

function LiveRegion({ text, seq, testId }: { text: string; seq: number; testId: string }) {
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid={testId}>
      {seq > 0 && <p key={seq}>{text}</p>}
    </div>
  );
}

/**
 * The page's one polite live region for what happens away from the focus (a payment's steps and
 * result). Each sentence is a new element, so a screen reader says a repeated sentence again; the
 * region itself stays in the page from the start, as screen readers only follow regions they saw.
 */
export function Announcer() {
  const { text, seq } = useAnnouncer();
  return <LiveRegion text={text} seq={seq} testId="announcer" />;
}

/**
 * A modal dialog's own live region. `showModal` makes everything behind the dialog inert, the page's
 * region included, so a payment step or result while the manager PIN is asked would be heard by no
 * one: the dialog says it too, from the first sentence after it opened (never an older one).
 */
export function DialogAnnouncer() {
  const { text, seq } = useAnnouncer();
  const [since] = useState(() => useAnnouncer.getState().seq);
  return <LiveRegion text={text} seq={seq > since ? seq : 0} testId="dialog-announcer" />;
}
