// The pretokenised flash image (firmware/build/pretokenise.ts) is the very same program as the
// bundle: decoded — by our decoder and by the decoder of Espruino's own tooling
// (node_modules/espruino/plugins/pretokenise.js, `untokenise`) — it parses to the same syntax
// tree as dist/firmware.js, for every profile. Its token table is the one Espruino's tooling
// uses (copied there from src/jslex.c), and the raw literal encodings are those 2v29's lexer reads.
import { parse, tokenizer } from "acorn";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createContext, runInContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  detokenise,
  LEX_RAW_INT0,
  LEX_RAW_INT16,
  LEX_RAW_INT8,
  LEX_RAW_STRING16,
  LEX_RAW_STRING8,
  LEX_TOKENS_START,
  pretokenise,
  TOKENS,
} from "../firmware/build/pretokenise";
import { listProfiles } from "../hardware/validate";
import { buildToy } from "./helpers/toy";

/** espruino-tools' pretokenise plugin, loaded as the Web IDE does (a script expecting the globals acorn and Espruino). */
function espruinoPlugin(): { tokenise(code: string): string; untokenise(code: string): string } {
  const require = createRequire(import.meta.url);
  const file = require.resolve("espruino/plugins/pretokenise.js");
  const Espruino = {
    Config: { PRETOKENISE: 2, SAVE_ON_SEND: 1 },
    Core: {
      Config: { add: () => undefined },
      Env: { getBoardData: () => ({ VERSION: "2v29" }) },
      Utils: { toJSONishString: (s: string) => JSON.stringify(s), atob: (s: string) => Buffer.from(s, "base64").toString("latin1") },
    },
    Plugins: {} as Record<string, unknown>,
    addProcessor: () => undefined,
  };
  const ctx = createContext({ acorn: { tokenizer }, Espruino, console });
  runInContext(readFileSync(file, "utf8"), ctx);
  return Espruino.Plugins.Pretokenise as ReturnType<typeof espruinoPlugin>;
}

/** The syntax tree without positions and literal spellings (`raw`): what the program means. */
function tree(code: string): unknown {
  return JSON.parse(
    JSON.stringify(parse(code, { ecmaVersion: 2020 }), (k, v) => (k === "start" || k === "end" || k === "raw" ? undefined : v)),
  );
}

const latin1 = (b: Buffer) => b.toString("latin1");
/** Raw integer and string tokens on (the flashed image leaves literals as text). */
const RAW = { ints: true, strings: true };

describe("pretokenised flash image", () => {
  const plugin = espruinoPlugin();

  it("uses the token numbers of Espruino's tooling (jslex.c's order from _LEX_TOKENS_START = 138)", () => {
    expect(LEX_TOKENS_START).toBe(138);
    for (let i = 0; i < TOKENS.length; i++) expect(plugin.untokenise(String.fromCharCode(LEX_TOKENS_START + i))).toBe(TOKENS[i]);
    // The raw literals the tooling writes for 2v29 ("Yes, always"): the same bytes.
    expect(plugin.tokenise('x="ab"')).toBe("x=" + String.fromCharCode(LEX_RAW_STRING8, 2) + "ab");
    expect(plugin.tokenise("x=0")).toBe("x=" + String.fromCharCode(LEX_RAW_INT0));
    expect(plugin.tokenise("x=100")).toBe("x=" + String.fromCharCode(LEX_RAW_INT8, 100));
    expect(plugin.tokenise("x=1000")).toBe("x=" + String.fromCharCode(LEX_RAW_INT16, 1000 & 255, 1000 >> 8));
    expect(plugin.tokenise(`x="${"a".repeat(300)}"`)).toBe("x=" + String.fromCharCode(LEX_RAW_STRING16, 300 & 255, 300 >> 8) + "a".repeat(300));
  });

  it("encodes words and operators as single tokens and leaves the rest as text", () => {
    const t = (w: string) => String.fromCharCode(LEX_TOKENS_START + TOKENS.indexOf(w));
    expect(latin1(pretokenise('function f(a){if(a>=3)return"hi"+a;try{}catch(e){}}'))).toBe(
      t("function") + "f(a){" + t("if") + "(a" + t(">=") + "3)" + t("return") + '"hi"+a;' + t("try") + "{}catch(e){}}",
    );
  });

  it("with raw literals on, encodes integers and strings as raw tokens too", () => {
    const img = pretokenise('function f(a){if(a>=3&&a!==0x20)return"hi"+a;var r=/x+/g;try{}catch(e){}return 1.5+40000+`t${a}`}', RAW);
    const t = (w: string) => String.fromCharCode(LEX_TOKENS_START + TOKENS.indexOf(w));
    expect(latin1(img)).toBe(
      t("function") + "f(a){" + t("if") + "(a" + t(">=") + String.fromCharCode(LEX_RAW_INT8, 3) + t("&&") + "a" + t("!==") +
        String.fromCharCode(LEX_RAW_INT8, 32) + ")" + t("return") + String.fromCharCode(LEX_RAW_STRING8, 2) + "hi+a;" + t("var") +
        "r=/x+/g;" + t("try") + "{}catch(e){}" + t("return") + "1.5+40000+`t${a}`}",
    );
  });

  it("keeps one space between two text tokens that had whitespace between them, and a line break where one was", () => {
    expect(latin1(pretokenise("a = b\nc  = d"))).toBe("a = b\nc = d");
    expect(latin1(pretokenise("x=a+ +b;y=a- -b"))).toBe("x=a+ +b;y=a- -b");
    expect(latin1(pretokenise("return\nx"))).toBe(String.fromCharCode(LEX_TOKENS_START + TOKENS.indexOf("return")) + "\nx");
    expect(latin1(pretokenise("x=1 /* c */ /y/.test(z)", RAW))).toBe("x=" + String.fromCharCode(LEX_RAW_INT8, 1) + "/y/.test(z)");
    expect(latin1(pretokenise("x=1 /* c */ /y/.test(z)"))).toBe("x=1 /y/.test(z)");
  });

  it("refuses text it cannot keep byte for byte", () => {
    expect(() => pretokenise('x="é"')).toThrow(/non-ASCII/);
    // A string that is not 7-bit stays a text literal even with raw strings on.
    expect(latin1(pretokenise('x="\\xe9"', RAW))).toBe('x="\\xe9"');
  });

  for (const name of listProfiles()) {
    it(`${name}: the image decodes to the same program as the bundle, by our decoder and by Espruino's tooling`, async () => {
      const code = await buildToy(name);
      const want = tree(code);
      for (const image of [pretokenise(code), pretokenise(code, RAW)]) {
        expect(image.length).toBeLessThan(code.length);
        expect(tree(detokenise(image))).toEqual(want);
        expect(tree(plugin.untokenise(latin1(image)))).toEqual(want);
      }
      // Every byte above 0x7F is a token 2v29 knows (detokenise throws otherwise) — checked above.
      // The built bundle itself is plain ASCII text (what the simulator runs).
      expect(/^[\x00-\x7f]*$/.test(code)).toBe(true);
    });
  }
});
