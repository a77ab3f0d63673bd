// The phone build's service worker (written by `scorekeeper build-web`).
// Versioned by the content of the site. Cache-first for every same-origin
// GET; a navigation is answered with the cached index.html, so the app starts
// with no network at all.
//
// Bytes: on the first visit the page waits until this worker controls it
// (boot.js) before it loads the app, so every file the page loads is kept
// as it passes (the fetch handler) and nothing big is downloaded twice;
// install fetches only the small files the page loaded before that. On an
// update, install fills the new cache with every file the old one held,
// then waits until no tab runs the old build;
// taking each file whose content did not change from the old cache instead
// of the network, so the app keeps working offline whenever the update lands.
"use strict";
const VERSION = "__VERSION__";
const CACHE = "scorekeeper-" + VERSION;
// Every file of the site: its path and a hash of its content.
const FILES = __FILES__;
// The files the page loads before this worker controls it.
const EARLY = __EARLY__;
// Where each cache keeps the FILES it was filled for.
const MANIFEST = "__files.json";

async function previousCache() {
  for (const name of await caches.keys()) {
    if (!name.startsWith("scorekeeper-") || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(MANIFEST);
    if (manifest) return { cache, files: await manifest.json() };
  }
  return null;
}

async function fetchInto(cache, path) {
  // "no-cache": revalidated, never an older build's file from the HTTP cache
  const response = await fetch(new Request(path, { cache: "no-cache" }));
  if (!response.ok) throw new Error(path + ": " + response.status);
  await cache.put(path, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const old = await previousCache();
      // An update: what this browser had kept (only one of the web client's
      // builds is ever loaded), new or changed; a first install: EARLY.
      const had = old ? new Set((await old.cache.keys()).map((r) => key(new URL(r.url)))) : null;
      const paths = old ? Object.keys(FILES).filter((p) => had.has(p) || EARLY.includes(p)) : EARLY;
      for (const path of paths) {
        const same = old && old.files[path] === FILES[path] && (await old.cache.match(path));
        if (same) await cache.put(path, same);
        else await fetchInto(cache, path);
      }
      await cache.put(MANIFEST, new Response(JSON.stringify(FILES)));
      // A first install takes over at once (the page waits for it, boot.js).
      // An update waits until no tab runs the old build, so no page ever
      // mixes files of two builds; the next start is the new build, and the
      // app says "Updated" (ui/browser.py).
      if (!old) await self.skipWaiting();
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

// Every answer says "cross-origin isolated", as Flet's own server does: the
// page may then share memory with its workers, and Flutter's skwasm renderer
// draws on a thread of its own instead of the page's (bench_phone, tap New
// game -> next screen drawn: p50 237 ms before, 187-199 ms after). A static
// host sends no such headers; this worker answers every request of the
// site, so it adds them.
const ISOLATED = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};
const NO_BODY = [101, 204, 205, 304];

function isolated(response) {
  if (response.type !== "basic" || NO_BODY.includes(response.status)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATED)) headers.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function key(url) {
  // the path within the site, as FILES has it ("./" for the page itself)
  const scope = new URL(self.registration.scope);
  const path = url.pathname.slice(scope.pathname.length);
  return path === "" || path === "index.html" ? "./" : path;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const path = request.mode === "navigate" ? "./" : key(url);
      const hit = await cache.match(path);
      if (hit) return isolated(hit);
      const response = await fetch(request);
      if (response.ok && response.type === "basic" && path in FILES) {
        await cache.put(path, response.clone());
      }
      return isolated(response);
    })()
  );
});
