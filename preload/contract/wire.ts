import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Reply } from './errors';

/**
 * Frames of the loopback WebSocket transport (the Electron transport uses IPC channels instead).
 * The client sends calls; the server answers replies with the same id and pushes events.
 */
export const WS_SUBPROTOCOL = 'pos.v1';
/** The per-run token travels as a second offered subprotocol, so it never appears in a URL or log. */
export const WS_TOKEN_PREFIX = 'pos.token.';
export const WS_PATH = '/api';

export const ClientFrame = lazySchema(() => z.object({
  t: z.literal('call'),
  id: z.number().int().nonnegative(),
  method: z.string().max(100),
  input: z.unknown(),
}));
export type ClientFrame = z.infer<typeof ClientFrame>;

export const ServerFrame = lazySchema(() => z.discriminatedUnion('t', [
  z.object({ t: z.literal('reply'), id: z.number().int().nonnegative(), reply: Reply }),
  z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() }),
  /** A frame the server could not read at all (not JSON, no id): nothing to reply to. */
  z.object({ t: z.literal('refused'), error: z.object({ code: z.literal('BAD_INPUT'), message: z.string() }) }),
]));
export type ServerFrame = z.infer<typeof ServerFrame>;
