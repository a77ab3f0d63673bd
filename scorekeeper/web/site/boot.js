// The phone build's start-up, on the page (Python runs in a worker):
// register the service worker, ask for persistent storage, and tell the
// worker's cache what this visit loaded.
"use strict";

// Settled once the Python worker runs the app (see jsConnect below).
let appRunningResolve;
const appRunning = new Promise((resolve) => (appRunningResolve = resolve));

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
        appRunningResolve();
      }
    };
  }
})();

// Register the service worker and start the app once it controls the page,
// so that every file of this visit is kept for offline starts as it loads
// (sw.js); where there is none (no secure context), start at once.
(function () {
  const start = () => {
    const script = document.createElement("script");
    script.src = "flutter_bootstrap.js";
    script.async = true;
    document.body.appendChild(script);
  };
  const ready = new Promise((resolve) => {
    if (document.body) resolve();
    else document.addEventListener("DOMContentLoaded", resolve, { once: true });
  });
  const controlled = (async () => {
    if (!("serviceWorker" in navigator)) return;
    try {
      await navigator.serviceWorker.register("sw.js");
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 10000); // never wait for ever: start online
      });
    } catch (e) {
      console.warn("Gin Scorekeeper: no offline copy:", e);
    }
  })();
  // The first visit's page came from the network, not cross-origin isolated
  // (sw.js): once the worker controls it, it is loaded again, from the
  // worker, before anything big was fetched (once: never a loop).
  const again = "scorekeeper-isolated-reload";
  Promise.all([ready, controlled]).then(() => {
    const isolate =
      "crossOriginIsolated" in window && !window.crossOriginIsolated &&
      navigator.serviceWorker && navigator.serviceWorker.controller &&
      !sessionStorage.getItem(again);
    if (!isolate) return start();
    sessionStorage.setItem(again, "1");
    location.reload();
  });
  // Keep the file checker for offline use too: it is not needed to start
  // (build.py), so it is fetched once the app runs, and only then imported
  // when a file must be checked (ui/browser.py); from the cache after that.
  if ("serviceWorker" in navigator) {
    window.addEventListener("flutter-first-frame", async () => {
      await navigator.serviceWorker.ready;
      await appRunning;
      fetch("validation.tar.gz").catch(() => {});
    }, { once: true });
  }
  // Storage the browser keeps when space runs low (Settings says which).
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then((kept) => kept || navigator.storage.persist());
  }
})();
