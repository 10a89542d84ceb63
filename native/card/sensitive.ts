const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A secret string (PAN, track, account number, MICR line) that prints only its masked form:
 * JSON.stringify, template strings, console.log and util.inspect all see `masked`. The clear value
 * lives in a private field and comes out only through `reveal()`, which code must call on purpose.
 */
export class Sensitive {
  readonly #value: string;
  #masked: string | (() => string);

  /** `masked` may be a function: it then runs only when something prints the value. */
  constructor(value: string, masked: string | (() => string)) {
    this.#value = value;
    this.#masked = masked;
  }

  get masked(): string {
    if (typeof this.#masked === 'function') this.#masked = this.#masked();
    return this.#masked;
  }

  reveal(): string {
    return this.#value;
  }

  get length(): number {
    return this.#value.length;
  }

  toJSON(): string {
    return this.masked;
  }

  toString(): string {
    return this.masked;
  }

  [INSPECT](): string {
    return `Sensitive(${this.masked})`;
  }
}
