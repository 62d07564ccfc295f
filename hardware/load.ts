/**
 * Node-side access to hardware/profiles/*.json: list, load and validate by name.
 * Works from the source tree, from vitest and from the esbuild cache tsrun.mjs runs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { excerpt } from "../tools/options";
import type { Profile } from "./profile.js";
import { ProfileError } from "./errors.js";
import { validateProfile } from "./validate.js";

function findHardwareDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "profiles")) && existsSync(join(dir, "profile.ts"))) return dir;
    if (existsSync(join(dir, "hardware", "profiles"))) return join(dir, "hardware");
    const up = dirname(dir);
    if (up === dir) return resolve("hardware");
    dir = up;
  }
}

/** The hardware/ folder of this checkout. */
export function hardwareDir(): string {
  return findHardwareDir();
}

export function profilesDir(): string {
  return join(findHardwareDir(), "profiles");
}

/** Names of the shipped profiles, sorted. */
export function listProfiles(): string[] {
  return readdirSync(profilesDir())
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/** Reads and validates hardware/profiles/NAME.json; unknown names list what exists. */
export function loadProfile(name: string): Profile {
  const available = listProfiles();
  if (!available.includes(name)) {
    throw new ProfileError(`unknown profile "${excerpt(name)}"; available: ${available.join(", ")}`);
  }
  const file = join(profilesDir(), `${name}.json`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ProfileError(`hardware/profiles/${name}.json is not valid JSON: ${(e as Error).message}`);
  }
  const profile = validateProfile(data);
  if (profile.name !== name) {
    throw new ProfileError(`hardware/profiles/${name}.json declares "name": "${profile.name}"; the name must match the file name`);
  }
  return profile;
}

export function loadAllProfiles(): Profile[] {
  return listProfiles().map(loadProfile);
}
