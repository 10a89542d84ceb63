#!/usr/bin/env node
// Draws the app's icon, build/icon.png (1024 × 1024, RGBA), from shapes: a teal rounded square
// with a payment card on it (white, a dark magnetic stripe, an amber chip). electron-builder makes
// the Windows .ico, the macOS .icns and the Linux sizes from it. No image tool, no download: the
// shapes are sampled 4 × 4 per pixel and written as a PNG with zlib.
// `node scripts/make-icons.mjs` writes the file; test/integration/packaging/icon.test.ts checks that
// the committed file shows exactly what this draws.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

export const ICON_SIZE = 1024;
const SAMPLES = 4;

/** @typedef {[number, number, number]} Rgb */
/** @type {Record<string, Rgb>} */
const COLOURS = { top: [20, 132, 122], bottom: [15, 94, 89], card: [248, 250, 252], stripe: [30, 41, 59], chip: [245, 176, 65] };

/** Inside a rounded rectangle (coordinates in units of the icon's side, 0 to 1). */
function inRoundRect(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ x0, /** @type {number} */ y0, /** @type {number} */ x1, /** @type {number} */ y1, /** @type {number} */ r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour at one point, or null outside the icon. @returns {Rgb | null} */
function colourAt(/** @type {number} */ x, /** @type {number} */ y) {
  if (!inRoundRect(x, y, 0.04, 0.04, 0.96, 0.96, 0.2)) return null;
  if (inRoundRect(x, y, 0.17, 0.27, 0.83, 0.73, 0.05)) {
    if (y > 0.34 && y < 0.43) return COLOURS.stripe;
    if (inRoundRect(x, y, 0.24, 0.5, 0.37, 0.6, 0.015)) return COLOURS.chip;
    return COLOURS.card;
  }
  const t = (y - 0.04) / 0.92;
  const [a, b] = [COLOURS.top, COLOURS.bottom];
  return [0, 1, 2].map((i) => Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t));
}

/** The icon's pixels, RGBA row by row; each pixel averages SAMPLES² points (smooth edges). */
export function renderIcon(size = ICON_SIZE) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          covered++;
        }
      }
      const at = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[at] = Math.round(r / covered);
      pixels[at + 1] = Math.round(g / covered);
      pixels[at + 2] = Math.round(b / covered);
      pixels[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

function chunk(/** @type {string} */ type, /** @type {Buffer} */ data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of RGBA pixels: 8 bits per channel, no interlace, filter 0 on every row. */
export function encodePng(/** @type {Buffer} */ pixels, /** @type {number} */ width, /** @type {number} */ height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('../build/icon.png', import.meta.url));
  writeFileSync(file, encodePng(renderIcon(), ICON_SIZE, ICON_SIZE));
  console.log(`wrote ${file}`);
}
