/**
 * Longitudinal redundancy check of a magnetic track as readers print it: XOR over start sentinel
 * to end sentinel of (char − base), printed as lrc + base. Track 1 is 6-bit (base 0x20); tracks 2
 * and 3 are 4-bit (base 0x30).
 */
export function trackBase(track: 1 | 2 | 3): number {
  return track === 1 ? 0x20 : 0x30;
}

/** `text` runs from the start sentinel to the end sentinel inclusive. */
export function trackLrc(text: string, track: 1 | 2 | 3): string {
  const base = trackBase(track);
  const mask = track === 1 ? 0x3f : 0x0f;
  let lrc = 0;
  for (let i = 0; i < text.length; i++) lrc ^= (text.charCodeAt(i) - base) & mask;
  return String.fromCharCode(lrc + base);
}
