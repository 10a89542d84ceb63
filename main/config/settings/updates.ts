import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { textSetting, withoutCredentials } from '../setting';
import { isLoopbackUrl } from '../url-rules';

/** An update feed is code the lane will run: https only (http:// only to this machine, for a test feed). */
const feed = lazySchema(() => z.union([
  z.literal(''),
  withoutCredentials(
    z.url({ protocol: /^https?$/, error: 'must be an https:// URL' }).refine((v) => v.startsWith('https:') || isLoopbackUrl(v), {
      error: 'must be an https:// URL (http:// only to this machine)',
    }),
  ),
]));

/** Updates of the desktop app (see main/electron/updates.ts and main/updates/quiet-moment.ts). */
export const updateSettings = {
  'update.url': textSetting({
    schema: feed,
    description:
      'Address of this fleet\'s own update feed (the folder holding latest.yml and the installers electron-builder made). Empty: IT pushes installers; the app never looks for updates.',
  }),
} as const;
