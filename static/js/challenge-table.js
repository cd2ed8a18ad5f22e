// The Challenge table page: htmx swaps #challenge-live after every action (as on the board
// page). The server decides everything; this script only puts the focus where the arbiter
// works next and says what was recorded to a screen reader.
(function () {
  "use strict";

  var acted = false;
  var focusedId = "";

  function live() { return document.getElementById("challenge-live"); }

  // The first control of the seat to act now, or the line that says what is due (game over).
  function nextControl() {
    var el = live();
    if (!el) return null;
    return el.querySelector("#challenge-controls [data-next]") ||
      el.querySelector("#challenge-controls button:not([disabled]), #challenge-controls input:not([type=hidden]):not([disabled]), #challenge-controls select, #challenge-controls a.button") ||
      document.getElementById("now");
  }

  function announce() {
    var announcer = document.getElementById("challenge-announcer");
    var notice = document.querySelector("#table-messages [data-announce]");
    if (!announcer) return;
    announcer.textContent = "";
    if (notice) setTimeout(function () { announcer.textContent = notice.textContent; }, 50);
  }

  document.addEventListener("htmx:beforeRequest", function (ev) {
    var elt = ev.detail.elt;
    // A form or a link of the page (not the poll): the focus follows the game afterwards.
    acted = !!(elt && elt !== live() && elt.closest && elt.closest("#challenge-live"));
  });

  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    focusedId = active && active.id && live() && live().contains(active) ? active.id : "";
  });

  document.addEventListener("htmx:afterSwap", function () {
    if (!live()) return;
    announce();
    var target = null;
    if (acted) {
      target = nextControl();
    } else if (focusedId) {
      // a poll brought news: the control that had the focus keeps it if it is still there
      target = document.getElementById(focusedId) || nextControl();
    }
    acted = false;
    focusedId = "";
    if (target) target.focus({ preventScroll: false });
  });
})();
