import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import type { ApiName } from '../../http/errors';
import { HMAC_ALGORITHMS, type HmacAlgorithm } from '../../http/hmac';
import { enumSetting, textSetting, urlSetting, type SettingDef } from '../setting';

type ApiSettingDefs<A extends ApiName> = Record<`${A}.url` | `${A}.apiKey` | `${A}.apiSecret` | `${A}.companyId`, SettingDef<string>> &
  Record<`${A}.algorithm`, SettingDef<HmacAlgorithm>>;

/**
 * The five settings every HMAC-signed JSON interface has, in this order (config/api-settings.ts
 * reads them): its URL, key, secret, algorithm and company id. `words` says what the URL and the
 * company id are for this interface; the rest is the same for both.
 */
export function apiSettings<A extends ApiName>(api: A, words: { url: string; companyId: string }): ApiSettingDefs<A> {
  return {
    [`${api}.url`]: urlSetting({ description: words.url }),
    [`${api}.apiKey`]: textSetting({
      schema: lazySchema(() => z.string().trim().max(200).regex(/^[^"\\\r\n]*$/, 'must not contain quotes, backslashes or line breaks')),
      // The store's own credentials for the service: the manager keeps them (Settings screen).
      access: 'manager',
      description: 'HMAC API key (the username of the Authorization header).',
    }),
    [`${api}.apiSecret`]: textSetting({ secret: true, access: 'manager', description: 'HMAC secret the requests are signed with (write-only).' }),
    [`${api}.algorithm`]: enumSetting(HMAC_ALGORITHMS, {
      default: 'hmac-sha1',
      description: 'HMAC algorithm of the Authorization header: hmac-sha1 (published default) or hmac-sha256/384/512.',
    }),
    [`${api}.companyId`]: textSetting({
      schema: lazySchema(() => z.string().trim().max(40).regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')),
      description: words.companyId,
    }),
  } as ApiSettingDefs<A>;
}
