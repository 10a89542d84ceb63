/** Control bytes of the serial protocols. */
export const STX = 0x02;
export const ETX = 0x03;
export const EOT = 0x04;
export const ACK = 0x06;
export const LF = 0x0a;
export const CR = 0x0d;
export const SO = 0x0e;
export const SI = 0x0f;
export const NAK = 0x15;
export const FS = 0x1c;

/** XOR of bytes[from..to) — the LRC of STX/ETX protocols (bytes after STX through ETX). */
export function xorBytes(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let lrc = 0;
  for (let i = from; i < to; i++) lrc ^= bytes[i] ?? 0;
  return lrc;
}
