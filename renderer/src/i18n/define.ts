/**
 * Messages of one namespace (a screen, the app's frame, the shared components), English first.
 * The French table must have every English key: a missing translation fails the type check, not
 * a cashier. Plural keys follow i18next (`_one`, `_other`); French may add `_many`, which CLDR uses
 * for large round numbers.
 */
export type Translation<E extends Record<string, string>> = { readonly [K in keyof E]: string } & {
  readonly [K in `${string}_many`]?: string;
};

export interface Messages<E extends Record<string, string>> {
  readonly en: E;
  readonly fr: Translation<E>;
}

export function defineMessages<const E extends Record<string, string>>(en: E, fr: Translation<E>): Messages<E> {
  return { en, fr };
}
