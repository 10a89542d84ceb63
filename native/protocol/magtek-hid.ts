import { parseSwipe, type CardRead } from '../card/card-read';
import { readError, type ReadErrorCode } from '../read-error';
import { decoded, type Decoded, type StreamDecoder } from './decoder';

/**
 * The MagTek-style HID swipe report (vendor usage page 0xFF00, no report ID): bytes 0–2 decode
 * status of tracks 1–3 (bit 0 set = error), 3–5 track lengths, 6 card encode type, then three
 * fixed-size track fields of ASCII with sentinels. Non-encrypting readers use 110-byte fields (a
 * 337-byte report); other models differ, so the field size is a parameter.
 */
export interface MagtekHidLayout {
  trackField: number;
}

export const MAGTEK_337: MagtekHidLayout = { trackField: 110 };

export function reportLength(layout: MagtekHidLayout): number {
  return 7 + 3 * layout.trackField;
}

/** Card encode type (byte 6). */
export const ENCODE_TYPE = { iso: 0, aamva: 1, blank: 3, other: 4, undetermined: 5, none: 6 } as const;

const FAILED_MARK = ['%E?', ';E?', '+E?'] as const;

export class MagtekHidDecoder implements StreamDecoder<CardRead> {
  private readonly length: number;

  constructor(
    private readonly layout: MagtekHidLayout = MAGTEK_337,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.length = reportLength(layout);
  }

  /** One input report per call, as node-hid delivers them. */
  push(report: Uint8Array): Decoded<CardRead>[] {
    return [this.decode(report)];
  }

  reset(): Decoded<CardRead>[] {
    return [];
  }

  private decode(report: Uint8Array): Decoded<CardRead> {
    const error = (code: ReadErrorCode, message: string): Decoded<CardRead> => ({ type: 'error', error: readError(code, message) });
    if (report.length !== this.length) return error('BAD_LENGTH', `The reader sent a ${report.length}-byte report; ${this.length} bytes were expected (check the HID layout setting).`);
    const encodeType = report[6];
    if (encodeType === ENCODE_TYPE.aamva) return error('NOT_BANK_CARD', 'This is not a bank card (it looks like a driver\'s licence or ID card). Ask for a payment card.');
    if (encodeType === ENCODE_TYPE.blank) return error('NO_TRACKS', 'The card stripe is blank. Ask for another card.');
    const parts: string[] = [];
    for (let t = 0; t < 3; t++) {
      const failed = ((report[t] ?? 0) & 0x01) === 1;
      const len = report[3 + t] ?? 0;
      if (failed) {
        parts.push(FAILED_MARK[t] ?? '');
        continue;
      }
      if (len === 0) continue;
      if (len > this.layout.trackField) return error('BAD_LENGTH', 'The reader reported a track longer than its field.');
      const start = 7 + t * this.layout.trackField;
      const bytes = report.subarray(start, start + len);
      for (const b of bytes) if (b < 0x20 || b > 0x7e) return error('MALFORMED_TRACK', 'The reader sent track bytes that are not text.');
      parts.push(Buffer.from(bytes).toString('latin1'));
    }
    if (parts.length === 0) return error('NO_TRACKS', 'No card data was read. Swipe the card again.');
    const r = parseSwipe(parts.join(''), { now: this.now() });
    return decoded(r);
  }
}

/** Builds the report a reader sends for a swipe (simulators and tests). */
export function encodeMagtekReport(
  tracks: ReadonlyArray<string | null | undefined>,
  options: { failed?: readonly boolean[]; encodeType?: number; layout?: MagtekHidLayout } = {},
): Buffer {
  const layout = options.layout ?? MAGTEK_337;
  const report = Buffer.alloc(reportLength(layout));
  for (let t = 0; t < 3; t++) {
    if (options.failed?.[t]) {
      report[t] = 0x01;
      continue;
    }
    const data = Buffer.from(tracks[t] ?? '', 'latin1').subarray(0, layout.trackField);
    report[3 + t] = data.length;
    data.copy(report, 7 + t * layout.trackField);
  }
  report[6] = options.encodeType ?? ENCODE_TYPE.iso;
  return report;
}
