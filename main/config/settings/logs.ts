import { intSetting } from '../setting';

/**
 * The log under `<data dir>/logs` (log.level is with the terminal's settings). The defaults keep
 * 50 MB at most: weeks of a busy lane at `info`, small enough for a support bundle.
 */
export const logSettings = {
  'log.maxSizeMb': intSetting({
    default: 10,
    min: 1,
    max: 1024,
    description: 'Size in MB at which the log file is rotated (pos.log becomes pos.log.1, and so on).',
  }),
  'log.maxFiles': intSetting({
    default: 5,
    min: 2,
    max: 100,
    description: 'Log files kept, the current one included; the oldest is removed at each rotation.',
  }),
} as const;
