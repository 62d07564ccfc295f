/**
 * Errors in what a user typed (a start board, a saved game, a command-line value), told apart
 * from the program's own: front ends print their message as one line (exit code 2).
 */
/** An error in what a user typed; front ends print its message as one line (exit code 2). */
export function inputError(message: string): Error {
  const e = new Error(message);
  e.name = "InputError";
  return e;
}

export function isInputError(e: unknown): boolean {
  return e instanceof Error && e.name === "InputError";
}
