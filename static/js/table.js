// At the table: docs/guide.md "Offline and on the home screen". Texts: data-* of <body> and #offline.
(() => {
  "use strict";
  const body = document.body;
  const text = body.dataset;
  const game = (location.pathname.match(/^\/games\/([^/]+)\//) || [])[1];
  const store = game && `scorekeeper:queue:${game}`;  // a stored name: kept as first shipped
  const WAIT = [1, 2, 5, 10, 30, 60];  // seconds before trying again
  let failures = 0, timer = null, sending = null;

  const keptSaves = () => {
    try {
      const saves = JSON.parse(localStorage.getItem(store)) || [];
      return saves.filter((save) => save && typeof save.url === "string" && save.key && Array.isArray(save.fields));
    } catch (e) {
      return [];
    }
  };
  const keep = (saves) => saves.length ? localStorage.setItem(store, JSON.stringify(saves)) : localStorage.removeItem(store);
  const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, "-").replace(/\//g, "_").slice(0, 22);

  const entered = (form) => {
    const parts = [];
    form.querySelectorAll("input:checked, input[type=number], input[type=text], select").forEach((input) => {
      if (!input.value || input.hasAttribute("data-none")) return;  // data-none: an answer that says nothing (no revoke)
      // The question's words without its marks ("deals"), the way the history names the row.
      const legend = [...(input.closest("fieldset")?.querySelector("legend")?.childNodes || [])]
        .filter((part) => !part.classList?.contains("chip")).map((part) => part.textContent).join("").trim();
      const label = input.labels?.[0]?.textContent.trim();
      // A tapped choice says its question and answer ("Bob: 5"); a typed number its label and value ("Beate: 20").
      const [who, shown] = input.matches("[type=radio], [type=checkbox]") ? [legend, label || input.value]
        : [label || legend, input.tagName === "SELECT" ? input.selectedOptions[0].textContent : input.value];
      parts.push([who, shown.trim()].filter(Boolean).join(": "));
    });
    return [form.querySelector("h2, h3")?.textContent.trim(), parts.join(", ")].filter(Boolean).join(" – ");
  };

  const note = (form, said = text.notSavedText) => {
    if (!form) return;
    // Just above the button the finger is on.
    const button = [...form.querySelectorAll("button:not([type=button])")].pop();
    const line = form.querySelector(".not-saved") || (button || form).insertAdjacentElement(button ? "beforebegin" : "beforeend", document.createElement("p"));
    line.className = "not-saved";
    line.setAttribute("role", "status");
    line.textContent = said;
  };

  const later = () => {
    clearTimeout(timer);
    if (store && keptSaves().length) timer = setTimeout(send, 1000 * WAIT[Math.min(failures, WAIT.length - 1)]);
  };

  // Done when answered 2xx, 409 or 422; else tried again.
  async function send() {
    if (sending || !store) return;
    for (let saves = keptSaves(); saves.length; saves = keptSaves()) {
      const save = (sending = saves[0]);
      let status = 0;
      const target = save.target && document.querySelector(save.target);
      try {
        const values = Object.fromEntries(save.fields);
        // What the sheet shows, for an answer of what changed; with no place for it, the whole sheet comes.
        if (target) document.querySelectorAll("#live input").forEach((input) => { values[input.name] = input.value; });
        await htmx.ajax("POST", save.url, { source: target || body, target: target || body, swap: target ? save.swap : "none", values });
        status = save.status || 0;
      } catch (e) {
        status = 0;
      } finally {
        sending = null;
      }
      if (status === 0 || status === 429 || status >= 500) {
        failures += 1;
        break;
      }
      failures = 0;
      keep(keptSaves().filter((kept) => kept.key !== save.key));
      // Not a sheet's answer (a change undone on the history page): the poll brings the change.
      if (!target && status < 300) document.getElementById("live") ? htmx.trigger("#live", "poll") : location.reload();
    }
    later();
  }

  // Only a form's own post: a preview carries its fields too.
  const lost = (event) => {
    const config = event.detail.requestConfig;
    const form = event.detail.elt;
    const key = config?.verb === "post" && form.tagName === "FORM" && config.formData?.get("write_key");
    if (!store || !key) return;
    const saves = keptSaves().filter((kept) => kept.url !== config.path);
    const aim = event.detail.target;  // where htmx swaps the answer: found again by its id
    const target = /^[\w-]+$/.test(aim?.id || "") ? `#${aim.id}` : null;
    // The page's CSRF header goes with a replay (a kept token may be stale).
    const fields = [...config.formData].filter(([name, v]) => typeof v === "string" && name !== "csrfmiddlewaretoken");
    saves.push({ url: config.path, key, fields, target, swap: form.getAttribute("hx-swap") || "innerHTML", entered: entered(form) });
    keep(saves);
    const input = form.querySelector("[name=write_key]");
    if (input) input.value = newKey();
    note(form);
    later();
  };
  // Saved again by hand: the later save wins.
  document.addEventListener("htmx:configRequest", (event) => {
    const { elt, path, verb } = event.detail;
    if (!store || verb !== "post" || elt.tagName !== "FORM" || !elt.querySelector("[name=write_key]")) return;
    keep(keptSaves().filter((kept) => kept.url !== path));
    elt.querySelector(".not-saved")?.remove();
  });
  document.addEventListener("htmx:sendError", lost);
  // A proxy in front answered (the app restarting, overloaded): kept as if unsent. Any other
  // error page (a renewed link, a throttle, an expired page): what it says, at the form.
  document.addEventListener("htmx:responseError", (event) => {
    const { xhr, elt } = event.detail;
    if ([502, 503, 504].includes(xhr.status)) return lost(event);
    const said = new DOMParser().parseFromString(xhr.responseText, "text/html").querySelector("main p");
    if (elt.tagName === "FORM" && said) note(elt, said.textContent.trim());
  });
  document.addEventListener("htmx:timeout", lost);
  window.addEventListener("online", () => { failures = 0; send(); });

  // 409: say what this phone kept, too; and what its form held, beside who saved first (games/_conflict.html).
  // What a form held is read as it is sent: by the answer, htmx may have swapped it out of the page.
  let lost409 = "";
  const sentEntries = new WeakMap();
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt.closest?.("form");
    if (form && form.id !== "live") sentEntries.set(form, entered(form));
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const { xhr, elt, successful, requestConfig } = event.detail;
    if (elt.id === "live" && successful) showOffline(false);
    // The form that was sent (the event itself may come from a container, its form swapped out).
    const form = (requestConfig?.elt || elt).closest?.("form");
    if (xhr?.status === 409 && form && form.id !== "live") lost409 = sentEntries.get(form) ?? entered(form);
    if (!sending || requestConfig?.formData?.get("write_key") !== sending.key) return;
    sending.status = xhr?.status || 0;
    if (xhr?.status === 409 && sending.entered) {
      const line = document.createElement("p");
      line.className = "warning";
      line.textContent = `${text.conflictText} ${sending.entered}`;
      document.getElementById("messages")?.append(line);
    }
  });

  const offline = document.getElementById("offline");
  function showOffline(shown) {
    if (!offline) return;
    const time = new Date(offline.dataset.at).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
    offline.textContent = offline.dataset.text.replace("%(time)s", time);
    offline.hidden = !shown;
  }
  if (!navigator.onLine) showOffline(true);
  window.addEventListener("offline", () => showOffline(true));
  for (const failed of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(failed, (event) => { if (event.detail.elt.id === "live") showOffline(true); });
  }

  // The poll rests while hidden.
  document.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt.id === "live" && document.hidden) event.preventDefault();
  });
  document.addEventListener("visibilitychange", () => {
    const live = document.getElementById("live");
    if (live && !document.hidden) htmx.trigger(live, "poll");
  });

  // It keeps this page and its files, loaded before it was there.
  if ("serviceWorker" in navigator && window.isSecureContext && text.serviceWorker) {
    navigator.serviceWorker.register(text.serviceWorker).then(() => navigator.serviceWorker.ready).then((ready) => {
      const files = [...document.querySelectorAll("link[rel=stylesheet], link[rel=icon], script[src]")].map((e) => e.href || e.src);
      if (!navigator.serviceWorker.controller) ready.active?.postMessage({ keep: ["/", location.pathname, ...files] });
    }).catch(() => {});
  }

  // The kept copy follows the sheet: at most once a minute, and when hidden.
  let changed = false, keptAt = Date.now();
  const keepSheet = () => {
    if (!changed || !game || !navigator.serviceWorker?.controller) return;
    navigator.serviceWorker.controller.postMessage({ keep: [location.pathname] });
    changed = false;
    keptAt = Date.now();
  };
  const sheetChanged = () => {
    changed = true;
    if (Date.now() - keptAt > 60000) keepSheet();
  };
  body.addEventListener("sheet-changed", sheetChanged);
  // The save that won the game: its winner, at the top, into view (not the entry form's place).
  body.addEventListener("game-won", () => document.getElementById("standings")?.scrollIntoView());
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt.id === "live" && event.detail.xhr?.status === 200) sheetChanged();
  });
  document.addEventListener("visibilitychange", () => { if (document.hidden) keepSheet(); });

  const awake = document.getElementById("stay-awake");
  let lock = null;
  const hold = async () => {
    if (lock || !awake.checked || document.hidden || !document.querySelector("#entry form")) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (e) {
      lock = null;
    }
  };
  if (awake && (!("wakeLock" in navigator) || !window.isSecureContext)) {
    awake.closest(".awake").hidden = true;
  } else if (awake) {
    awake.checked = localStorage.getItem("scorekeeper:awake") !== "off";
    awake.addEventListener("change", () => {
      localStorage.setItem("scorekeeper:awake", awake.checked ? "on" : "off");
      if (awake.checked) hold(); else lock?.release();
    });
    document.addEventListener("visibilitychange", hold);
    document.addEventListener("htmx:afterSettle", () => (document.querySelector("#entry form") ? hold() : lock?.release()));
    hold();
  }

  // Signing out deletes what this phone kept (Clear-Site-Data), where browsers heed it.
  document.addEventListener("submit", (event) => {
    const ask = event.target.dataset.signOut;
    if (!ask || !window.isSecureContext) return;
    const waiting = Object.keys(localStorage).some((name) => name.startsWith("scorekeeper:queue:"));
    if (waiting && !confirm(ask)) event.preventDefault();
  });

  // The entry form sent afresh for the same hand (other bids offered now) keeps what was tapped;
  // one replaced as another phone saved it says so, if it had taps. A tap: a field unlike as sent.
  const tapped = (form) => [...form.elements].filter((f) => f.name && f.type !== "hidden" && (f.type === "radio" || f.type === "checkbox"
    ? f.checked !== f.defaultChecked : f.tagName === "SELECT" ? [...f.options].some((o) => o.selected !== o.defaultSelected) : f.value !== f.defaultValue));
  let taps = [], elsewhere = false, retap = null;
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const old = event.detail.target.id === "entry" && event.detail.target.querySelector("form");
    const fresh = old && event.detail.fragment.querySelector("form");
    const same = fresh && fresh.getAttribute("action") === old.getAttribute("action") && fresh.elements.number?.value === old.elements.number?.value;
    const changed = old ? tapped(old) : [];
    taps = same ? changed.map((f) => [f.name, f.type, f.type === "checkbox" ? f.checked : f.value]) : [];
    elsewhere = !same && changed.length > 0;
  });
  document.addEventListener("htmx:oobAfterSwap", (event) => {
    if (event.detail.target.id !== "entry") return;
    if (elsewhere) document.getElementById("saved-elsewhere")?.removeAttribute("hidden");
    const form = document.querySelector("#entry form");
    for (const [name, type, value] of form ? taps : []) {
      const field = type === "radio" ? form.querySelector(`[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`) : form.elements[name];
      if (!field || field instanceof RadioNodeList) continue;
      if (type === "radio") field.checked = true; else if (type === "checkbox") field.checked = value; else field.value = value;
      field.closest("details")?.setAttribute("open", "");  // a tap kept is seen (the revokes fold away)
      retap = field;
    }
    taps = [];
  });

  // A refused form (422): its first error in view, next to what the finger can change; another
  // phone was faster (409): why, in view (after htmx has scrolled to where the form's swap says).
  document.addEventListener("htmx:afterSettle", (event) => {
    const status = event.detail.xhr?.status;
    if (status === 409) {
      const mine = document.querySelector("#messages [data-mine]");
      if (mine && lost409) {
        mine.textContent = `${text.mineText} ${lost409}`;
        mine.hidden = false;
      }
      const said = document.querySelector("#messages .warning");
      setTimeout(() => said?.scrollIntoView({ block: "center" }));
    }
    if (status !== 422) return;
    const error = event.target.querySelector?.(".error, .errors") || document.querySelector("main .error, main .errors");
    setTimeout(() => error?.scrollIntoView({ block: "center" }));
  });

  const sticky = new ResizeObserver(([entry]) => {
    // Not the old totals an update has just taken out (0 high), only those on the page.
    if (entry.target.isConnected) document.documentElement.style.setProperty("--standings", `${entry.target.offsetHeight}px`);
  });

  // A tap on a row's answer opens the row again; its next answer closes it (one row at a time). In a
  // .skippable box (Spades) a tap on a waiting row's name opens it too, and the open row is .current.
  const markCurrent = (box) => {
    const current = box.querySelector(":scope > .changing") || [...box.children].find((row) => row.matches(".choices:not(:has(:checked))"));
    box.querySelectorAll(":scope > .current").forEach((row) => { if (row !== current) row.classList.remove("current"); });
    current?.classList.add("current");
  };
  document.addEventListener("click", (event) => {
    // The whole answered chip is the target, its name too, not only the answer's button in it.
    const chip = event.target.closest?.(".one-at-a-time > .choices:not(.changing):has(:checked)");
    const answer = chip?.querySelector(":scope > input:checked + label");
    const waiting = event.target.closest?.(".one-at-a-time.skippable > .choices:not(.current):not(:has(:checked))");
    const row = answer?.parentElement || waiting;
    if (!row) return;
    row.parentElement.querySelectorAll(".changing").forEach((other) => other.classList.remove("changing"));
    row.classList.add("changing");
    markCurrent(row.parentElement);
  });
  document.addEventListener("change", (event) => {
    const row = event.target.closest?.(".one-at-a-time > .choices");
    row?.classList.remove("changing");
    if (row) markCurrent(row.parentElement);
  });

  // A tap's answer that brings up the next question (the Mü trumps, say) on a small phone: that question, or
  // Save once all are answered, scrolled just into view, never past the sticky totals (issue 25).
  document.addEventListener("htmx:afterSettle", (event) => {
    const { elt, xhr, requestConfig } = event.detail;  // elt: what was swapped in; requestConfig.elt: what asked
    const form = elt?.closest?.("#entry form");
    const asker = requestConfig?.elt;
    // Only the answer to a tap on a question in turn (not a card counter's, nor the form's own save).
    if (!form || elt === form || xhr?.status !== 200 || !asker?.matches?.(".turns, :has(.turns)")) return;
    const next = form.querySelector(".turns > .choices.changing, .turns > .choices:not(:has(:checked))")
      || [...form.querySelectorAll("button:not([type=button])")].pop();
    if (!next) return;
    const box = next.getBoundingClientRect();
    const totals = document.getElementById("standings")?.getBoundingClientRect().bottom || 0;
    const below = box.bottom + 8 - innerHeight;
    if (below > 0) window.scrollBy({ top: Math.min(below, box.top - totals), behavior: "instant" });
  });

  // The clock (games/_clock.html): the seconds the server said were left, counted down here, so the
  // phone's own clock does not matter. At 0 it says time is up and, through the edit link, asks the
  // server to call time (the server decides by its own clock): once per entry stage, so an answer
  // that changed nothing is not asked again, but a hand put in play since is.
  let ticking = null, askedAt = null;
  // The clock's words may take another line in the sticky totals, or give one back: the page below moves
  // with them (the browser's scroll anchoring off for the change), so the form is never under them.
  const unanchored = () => {
    body.style.overflowAnchor = "none";
    setTimeout(() => { body.style.overflowAnchor = ""; }, 100);
  };
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const { target, fragment } = event.detail;  // only a game with a limit: the others keep the browser's ways
    if (target.id === "standings" && (target.querySelector(".limit") || fragment?.querySelector?.(".limit"))) unanchored();
  });
  const runClock = () => {
    clearInterval(ticking);
    const clock = document.getElementById("clock");
    const ask = () => {
      const call = document.getElementById("time-up");
      if (!call || askedAt === call.dataset.stage) return;
      askedAt = call.dataset.stage;
      htmx.trigger(call, "time-up");
    };
    if (!clock) return ask();  // time was up when the server answered
    askedAt = null;  // time is still running by the server's clock: asked again at 0
    const end = Date.now() + 1000 * Number(clock.dataset.left);
    const tick = () => {
      const left = Math.ceil((end - Date.now()) / 1000);
      if (left > 0) {
        const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
        clock.textContent = clock.dataset.text.replace("%(time)s", time);
        return;
      }
      clearInterval(ticking);
      unanchored();
      clock.textContent = clock.dataset.up;
      clock.classList.add("up");
      ask();
    };
    tick();
    ticking = setInterval(tick, 1000);
  };

  // Keys are made here: a cached page may hold used ones.
  htmx.onLoad((content) => {
    content.querySelectorAll("[name=write_key]").forEach((input) => { input.value = newKey(); });
    // The sticky totals' height, so a form scrolled into view starts just below them (app.css --standings).
    const standings = document.getElementById("standings");
    if (standings && content.contains(standings)) { sticky.disconnect(); sticky.observe(standings); runClock(); }
    // One row at a time (issue 25): without this script every row shows, as a plain form.
    [content, ...content.querySelectorAll(".turns")].forEach((box) => {
      if (!box.matches?.(".turns")) return;
      box.classList.add("one-at-a-time");
      markCurrent(box);
    });
    // Taps kept in a form sent afresh: asked again what they rule out, once htmx listens to the form.
    if (retap && content.contains(retap)) {
      retap.dispatchEvent(new Event("change", { bubbles: true }));
      retap = null;
    }
  });
  // Once htmx has read its settings.
  if (store && keptSaves().length) {
    note(document.querySelector("#entry form"));
    document.addEventListener("htmx:load", send, { once: true });
  }
})();
