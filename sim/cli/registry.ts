/** Every `merlin` subcommand, in the order `merlin --help` lists them. */
import { analyzeCommand } from "./analyze";
import { Command } from "./command";
import { inverseCommand } from "./inverse";
import { playCommand } from "./play";
import { simCommand } from "./sim";
import { solveCommand } from "./solve";
import { tableCommand } from "./table";
import { webCommand } from "./web";

export const COMMANDS: Command[] = [playCommand, solveCommand, analyzeCommand, inverseCommand, tableCommand, simCommand, webCommand];
