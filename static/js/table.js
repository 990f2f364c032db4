// At the table: the app installs and opens without a connection (service worker), the screen
// stays on while a sheet with an entry form is open (Screen Wake Lock), the live poll rests
// while the tab is hidden, and a sheet without a connection says how old it is.
// Texts come from the page (data-* on <body> and on #offline), in its language.
(() => {
  "use strict";
  const body = document.body;

  // The service worker: only where browsers allow one (HTTPS, or this computer itself).
  if ("serviceWorker" in navigator && window.isSecureContext && body.dataset.serviceWorker) {
    navigator.serviceWorker.register(body.dataset.serviceWorker).then(() => navigator.serviceWorker.ready).then((ready) => {
      // This page and its files, for opening it again without a connection.
      const files = [location.pathname, ...Array.from(document.querySelectorAll("link[rel=stylesheet], script[src], link[rel=icon]"), (element) => element.href || element.src)];
      if (ready.active) ready.active.postMessage({ keep: files });
    }).catch(() => {});
  }

  // "Offline: the sheet as of 21:14", while the sheet cannot reach the server.
  const offline = document.getElementById("offline");
  const showOffline = (shown) => {
    if (!offline) return;
    if (shown) {
      const at = new Date(offline.dataset.at);
      const time = at.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
      offline.textContent = offline.dataset.text.replace("%(time)s", time);
    }
    offline.hidden = !shown;
  };
  if (!navigator.onLine) showOffline(true);
  window.addEventListener("offline", () => showOffline(true));
  document.addEventListener("htmx:sendError", (event) => { if (event.detail.elt.id === "live") showOffline(true); });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt.id === "live" && event.detail.successful) showOffline(false);
  });

  // The live poll rests while the tab is hidden, and asks at once when it is shown again.
  document.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt.id === "live" && document.hidden) event.preventDefault();
  });
  document.addEventListener("visibilitychange", () => {
    const live = document.getElementById("live");
    if (!document.hidden && live) htmx.trigger(live, "poll");
  });

  // Awake while you play: while a sheet with an entry form is open, unless switched off.
  const awake = document.getElementById("stay-awake");
  let lock = null;
  const wanted = () => awake && awake.checked && document.getElementById("entry") && !document.hidden;
  const hold = async () => {
    if (!wanted() || lock || !("wakeLock" in navigator)) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null;  // refused (battery saver, or not allowed here): the screen may dim
    }
  };
  if (awake) {
    if (!("wakeLock" in navigator) || !window.isSecureContext) {
      awake.closest(".awake").hidden = true;
    } else {
      awake.checked = localStorage.getItem("scorekeeper:awake") !== "off";
      awake.addEventListener("change", () => {
        localStorage.setItem("scorekeeper:awake", awake.checked ? "on" : "off");
        if (awake.checked) hold();
        else if (lock) lock.release();
      });
      document.addEventListener("visibilitychange", hold);  // the browser lets go when the tab is hidden
      hold();
    }
  }
})();
