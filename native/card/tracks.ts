import { trackLrc } from './lrc';

/** One track as a reader sent it: start sentinel to end sentinel, and the LRC character if one followed. */
export interface TrackToken {
  readonly track: 1 | 2 | 3;
  /** From start sentinel to end sentinel inclusive (or to the end of the text when `truncated`). */
  readonly text: string;
  readonly lrc?: string;
  /** The reader's "could not decode this track" marker: `%E?`, `;E?`, `+E?`. */
  readonly failed: boolean;
  /** No end sentinel before the text ended. */
  readonly truncated: boolean;
}

export interface SplitTracks {
  readonly tracks: readonly TrackToken[];
  /** Characters outside any track other than CR/LF (noise on the line, or a mangled read). */
  readonly stray: number;
}

const TRACK3_SENTINELS = new Set(['+', '#', '&']);
const TERMINATORS = new Set(['\r', '\n']);
const START_SENTINELS = new Set(['%', ';', '+', '#', '&']);

/** ISO 7813 limits including sentinels and LRC, with some slack for non-conforming cards. */
const MAX_TRACK = { 1: 79, 2: 40, 3: 107 } as const;

/**
 * Cuts reader output (`%…?;…?+…?`, optionally with LRCs, CRs between tracks) into tracks.
 * Track 2 and track 3 both may start with `;`: a second `;` track is track 3. Pure and total.
 */
export function splitTracks(text: string): SplitTracks {
  const tracks: TrackToken[] = [];
  let stray = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (TERMINATORS.has(ch)) {
      i++;
      continue;
    }
    if (!START_SENTINELS.has(ch)) {
      stray++;
      i++;
      continue;
    }
    const track = trackOf(ch, tracks);
    const { at: end, complete } = findEnd(text, i + 1, track);
    if (!complete) {
      // No end sentinel: keep what there is so the caller can say "truncated".
      tracks.push({ track, text: text.slice(i, end), failed: false, truncated: true });
      i = end;
      continue;
    }
    const body = text.slice(i, end + 1);
    let next = end + 1;
    let lrc: string | undefined;
    const after = text.charAt(next);
    if (after !== '' && inCharset(after, track)) {
      // The LRC may itself look like a start sentinel. It starts a track only when it does not
      // check out as this one's LRC and a whole track follows from it; otherwise it is this
      // track's LRC, checked later (a wrong one that looks like `;` must not pass as no LRC).
      const startsTrack =
        START_SENTINELS.has(after) && trackLrc(body, track) !== after && findEnd(text, next + 1, trackOf(after, [...tracks, { track, text: body, failed: false, truncated: false }])).complete;
      if (!startsTrack) {
        lrc = after;
        next++;
      }
    }
    tracks.push({ track, text: body, ...(lrc !== undefined ? { lrc } : {}), failed: body.length === 3 && body.charAt(1) === 'E', truncated: false });
    i = next;
  }
  return { tracks, stray };
}

/**
 * The track a start sentinel opens: `%` track 1, `+ # &` track 3, `;` track 2, or track 3 once a
 * whole track 2 came before it (a `;` cut short by a stray second `;` leaves track 2 to the next).
 */
function trackOf(sentinel: string, before: readonly TrackToken[]): 1 | 2 | 3 {
  if (sentinel === '%') return 1;
  return TRACK3_SENTINELS.has(sentinel) || before.some((t) => t.track === 2 && !t.truncated) ? 3 : 2;
}

/** Track 1 characters are ASCII 0x20–0x5F; tracks 2 and 3 use 0x30–0x3F. */
export function inCharset(ch: string, track: 1 | 2 | 3): boolean {
  const c = ch.charCodeAt(0);
  return track === 1 ? c >= 0x20 && c <= 0x5f : c >= 0x30 && c <= 0x3f;
}

/**
 * Where the track that starts before `from` ends: the index of its end sentinel (`complete`), or
 * the index where it was cut short (a terminator, the next track's start, the length limit).
 */
function findEnd(text: string, from: number, track: 1 | 2 | 3): { at: number; complete: boolean } {
  const limit = Math.min(text.length, from + MAX_TRACK[track]);
  for (let j = from; j < limit; j++) {
    const c = text.charAt(j);
    if (c === '?') return { at: j, complete: true };
    if (TERMINATORS.has(c)) return { at: j, complete: false };
    // A new start sentinel means this track was cut short (track 1 data may hold `;` and `%`
    // themselves, so there only `;digit` and `%B` count).
    if (track !== 1 ? c === '%' || c === ';' : (c === ';' && /\d/.test(text.charAt(j + 1))) || (c === '%' && text.charAt(j + 1) === 'B')) {
      return { at: j, complete: false };
    }
  }
  return { at: limit, complete: false };
}
