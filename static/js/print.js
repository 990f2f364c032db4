// The printable score sheet's "Print" button (a file, not inline script: the Content-Security-Policy forbids inline).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
