import type { MethodInput, MethodName, MethodOutput } from '../../preload/contract';
import type { Core } from '../../main/core';

/** One contract call through a core's dispatcher, as a test caller: the value, or an Error carrying the refusal's code. */
export async function callCore<M extends MethodName>(core: Core, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const reply = await core.dispatch(method, input, { transport: 'test' });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
  return reply.value as MethodOutput<M>;
}
