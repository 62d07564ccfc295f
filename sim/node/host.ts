/**
 * The board's host on Node: each power-on gets a fresh `vm` context (microtaskMode
 * "afterEvaluate", so a callback's promise continuations run right after it, as on
 * Espruino), the flash image lives in a JSON file (written to a temporary file and renamed,
 * so a crash never leaves half an image), and the V8 inspector looks inside closures for the
 * memory estimate. `createVirtualBoard` here is the board with these defaults, for the
 * terminal front ends, the CLI and the tests.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import vm from "node:vm";
import { type BoardHost, type FlashBacking, type Realm, VirtualBoard, type VirtualBoardOptions } from "../board";
import { EVENT_LOOP_FILE } from "../board/runtime";
import { closureScopes } from "./closures";
import { inputError } from "../../src/maths/puzzle";
import { detokenise, pretokenise } from "../../firmware/build/pretokenise";

const INVOKE_SLOT = "\u0000merlinInvoke";

class NodeRealm implements Realm {
  readonly global: Record<string, unknown> = {};
  private readonly context: vm.Context;
  private readonly invoker: vm.Script;
  private pending: { fn: Function; args: unknown[] } | undefined;

  constructor(name: string) {
    this.context = vm.createContext(this.global, { name, microtaskMode: "afterEvaluate" });
    // Callbacks run through one tiny script in the context, so the microtasks they queue drain after it.
    Object.defineProperty(this.global, INVOKE_SLOT, {
      value: () => this.pending!.fn.apply(undefined, this.pending!.args),
      enumerable: false,
    });
    this.invoker = new vm.Script(`globalThis[${JSON.stringify(INVOKE_SLOT)}]()`, { filename: EVENT_LOOP_FILE });
  }

  run(code: string, filename: string, timeoutMs?: number): unknown {
    return new vm.Script(code, { filename }).runInContext(this.context, timeoutMs ? { timeout: timeoutMs } : {});
  }

  call(fn: Function, args: unknown[], timeoutMs?: number): unknown {
    this.pending = { fn, args };
    try {
      return this.invoker.runInContext(this.context, timeoutMs ? { timeout: timeoutMs } : {});
    } finally {
      this.pending = undefined;
    }
  }
}

/** Images made by flashCode.image, each with the script it was made from (a few per run: one per build). */
const imaged = new Map<string, string>();

export const nodeHost: BoardHost = {
  createRealm: (name) => new NodeRealm(name),
  closureScopes,
  // Storage holds scripts pretokenised, as `npm run flash` writes them, so a board fills as the
  // toy does; a boot or an eval runs the very script the image was made from (same program,
  // same positions in stack traces), or the image spelled out when it came from elsewhere.
  flashCode: {
    image(code: string): Uint8Array {
      // (A script with characters beyond ASCII is sent as text: its image would not keep them.)
      const image = /^[\x00-\x7f]*$/.test(code) ? pretokenise(code) : Buffer.from(code, "utf8");
      imaged.set(image.toString("latin1"), code);
      return image;
    },
    text(image: Uint8Array): string {
      const bytes = Buffer.from(image);
      return imaged.get(bytes.toString("latin1")) ?? detokenise(bytes);
    },
  },
};

/** The flash image in a JSON file (created with its folder on the first write). */
export function fileFlash(path: string): FlashBacking {
  return {
    where: path,
    load() {
      if (!existsSync(path)) return undefined;
      try {
        return readFileSync(path, "utf8");
      } catch (e) {
        throw inputError(`the flash image ${path} cannot be read: ${(e as Error).message}`);
      }
    },
    save(image: string) {
      try {
        mkdirSync(dirname(path), { recursive: true });
        const tmp = `${path}.${process.pid}.tmp`;
        writeFileSync(tmp, image);
        renameSync(tmp, path);
      } catch (e) {
        throw inputError(`the flash image ${path} cannot be written: ${(e as Error).message}`);
      }
    },
  };
}

/** Where the simulator keeps a profile's flash image by default: .merlin/NAME.storage.json. */
export function defaultStoragePath(profileName: string, dir = ".merlin"): string {
  return join(dir, `${profileName}.storage.json`);
}

export interface NodeBoardOptions extends Omit<VirtualBoardOptions, "host" | "flash"> {
  /** JSON image of the Storage flash on disk; omitted keeps the flash in memory for this board only. */
  storagePath?: string;
}

/** A virtual board on Node: the vm realm, and the flash in `storagePath` when given. */
export function createVirtualBoard(options: NodeBoardOptions): VirtualBoard {
  const { storagePath, ...rest } = options;
  return new VirtualBoard({ ...rest, host: nodeHost, flash: storagePath === undefined ? undefined : fileFlash(storagePath) });
}
