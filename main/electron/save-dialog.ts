/**
 * "Save as" for the desktop app (Platform.saveFile): the operating system's save dialog over the
 * terminal window, then the file written whole. The dialog is the person's choice of place; the
 * content is the core's (an export already masked and redacted).
 */
import { basename, join } from 'node:path';
import type { SaveFileRequest, SaveFileResult } from '../platform/platform';
import { writeProblemWords } from '../platform/atomic-write';

export interface SaveDialogOptions {
  defaultPath: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

/** The part of Electron's `dialog` the save uses; `Parent` is the shell's window type. */
export interface SaveDialogLike<Parent> {
  showSaveDialog(window: Parent, options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string | undefined }>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string | undefined }>;
}

export interface SaveFileDeps<Parent> {
  dialog: SaveDialogLike<Parent>;
  /** The terminal window the dialog belongs to, if it is open. */
  parent: () => Parent | undefined;
  /** Where the dialog starts (the user's documents folder). */
  folder: () => string;
  /** Writes the file whole (writeFileAtomic). */
  write: (path: string, content: string) => Promise<void>;
}

/** Only CSV is saved this way today; the filter keeps the dialog's suggestion honest. */
const CSV_FILTERS = [{ name: 'CSV', extensions: ['csv'] }];

export function saveFileWithDialog<Parent>(deps: SaveFileDeps<Parent>): (request: SaveFileRequest) => Promise<SaveFileResult> {
  return async ({ defaultName, content }) => {
    // Only a name is proposed: whatever the caller sent, the folder is the person's choice.
    const options = { defaultPath: join(deps.folder(), basename(defaultName.replace(/\\/g, '/'))), filters: CSV_FILTERS };
    const parent = deps.parent();
    const chosen = parent === undefined ? await deps.dialog.showSaveDialog(options) : await deps.dialog.showSaveDialog(parent, options);
    if (chosen.canceled || !chosen.filePath) return { saved: false };
    try {
      await deps.write(chosen.filePath, content);
    } catch (e) {
      throw new Error(`The file was not saved: ${writeProblemWords(e)}. Choose another folder, then save again.`, { cause: e });
    }
    return { saved: true, path: chosen.filePath };
  };
}
