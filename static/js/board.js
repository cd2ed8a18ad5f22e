// The arbiter's board page: tile picker, two-cell selection with a points preview, the clocks
// counting down between the server's readings. The server decides everything (legality,
// flags): this script only shows and submits. htmx swaps #game-live after every entry.
//
// By keyboard the focus goes where the arbiter works next: a tile chosen, to the board; the
// second cell chosen and legal, to Confirm; after Start clocks, Resume or a press, to the
// board; after a placement that ends the turn, to Press clock (one that leaves a bonus
// placement owed, to the board); after Pause, to Resume. The skip link, the page's first Tab
// stop, goes to the board.
(function () {
  "use strict";

  var COLOUR_NAMES = { R: "red", G: "green", B: "blue", O: "orange", Y: "yellow", P: "purple" };
  var tile = "";
  var cells = [];
  var ticker = null;
  var lastRefresh = 0;
  // A cell picked by keyboard that completes the pair: Confirm takes the focus once the
  // preview finds the placement legal (never for a mouse or a finger, whose focus stays put).
  var confirmWhenLegal = false;

  function live() { return document.getElementById("game-live"); }
  function $(id) { return document.getElementById(id); }

  // ------------------------------------------------------------------ the clocks

  function formatMs(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function startClocks() {
    var el = live();
    if (!el) return;
    if (ticker) clearInterval(ticker);
    var clock;
    try { clock = JSON.parse(el.dataset.clock || "{}"); } catch (e) { return; }
    var received = performance.now();
    function tick() {
      if (!clock.readings_ms) return;
      clock.readings_ms.forEach(function (ms, seat) {
        var span = el.querySelector('[data-clock-seat="' + seat + '"]');
        if (!span) return;
        var left = ms;
        if (clock.running && clock.seat === seat) left = ms - (performance.now() - received);
        span.textContent = formatMs(left);
        span.classList.toggle("low-time", left < 60000);
        // The browser never decides a flag: at zero it only asks the server to look.
        if (left <= 0 && clock.running && clock.seat === seat && performance.now() - lastRefresh > 1500) {
          lastRefresh = performance.now();
          if (window.htmx) window.htmx.trigger(el, "refresh");
        }
      });
    }
    tick();
    ticker = setInterval(tick, 200);
  }

  // ------------------------------------------------------------------ the server's time

  // A clock operation is charged when it was made here, not when it reaches the server
  // (docs/clocks.md): it goes with that moment in the server's time (client_at). The offset
  // to the server's clock is estimated as lichess's clients do, from every answer that gives
  // the server's time (X-Server-Ms, the polls' too): offset = server - (sent + received) / 2,
  // from the sample of the shortest round trip among the latest (a tablet that slept soon has
  // fresh ones). No sample yet: nothing is sent, and the server charges on arrival.
  var CLOCK_OPS = { start: true, press: true, pause: true, resume: true, adjust: true };
  var SAMPLES_KEPT = 10;
  var samples = [];
  var sentAt = new WeakMap();

  function here() { return performance.timeOrigin + performance.now(); }

  function serverTime(at) {
    var best = null;
    samples.forEach(function (s) { if (!best || s.rtt < best.rtt) best = s; });
    return best ? Math.round(at + best.offset) : null;
  }

  // When the arbiter acted: the event that sent the form (its time stamp counts from the
  // page's time origin), else now.
  function madeAt(trigger) {
    var stamp = trigger && trigger.timeStamp;
    return stamp > 0 && stamp <= performance.now() ? performance.timeOrigin + stamp : here();
  }

  document.addEventListener("htmx:beforeSend", function (ev) {
    if (ev.detail.xhr) sentAt.set(ev.detail.xhr, here());
  });

  document.addEventListener("htmx:beforeOnLoad", function (ev) {
    var xhr = ev.detail.xhr, sent = xhr && sentAt.get(xhr);
    var server = xhr && Number(xhr.getResponseHeader("X-Server-Ms"));
    if (!sent || !server) return;
    var received = here();
    samples.push({ rtt: received - sent, offset: server - (sent + received) / 2 });
    if (samples.length > SAMPLES_KEPT) samples.shift();
  });

  // ------------------------------------------------------------------ selection and preview

  function syncExpected() {
    var el = live();
    if (!el) return;
    document.querySelectorAll("input.expected-index").forEach(function (input) {
      input.value = el.dataset.expectedIndex;
    });
  }

  function paintSelection() {
    document.querySelectorAll(".board .cell.selected").forEach(function (g) {
      g.classList.remove("selected", "first", "second");
    });
    document.querySelectorAll('.board.interactive .cell[aria-pressed="true"]').forEach(function (g) {
      g.setAttribute("aria-pressed", "false");
    });
    cells.forEach(function (name, i) {
      var g = document.querySelector('.board [data-cell="' + name + '"]');
      if (!g) return;
      g.classList.add("selected", i === 0 ? "first" : "second");
      if (g.getAttribute("role") === "button") g.setAttribute("aria-pressed", "true");
    });
    document.querySelectorAll(".tile-choice").forEach(function (b) {
      var on = tile && (b.dataset.tile === tile || b.dataset.tile === tile[1] + tile[0]);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("flipped", !!(on && b.dataset.tile !== tile));
    });
    var selTile = $("sel-tile"), selCells = $("sel-cells");
    if (selTile) selTile.textContent = tile ? tile + " (" + COLOUR_NAMES[tile[0]] + " first)" : "—";
    if (selCells) selCells.textContent = cells.length ? cells.join(" ") : "—";
    $("place-tile") && ($("place-tile").value = tile);
    $("place-cell1") && ($("place-cell1").value = cells[0] || "");
    $("place-cell2") && ($("place-cell2").value = cells[1] || "");
    // Nothing to clear, no stop for Tab on the way from the board to the tiles.
    var clear = $("clear-selection");
    if (clear) clear.disabled = !tile && !cells.length;
  }

  function clearSelection() {
    tile = "";
    cells = [];
    var p = $("preview");
    if (p) { p.textContent = ""; p.className = "preview"; }
    var c = $("confirm");
    if (c) c.disabled = true;
    paintSelection();
  }

  function preview() {
    var confirm = $("confirm"), out = $("preview"), el = live();
    if (!confirm || !out || !el) return;
    confirm.disabled = true;
    if (!tile || cells.length !== 2) { out.textContent = ""; return; }
    var url = el.dataset.previewUrl + "?tile=" + encodeURIComponent(tile) +
      "&cells=" + encodeURIComponent(cells.join(","));
    out.textContent = "…";
    out.className = "preview";
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (!res.ok) {
          out.textContent = res.body.detail || "Not a legal placement.";
          out.className = "preview error";
          return;
        }
        var parts = Object.keys(res.body.points).map(function (c) {
          return COLOUR_NAMES[c] + " +" + res.body.points[c];
        });
        var text = tile + " on " + cells.join(" ") + " scores " + (parts.join(", ") || "0");
        if (res.body.bonus) text += ": bonus placement!";
        out.textContent = text;
        out.className = "preview ok";
        confirm.disabled = false;
        var active = document.activeElement;
        if (confirmWhenLegal && active && active.closest && active.closest("svg.board.interactive")) {
          confirm.focus();
        }
        confirmWhenLegal = false;
      })
      .catch(function () { out.textContent = "Preview unavailable; the server will still check."; confirm.disabled = false; });
  }

  document.addEventListener("click", function (ev) {
    var choice = ev.target.closest(".tile-choice");
    if (choice) {
      var k = choice.dataset.tile;
      // A second click on the same kind turns the tile round.
      if (tile === k && k[0] !== k[1]) tile = k[1] + k[0];
      else if (tile === k[1] + k[0] && k[0] !== k[1]) tile = k;
      else tile = k;
      confirmWhenLegal = false;
      paintSelection();
      preview();
      // Chosen by keyboard (Enter or Space: a click of no mouse button), the tile goes next on
      // the board; the order of its two cells says which colour goes where.
      if (ev.detail === 0) focusBoard();
      return;
    }
    if (ev.target.closest("#clear-selection")) { clearSelection(); return; }
    var cell = ev.target.closest(".board.interactive .cell.in-use");
    if (cell) { confirmWhenLegal = false; pickCell(cell); }
  });

  function pickCell(cell) {
    makeTabStop(cell);
    if (cell.classList.contains("placed") || cell.classList.contains("start")) return;
    var name = cell.dataset.cell;
    var at = cells.indexOf(name);
    if (at >= 0) cells.splice(at, 1);
    else if (cells.length >= 2) cells = [name];
    else cells.push(name);
    paintSelection();
    preview();
  }

  // ------------------------------------------------------------------ the board by keyboard

  // Cells are named by row letter (A-O) and number (1-15); on the axial grid the number is
  // q + 8 and the letter r + 7. Up then down comes back to the same cell.
  var ROWS = "ABCDEFGHIJKLMNO";
  var STEPS = {
    ArrowLeft: [[-1, 0]], ArrowRight: [[1, 0]],
    ArrowUp: [[0, -1], [1, -1]], ArrowDown: [[0, 1], [-1, 1]]
  };
  var focusedCell = "";

  function boardCell(name) {
    return document.querySelector('svg.board.interactive .cell.in-use[data-cell="' + name + '"]');
  }

  function neighbour(cell, key) {
    var name = cell.dataset.cell;
    var r = ROWS.indexOf(name[0]), q = parseInt(name.slice(1), 10);
    var steps = STEPS[key];
    for (var i = 0; i < steps.length; i++) {
      var row = ROWS[r + steps[i][1]];
      var found = row && boardCell(row + (q + steps[i][0]));
      if (found) return found;
    }
    return null;
  }

  function makeTabStop(cell) {
    document.querySelectorAll('svg.board.interactive .cell[tabindex="0"]').forEach(function (g) {
      if (g !== cell) g.setAttribute("tabindex", "-1");
    });
    cell.setAttribute("tabindex", "0");
    focusedCell = cell.dataset.cell;
  }

  document.addEventListener("keydown", function (ev) {
    var cell = ev.target.closest && ev.target.closest("svg.board.interactive .cell.in-use");
    if (!cell) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      pickCell(cell);
      confirmWhenLegal = !!tile && cells.length === 2;
    } else if (STEPS[ev.key]) {
      ev.preventDefault();
      var next = neighbour(cell, ev.key);
      if (next) { makeTabStop(next); next.focus(); }
    }
  });

  document.addEventListener("focusin", function (ev) {
    var cell = ev.target.closest && ev.target.closest("svg.board.interactive .cell.in-use");
    if (cell) makeTabStop(cell);
  });

  // The board's one tab stop; a board that is only to be read (a game over) is focused whole.
  function focusBoard() {
    var stop = document.querySelector('svg.board.interactive .cell.in-use[tabindex="0"]');
    if (stop) { makeTabStop(stop); stop.focus(); return true; }
    var whole = $("the-board");
    if (whole) whole.focus();
    return !!whole;
  }

  document.addEventListener("click", function (ev) {
    var skip = ev.target.closest && ev.target.closest('a.skip-link[href="#the-board"]');
    if (!skip || !$("the-board")) return;
    ev.preventDefault();
    focusBoard();
  });

  // The write the arbiter just sent from the live part (whose controls its answer replaces,
  // and with them the focus), and whether it was recorded.
  var sentOp = "";
  var recorded = false;

  function clockButton(op) {
    var el = live();
    return el && el.querySelector('.clock-buttons button[value="' + op + '"]');
  }

  var TURN_OPS = { place: true, text: true, swap: true };
  var FORM_OPS = { text: true, swap: true, takeback: true, adjust: true };

  function focusNext(op, ok) {
    // A refused entry in the forms below the board: the focus stays in the form, to mend it.
    if (!ok && FORM_OPS[op]) return;
    var target = null;
    if (TURN_OPS[op] && ok) {
      // The turn is complete unless a bonus placement is owed: the clock is pressed next.
      var owed = Number((live() && live().dataset.bonusOwed) || 0);
      target = owed ? (op === "text" ? $("notation") : null) : clockButton("press");
    } else if (op === "place") {
      var confirm = $("confirm");
      target = confirm && !confirm.disabled ? confirm : null;
    } else if (op === "pause") {
      target = clockButton(ok ? "resume" : "pause");
    } else if (!ok) {
      target = clockButton(op);
    }
    if (target) { target.focus(); return; }
    if (!focusBoard()) { var box = $("board-messages"); if (box) box.focus(); }
  }

  // The live part is replaced after every entry: the cell that had the focus gets it back.
  var hadBoardFocus = false;
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    hadBoardFocus = !!(active && active.closest && active.closest("svg.board.interactive"));
  });

  function restoreBoardFocus() {
    var cell = focusedCell && boardCell(focusedCell);
    if (!cell) return;
    makeTabStop(cell);
    if (hadBoardFocus) cell.focus();
    hadBoardFocus = false;
  }

  // ------------------------------------------------------------------ messages and layout

  function showMessages() {
    var box = $("board-messages");
    var flash = box && box.querySelector(".flash");
    var announcer = $("board-announcer");
    var notice = box && box.querySelector("[data-announce]");
    if (announcer) {
      announcer.textContent = "";
      if (notice) setTimeout(function () { announcer.textContent = notice.textContent; }, 50);
    }
    if (!flash) return;
    var r = flash.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) flash.scrollIntoView({ block: "nearest" });
  }

  // Where the page's grid starts, so the board column fills the rest of the screen's height.
  function measure() {
    var grid = document.querySelector(".board-page.recording");
    if (!grid) return;
    var top = grid.getBoundingClientRect().top + window.scrollY;
    document.documentElement.style.setProperty("--board-top", Math.round(top) + "px");
  }
  window.addEventListener("resize", measure);

  document.addEventListener("htmx:configRequest", function (ev) {
    // Every write carries the index it expects, as of the latest live section.
    var el = live(), p = ev.detail.parameters;
    if (el && p && typeof p.get === "function" && p.get("expected_index") != null) {
      p.set("expected_index", el.dataset.expectedIndex);
    }
    // A clock run down asks afresh whether a flag fell: no copy held stands for that.
    var trigger = ev.detail.triggeringEvent;
    if (ev.detail.verb === "get" && trigger && trigger.type === "refresh") {
      delete ev.detail.headers["X-Held-Version"];
      if (p && typeof p.set === "function") p.set("fresh", "1");
      else if (p) p.fresh = "1";
    }
    var from = ev.detail.elt;
    if (ev.detail.verb === "post" && p && typeof p.get === "function" && from && from.closest &&
        from.closest("#game-live, #controls")) {
      sentOp = p.get("op") || "";
      recorded = false;
      var made = CLOCK_OPS[sentOp] ? serverTime(madeAt(trigger)) : null;
      if (made) p.set("client_at", String(made));
    }
  });

  document.addEventListener("htmx:afterSwap", function (ev) {
    syncExpected();
    startClocks();
    paintSelection();
    restoreBoardFocus();
    showMessages();
    if (tile && cells.length === 2) preview();
    var config = ev.detail.requestConfig;
    if (sentOp && config && config.verb === "post" && ev.detail.target && ev.detail.target.id === "game-live") {
      var op = sentOp;
      sentOp = "";
      // htmx binds the new controls only when the swap settles: bind them now, or a control
      // focused here submits as a plain form if the arbiter presses Enter at once.
      var live = document.getElementById("game-live");
      if (window.htmx && live) window.htmx.process(live);
      focusNext(op, recorded);
    }
  });

  // After a successful entry, empty the form it came from (a reason is given once).
  var lastForm = null;
  document.addEventListener("htmx:beforeRequest", function (ev) {
    lastForm = ev.detail.elt && ev.detail.elt.closest ? ev.detail.elt.closest("#controls form") : null;
  });
  document.body.addEventListener("game-recorded", function () {
    recorded = true;
    clearSelection();
    if (lastForm) {
      lastForm.reset();
      var details = lastForm.closest("details");
      if (details) details.open = false;
      lastForm = null;
    }
  });

  function init() {
    measure();
    syncExpected();
    startClocks();
    paintSelection();
    showMessages();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
