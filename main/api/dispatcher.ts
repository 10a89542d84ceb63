import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  isMethodName,
  METHOD_ROLES,
  methods,
  PASSIVE_METHODS,
  roleAllows,
  type Role,
  type MethodName,
  type MethodOutput,
  type Reply,
} from '../../preload/contract';
import { redactStrings, redactText } from '../log/redact';
import { PosError, zodIssues } from './errors';

/** Who is calling: the transport that carried the call, and the page connection it came from (ipc, ws). */
export interface CallContext {
  transport: 'ipc' | 'ws' | 'cli' | 'test';
  /** One page's connection: a manager session belongs to it alone. */
  connection?: string;
}

/** Who may call what: the role of a caller, and the words it hears when it may not. */
export interface Access {
  roleOf(ctx: CallContext): Role;
  /** A call arrived from this caller (keeps its manager session alive). */
  touch(ctx: CallContext): void;
  refusal(needed: Role): string;
}

type Input<M extends MethodName> = z.output<(typeof methods)[M]['input']>;

export type Handlers = {
  [M in MethodName]: (input: Input<M>, ctx: CallContext) => MethodOutput<M> | Promise<MethodOutput<M>>;
};

export type Dispatch = (method: unknown, input: unknown, ctx: CallContext) => Promise<Reply>;

/**
 * The one entry point both transports call. It validates the input against the contract, runs
 * the handler, validates the output, redacts its strings, and always answers an envelope: a bad call gets a typed
 * error, a bug gets INTERNAL (details logged, redacted), and nothing crashes the core.
 */
export function createDispatcher(handlers: Handlers, log: Logger, access?: Access): Dispatch {
  return async (method, input, ctx) => {
    if (!isMethodName(method)) {
      return { ok: false, error: { code: 'UNKNOWN_METHOD', message: redactText(`no method named ${JSON.stringify(String(method)).slice(0, 80)}`) } };
    }
    if (access) {
      if (!PASSIVE_METHODS.has(method)) access.touch(ctx);
      const needed = METHOD_ROLES[method];
      // `needs` says which role structurally: a page asks for the PIN on it, not on the words.
      if (!roleAllows(access.roleOf(ctx), needed)) return { ok: false, error: { code: 'FORBIDDEN', message: access.refusal(needed), needs: needed } };
    }
    const entry = methods[method];
    const parsed = entry.input.safeParse(input);
    if (!parsed.success) {
      // Issues may quote what was sent (an unknown key): redacted like every reply.
      // People read the message: no method name or schema words; the issues name the fields for the screen.
      log.debug({ method, transport: ctx.transport }, 'call refused: input does not match the contract');
      return { ok: false, error: redactStrings({ code: 'BAD_INPUT' as const, message: 'Something entered is not valid: check the marked fields.', issues: zodIssues(parsed.error) }) };
    }
    try {
      const handler = handlers[method] as (i: unknown, c: CallContext) => unknown;
      const output = entry.output.parse(await handler(parsed.data, ctx));
      // Every string that leaves the core passes the log's redactor: whatever a gateway, a
      // service or a reader put in a free-text field, no card data reaches a page.
      return { ok: true, value: redactStrings(output) };
    } catch (e) {
      if (e instanceof PosError) {
        return { ok: false, error: redactStrings({ code: e.code, message: e.message, ...(e.issues ? { issues: e.issues } : {}) }) };
      }
      log.error({ err: e, method, transport: ctx.transport }, 'call failed');
      return { ok: false, error: { code: 'INTERNAL', message: `${method} failed; the terminal log has the details` } };
    }
  };
}
