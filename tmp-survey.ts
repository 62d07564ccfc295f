import { gridPuzzle } from "./src/puzzle";
import { analyze, solve } from "./src/solver";
const pats = ["x","king","merlin","111/101/111","101/010/101","right-up","left-right","up-down","right","11111/10001/10101/10001/11111"];
for (const pat of pats) for (const wrap of [false, true]) for (const [r,c] of [[128,128],[127,127],[128,96]]) {
  const p = gridPuzzle({ rows: r, cols: c, pattern: pat, wrap });
  const t0 = Date.now();
  const a = analyze(p);
  const t1 = Date.now();
  let msg = "";
  if (a.nullity! > 0) {
    const s = solve(p, new Uint8Array(p.cells).fill(1), new Uint8Array(p.cells), { order: false });
    msg = `${s.solvable} ${s.moves} ${s.method} ${Date.now()-t1}ms`;
  }
  console.log(pat, wrap?"wrap":"", `${r}x${c}`, "N", a.nullity, "elim", t1-t0, msg);
}
