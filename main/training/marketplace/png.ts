import { deflateSync } from 'node:zlib';

/** Product pictures for training: small PNGs drawn here (no files shipped, no network). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** A shape in unit coordinates (0–1 across the picture): a box, a disc or a thick line. */
type Shape =
  | { box: [number, number, number, number]; c: Rgb }
  | { disc: [number, number, number]; c: Rgb }
  | { line: [number, number, number, number, number]; c: Rgb };

const DARK: Rgb = [40, 40, 48];
const SCREEN: Rgb = [230, 240, 250];
const PAPER: Rgb = [250, 250, 245];
const METAL: Rgb = [150, 156, 162];

/** A grid of keys inside a box: `cols` × `rows` small squares. */
function keys(x0: number, y0: number, x1: number, y1: number, cols: number, rows: number): Shape[] {
  const out: Shape[] = [];
  const w = (x1 - x0) / cols;
  const h = (y1 - y0) / rows;
  for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) out.push({ box: [x0 + i * w + w * 0.15, y0 + j * h + h * 0.15, x0 + (i + 1) * w - w * 0.15, y0 + (j + 1) * h - h * 0.15], c: DARK });
  return out;
}

/**
 * What each kind of product looks like, drawn simply enough to tell apart at 64 pixels: a terminal
 * with its paper, screen and keypad; a small PIN pad; a printer with its receipt; a check reader
 * with a check in its slot; a cable with two plugs; and so on. Fees and services get a document.
 */
export type PictureKind =
  | 'TERM' | 'PINPAD' | 'CHKRDR' | 'PRNTR' | 'CABLES' | 'PP_CABLES' | 'STAND' | 'Power_Sup' | 'ACCES' | 'SOFT'
  | 'NETWORK' | 'REG' | 'GAS' | 'IMP' | 'FEE' | 'SERVICE' | 'CATEGORY';

function drawing(kind: PictureKind, a: Rgb): Shape[] {
  switch (kind) {
    case 'TERM':
      return [{ box: [0.38, 0.06, 0.62, 0.16], c: PAPER }, { box: [0.26, 0.14, 0.74, 0.92], c: a }, { box: [0.32, 0.2, 0.68, 0.45], c: SCREEN }, ...keys(0.32, 0.52, 0.68, 0.86, 3, 4)];
    case 'PINPAD':
      return [{ box: [0.34, 0.26, 0.66, 0.86], c: a }, { box: [0.39, 0.31, 0.61, 0.44], c: SCREEN }, ...keys(0.38, 0.5, 0.62, 0.82, 3, 4), { box: [0.48, 0.12, 0.52, 0.26], c: DARK }];
    case 'CHKRDR':
      return [{ box: [0.12, 0.5, 0.88, 0.78], c: a }, { box: [0.14, 0.3, 0.72, 0.56], c: PAPER }, { line: [0.18, 0.5, 0.68, 0.5, 0.02], c: DARK }, { box: [0.12, 0.54, 0.88, 0.57], c: DARK }];
    case 'PRNTR':
      return [{ box: [0.34, 0.08, 0.66, 0.42], c: PAPER }, ...[0.16, 0.22, 0.28, 0.34].map((y): Shape => ({ line: [0.39, y, 0.61, y, 0.012], c: DARK })), { box: [0.18, 0.4, 0.82, 0.84], c: a }, { box: [0.3, 0.4, 0.7, 0.44], c: DARK }, { disc: [0.72, 0.74, 0.04], c: SCREEN }];
    case 'CABLES':
    case 'PP_CABLES':
      return [
        { line: [0.2, 0.3, 0.5, 0.5, 0.025], c: DARK }, { line: [0.5, 0.5, 0.8, 0.7, 0.025], c: DARK },
        { box: [0.1, 0.22, 0.24, 0.38], c: a }, { box: [0.76, 0.62, 0.9, 0.78], c: a },
        ...(kind === 'PP_CABLES' ? [{ line: [0.5, 0.5, 0.8, 0.25, 0.025], c: DARK } as Shape, { box: [0.76, 0.17, 0.9, 0.33], c: a } as Shape] : []),
      ];
    case 'STAND':
      return [{ box: [0.2, 0.84, 0.8, 0.92], c: a }, { box: [0.46, 0.5, 0.54, 0.86], c: METAL }, { line: [0.3, 0.22, 0.7, 0.42, 0.05], c: a }];
    case 'Power_Sup':
      return [{ box: [0.3, 0.34, 0.7, 0.66], c: a }, { line: [0.7, 0.5, 0.9, 0.8, 0.02], c: DARK }, { line: [0.3, 0.5, 0.1, 0.2, 0.02], c: DARK }, { disc: [0.5, 0.5, 0.06], c: SCREEN }];
    case 'ACCES':
      return [{ disc: [0.5, 0.5, 0.32], c: PAPER }, { disc: [0.5, 0.5, 0.3], c: a }, { disc: [0.5, 0.5, 0.12], c: PAPER }, { disc: [0.5, 0.5, 0.05], c: DARK }];
    case 'SOFT':
      return [{ box: [0.14, 0.2, 0.86, 0.8], c: a }, { box: [0.17, 0.28, 0.83, 0.77], c: SCREEN }, ...[0.36, 0.48, 0.6].map((y, i): Shape => ({ box: [0.24, y, 0.4 + i * 0.12, y + 0.06], c: a }))];
    case 'NETWORK':
      return [{ box: [0.47, 0.4, 0.53, 0.88], c: METAL }, { disc: [0.5, 0.36, 0.07], c: a }, { line: [0.3, 0.18, 0.3, 0.52, 0.02], c: a }, { line: [0.7, 0.18, 0.7, 0.52, 0.02], c: a }, { line: [0.18, 0.1, 0.18, 0.6, 0.02], c: a }, { line: [0.82, 0.1, 0.82, 0.6, 0.02], c: a }];
    case 'REG':
      return [{ box: [0.14, 0.62, 0.86, 0.9], c: a }, { box: [0.42, 0.74, 0.58, 0.78], c: DARK }, { box: [0.22, 0.3, 0.78, 0.62], c: a }, ...keys(0.26, 0.4, 0.6, 0.6, 4, 2), { box: [0.62, 0.12, 0.78, 0.3], c: SCREEN }];
    case 'GAS':
      return [{ box: [0.26, 0.08, 0.66, 0.92], c: a }, { box: [0.32, 0.16, 0.6, 0.36], c: SCREEN }, ...keys(0.34, 0.42, 0.58, 0.6, 3, 3), { line: [0.66, 0.5, 0.82, 0.5, 0.025], c: DARK }, { line: [0.82, 0.5, 0.82, 0.8, 0.025], c: DARK }];
    case 'IMP':
      return [{ box: [0.1, 0.5, 0.9, 0.7], c: a }, { box: [0.2, 0.3, 0.8, 0.5], c: METAL }, { box: [0.42, 0.2, 0.58, 0.32], c: DARK }];
    case 'FEE':
      return [{ box: [0.26, 0.12, 0.74, 0.88], c: PAPER }, { disc: [0.5, 0.38, 0.13], c: a }, ...[0.62, 0.7, 0.78].map((y): Shape => ({ line: [0.34, y, 0.66, y, 0.012], c: DARK }))];
    case 'SERVICE':
      return [{ disc: [0.5, 0.3, 0.14], c: a }, { box: [0.28, 0.5, 0.72, 0.9], c: a }, { line: [0.12, 0.9, 0.88, 0.9, 0.02], c: DARK }];
    case 'CATEGORY':
      return [{ box: [0.16, 0.44, 0.84, 0.88], c: a }, { line: [0.1, 0.44, 0.5, 0.14, 0.04], c: a }, { line: [0.5, 0.14, 0.9, 0.44, 0.04], c: a }, { box: [0.42, 0.62, 0.58, 0.88], c: SCREEN }];
  }
}

function inside(s: Shape, x: number, y: number): boolean {
  if ('box' in s) return x >= s.box[0] && x <= s.box[2] && y >= s.box[1] && y <= s.box[3];
  if ('disc' in s) return (x - s.disc[0]) ** 2 + (y - s.disc[1]) ** 2 <= s.disc[2] ** 2;
  const [x0, y0, x1, y1, half] = s.line;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy || 1)));
  return (x - (x0 + t * dx)) ** 2 + (y - (y0 + t * dy)) ** 2 <= half * half;
}

/**
 * The picture of a product of `kind` in `accent` on `background`. `variant` (the picture's number,
 * from 1) moves it a little, so a product's pictures are not copies of each other.
 */
export function productPng(kind: PictureKind, size: number, background: Rgb, accent: Rgb, variant: number): Buffer {
  const shapes = drawing(kind, accent);
  // Each picture of a product sits a little apart from the one before: none is a copy of another.
  const shift = variant % 2 === 0 ? 0.08 : 0;
  const lift = Math.floor((variant - 1) / 2) * 0.06;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size + lift;
      let c = background;
      // Later shapes are drawn over earlier ones.
      for (const s of shapes) if (inside(s, u + shift, v)) c = s.c;
      row[1 + x * 3] = c[0];
      row[2 + x * 3] = c[1];
      row[3 + x * 3] = c[2];
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
