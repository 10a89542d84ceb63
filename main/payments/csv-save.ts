import type { Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import { redactText } from '../log/redact';
import type { Platform } from '../platform/platform';
import type { Ledger } from './ledger';

/**
 * journal.saveCsv: the journal's CSV written where the manager chooses, on a host with a save
 * dialog (the desktop app). The file bypasses the dispatcher's reply, so it gets the same redaction
 * here: masked cards only, and nothing a gateway or a reader put in a free-text field.
 */
export function csvSaveHandlers(ledger: Ledger, saveFile: Platform['saveFile']): Pick<Handlers, 'journal.saveCsv'> {
  return {
    'journal.saveCsv': async (input) => {
      if (!saveFile) throw new PosError('UNAVAILABLE', 'Saving to a place you choose works only in the desktop app. In a browser page, Export CSV downloads the file.');
      const file = ledger.exportCsv(input);
      let result;
      try {
        result = await saveFile({ defaultName: file.filename, content: redactText(file.csv, 'data') });
      } catch (e) {
        // The host's words (Platform.saveFile rejects with words for a person).
        throw new PosError('UNAVAILABLE', e instanceof Error ? e.message : 'The file was not saved. Try again.');
      }
      return { saved: result.saved, path: result.saved ? (result.path ?? null) : null, rows: file.rows };
    },
  };
}
