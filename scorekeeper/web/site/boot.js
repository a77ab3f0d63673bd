// The phone build's start-up, on the page (Python runs in a worker):
// register the service worker, ask for persistent storage, and tell the
// worker's cache what this visit loaded.
"use strict";
(function () {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", async () => {
    try {
      const registration = await navigator.serviceWorker.register("sw.js");
      await navigator.serviceWorker.ready;
      const urls = performance.getEntriesByType("resource").map((e) => e.name);
      const worker = registration.active || navigator.serviceWorker.controller;
      if (worker) worker.postMessage({ cacheUrls: urls });
    } catch (e) {
      console.warn("Gin Scorekeeper: no offline copy:", e);
    }
  });
  window.addEventListener("flutter-first-frame", async () => {
    // Loaded later than "load": keep what the first frame needed too.
    const registration = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType("resource").map((e) => e.name);
    if (registration.active) registration.active.postMessage({ cacheUrls: urls });
  }, { once: true });
  // Storage the browser keeps when space runs low (Settings says which).
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then((kept) => kept || navigator.storage.persist());
  }
})();
