/**
 * The text of source 002's BASIC listing ("5 REM reverse game"), shared by `merlin play`
 * (the pure core) and `merlin sim --basic` (the firmware on the virtual toy), so both print
 * exactly what the 1980s program printed.
 */

/** 330–390: PRINT: PRINT, then each row as PRINT TAB(7+3*J);D(I+J); (numbers print with a sign space), then PRINT. */
export function basicBoard(bits: string, cols: number): string[] {
  const lines = ["", ""];
  for (let r = 0; r * cols < bits.length; r++) {
    let line = "";
    for (let c = 0; c < cols; c++) line = line.padEnd(6 + 3 * (c + 1)) + " " + bits[r * cols + c] + " ";
    lines.push(line.trimEnd());
  }
  lines.push("");
  return lines;
}

/** 140: PRINT "ASSIGN#";N;" ";:INPUT X */
export function basicPrompt(n: number): string {
  return `ASSIGN# ${n}  ? `;
}

/** 550 (the listing's stray quote dropped). */
export const BASIC_ILLEGAL = "??? ILLEGAL INPUT";
/** 440 and 450. */
export const BASIC_LOST = "YOU LOSED THE GAME !!";
export const BASIC_WON = "CONGRATULANT !!";
/** 230: PRINT "TRY AGAIN (Y OR N)";: INPUT A$ */
export const BASIC_AGAIN = "TRY AGAIN (Y OR N)? ";
