/**
 * The page's service worker (built to sw.js by sim/web/build.ts, which fills in the two
 * constants below): after one visit the toy loads, plays and switches boards offline.
 *
 * - install: every file of the build (the page, app.js and the scripts it loads on demand, such
 *   as the teaching view's teach-view.js, the style sheets, the manifest, the icons and every
 *   profile's firmware) goes into one cache, fetched past the HTTP cache;
 * - the cache's name holds the worker's scope and the build's version (a hash of those files'
 *   contents), so a new build makes a new cache and two builds served under different
 *   sub-paths of one origin keep theirs apart;
 * - activate: the new worker takes over at once (skipWaiting, clients.claim) and deletes the
 *   scope's older caches; an open page keeps running what it loaded and offers a reload
 *   (offline.ts);
 * - fetch: a navigation to the page, with any query (the puzzle links), is answered with the
 *   cached page; the other files from the cache; anything else, or a file missing from the
 *   cache, from the network.
 *
 * Every URL is relative to the worker's scope, so the folder works under any sub-path.
 * Checked with the page's DOM types: the few worker types it needs are declared here.
 */

/** The build's version: a hash of the cached files' contents. */
declare const MERLIN_VERSION: string;
/** The files to cache, relative to the scope; "./" is the page (index.html). */
declare const MERLIN_PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (e: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const scope = worker.registration.scope;
/** Caches of this scope are named "merlin <scope> <version>". */
const PREFIX = `merlin ${scope} `;
const CACHE = PREFIX + MERLIN_VERSION;
const PAGE = new URL("./", scope).href;
const FILES = MERLIN_PRECACHE.map((f) => new URL(f, scope).href);

/** A response the cache may keep: a redirect followed on the way (a host mapping dir/ to dir/index.html) is dropped, or a navigation would refuse it. */
function keepable(r: Response): Response {
  return r.redirected ? new Response(r.body, { status: r.status, statusText: r.statusText, headers: r.headers }) : r;
}

worker.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          FILES.map((url) =>
            fetch(new Request(url, { cache: "reload" })).then((r) => {
              if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
              return cache.put(url, keepable(r));
            }),
          ),
        ),
      )
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (e) => {
  const request = e.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  let key: string;
  if (request.mode === "navigate" && (path === PAGE || path === PAGE + "index.html")) key = PAGE;
  else if (url.search === "" && FILES.indexOf(path) >= 0) key = path;
  else return;
  e.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit ?? fetch(request)),
  );
});

// A module, so none of the names above is a global of the page's type check.
export {};
