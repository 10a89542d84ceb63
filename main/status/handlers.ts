import type { Handlers } from '../api/dispatcher';
import type { StatusService } from './status-service';

export function appHandlers(status: StatusService): Pick<Handlers, 'app.status'> {
  return {
    'app.status': () => status.current(),
  };
}
