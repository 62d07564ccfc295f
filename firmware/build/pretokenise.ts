/**
 * The flash image of a bundle: the same program with Espruino's reserved words and operators
 * replaced by their one-byte lexer tokens — what Espruino's own tooling calls "pretokenise"
 * (espruino-tools plugins/pretokenise.js). The interpreter lexes those bytes directly, with no
 * word to read and match, so every call of a function lexes fewer bytes. dist/firmware.js
 * stays the readable text the simulator runs; `npm run flash` writes this image of it as
 * .bootcde.
 *
 * Integer and string literals can become raw tokens that carry their value in binary too
 * (options `ints`, `strings`), as the tooling does for 2v29, but the flashed image leaves them
 * as text: measured on 2v29 for Linux (README, "Measured speed"), raw strings make a key press
 * slower from flash (a raw string longer than a JsVar holds stays in flash and the lexer seeks
 * back to it), and neither is faster from RAM; raw ints make the image larger (`3` is 2 bytes).
 *
 * The token numbers are the enum LEX_TYPES of Espruino 2v29's src/jslex.h, whose order the
 * sources promise never to change (the Web IDE relies on it): the operators and reserved
 * words from 138 (_LEX_TOKENS_START) in the order of jslReservedWordAsString in src/jslex.c,
 * and the raw literals from 0xD1:
 *
 *   0xD1 len bytes…          LEX_RAW_STRING8   a string of 1–255 bytes
 *   0xD2 lenLo lenHi bytes…  LEX_RAW_STRING16  a string of 256–65535 bytes
 *   0xD3                     LEX_RAW_INT0      the integer 0
 *   0xD4 v                   LEX_RAW_INT8      an integer −128…127 (v as int8)
 *   0xD5 lo hi               LEX_RAW_INT16     an integer −32768…32767 (little-endian int16)
 *
 * 2v29's lexer (jslGetNextToken, case JSLJT_SINGLE_CHAR) reads all five; bytes above '|' are
 * never whitespace or part of a name or number there (isWhitespaceInline, isAlphaInline), so
 * a token byte ends whatever precedes it and no space is needed around it.
 *
 * What stays text, and why:
 * - `catch`: Espruino's own tool leaves it (Espruino's issue tracker, #1868);
 * - with raw strings on, strings with a character above 0x7F (a raw string is never UTF-8 on
 *   2v29, jslGetRawString; a text literal with `\u…` can be) and empty strings;
 * - with raw ints on, numbers other than plain decimal or hex integers below 32768 (floats,
 *   exponents: the text lexer makes those floats, a raw token an integer); a minus sign stays
 *   an operator;
 * - template literals and regular expressions, verbatim (Espruino re-lexes them at run time);
 * - `??` (2v29's LEX_NULLISH, 208): the bundle has none (esbuild lowers it at ES2015) and the
 *   espruino-tools decoder does not know it.
 * Whitespace between two text tokens becomes one space, or one newline when it held a line
 * break (automatic semicolon insertion depends on it); next to a token byte it goes.
 */
import { tokenizer, type Token } from "acorn";

/** _LEX_TOKENS_START in 2v29's src/jslex.h: the first operator token. */
export const LEX_TOKENS_START = 138;

/** Operators and reserved words from LEX_TOKENS_START on (jslReservedWordAsString, 2v29). */
export const TOKENS: readonly string[] = [
  // operators 1: LEX_EQUAL … LEX_XOREQUAL, then LEX_ARROW_FUNCTION
  "==", "===", "!=", "!==", "<=", "<<", "<<=", ">=", ">>", ">>>", ">>=", ">>>=", "+=", "-=", "++", "--",
  "*=", "/=", "%=", "&=", "&&", "|=", "||", "^=", "=>",
  // reserved words: LEX_R_IF … LEX_R_OF
  "if", "else", "do", "while", "for", "break", "continue", "function", "return", "var", "let", "const",
  "this", "throw", "try", "catch", "finally", "true", "false", "null", "undefined", "new", "in",
  "instanceof", "switch", "case", "default", "delete", "typeof", "void", "debugger", "class", "extends",
  "super", "static", "of",
];

export const LEX_RAW_STRING8 = 0xd1;
export const LEX_RAW_STRING16 = 0xd2;
export const LEX_RAW_INT0 = 0xd3;
export const LEX_RAW_INT8 = 0xd4;
export const LEX_RAW_INT16 = 0xd5;

/** Words and operators never replaced by their token (see the file comment). */
const KEEP_AS_TEXT = new Set(["catch"]);

const TOKEN_OF = new Map<string, number>(TOKENS.map((t, i) => [t, LEX_TOKENS_START + i]));

/** A literal the interpreter's text lexer reads as an integer (LEX_INT): decimal or hex digits. */
const INT_TEXT = /^(?:0|[1-9][0-9]*|0[xX][0-9a-fA-F]+)$/;

/** Where the template literal whose opening backquote was just read ends (acorn splits it into tokens). */
function templateEnd(next: () => Token): number {
  let depth = 0;
  for (;;) {
    const t = next();
    const label = t.type.label;
    if (label === "eof") throw new Error("pretokenise: unterminated template literal");
    if (label === "${" || label === "{") depth++;
    else if (label === "}") depth--;
    else if (label === "`" && depth === 0) return t.end;
  }
}

/** Which literals become raw tokens (default: none — the flashed image). */
export interface PretokeniseOptions {
  strings?: boolean;
  ints?: boolean;
}

/**
 * The pretokenised image of `code` (a JavaScript program in ASCII, as the build writes it), as
 * the bytes to store. Throws on input it cannot encode faithfully (non-ASCII text).
 */
export function pretokenise(code: string, opts: PretokeniseOptions = {}): Buffer {
  const rawStrings = opts.strings ?? false;
  const rawInts = opts.ints ?? false;
  for (let i = 0; i < code.length; i++) {
    if (code.charCodeAt(i) > 0x7f) throw new Error(`pretokenise: the bundle has a non-ASCII character at ${i}; the image keeps text as single bytes`);
  }
  const out: number[] = [];
  const text = (s: string) => {
    for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
  };
  const tokens = tokenizer(code, { ecmaVersion: 2020 });
  const next = () => tokens.getToken();
  let lastEnd = 0;
  /** Whether the last thing written was text (not a token byte): a space may be needed after it. */
  let lastWasText = false;
  for (let tk = next(); tk.type.label !== "eof"; tk = next()) {
    const start = tk.start;
    let end = tk.end;
    if (tk.type.label === "`") end = templateEnd(next);
    const source = code.slice(start, end);
    const gap = code.slice(lastEnd, start);
    let bytes: number[] | null = null;
    const label = tk.type.label;
    // acorn's Token carries the literal's value, which its type declaration leaves out.
    const value = (tk as Token & { value?: unknown }).value;
    if (rawStrings && label === "string" && typeof value === "string" && value.length > 0 && /^[\x00-\x7f]*$/.test(value)) {
      const s = value;
      bytes = s.length < 256 ? [LEX_RAW_STRING8, s.length] : [LEX_RAW_STRING16, s.length & 255, s.length >> 8];
      for (let i = 0; i < s.length; i++) bytes.push(s.charCodeAt(i));
      if (s.length > 65535) bytes = null;
    } else if (rawInts && label === "num" && INT_TEXT.test(source) && typeof value === "number" && value < 32768) {
      const v = value;
      bytes = v === 0 ? [LEX_RAW_INT0] : v < 128 ? [LEX_RAW_INT8, v] : [LEX_RAW_INT16, v & 255, v >> 8];
    } else if (label !== "template" && label !== "regexp" && TOKEN_OF.has(source) && !KEEP_AS_TEXT.has(source)) {
      bytes = [TOKEN_OF.get(source) as number];
    }
    // A line break in the gap (or in a comment there) can end a statement: keep one.
    if (/[\n\r\u2028\u2029]/.test(gap)) out.push(10);
    else if (gap.length > 0 && lastWasText && bytes === null) out.push(32);
    if (bytes === null) text(source);
    else for (const b of bytes) out.push(b);
    lastWasText = bytes === null;
    lastEnd = end;
  }
  return Buffer.from(out);
}

/**
 * The program an image stands for, as JavaScript text: each token byte spelled out between
 * spaces, raw strings as JSON string literals, raw integers in decimal. Parses to the same
 * program as the text the image was made from (the tests check it on every bundle).
 */
export function detokenise(image: Buffer): string {
  let s = "";
  for (let i = 0; i < image.length; i++) {
    const b = image[i];
    if (b < 0x80) {
      s += String.fromCharCode(b);
    } else if (b === LEX_RAW_STRING8 || b === LEX_RAW_STRING16) {
      const len = b === LEX_RAW_STRING8 ? image[i + 1] : image[i + 1] | (image[i + 2] << 8);
      const from = i + (b === LEX_RAW_STRING8 ? 2 : 3);
      s += " " + JSON.stringify(image.subarray(from, from + len).toString("latin1")) + " ";
      i = from + len - 1;
    } else if (b === LEX_RAW_INT0) {
      s += " 0 ";
    } else if (b === LEX_RAW_INT8) {
      s += " " + ((image[i + 1] << 24) >> 24) + " ";
      i += 1;
    } else if (b === LEX_RAW_INT16) {
      s += " " + (((image[i + 1] | (image[i + 2] << 8)) << 16) >> 16) + " ";
      i += 2;
    } else if (b >= LEX_TOKENS_START && b < LEX_TOKENS_START + TOKENS.length) {
      s += " " + TOKENS[b - LEX_TOKENS_START] + " ";
    } else {
      throw new Error(`detokenise: byte 0x${b.toString(16)} at ${i} is no token Espruino 2v29 knows`);
    }
  }
  return s;
}
