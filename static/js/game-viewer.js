// The public replayer: steps through the game's frames (board, scores, clocks at every step).
// The board is drawn once with every tile; a step hides the tiles placed after it.
(function () {
  "use strict";

  var frames = JSON.parse(document.getElementById("frames").textContent);
  var viewer = document.getElementById("viewer");
  var last = frames.length - 1;
  var step = last;

  function formatMs(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function show(n) {
    step = Math.max(0, Math.min(last, n));
    var f = frames[step];
    viewer.querySelectorAll("[data-ply]").forEach(function (el) {
      var ply = parseInt(el.dataset.ply, 10);
      var hidden = ply > f.plies;
      el.classList.toggle("future", hidden);
      el.classList.toggle("recent", ply === f.plies && f.action && f.action.type === "place");
    });
    // A row per seat and colour; partners (seats 0 and 2, 1 and 3) show their side's track.
    viewer.querySelectorAll("tr[data-seat][data-colour-index]").forEach(function (row) {
      var seat = parseInt(row.dataset.seat, 10);
      var side = f.scores[seat % f.scores.length];
      if (!side) return;
      var i = parseInt(row.dataset.colourIndex, 10);
      var value = side[i];
      var table = row.closest("[data-track]");
      var track = table ? parseInt(table.dataset.track, 10) || 18 : 18;
      row.querySelector(".fill").style.width = (Math.min(Math.max(value, 0), track) * 100 / track) + "%";
      row.querySelector(".num").textContent = value;
      row.classList.toggle("low", value === Math.min.apply(null, side));
      var low = viewer.querySelector('[data-lowest="' + seat + '"]');
      if (low) low.textContent = Math.min.apply(null, side);
    });
    // Whose turn it is after this step, at a table of four as at a board of two.
    viewer.querySelectorAll("[data-track-seat]").forEach(function (block) {
      block.classList.toggle("to-move", parseInt(block.dataset.trackSeat, 10) === f.to_move);
    });
    (f.clock_ms || []).forEach(function (ms, seat) {
      var el = viewer.querySelector('[data-view-clock="' + seat + '"]');
      if (el) el.textContent = formatMs(ms);
    });
    document.getElementById("step-no").textContent = step;
    document.getElementById("step-range").value = step;
    document.getElementById("step-text").textContent = step === 0 ? viewer.dataset.startText : viewer.dataset.stepText.replace("%s", step) + f.text;
    showJudgement(step);
    viewer.querySelectorAll(".move-list .move").forEach(function (b) {
      b.classList.toggle("current", parseInt(b.dataset.goto, 10) === step);
    });
  }

  // The engine's analysis (once the game is analysed): the step's judgement, the ghost of the
  // engine's placement when it differs from the one played, and the chart's cursor.
  function showJudgement(n) {
    var panels = viewer.querySelectorAll("[data-judged-step]");
    if (!panels.length) return;
    var found = false;
    panels.forEach(function (p) {
      var mine = p.dataset.judgedStep === String(n);
      p.hidden = !mine;
      found = found || mine;
    });
    var none = viewer.querySelector('[data-judged-step="none"]');
    if (none) none.hidden = found;
    viewer.querySelectorAll("[data-ghost-step]").forEach(function (g) {
      g.classList.toggle("shown", g.dataset.ghostStep === String(n));
    });
    var chart = viewer.querySelector("svg.win-chart");
    var cursor = chart && chart.querySelector("[data-chart-cursor]");
    if (cursor) {
      var box = chart.viewBox.baseVal;
      var pad = parseFloat(chart.dataset.pad);
      var x = pad + (box.width - 2 * pad) * n / parseInt(chart.dataset.steps, 10);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
  }

  viewer.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-step], [data-goto]");
    if (!b) return;
    if (b.dataset.goto !== undefined) return show(parseInt(b.dataset.goto, 10));
    var where = { first: 0, prev: step - 1, next: step + 1, last: last }[b.dataset.step];
    show(where);
  });
  document.getElementById("step-range").addEventListener("input", function (ev) {
    show(parseInt(ev.target.value, 10));
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") show(step - 1);
    else if (ev.key === "ArrowRight") show(step + 1);
    else if (ev.key === "Home") show(0);
    else if (ev.key === "End") show(last);
  });
  show(last);
})();
