/**
 * Closure scopes of a function, read through the V8 inspector (node:inspector, same thread,
 * synchronous), for the board's JsVar estimate (sim/board/memory.ts): Node's answer to
 * BoardHost.closureScopes.
 */
import inspector from "node:inspector";

const SLOT = Symbol.for("merlin.sim.memory.slot");
type Slotted = typeof globalThis & { [SLOT]?: unknown };

let session: inspector.Session | null | undefined;

function post<T>(method: string, params: object): T {
  let result: T | undefined;
  let error: Error | null = null;
  let done = false;
  session!.post(method, params, (err, res) => {
    error = err;
    result = res as T;
    done = true;
  });
  if (!done) throw new Error(`inspector ${method} did not answer synchronously`);
  if (error) throw error;
  return result!;
}

function openSession(): boolean {
  if (session === undefined) {
    try {
      session = new inspector.Session();
      session.connect();
    } catch {
      session = null;
    }
  }
  return session !== null;
}

interface RemoteObject {
  objectId?: string;
}
interface PropertyDescriptor {
  name: string;
  value?: RemoteObject;
}

/** Snapshot objects of the non-global scopes a function closes over ({ name: value }), or [] without an inspector. */
export function closureScopes(fn: Function): Record<string, unknown>[] {
  if (!openSession()) return [];
  const g = globalThis as Slotted;
  g[SLOT] = fn;
  try {
    const group = "merlin-sim-memory";
    const ev = post<{ result: RemoteObject }>("Runtime.evaluate", {
      expression: 'globalThis[Symbol.for("merlin.sim.memory.slot")]',
      objectGroup: group,
    });
    if (!ev.result.objectId) return [];
    const props = post<{ internalProperties?: PropertyDescriptor[] }>("Runtime.getProperties", {
      objectId: ev.result.objectId,
      ownProperties: true,
    });
    const scopes = props.internalProperties?.find((p) => p.name === "[[Scopes]]")?.value?.objectId;
    if (!scopes) return [];
    const list = post<{ result: (PropertyDescriptor & { value?: RemoteObject & { description?: string } })[] }>(
      "Runtime.getProperties",
      { objectId: scopes, ownProperties: true },
    );
    const out: Record<string, unknown>[] = [];
    for (const entry of list.result) {
      const id = entry.value?.objectId;
      if (!id || !/^\d+$/.test(entry.name) || entry.value?.description === "Global") continue;
      post("Runtime.callFunctionOn", {
        objectId: id,
        functionDeclaration: 'function () { globalThis[Symbol.for("merlin.sim.memory.slot")] = this; }',
        objectGroup: group,
      });
      const scope = g[SLOT] as { object?: Record<string, unknown> } | undefined;
      if (scope?.object) out.push(scope.object);
    }
    post("Runtime.releaseObjectGroup", { objectGroup: group });
    return out;
  } catch {
    return [];
  } finally {
    delete g[SLOT];
  }
}
