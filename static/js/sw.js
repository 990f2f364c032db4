// Scorekeeper's service worker (served at /sw.js; docs/guide.md "Offline and on the home screen").
// It keeps the app's static files, the home page and the last version of each sheet opened, so
// that the app and a game open without a connection. It never touches a write: only GET
// requests are looked at, and only a sheet page (/games/<key>/), / or a static file is kept.
// The version in its address (/sw.js?v=...) changes with every deploy that changes a static
// file: the new worker then drops the caches of the old one.
"use strict";
const VERSION = new URL(self.location).searchParams.get("v") || "0";
const FILES = `scorekeeper-files-${VERSION}`;
const SHEETS = `scorekeeper-sheets-${VERSION}`;
// A sheet (its link key's shape), or the home page the app opens at.
const SHEET = /^\/(games\/[A-Za-z0-9_-]{24}\/)?$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== FILES && name !== SHEETS).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The game's version a sheet page was made at (its live poll's "?v=", #live); -1 for none (the home page).
const versionOf = (text) => Number((/id="live"[^>]*\?v=(\d+)/.exec(text) || [])[1] ?? -1);
// Keep a page under ``key``, but never an older sheet over a newer one: a slow answer to an earlier
// request (a reload, a keep asked before the last save) may come after the answer to a later one.
const keep = (cacheName, key, response) => caches.open(cacheName).then(async (cache) => {
  if (cacheName === SHEETS) {
    const [kept, text] = await Promise.all([cache.match(key), response.clone().text()]);
    if (kept && versionOf(await kept.text()) > versionOf(text)) return null;
  }
  return cache.put(key, response);
});

// A page asks to keep itself and its files (it was loaded before this worker looked after it).
self.addEventListener("message", (event) => {
  const wanted = (event.data && event.data.keep) || [];
  const urls = wanted.map((url) => new URL(url, self.location)).filter((url) => url.origin === self.location.origin);
  event.waitUntil(Promise.all(urls.map((url) => {
    const sheet = SHEET.test(url.pathname);
    if (!sheet && !url.pathname.startsWith("/static/")) return null;
    return fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) return null;
      return keep(sheet ? SHEETS : FILES, sheet ? url.pathname : url.href, response);
    }).catch(() => null);
  })));
});

// Django's hashed names (css/app.4f2a9c1e0b7d.css): such a file never changes under its name.
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9.]+$/;
// How long a page waits for a server that does not answer (Wi-Fi without internet) when a copy is kept.
const PATIENCE = 4000;

// The server's answer, kept for later; without a connection, or after PATIENCE ms, the copy kept.
const networkFirst = (event, cacheName, key, fresh = false) => {
  // A sheet asks the server itself, never the browser's HTTP cache: a copy from there, made before the
  // last save, would pass for the server's answer when offline and be shown (and kept) over the newer one.
  const fromServer = fresh ? fetch(event.request.url, { credentials: "same-origin", cache: "no-store" }) : fetch(event.request);
  // Kept even when the answer comes after the kept copy was shown (the worker stays up for it).
  event.waitUntil(fromServer.then((response) => {
    if (!response.ok) return null;
    const copy = response.clone();  // now, before the page reads the body
    return keep(cacheName, key, copy);
  }).catch(() => null));
  return new Promise((resolve) => {
    const fromPhone = () => caches.open(cacheName).then((cache) => cache.match(key))
      .then((kept) => kept || fromServer).then(resolve, () => resolve(Response.error()));
    const timer = setTimeout(fromPhone, PATIENCE);
    fromServer.then((response) => { clearTimeout(timer); resolve(response); }, () => { clearTimeout(timer); fromPhone(); });
  });
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // a write goes to the server, or fails: never an answer from here
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/") && HASHED.test(url.pathname)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(FILES).then((cache) => cache.put(request, copy));
      }
      return response;
    })));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(event, FILES, request));  // unhashed while developing (DEBUG): may change
  } else if (request.mode === "navigate" && SHEET.test(url.pathname)) {
    event.respondWith(networkFirst(event, SHEETS, url.pathname, true));
  }
});
