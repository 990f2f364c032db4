// The organiser's dashboard polls its #board every few seconds (the server answers 204 when nothing
// changed). A board swapped in while the organiser is choosing something would wipe it out, so:
// - while a field on the board holds a value other than the one it came with, or has the focus,
//   the poll waits (a value typed and cleared again, or a section closed, lets it go on);
// - a section the organiser opened (<details> with an id) stays open across the poll's swap.
(() => {
  const board = () => document.getElementById("board");

  const changed = (field) => {
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") {
      // A select with no option marked selected shows its first one: that is its default then.
      const marked = [...field.options].findIndex((option) => option.defaultSelected);
      return field.selectedIndex !== Math.max(marked, 0);
    }
    return field.value !== field.defaultValue;
  };
  const choosing = (here) => {
    const focused = document.activeElement;
    if (here.contains(focused) && focused.matches("input, select, textarea")) return true;
    return [...here.querySelectorAll("input:not([type=hidden]), select, textarea")].some(changed);
  };

  document.addEventListener("htmx:beforeRequest", (event) => {
    const here = board();
    if (here && event.detail.elt === here && choosing(here)) event.preventDefault();  // the poll only
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
