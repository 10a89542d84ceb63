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

/** A picture of a device: a rounded panel in `accent` with a "screen" on a `background`, `variant` shifts the layout. */
export function devicePng(size: number, background: Rgb, accent: Rgb, variant: number): Buffer {
  const w = size;
  const h = size;
  const rows: Buffer[] = [];
  const screenTop = Math.round(h * (0.18 + (variant % 3) * 0.04));
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const inBody = x > w * 0.22 && x < w * 0.78 && y > h * 0.1 && y < h * 0.9;
      const inScreen = x > w * 0.3 && x < w * 0.7 && y > screenTop && y < h * 0.45;
      const inKeys = inBody && y > h * 0.55 && y < h * 0.85 && Math.floor((x / w) * 12) % 2 === 0 && Math.floor((y / h) * 14) % 2 === 0;
      const c: Rgb = inScreen ? [230, 240, 250] : inKeys ? [40, 40, 48] : inBody ? accent : background;
      row[1 + x * 3] = c[0];
      row[2 + x * 3] = c[1];
      row[3 + x * 3] = c[2];
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
