/**
 * A source text bundled the way the firmware build's esbuild step bundles for Espruino: one
 * IIFE at ES2015, with the syntax Espruino lacks turned into build errors (ESBUILD_SUPPORTED) and
 * class fields assigned, not defined.
 */
import { buildSync } from "esbuild";
import { ESBUILD_SUPPORTED } from "../../firmware/build/subset";

export function espruinoBundle(source: string, minify: boolean, sourcefile: string, resolveDir?: string): string {
  const out = buildSync({
    stdin: { contents: source, loader: "ts", sourcefile, resolveDir },
    bundle: true,
    format: "iife",
    target: "es2015",
    minify,
    write: false,
    supported: ESBUILD_SUPPORTED,
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}
