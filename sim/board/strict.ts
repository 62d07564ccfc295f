/**
 * Loud failure for what the emulation does not provide. On the device `E.foo` is simply
 * undefined, which hides the mistake until much later; in the simulator reading a member that
 * is not emulated throws at once, naming it. Objects get a prototype that is a Proxy: members
 * that exist are found before the Proxy is ever consulted, so they cost nothing extra.
 */

/** Names that generic code probes on any object (promises, JSON, test matchers): reading them is allowed. */
const PROBED = new Set(["then", "toJSON", "asymmetricMatch", "$$typeof", "nodeType", "tagName", "@@__IMMUTABLE_ITERABLE__@@"]);

export function notProvided(what: string): string {
  return `Espruino emulation: ${what} is not provided`;
}

/**
 * A prototype whose missing members throw `makeError("Espruino emulation: NAME.member is not provided")`.
 * `base` is the prototype behind it (the context's Object.prototype, or a class prototype).
 */
export function strictPrototype(name: string, base: object | null, makeError: (message: string) => Error): object {
  const target = Object.create(base);
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === "symbol" || prop in t) return Reflect.get(t, prop, receiver);
      if (PROBED.has(prop)) return undefined;
      throw makeError(notProvided(`${name}.${prop}`));
    },
  });
}

/** A plain object with `members` whose other properties throw when read. */
export function strictObject<T extends object>(name: string, members: T, base: object, makeError: (message: string) => Error): T {
  const obj = Object.create(strictPrototype(name, base, makeError));
  for (const [k, v] of Object.entries(members)) {
    Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  return obj as T;
}
