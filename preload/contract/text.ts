import { z } from 'zod';

/**
 * Text a person types (a setting, a lane, cashier or cardholder name) never holds a control
 * character: C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F). Stored, an ESC, GS or NUL
 * reaches a receipt printer or a terminal as a command, a line break splits a receipt or a log
 * line. Tab only where a field allows it. One rule for main's settings and the contract's schemas,
 * so the screens judge a field as main does.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/u;

export interface PlainTextOptions {
  /** A tab is allowed (no field allows one today). */
  tab?: boolean;
}

/**
 * Why `text` is refused, as "must not contain control characters (U+001B)", or undefined. Names the
 * character by its code point only, never the text (it may be a secret).
 */
export function controlCharacterProblem(text: string, options: PlainTextOptions = {}): string | undefined {
  const found = (options.tab ? CONTROL_BUT_TAB : CONTROL).exec(text)?.[0];
  if (found === undefined) return undefined;
  const code = `U+${found.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? '?'}`;
  return `must not contain control characters such as ESC, NUL or a line break (${code})`;
}

/**
 * `schema` that also refuses control characters in the text as given, before `schema` could trim
 * them off the ends or a URL parser drop them: what was typed is what is judged. The issues of both
 * are told together, on the field being checked.
 */
export function plainText<T extends z.ZodType<string>>(schema: T, options: PlainTextOptions = {}): z.ZodType<z.output<T>, string> {
  return z.string().transform((value, ctx) => {
    const problem = controlCharacterProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    const own = schema.safeParse(value);
    if (!own.success) for (const issue of own.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return problem || !own.success ? z.NEVER : own.data;
  });
}
