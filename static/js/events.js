// The organiser's dashboard polls its #board every few seconds (the server answers 204 when nothing
// changed). A board swapped in while the organiser is choosing something would wipe it out, so:
// - while a form on the board holds a change not yet sent, or a field of it has the focus, the poll waits;
// - a section the organiser opened (<details> with an id) stays open across a swap.
(() => {
  const board = () => document.getElementById("board");
  const editing = (element) => element.dataset.editing === "1";

  document.addEventListener("input", (event) => {
    const here = board();
    if (here && here.contains(event.target) && event.target.form) here.dataset.editing = "1";
  });
  document.addEventListener("submit", (event) => {
    const here = board();
    if (here && here.contains(event.target)) delete here.dataset.editing;
  });
  document.addEventListener("htmx:beforeRequest", (event) => {
    const here = board();
    if (!here || event.detail.elt !== here) return;  // only the poll, never a form's own post
    const focused = document.activeElement;
    if (editing(here) || (here.contains(focused) && focused.matches("input, select, textarea"))) event.preventDefault();
  });
  let open = [];
  document.addEventListener("htmx:beforeSwap", (event) => {
    const here = board();
    // Only the poll's answer keeps them open: after the organiser's own save, the board shows what it did.
    const poll = event.detail.requestConfig && event.detail.requestConfig.elt === here;
    if (here && poll && event.detail.target === here) open = [...here.querySelectorAll("details[open][id]")].map((d) => d.id);
  });
  document.addEventListener("htmx:afterSwap", () => {
    for (const id of open) {
      const details = document.getElementById(id);
      if (details) details.open = true;
    }
    open = [];
  });
})();
