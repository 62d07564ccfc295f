/** A user mistake in a profile: one line, naming the profile, the pin and the rule. */
export class ProfileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProfileError";
  }
}
