import { graphPuzzle, Puzzle } from "../../src/maths/puzzle";

/** Grid adjacency (orthogonal neighbours), row-major nodes: the plus board as a graph (solved by elimination, not light chasing). */
export function gridGraph(rows: number, cols: number): Puzzle {
  const adj: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const nb: number[] = [];
      if (r > 0) nb.push((r - 1) * cols + c);
      if (r + 1 < rows) nb.push((r + 1) * cols + c);
      if (c > 0) nb.push(r * cols + c - 1);
      if (c + 1 < cols) nb.push(r * cols + c + 1);
      adj.push(nb);
    }
  }
  return graphPuzzle(`grid graph ${rows}×${cols}`, adj, 2);
}
