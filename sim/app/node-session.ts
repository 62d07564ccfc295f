/**
 * Opens a simulator session on Node: the profile's bundle from dist/ (rebuilt first when
 * stale, firmware-loader.ts) on a virtual board whose flash is kept in .merlin/ when asked.
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { inputError, isInputError } from "../../src/maths/puzzle";
import type { Profile } from "../../hardware/profile";
import { createVirtualBoard, defaultStoragePath } from "../node/host";
import { loadFirmware, toyGameNames } from "./firmware-loader";
import { BOOT_SETTLE_MS, SimSession } from "./session";

export interface SessionOptions {
  profile: Profile;
  /** Keep the flash in .merlin/NAME.storage.json (under `storageDir`) so a game survives restarts. Default: in memory. */
  persist?: boolean;
  storageDir?: string;
  /** Start from empty flash (the image on disk is erased first). */
  fresh?: boolean;
  /** Firmware text to run instead of the profile's bundle (tests), and the Storage modules flashed with it (build.ts storageModules; default none). */
  code?: string;
  files?: Record<string, string>;
  /** Seed for the board's Math.random / E.hwRand. */
  boardSeed?: number;
  /** Told when the firmware had to be run from an older bundle (see loadFirmware). */
  warn?: (message: string) => void;
  /** Return at power-on, before the 0.5 s light test has run (a front end that shows it). Default: after it. */
  atPowerOn?: boolean;
}

/**
 * The flash image's folder must be one the simulator can write (created if missing): the toy
 * saves its game there on every move, so a folder it cannot write is said before it starts.
 */
function checkStorageFolder(storagePath: string): void {
  const dir = dirname(storagePath);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw inputError(`cannot keep the flash in ${storagePath}: ${(e as Error).message} (run merlin sim from a folder you can write to)`);
  }
}

/** Boots the profile's firmware (built first if stale) and, unless `atPowerOn`, lets the power-on light test finish. */
export async function openSession(options: SessionOptions): Promise<SimSession> {
  const { profile } = options;
  const fw = options.code === undefined ? await loadFirmware(profile, options.warn) : { code: options.code, codeName: "firmware.js", files: options.files ?? {} };
  const storagePath = options.persist ? defaultStoragePath(profile.name, options.storageDir) : undefined;
  if (storagePath) checkStorageFolder(storagePath);
  if (storagePath && options.fresh && existsSync(storagePath)) rmSync(storagePath);
  let board;
  try {
    board = createVirtualBoard({
      profile,
      storagePath,
      code: fw.code,
      codeName: fw.codeName,
      files: fw.files,
      seed: options.boardSeed ?? (Date.now() >>> 0),
    });
  } catch (e) {
    // A damaged flash image (flash-storage.ts says what is wrong with it): --fresh erases it.
    if (storagePath && isInputError(e)) throw inputError(`${(e as Error).message}; --fresh starts with empty flash (erasing it)`);
    throw e;
  }
  const s = new SimSession(board, profile, storagePath, toyGameNames(profile));
  if (!options.atPowerOn) s.wait(BOOT_SETTLE_MS);
  return s;
}
