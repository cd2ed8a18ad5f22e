// The arbiter's control room: each board's clocks count down between fetches (from the readings
// the server computed, never counted here), and the live part is not replaced while the arbiter
// is typing into one of its forms or has a board's actions open: it is fetched again once the
// actions are closed (push.js fetches it when the event's socket says something changed).
(function () {
  "use strict";

  var ticker = null;

  function formatMs(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function live() {
    return document.getElementById("control-live");
  }

  function startClocks() {
    var root = live();
    if (!root) return;
    if (ticker) clearInterval(ticker);
    var received = performance.now();
    var cards = Array.prototype.slice.call(root.querySelectorAll(".board-card[data-clock]"));
    var clocks = cards.map(function (card) {
      try { return { card: card, clock: JSON.parse(card.dataset.clock || "{}") }; } catch (e) { return null; }
    }).filter(Boolean);
    function tick() {
      clocks.forEach(function (c) {
        var clock = c.clock;
        if (!clock.readings_ms) return;
        clock.readings_ms.forEach(function (ms, seat) {
          var span = c.card.querySelector('[data-clock-seat="' + seat + '"]');
          if (!span) return;
          var left = ms;
          if (clock.running && clock.seat === seat) left = ms - (performance.now() - received);
          span.textContent = formatMs(left);
          span.classList.toggle("low-time", left < 60000);
        });
      });
    }
    tick();
    ticker = setInterval(tick, 250);
  }

  function busy(root) {
    if (root.querySelector("details[open]")) return true;
    var active = document.activeElement;
    return !!(active && root.contains(active) && active.closest("form"));
  }

  document.addEventListener("htmx:beforeRequest", function (ev) {
    var root = live();
    if (root && ev.detail.elt === root && busy(root)) ev.preventDefault();
  });

  document.addEventListener("toggle", function (ev) {
    var root = live();
    var details = ev.target;
    if (!root || !details || details.tagName !== "DETAILS" || details.open) return;
    if (!busy(root) && window.htmx) window.htmx.trigger(root, "refresh");
  }, true);

  document.addEventListener("DOMContentLoaded", startClocks);
  document.addEventListener("htmx:load", function (ev) {
    if (ev.detail.elt && ev.detail.elt.id === "control-live") startClocks();
  });
})();
