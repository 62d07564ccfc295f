import { excerpt } from "../tools/options";

/** A user mistake in a profile: one line, naming the profile, the pin and the rule. */
export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProfileError";
  }
}

/** The line for a profile name that does not exist: the command line's and the browser link's. */
export function unknownProfileMessage(name: string, available: readonly string[]): string {
  return `unknown profile "${excerpt(name)}"; available: ${available.join(", ")}`;
}
