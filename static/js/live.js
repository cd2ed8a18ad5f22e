// Live pages: clocks count down in the browser from the server's last reading (the server alone
// decides a flag), and the projector cycles its screens.
(function () {
  "use strict";

  function format(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const minutes = Math.floor(total / 60);
    return minutes + ":" + String(total % 60).padStart(2, "0");
  }

  // The server's clock minus this browser's, from the last response that said the server's time.
  // A CDN may answer with a copy made a moment ago: its Age (whole seconds) says how long ago.
  let offset = 0;
  function learnServerTime(serverMs, age) {
    if (!serverMs || Number.isNaN(Number(serverMs))) return;
    const since = Number(age) > 0 ? Number(age) * 1000 : 0;
    offset = Number(serverMs) + since - Date.now();
  }

  function tick() {
    const serverNow = Date.now() + offset;
    document.querySelectorAll("[data-clock-ms]").forEach(function (el) {
      const reading = Number(el.dataset.clockMs);
      const at = Number(el.dataset.atMs || serverNow);
      const since = el.dataset.running === "1" ? Math.max(0, serverNow - at) : 0;
      const left = reading - since;
      el.textContent = format(left);
      el.classList.toggle("low", left < 60000);
    });
  }

  let screenIndex = 0;
  function showScreen() {
    const screens = document.querySelectorAll("#projector .screen");
    if (!screens.length) return;
    screenIndex = screenIndex % screens.length;
    screens.forEach(function (el, i) { el.classList.toggle("active", i === screenIndex); });
  }

  function start() {
    const meta = document.querySelector('meta[name="server-ms"]');
    if (meta) learnServerTime(meta.content);
    tick();
    setInterval(tick, 250);
    const projector = document.getElementById("projector");
    if (projector) {
      const seconds = Number(projector.dataset.seconds || 15);
      setInterval(function () { screenIndex += 1; showScreen(); }, seconds * 1000);
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail && event.detail.xhr;
    if (xhr) learnServerTime(xhr.getResponseHeader("X-Server-Ms"), xhr.getResponseHeader("Age"));
  });
  document.addEventListener("htmx:afterSwap", function () {
    tick();
    showScreen();
  });
})();
