// The phone build's service worker (written by `scorekeeper build-web`).
// Versioned by the content of the site: a new build installs a new cache,
// takes over, and deletes the old one. Cache-first for every same-origin GET;
// a navigation is answered with the cached index.html, so the app starts
// with no network at all.
"use strict";
const VERSION = "__VERSION__";
const CACHE = "scorekeeper-" + VERSION;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidated with the server, never an older build's file
      // from the HTTP cache.
      await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("scorekeeper-") && name !== CACHE) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })()
  );
});

// The page sends the addresses it loaded before this worker controlled it
// (the CanvasKit build the browser picked, among them): kept too.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.cacheUrls) || [];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of urls) {
        const u = new URL(url, self.location.href);
        if (u.origin !== self.location.origin) continue;
        if (await cache.match(u.pathname, { ignoreSearch: true })) continue;
        try {
          const response = await fetch(u.pathname);
          if (response.ok) await cache.put(u.pathname, response);
        } catch (e) {
          // offline already: it is fetched and kept at the next visit
        }
      }
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      const hit = await cache.match(url.pathname, { ignoreSearch: true });
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && response.type === "basic") {
        await cache.put(url.pathname, response.clone());
      }
      return response;
    })()
  );
});
