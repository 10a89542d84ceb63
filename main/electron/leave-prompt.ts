/**
 * The desktop app's answer to a page that holds unsaved work (Settings with changes not saved):
 * the page cancels its unload (`beforeunload`), which Electron would otherwise honour silently,
 * leaving a window that does not close and says nothing. The shell asks instead, over the window,
 * in the terminal's language: Leave drops the changes and lets the window close or reload; Stay
 * keeps it open on the changes. A quit the app was asked for (the OS shutting down, `app.quit`)
 * is not held by a question no one may be there to answer: the changes are dropped.
 */
import type { Language } from '../../preload/contract';

export interface MessageBoxOptions {
  type: 'question';
  buttons: string[];
  defaultId: number;
  cancelId: number;
  title: string;
  message: string;
  detail: string;
  noLink: true;
}

/** The part of Electron's `dialog` the question uses; `Parent` is the shell's window type. */
export interface MessageBoxLike<Parent> {
  showMessageBoxSync(window: Parent, options: MessageBoxOptions): number;
}

/** The page's `will-prevent-unload`; preventDefault lets the unload go ahead. */
export interface UnloadPreventedEvent {
  preventDefault(): void;
}

const WORDS: Record<Language, Omit<MessageBoxOptions, 'type' | 'defaultId' | 'cancelId' | 'noLink'>> = {
  en: {
    title: 'Counter POS',
    message: 'Leave without saving your changes?',
    detail: 'Settings has changes that were not saved. Leave drops them; Stay keeps the window open so you can save them.',
    buttons: ['Stay', 'Leave'],
  },
  fr: {
    title: 'Counter POS',
    message: 'Quitter sans enregistrer vos changements?',
    detail: 'Les paramètres ont des changements non enregistrés. Quitter les abandonne; Rester garde la fenêtre ouverte pour les enregistrer.',
    buttons: ['Rester', 'Quitter'],
  },
};

/** The question, Stay first and the default (Enter or Esc keeps the work). */
export function leaveQuestion(language: Language): MessageBoxOptions {
  return { type: 'question', defaultId: 0, cancelId: 0, noLink: true, ...WORDS[language] };
}

export interface LeavePromptDeps<Parent> {
  dialog: MessageBoxLike<Parent>;
  window: Parent;
  language: () => Language;
  /** True once the app was asked to quit: the unload then goes ahead without a question. */
  quitting: () => boolean;
}

/** The listener for the window's `will-prevent-unload`. */
export function leavePrompt<Parent>(deps: LeavePromptDeps<Parent>): (event: UnloadPreventedEvent) => void {
  return (event) => {
    if (deps.quitting()) return event.preventDefault();
    const leave = deps.dialog.showMessageBoxSync(deps.window, leaveQuestion(deps.language())) === 1;
    if (leave) event.preventDefault();
  };
}
