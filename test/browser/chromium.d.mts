// Types for test/browser/chromium.mjs.
export declare const DEBIAN_CHROMIUM: string;
export declare const NPM_PACKAGE: string;
export type ChromiumSource = "CHROMIUM_BIN" | "debian" | "npm";
export interface FoundChromium {
  path: string;
  source: ChromiumSource;
  ready: boolean;
  /** Why Debian's Chromium was passed over, when it was there but does not run. */
  note?: string;
}
export declare function chromiumMode(): "auto" | "debian" | "npm";
export declare function npmChromium(): { archive: string; version: string; path: string } | undefined;
export declare function whyNotRunning(path: string): string | null;
export declare function findChromium(debian?: string): FoundChromium | { error: string };
export declare function unpackNpmChromium(): Promise<string>;
export declare function chromiumExecutable(): Promise<{ path: string; source: ChromiumSource }>;
export declare function describeChromium(found: { path: string; source: ChromiumSource }): string;
