import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { saveFileWithDialog, type SaveDialogLike, type SaveDialogOptions } from '../../../main/electron/save-dialog';

interface Parent {
  id: number;
}

/** A fake of Electron's dialog: answers what the test chose, records how it was opened. */
function fakeDialog(answer: { canceled: boolean; filePath?: string }) {
  const opened: Array<{ parent: Parent | undefined; options: SaveDialogOptions }> = [];
  const dialog: SaveDialogLike<Parent> = {
    showSaveDialog: (...args: [Parent, SaveDialogOptions] | [SaveDialogOptions]) => {
      opened.push(args.length === 2 ? { parent: args[0], options: args[1] } : { parent: undefined, options: args[0] });
      return Promise.resolve(answer);
    },
  };
  return { dialog, opened };
}

const window: Parent = { id: 7 };
const folder = (): string => join('/home', 'lane', 'Documents');

describe('saving a file with the save dialog', () => {
  it('opens the dialog over the terminal window in the documents folder, for CSV, and writes what was chosen', async () => {
    const fake = fakeDialog({ canceled: false, filePath: '/media/usb/march.csv' });
    const write = vi.fn(() => Promise.resolve());
    const save = saveFileWithDialog({ dialog: fake.dialog, parent: () => window, folder, write });
    expect(await save({ defaultName: 'payments-live-2030-03-01.csv', content: 'created_at\r\n' })).toEqual({ saved: true, path: '/media/usb/march.csv' });
    expect(fake.opened).toEqual([{ parent: window, options: { defaultPath: join(folder(), 'payments-live-2030-03-01.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] } }]);
    expect(write).toHaveBeenCalledWith('/media/usb/march.csv', 'created_at\r\n');
  });

  it('writes nothing when the dialog is closed', async () => {
    for (const answer of [{ canceled: true, filePath: '' }, { canceled: false, filePath: '' }, { canceled: false }]) {
      const write = vi.fn(() => Promise.resolve());
      const save = saveFileWithDialog({ dialog: fakeDialog(answer).dialog, parent: () => window, folder, write });
      expect(await save({ defaultName: 'a.csv', content: 'x' })).toEqual({ saved: false });
      expect(write).not.toHaveBeenCalled();
    }
  });

  it('proposes only a name: a folder in the suggested name is dropped', async () => {
    const fake = fakeDialog({ canceled: true });
    const save = saveFileWithDialog({ dialog: fake.dialog, parent: () => undefined, folder, write: () => Promise.resolve() });
    await save({ defaultName: '../../etc/passwd', content: '' });
    await save({ defaultName: '..\\..\\Windows\\win.ini', content: '' });
    expect(fake.opened.map((o) => o.options.defaultPath)).toEqual([join(folder(), 'passwd'), join(folder(), 'win.ini')]);
    // Without a window the dialog stands alone.
    expect(fake.opened[0]?.parent).toBeUndefined();
  });

  it('says in words why the file could not be written', async () => {
    const cases: Array<[string, RegExp]> = [
      ['EACCES', /this account may not write in that folder/],
      ['ENOSPC', /the disk is full/],
      ['EROFS', /that place is read-only/],
      ['EIO', /the file could not be written there/],
    ];
    for (const [code, words] of cases) {
      const failure = Object.assign(new Error(`${code}: open '/x'`), { code });
      const save = saveFileWithDialog({ dialog: fakeDialog({ canceled: false, filePath: '/x.csv' }).dialog, parent: () => window, folder, write: () => Promise.reject(failure) });
      const refusal = save({ defaultName: 'a.csv', content: 'x' });
      await expect(refusal).rejects.toThrow(words);
      await expect(refusal).rejects.toThrow(/^The file was not saved: .*\. Choose another folder, then save again\.$/);
    }
  });
});
