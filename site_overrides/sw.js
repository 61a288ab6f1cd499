// The site's service worker: after a first visit, the game plays with the network off.
//
// The build (patience_gen.site.webassets.write_service_worker) writes this file to the site's root
// with BUILD defined above this line: the build's digest, which names the cache, and the
// files of the pyodide/ folder and the modules the engine's worker imports. A new build
// changes this file, so the browser installs the new worker, which fills a new cache and
// deletes the old ones.
//
// - On install: Pyodide's core, the lock file, the engine wheel, the snapshot and the modules
//   the engine's worker imports are cached, taken from the browser's HTTP cache when the page
//   has just loaded them.
// - A page that registers the worker sends the addresses of the files it used (itself
//   included), which are cached too when they are not yet: they were fetched before the
//   worker was there.
// - Requests: pages network first (a new build shows at once), falling back to the cache;
//   everything else from the cache first. Only this site's own files are handled. A page's
//   request is sent while the worker itself starts (navigation preload), so a second visit
//   does not wait for the worker before the page arrives.

const CACHE = `patience-${BUILD.digest}`;
const SCOPE = new URL(self.registration.scope);

function ours(url) {
  return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname);
}

async function keep(cache, addresses) {
  await Promise.all(
    addresses.map(async (address) => {
      const url = new URL(address, SCOPE);
      url.hash = "";
      if (!ours(url) || (await cache.match(url))) return; // kept already: not written again
      try {
        const response = await fetch(url, { cache: "force-cache" });
        if (response.ok) await cache.put(url, response);
      } catch {
        // offline or gone: the next visit tries again
      }
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => keep(cache, BUILD.files.map((name) => new URL(name, SCOPE).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("patience-") && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "keep" || !Array.isArray(message.urls)) return;
  const done = caches.open(CACHE).then((cache) => keep(cache, message.urls.map(String)));
  event.waitUntil(done.then(() => event.source && event.source.postMessage({ type: "kept" })));
});

// A response is handed over at once; keeping its copy in the cache goes on after (waitUntil).
async function fromNetworkFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const cached = await lookUp(cache, request);
    if (cached) return cached;
    throw error;
  }
}

// The cached answer for a request, the same address first: a match that ignores the query
// reads every entry of the cache, so it is tried only for an address that has one (a page's
// worker, say, kept under the query of another visit).
async function lookUp(cache, request) {
  const same = await cache.match(request);
  if (same || !new URL(request.url).search) return same;
  return cache.match(request, { ignoreSearch: true });
}

async function fromCacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const cached = await lookUp(cache, request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(cache.put(request, response.clone()));
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !ours(url)) return;
  if (request.mode === "navigate") event.respondWith(fromNetworkFirst(event));
  else event.respondWith(fromCacheFirst(event));
});
