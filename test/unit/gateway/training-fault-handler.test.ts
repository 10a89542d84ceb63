import { describe, expect, it, vi } from 'vitest';
import { gatewayHandlers } from '../../../main/gateway/handlers';
import type { GatewayService } from '../../../main/gateway/service';
import type { TrainingFaultInput, TrainingFaultState } from '../../../preload/contract';

/** Clearing the training fault wakes the forwarder (what a live gateway coming back does); setting or reading one does not. */
describe('gateway.trainingFault', () => {
  it('tells payments the gateway answers again only when the fault is cleared', async () => {
    const set = vi.fn(async (input: TrainingFaultInput): Promise<TrainingFaultState> => ({ kind: input.kind ?? 'none', remaining: null }));
    const cleared = vi.fn();
    const handle = gatewayHandlers({ setTrainingFault: set } as unknown as GatewayService, cleared)['gateway.trainingFault'];
    const ctx = { transport: 'test' } as const;
    await handle({ kind: 'unreachable' }, ctx);
    await handle({}, ctx);
    expect(cleared).not.toHaveBeenCalled();
    expect(await handle({ kind: 'none' }, ctx)).toEqual({ kind: 'none', remaining: null });
    expect(cleared).toHaveBeenCalledTimes(1);
  });
});
