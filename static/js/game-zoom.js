// Zoom the board to the cells in use (the default on narrow screens) or show the full board.
(function () {
  "use strict";
  var KEY = "ingenious-board-zoom";
  function zoomed() {
    var saved = null;
    try { saved = window.localStorage.getItem(KEY); } catch (e) { /* private mode */ }
    if (saved === "1" || saved === "0") return saved === "1";
    return window.innerWidth < 700;
  }
  function apply() {
    var on = zoomed();
    document.querySelectorAll("svg.board").forEach(function (svg) {
      var box = on ? svg.dataset.zoomBox : svg.dataset.fullBox;
      if (box) svg.setAttribute("viewBox", box);
    });
    document.querySelectorAll("[data-zoom]").forEach(function (b) {
      // Both words come from the page, in the reader's language.
      if (!b.dataset.zoomText) b.dataset.zoomText = b.textContent;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.textContent = on ? b.dataset.zoomedText : b.dataset.zoomText;
    });
  }
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest("[data-zoom]")) return;
    try { window.localStorage.setItem(KEY, zoomed() ? "0" : "1"); } catch (e) { return; }
    apply();
  });
  document.addEventListener("htmx:afterSwap", apply);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply);
  else apply();
})();
