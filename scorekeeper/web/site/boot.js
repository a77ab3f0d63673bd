// The phone build's start-up, on the page (Python runs in a worker):
// register the service worker, ask for persistent storage, and tell the
// worker's cache what this visit loaded.
"use strict";

// What the page shows until Python has started (the first visit takes 10-15 s,
// a start from the phone's own copy 5-10 s): Flutter's first frame comes long
// before, and Flet's own "Working..." says nothing of what it waits for.
(function () {
  const TEXTS = {
    en: ["Loading Gin Scorekeeper…", "Starting Python on this device…"],
    lv: ["Ielādē Gin Scorekeeper…", "Šajā ierīcē startē Python…"],
    fi: ["Ladataan Gin Scorekeeperia…", "Käynnistetään Pythonia tällä laitteella…"],
    uk: ["Завантаження Gin Scorekeeper…", "Запуск Python на цьому пристрої…"],
  };
  const lang = (navigator.language || "en").slice(0, 2).toLowerCase();
  const text = TEXTS[lang] || TEXTS.en;
  const box = document.createElement("div");
  box.id = "boot";
  box.setAttribute("role", "status");
  box.style.cssText =
    "position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;" +
    "justify-content:center;gap:16px;background:#F7FAF2;color:#2E7D32;" +
    "font:16px sans-serif;z-index:10;pointer-events:none";
  box.innerHTML =
    '<img src="icons/icon-192.png" alt="" style="width:96px;height:96px">' +
    '<p id="boot-text" style="margin:0"></p>' +
    '<progress style="width:60%;max-width:240px;accent-color:#2E7D32"></progress>';
  box.querySelector("#boot-text").textContent = text[0];
  const show = () => document.body.appendChild(box);
  if (document.body) show();
  else document.addEventListener("DOMContentLoaded", show, { once: true });
  // python.js defines jsConnect, which Flet's client calls to start the
  // Python worker; it returns once the app runs.
  const connect = globalThis.jsConnect;
  if (typeof connect === "function") {
    globalThis.jsConnect = async function (...args) {
      box.querySelector("#boot-text").textContent = text[1];
      try {
        return await connect.apply(this, args);
      } finally {
        box.remove();
      }
    };
  }
})();

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
