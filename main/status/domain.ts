import type { EventBus } from '../events/bus';
import { appHandlers } from './handlers';
import { StatusService, type StatusSources } from './status-service';

/** The terminal's status (mode, gateway, devices, queue, problems), its status.changed events, and app.status. */
export function createStatusDomain(deps: { sources: StatusSources; bus: EventBus }) {
  const status = new StatusService(deps.sources, deps.bus);
  return { status, handlers: appHandlers(status) };
}
