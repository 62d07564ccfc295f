/**
 * Installable and offline: registers the service worker (sw.js, next to the page; sw.ts says
 * what it caches), where a browser has service workers and the page is in a secure context
 * (https:, or http://localhost and 127.0.0.1). Elsewhere — file:, plain http on another
 * host, a browser without them or with them switched off — the page runs as before, online.
 *
 * When a new build's worker takes over an open page (the first visit's worker taking over
 * does not count), the page keeps running what it loaded and says a new version is ready,
 * with a button that reloads (a reload is a power cycle: the game resumes from the flash).
 * The next visit or reload gets the new version anyway.
 */

/** The note a new version shows, once. */
function offerReload(): void {
  if (document.getElementById("update") !== null) return;
  const note = document.createElement("p");
  note.id = "update";
  note.setAttribute("role", "status");
  note.style.cssText = "margin:0;color:var(--accent,#ffd166)";
  note.append("A new version of the toy is ready. ");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = "Reload";
  reload.onclick = () => location.reload();
  note.append(reload);
  (document.querySelector("header") ?? document.body).append(note);
}

/**
 * Calls `go` once the page has loaded and the toy has started (main.ts sets body[data-ready],
 * "1" or "error"): caching the build's files must not compete with the first boot.
 */
function whenStarted(go: () => void): void {
  let done = false;
  const check = () => {
    if (done || document.readyState !== "complete" || document.body.dataset.ready === undefined) return;
    done = true;
    watch.disconnect();
    window.removeEventListener("load", check);
    go();
  };
  const watch = new MutationObserver(check);
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  window.addEventListener("load", check);
  check();
}

/** Registers sw.js for the page's folder once the toy has started; never throws. */
export function registerOffline(): void {
  try {
    if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
    const sw = navigator.serviceWorker;
    // The page was loaded by a worker (or, on a first visit, the first worker has since taken
    // it over): a change of worker now is a new build.
    let loadedByWorker = sw.controller !== null;
    sw.addEventListener("controllerchange", () => {
      if (loadedByWorker) offerReload();
      loadedByWorker = true;
    });
    const register = () => {
      sw.register("sw.js", { scope: "./" }).catch((e: Error) => {
        // Not fatal: the page works online. Say it where developers look.
        console.info(`offline use unavailable: ${e.message}`);
      });
    };
    whenStarted(register);
  } catch {
    // A sandboxed or opaque origin can throw on navigator.serviceWorker: online only.
  }
}
