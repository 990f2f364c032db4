// A save that cannot reach the server is kept on this phone and sent by itself when the
// connection is back (README "Offline and on the home screen"). Each save carries the write
// key of its form, so a save whose answer was lost and is sent again is stored once
// (scorekeeper/games/views/once.py). Texts come from the page (data-* on <body>), in its language.
(() => {
  "use strict";
  const body = document.body;
  const text = body.dataset;
  const game = (location.pathname.match(/^\/games\/([^/]+)\//) || [])[1];
  const store = game ? `scorekeeper:queue:${game}` : null;
  const BACKOFF = [1000, 2000, 5000, 10000, 30000, 60000];
  let failures = 0;
  let timer = null;
  let sending = false;
  let sendingSave = null;  // the kept save on its way, to recognise its answer

  const queued = () => {
    try {
      return JSON.parse(localStorage.getItem(store) || "[]");
    } catch (error) {
      return [];
    }
  };
  const keep = (saves) => {
    if (saves.length) localStorage.setItem(store, JSON.stringify(saves));
    else localStorage.removeItem(store);
  };

  // A new write key (22 URL-safe characters, 128 bits) for the next save made with a form.
  const newKey = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").slice(0, 22);
  };

  // What the player entered, in words, to show beside the sheet if another phone was first.
  const entered = (form) => {
    const title = form.querySelector("h2, h3");
    const parts = [];
    form.querySelectorAll("input:checked, input[type=number], input[type=text], input[inputmode], select").forEach((input) => {
      if (input.type === "hidden" || !input.value) return;
      const group = input.closest("fieldset");
      const name = group && group.querySelector("legend") ? group.querySelector("legend").textContent.trim() : "";
      const label = input.labels && input.labels[0] ? input.labels[0].textContent.trim() : input.value;
      const shown = input.tagName === "SELECT" ? input.selectedOptions[0].textContent.trim() : label;
      parts.push(name && name !== shown ? `${name}: ${shown}` : shown);
    });
    return [title ? title.textContent.trim() : "", parts.join(", ")].filter(Boolean).join(" – ");
  };

  const note = (form, message) => {
    if (!form) return;
    let line = form.querySelector(".queued");
    if (!line) {
      line = document.createElement("p");
      line.className = "queued notice";
      line.setAttribute("role", "status");
      form.prepend(line);
    }
    line.textContent = message;
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!store || !queued().length) return;
    timer = setTimeout(send, BACKOFF[Math.min(failures, BACKOFF.length - 1)]);
  };

  // Send the kept saves, oldest first, each with what the sheet shows now (#live), so its
  // answer brings only what this sheet lacks. A save the server answered is done, whatever it said.
  async function send() {
    if (sending || !store) return;
    sending = true;
    try {
      let saves = queued();
      while (saves.length) {
        const save = saves[0];
        const values = Object.fromEntries(save.fields);
        const live = document.getElementById("live");
        if (live) live.querySelectorAll("input").forEach((input) => { values[input.name] = input.value; });
        const source = document.querySelector("#entry") || body;
        sendingSave = save;
        try {
          await htmx.ajax("POST", save.url, { source, target: "#entry", swap: "outerHTML", values });
        } catch (error) {
          failures += 1;
          return;
        } finally {
          sendingSave = null;
        }
        failures = 0;
        saves = queued().filter((kept) => kept.key !== save.key);
        keep(saves);
      }
    } finally {
      sending = false;
      schedule();
    }
  }

  // A save that got no answer (no connection, or the answer lost on the way): keep it.
  const lost = (event) => {
    const config = event.detail.requestConfig;
    const form = event.detail.elt.closest ? event.detail.elt.closest("form") : null;
    if (!store || !config || config.verb !== "post" || !config.formData || !config.formData.get("write_key")) return;
    const fields = Array.from(config.formData.entries()).filter(([, value]) => typeof value === "string");
    const saves = queued().filter((kept) => kept.url !== config.path);  // a later save of the same form replaces it
    const key = config.formData.get("write_key");
    saves.push({ url: config.path, key, fields, at: Date.now(), entered: form ? entered(form) : "" });
    keep(saves);
    const input = form ? form.querySelector("input[name=write_key]") : null;
    if (input) input.value = newKey();  // the next save made with this form is a save of its own
    note(form, text.queuedText);
    schedule();
  };
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  // Another phone saved that hand first (409, the sheet's own conflict message): say beside it
  // what this phone had kept, so the table sees both.
  document.addEventListener("htmx:afterRequest", (event) => {
    const config = event.detail.requestConfig;
    if (!sendingSave || !config || !config.formData || config.formData.get("write_key") !== sendingSave.key) return;
    if (event.detail.xhr && event.detail.xhr.status === 409 && sendingSave.entered) {
      const messages = document.getElementById("messages");
      if (messages) {
        const line = document.createElement("p");
        line.className = "warning";
        line.textContent = `${text.conflictText} ${sendingSave.entered}`;
        messages.append(line);
      }
    }
  });

  window.addEventListener("online", () => { failures = 0; send(); });
  if (store && queued().length) {
    const form = document.querySelector("#entry form");
    note(form, text.queuedText);
    send();
  }
})();
