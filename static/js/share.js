// The Share page's buttons (templates/games/share.html): a link goes out through the phone's own
// share sheet (Web Share API) where there is one, else it is copied (the clipboard; on plain HTTP,
// where the clipboard API is missing, the selected field).
document.querySelectorAll("[data-share]").forEach((button) => {
  const field = document.getElementById(button.dataset.share);
  const said = button.nextElementSibling;
  if (!navigator.share) button.textContent = button.dataset.copyLabel;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      if (navigator.share) {
        await navigator.share({ title: document.title, url: field.value });
        return;
      }
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(field.value);
      } else {
        field.select();
        document.execCommand("copy");
      }
      said.textContent = button.dataset.copied;
    } catch (e) {
      said.textContent = "";  // the share sheet closed, or copying refused: the field is still there
    }
  });
});
