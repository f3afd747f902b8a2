// The customer site's service worker (built into sw.js by service-worker/plugin.ts, which fills in the
// version and the files). It keeps the app shell and the offline page, and answers a page the network
// cannot fetch with the offline page. It never stores an API answer, a picture or a page: nothing personal.
const VERSION = "__VERSION__";
/** The shell's scripts and styles, the offline page and its files, relative to the site's base. */
const PRECACHE = __PRECACHE__;
const OFFLINE_PAGE = "offline.html";
const CACHE = `visadesk-book-${VERSION}`;
const base = new URL("./", self.location.href);
const precached = new Set(PRECACHE.map((file) => new URL(file, base).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "reload": the server's copy, never the HTTP cache's.
      .then((cache) =>
        cache.addAll(PRECACHE.map((file) => new Request(new URL(file, base), { cache: "reload" }))),
      )
      .then(() => self.skipWaiting()),
  );
});

// A new deploy's worker takes over at once and drops the previous one's files.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("visadesk-book-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages always come from the network; only when it fails, the offline page.
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match(new URL(OFFLINE_PAGE, base).href))
          .then((page) => page ?? Response.error()),
      ),
    );
    return;
  }
  // The shell's files by their exact address; everything else (the API, pictures) is left to the network.
  if (precached.has(request.url)) {
    event.respondWith(caches.match(request.url, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
  }
});
