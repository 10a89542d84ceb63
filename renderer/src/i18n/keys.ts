import { namespaces, type EnglishResources, type Namespace } from './resources';

type Plural = `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;

/** A message key of namespace `N`, as `t` takes it (a plural's base, not its `_one`/`_other` forms). */
export type MessageKey<N extends Namespace> = Exclude<keyof EnglishResources[N] & string, Plural>;

/**
 * The key `prefix + code` when namespace `ns` has words for it, else undefined: for codes main may
 * send that a screen does not know yet (it then shows main's own words). Closed unions need no
 * look-up: a template key such as `payment.state.${PaymentState}` is checked against the messages
 * by type, so a missing word fails the type check.
 */
export function knownKey<N extends Namespace, P extends string>(ns: N, prefix: P, code: string | number): Extract<MessageKey<N>, `${P}${string}`> | undefined {
  const key = `${prefix}${code}`;
  return Object.hasOwn(namespaces[ns].en, key) ? (key as Extract<MessageKey<N>, `${P}${string}`>) : undefined;
}
