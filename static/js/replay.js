// The replay keeps its cards on the phone (templates/referee/replay.html, issue 25). Each tap posts the
// cards so far, and the answer holds them all: kept here after every answer (localStorage, by the game's
// link and hand, or the replay on its own), so a reload, going back or a closed tab loses no tap. Opened
// again with no cards, the page asks for the cards kept. "Clear" asks first; used for the sheet, they go.
(() => {
  "use strict";
  const PREFIX = "scorekeeper:replay:";  // a stored name: kept as first shipped
  const form = () => document.getElementById("replay");
  const start = form();
  if (!start || !start.dataset.keep) return;
  const store = PREFIX + start.dataset.keep;

  const kept = () => {
    try {
      const state = JSON.parse(localStorage.getItem(store));
      return state && typeof state.cards === "string" && state.cards ? state : null;
    } catch (e) {
      return null;
    }
  };
  const fields = (replay) => ({
    cards: replay.elements.cards?.value || "",
    leader: replay.elements.leader?.value,
    preset: replay.elements.preset?.value,
  });
  const keep = (replay) => {
    const state = fields(replay);
    try {
      if (state.cards) localStorage.setItem(store, JSON.stringify(state));
      else localStorage.removeItem(store);
    } catch (e) {
      // Storage full or refused (a private window): the replay still works, as before.
    }
  };

  // The game's hands before this one are on the sheet now: their replays can no longer be used.
  const [link, number] = start.dataset.keep.split(":");
  if (number && /^\d+$/.test(number)) {
    Object.keys(localStorage).forEach((name) => {
      const [, earlier] = name.slice(PREFIX.length).split(":");
      if (name.startsWith(`${PREFIX}${link}:`) && /^\d+$/.test(earlier) && Number(earlier) < Number(number)) {
        localStorage.removeItem(name);
      }
    });
  }

  // Opened again: the cards kept come back (the server replays them, as after a tap).
  const restore = kept();
  if (restore && !fields(start).cards) {
    start.elements.cards.value = restore.cards;
    for (const name of ["leader", "preset"]) {
      const select = start.elements[name];
      if (select && [...select.options].some((option) => option.value === restore[name])) select.value = restore[name];
    }
    document.addEventListener("htmx:load", () => htmx.trigger(start, "submit"), { once: true });
  }

  // The page as it opened (unless its cards are still to come back), and after every answer.
  if (!restore || fields(start).cards !== restore.cards) keep(start);
  document.addEventListener("htmx:afterSwap", () => { if (form()) keep(form()); });

  // "Clear" throws the cards away: asked first. Captured before htmx hears of the tap.
  document.addEventListener("click", (event) => {
    const clear = event.target.closest?.("#replay button[name=clear]");
    if (!clear || !fields(form()).cards || confirm(clear.dataset.confirm)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // Used for the sheet: the answer sends the phone to the sheet, and the cards are done with.
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    if (event.detail.elt?.id === "replay" && event.detail.xhr?.getResponseHeader("HX-Redirect")) localStorage.removeItem(store);
  });
})();
