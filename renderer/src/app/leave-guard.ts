/**
 * A screen that holds unsaved work asks before the app switches to another screen: it registers
 * a question here while it has changes, and the navigation asks `mayLeave()` first. One screen is
 * on show at a time, so one question at a time.
 */
type Ask = () => boolean;

let ask: Ask | undefined;

/** Registers the question (answer true to leave); returns how to take it back. */
export function guardLeaving(question: Ask): () => void {
  ask = question;
  return () => {
    if (ask === question) ask = undefined;
  };
}

/** Whether the app may switch screens now: true when no screen holds changes, else the screen's answer. */
export function mayLeave(): boolean {
  return ask ? ask() : true;
}
