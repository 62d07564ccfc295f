/** Every `merlin` subcommand, in the order `merlin --help` lists them. */
import { Command } from "./command";

export const COMMANDS: Command[] = [];
