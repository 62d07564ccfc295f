// Bundled by sim/build.mjs into dist/merlin.mjs; sim/bin/merlin.mjs runs it.
import { nodeIO, runMerlin } from "./main";

runMerlin(process.argv.slice(2), nodeIO()).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`merlin: internal error: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 1;
  },
);
