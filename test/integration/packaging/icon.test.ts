import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ICON_SIZE, renderIcon } from '../../../scripts/make-icons.mjs';
import { ROOT } from '../../support/processes';

/** The RGBA pixels of a PNG written by encodePng: 8-bit RGBA, every row with filter 0. */
function decode(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    rows.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, pixels };
}

describe('build/icon.png', () => {
  it('is the 1024 × 1024 mark scripts/make-icons.mjs draws (electron-builder makes .ico, .icns and Linux sizes from it)', () => {
    const icon = decode(readFileSync(join(ROOT, 'build', 'icon.png')));
    expect([icon.width, icon.height]).toEqual([ICON_SIZE, ICON_SIZE]);
    expect(icon.pixels.equals(renderIcon())).toBe(true);
    // Transparent corners, an opaque middle.
    expect(icon.pixels[3]).toBe(0);
    expect(icon.pixels[((ICON_SIZE / 2) * ICON_SIZE + ICON_SIZE / 2) * 4 + 3]).toBe(255);
  });
});
