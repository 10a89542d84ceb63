import type { PosBridge } from './bridge';
import {
  events,
  methods,
  PosCallError,
  Reply,
  type EventName,
  type EventPayload,
  type MethodInput,
  type MethodName,
  type MethodOutput,
} from './contract';

export interface PosClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/**
 * The typed face of either transport. Outputs and event payloads are validated here too: a
 * renderer never acts on a value the contract does not describe.
 */
export function createPosClient(bridge: PosBridge): PosClient {
  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      const reply = Reply.parse(await bridge.invoke(method, input));
      if (!reply.ok) throw new PosCallError(reply.error);
      // TypeScript cannot narrow the indexed schema by M; the parse is what guarantees the type.
      return methods[method].output.parse(reply.value) as MethodOutput<M>;
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      const schema = events[event];
      return bridge.subscribe(event, (payload) => {
        const parsed = schema.safeParse(payload);
        // As in call(): the parse guarantees the payload type TypeScript cannot narrow by E.
        if (parsed.success) listener(parsed.data as EventPayload<E>);
      });
    },
  };
}
