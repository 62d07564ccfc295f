/**
 * An ESTIMATE of how many Espruino JsVars the firmware's data would take, for
 * process.memory().usage and E.getSizeOf. V8 objects are not JsVars; this walks everything
 * the firmware can still reach (its globals, the closures of its callbacks, timers, watches,
 * event listeners) and charges Espruino's rough cost model:
 *   - an object or array: 1, plus per property / element 1 (its name, holding small ints,
 *     booleans and null inline), plus the value when that is a separate variable;
 *   - a float: 1; a string: about 1 per 12 characters; a name longer than 4 characters:
 *     1 more per 12 characters;
 *   - a typed array: 1 for the view + 1 for its buffer + 1 per 12 bytes;
 *   - a function: 3 (code kept in flash, scope link) + 1 per parameter, plus each closure
 *     scope once: 1 + its variables like properties;
 *   - a timer about 6, a watch about 7, an event listener 2; a fresh interpreter about 50.
 * V8 keeps only the closure variables some inner function uses, while Espruino keeps the
 * whole scope, so the figure leans low for code with big locals captured by accident. Treat
 * it as an order of magnitude to compare against the board's budget, not a measurement.
 *
 * Closure scopes come from the host (BoardHost.closureScopes: the V8 inspector in Node, none in
 * a browser, where functions then count without their closures).
 */

export const FRESH_INTERPRETER_VARS = 50;
export const TIMER_VARS = 6;
export const WATCH_VARS = 7;
export const LISTENER_VARS = 2;

function nameCost(name: string): number {
  return name.length > 4 ? Math.ceil((name.length - 4) / 12) : 0;
}

function primitiveCost(v: unknown): number {
  switch (typeof v) {
    case "number":
      return Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? 0 : 1;
    case "string":
      return Math.max(1, Math.ceil(v.length / 12));
    case "bigint":
      return 1;
    default:
      return 0;
  }
}

export class JsVarEstimator {
  private seen = new WeakSet<object>();
  private scopeKeys = new Set<string>();
  private ids = new WeakMap<object, number>();
  private nextId = 1;

  /**
   * @param isNative objects of the interpreter itself (built-ins, the emulated API): referenced for free.
   * @param plainProto the context's Object.prototype (instances of it need no __proto__ link).
   * @param closureScopes the non-global scopes a function closes over (BoardHost.closureScopes).
   */
  constructor(
    private readonly isNative: (o: object) => boolean,
    private readonly plainProto: object,
    private readonly closureScopes: (fn: Function) => Record<string, unknown>[],
  ) {}

  /** JsVars held by `v` and everything it reaches that was not counted yet by this estimator. */
  cost(v: unknown): number {
    if (v === null || (typeof v !== "object" && typeof v !== "function")) return primitiveCost(v);
    const o = v as object;
    if (this.isNative(o) || this.seen.has(o)) return 0;
    this.seen.add(o);
    try {
      return this.objectOrFunctionCost(o);
    } catch {
      return 1; // an exotic object (a revoked proxy, a detached buffer): count it, do not look inside
    }
  }

  private objectOrFunctionCost(o: object): number {
    if (typeof o === "function") return this.functionCost(o as Function);
    if (ArrayBuffer.isView(o)) {
      let n = 1;
      const buf = o.buffer;
      if (!this.seen.has(buf)) {
        this.seen.add(buf);
        n += 1 + Math.ceil(buf.byteLength / 12);
      }
      return n;
    }
    const tag = Object.prototype.toString.call(o);
    if (tag === "[object ArrayBuffer]") return 1 + Math.ceil((o as ArrayBuffer).byteLength / 12);
    if (tag === "[object Date]") return 2;
    if (tag === "[object RegExp]") return 2 + Math.ceil((o as RegExp).source.length / 12);
    if (tag === "[object Promise]") return 4;
    return this.objectCost(o, Array.isArray(o));
  }

  private objectCost(o: object, isArray: boolean): number {
    let n = 1;
    for (const key of Object.getOwnPropertyNames(o)) {
      if (isArray && key === "length") continue;
      const d = Object.getOwnPropertyDescriptor(o, key)!;
      n += 1 + (isArray ? 0 : nameCost(key)) + ("value" in d ? this.cost(d.value) : 1);
    }
    const proto = Object.getPrototypeOf(o);
    if (!isArray && proto && proto !== this.plainProto) n += 1 + this.cost(proto);
    return n;
  }

  private functionCost(fn: Function): number {
    let n = 3 + Math.min(fn.length, 16);
    for (const key of Object.getOwnPropertyNames(fn)) {
      if (key === "length" || key === "name" || key === "arguments" || key === "caller") continue;
      const d = Object.getOwnPropertyDescriptor(fn, key)!;
      if (key === "prototype") {
        const p = d.value as object | undefined;
        const own = p ? Object.getOwnPropertyNames(p).filter((k) => k !== "constructor") : [];
        if (own.length) n += 1 + this.cost(p);
        continue;
      }
      n += 1 + nameCost(key) + ("value" in d ? this.cost(d.value) : 1);
    }
    for (const scope of this.closureScopes(fn)) n += this.scopeCost(scope);
    return n;
  }

  private scopeCost(scope: Record<string, unknown>): number {
    const names = Object.keys(scope);
    const key =
      names.join(",") +
      "|" +
      names
        .map((k) => {
          const v = scope[k];
          return v !== null && (typeof v === "object" || typeof v === "function") ? "#" + this.idOf(v) : typeof v + ":" + String(v);
        })
        .join(",");
    if (this.scopeKeys.has(key)) return 0;
    this.scopeKeys.add(key);
    let n = 1;
    for (const k of names) n += 1 + nameCost(k) + this.cost(scope[k]);
    return n;
  }

  private idOf(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.nextId++));
    return id;
  }
}
