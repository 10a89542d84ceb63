import type { MethodInput, MethodName, MethodOutput, PosErrorShape } from '../../preload/contract';
import type { Core } from '../core';
import { CliError, EXIT } from './output';

/** Runs one contract call as posctl: a typed error becomes exit code 1 (not found) or 2 (anything else). */
export async function contractCall<M extends MethodName>(core: Core, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const reply = await core.dispatch(method, input, { transport: 'cli' });
  if (reply.ok) return reply.value as MethodOutput<M>;
  throw cliErrorOf(reply.error);
}

export function cliErrorOf(error: PosErrorShape): CliError {
  const extra = (error.issues ?? []).filter((i) => !error.message.includes(i.message));
  const issues = extra.length ? `\n${extra.map((i) => `  ${i.path}: ${i.message}`).join('\n')}` : '';
  return new CliError(`${error.message}${issues}`, error.code === 'NOT_FOUND' ? EXIT.NEGATIVE : EXIT.ERROR);
}
