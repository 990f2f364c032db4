// Scorekeeper's service worker (served at /sw.js; README "Offline and on the home screen").
// It keeps the app's static files, the home page and the last version of each sheet opened, so
// that the app and a game open without a connection. It never touches a write: only GET
// requests are looked at, and only a sheet page (/games/<key>/), / or a static file is kept. The version in its address
// (/sw.js?v=...) changes with every deploy that changes a static file: the new worker then
// drops the caches of the old one.
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

// A page asks to keep itself and its files (it was loaded before this worker looked after it).
self.addEventListener("message", (event) => {
  const wanted = (event.data && event.data.keep) || [];
  const urls = wanted.map((url) => new URL(url, self.location)).filter((url) => url.origin === self.location.origin);
  event.waitUntil(Promise.all(urls.map((url) => {
    const sheet = SHEET.test(url.pathname);
    if (!sheet && !url.pathname.startsWith("/static/")) return null;
    return fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) return null;
      return caches.open(sheet ? SHEETS : FILES).then((cache) => cache.put(sheet ? url.pathname : url.href, response));
    }).catch(() => null);
  })));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // a write goes to the server, or fails: never an answer from here
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    // Hashed names: a file never changes under its name, so the kept copy is as good as new.
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(FILES).then((cache) => cache.put(request, copy));
      }
      return response;
    })));
  } else if (request.mode === "navigate" && SHEET.test(url.pathname)) {
    // A sheet: the server's, kept for later; without a connection, the last one kept.
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(SHEETS).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    }).catch(() => caches.open(SHEETS).then((cache) => cache.match(url.pathname)).then((kept) => kept || Response.error())));
  }
});
