// The player's game page (games/play): the seat's state as JSON (play-state), re-fetched when
// the board's socket says the game changed (push.js triggers "push" on #play; a poll when the
// socket is closed). A placement: a rack tile, then two adjacent free hexes, shown on the board
// as a preview, checked by the server (the engine's words) and sent only on Confirm (the online
// touch rule). "End turn" is the press of the player's clock.
// A practice game's page (games/practice) is the same page without clocks, arbiter or socket:
// its state has no "clock", "messages" or "calls", the section no data-socket, data-call-url or
// data-focus-url, and data-poll="off" (nothing changes but by this page's own actions).
(function () {
  "use strict";

  var root = document.getElementById("play");
  if (!root) return;
  var words = JSON.parse(root.dataset.words || "{}");
  var state = JSON.parse(document.getElementById("play-state").textContent);
  var offset = state.clock ? state.clock.server_ms - Date.now() : 0; // server = Date.now() + offset
  var pick = { tile: null, index: -1, cells: [], checked: false };
  var busy = false;
  var POLL_MS = 3000;
  var SAFETY_MS = 30000;
  var lastFetch = Date.now();

  function $(id) {
    return document.getElementById(id);
  }

  function csrf() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) {
      return values[key] !== undefined ? values[key] : "";
    });
  }

  function showError(message) {
    var el = $("play-error");
    el.textContent = message || "";
    el.hidden = !message;
  }

  // ------------------------------------------------------------------ the clocks

  function clockText(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(s / 60) + ":" + pad(s % 60); // m:ss, as the server writes it
  }

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function tick() {
    var clock = state.clock;
    if (!clock) return; // a practice game: no clocks
    var elapsed = Date.now() + offset - clock.server_ms;
    document.querySelectorAll("#play-clocks .clock").forEach(function (el) {
      var seat = Number(el.dataset.seat);
      var ms = clock.readings_ms[seat];
      var running = clock.running && clock.seat === seat && !state.over;
      if (running) ms -= elapsed;
      el.classList.toggle("running", running);
      el.classList.toggle("on-clock", clock.seat === seat && !state.over);
      var time = el.querySelector(".clock-time");
      time.textContent = clockText(ms);
      time.classList.toggle("low-time", ms < 60000);
    });
  }

  // ------------------------------------------------------------------ drawing the state

  function render() {
    $("play-doing").textContent = state.doing;
    $("play-board").innerHTML = state.board_svg;
    var svg = document.querySelector("#play-board svg.board");
    // The board in use fills the width (a phone's hexes big enough to tap), not the full board.
    if (svg && svg.dataset.zoomBox) svg.setAttribute("viewBox", svg.dataset.zoomBox);
    $("play-tracks").innerHTML = state.tracks_html;
    var rack = $("play-rack");
    rack.innerHTML = "";
    state.rack.forEach(function (t, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "rack-tile";
      b.dataset.tile = t.tile;
      b.dataset.index = String(i);
      b.setAttribute("aria-pressed", "false");
      b.disabled = !state.may.place;
      b.innerHTML = t.svg + '<span class="tile-letters">' + t.tile + "</span>";
      b.addEventListener("click", function () {
        chooseTile(i);
      });
      rack.appendChild(b);
    });
    var partner = $("play-partner-rack");
    if (partner && state.partner_rack) {
      partner.innerHTML = state.partner_rack
        .map(function (t) {
          return '<span class="rack-tile" data-tile="' + t.tile + '">' + t.svg +
            '<span class="tile-letters">' + t.tile + "</span></span>";
        })
        .join("");
    }
    document.querySelectorAll("#play-clocks .clock").forEach(function (el) {
      var seat = Number(el.dataset.seat);
      var s = state.seats[seat];
      el.classList.toggle("flagged", !!(s && s.flagged));
    });
    renderArbiter();
    $("play-swap").hidden = !state.may.swap;
    $("play-end").disabled = !state.may.end_turn;
    root.dataset.nextIndex = String(state.next_index);
    root.dataset.may = ["place", "swap", "end_turn"]
      .filter(function (k) {
        return state.may[k];
      })
      .join(" ");
    root.dataset.over = state.over ? "1" : "0";
    clearPick(true);
    markCells();
    tick();
  }

  function legalPartners(cell) {
    var out = [];
    state.legal_pairs.forEach(function (p) {
      if (p[0] === cell) out.push(p[1]);
      else if (p[1] === cell) out.push(p[0]);
    });
    return out;
  }

  function markCells() {
    var svg = document.querySelector("#play-board svg.board");
    if (!svg) return;
    var free = {};
    state.legal_pairs.forEach(function (p) {
      free[p[0]] = true;
      free[p[1]] = true;
    });
    var partners = pick.cells.length === 1 ? legalPartners(pick.cells[0]) : null;
    svg.querySelectorAll(".cell.in-use").forEach(function (g) {
      var name = g.dataset.cell;
      var usable = state.may.place && pick.tile !== null && pick.cells.length < 2;
      var ok = usable && (partners ? partners.indexOf(name) !== -1 : !!free[name]);
      g.classList.toggle("candidate", ok);
      if (g.getAttribute("role") === "button") g.setAttribute("tabindex", ok ? "0" : "-1");
    });
  }

  function tileNow() {
    // The tile as it will be placed: its first colour on the first hex chosen.
    return pick.tile;
  }

  function drawPreview() {
    var svg = document.querySelector("#play-board svg.board");
    if (!svg) return;
    svg.querySelectorAll(".cell.preview").forEach(function (g) {
      g.classList.remove("preview", "placed", "c-" + g.dataset.previewColour);
      var use = g.querySelector("use.preview-symbol");
      if (use) use.remove();
      delete g.dataset.previewColour;
    });
    var tile = tileNow();
    pick.cells.forEach(function (cell, i) {
      var g = svg.querySelector('.cell[data-cell="' + cell + '"]');
      if (!g || !tile) return;
      var colour = tile[i];
      var poly = g.querySelector("polygon");
      var m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(poly.getAttribute("transform") || "");
      g.classList.add("preview", "placed", "c-" + colour);
      g.dataset.previewColour = colour;
      if (m) {
        var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
        use.setAttribute("href", "#sym-" + colour);
        use.setAttribute("x", String(Number(m[1]) - 7));
        use.setAttribute("y", String(Number(m[2]) - 7));
        use.setAttribute("width", "14");
        use.setAttribute("height", "14");
        use.setAttribute("class", "on-tile preview-symbol");
        g.appendChild(use);
      }
    });
  }

  function updateButtons() {
    $("play-turn").disabled = !pick.tile || pick.tile[0] === pick.tile[1];
    $("play-clear").disabled = !pick.tile;
    $("play-confirm").disabled = !(pick.checked && pick.cells.length === 2) || busy;
    document.querySelectorAll("#play-rack .rack-tile").forEach(function (b) {
      b.setAttribute("aria-pressed", String(Number(b.dataset.index) === pick.index));
    });
  }

  function clearPick(keepMessage) {
    pick = { tile: null, index: -1, cells: [], checked: false };
    if (!keepMessage) $("play-preview").textContent = "";
    else $("play-preview").textContent = "";
    drawPreview();
    markCells();
    updateButtons();
  }

  // ------------------------------------------------------------------ choosing a placement

  function chooseTile(i) {
    if (!state.may.place) return;
    showError("");
    var cells = pick.cells.slice(0, 2);
    pick.tile = state.rack[i].tile;
    pick.index = i;
    pick.cells = cells;
    pick.checked = false;
    drawPreview();
    markCells();
    updateButtons();
    if (pick.cells.length === 2) check();
    else $("play-preview").textContent = pick.cells.length ? words.pick_second : words.pick_first;
  }

  function chooseCell(cell) {
    if (!state.may.place) return;
    if (!pick.tile) {
      $("play-preview").textContent = words.pick_tile;
      return;
    }
    showError("");
    if (pick.cells.length === 2 || pick.cells[0] === cell) {
      pick.cells = [];
      pick.checked = false;
    }
    if (pick.cells.length === 0) {
      if (!legalPartners(cell).length) {
        $("play-preview").textContent = words.no_pair;
        return;
      }
      pick.cells = [cell];
      $("play-preview").textContent = words.pick_second;
    } else {
      if (legalPartners(pick.cells[0]).indexOf(cell) === -1) {
        $("play-preview").textContent = words.not_next;
        return;
      }
      pick.cells.push(cell);
    }
    drawPreview();
    markCells();
    updateButtons();
    if (pick.cells.length === 2) check();
  }

  function turnTile() {
    if (!pick.tile) return;
    pick.tile = pick.tile[1] + pick.tile[0];
    pick.checked = false;
    drawPreview();
    updateButtons();
    if (pick.cells.length === 2) check();
  }

  // The arbiter's messages to the board and this seat's calls, oldest first.
  function renderArbiter() {
    var list = $("play-messages");
    if (!list) return; // a practice game: no arbiter
    var items = [];
    (state.messages || []).forEach(function (m) {
      items.push({ at: m.at, text: (words.from_arbiter || "Arbiter") + ": " + m.text });
    });
    (state.calls || []).forEach(function (c) {
      items.push({ at: c.at, text: (words.you_called || "You called the arbiter") + (c.text ? ": " + c.text : "") });
      if (c.answered_at) {
        items.push({ at: c.answered_at, text: (words.answer || "Answer") + ": " + (c.answer || "") });
      }
    });
    items.sort(function (a, b) {
      return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
    });
    list.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.text;
      list.appendChild(li);
    });
    list.hidden = !items.length;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().then(
        function (data) {
          return { ok: r.ok, status: r.status, data: data };
        },
        function () {
          return { ok: false, status: r.status, data: { detail: "HTTP " + r.status } };
        }
      );
    });
  }

  function check() {
    var tile = tileNow();
    var cells = pick.cells.slice();
    $("play-preview").textContent = words.checking;
    post(root.dataset.checkUrl, { tile: tile, cells: cells }).then(function (res) {
      if (tile !== tileNow() || cells.join() !== pick.cells.join()) return; // changed meanwhile
      if (!res.ok) {
        // Refused before anything is sent: the engine's words.
        showError(res.data.detail);
        pick.cells = [];
        pick.checked = false;
        $("play-preview").textContent = "";
        drawPreview();
        markCells();
        updateButtons();
        return;
      }
      var points = Object.keys(res.data.points)
        .filter(function (c) {
          return res.data.points[c];
        })
        .map(function (c) {
          return "+" + res.data.points[c] + " " + ((words.colours || {})[c] || c);
        })
        .join(", ");
      var text = fill(words.would_score, {
        tile: tile,
        cells: cells.join(" "),
        points: points || words.no_points,
      });
      if (res.data.bonus) text = text.replace(/\.\s/, " " + words.bonus + ". ");
      $("play-preview").textContent = text;
      pick.checked = true;
      updateButtons();
    });
  }

  function act(body, busyText) {
    if (busy) return;
    busy = true;
    updateButtons();
    body.expected_index = state.next_index;
    showError("");
    if (busyText) $("play-doing").textContent = busyText;
    post(root.dataset.actUrl, body)
      .then(function (res) {
        busy = false;
        if (res.ok) {
          state = res.data;
          if (state.clock) offset = state.clock.server_ms - Date.now();
          render();
        } else {
          showError(res.data.detail);
          refresh();
        }
      })
      .catch(function () {
        busy = false;
        showError(words.offline);
        updateButtons();
      });
  }

  function confirmPlacement() {
    if (!pick.checked || pick.cells.length !== 2) return;
    act({ type: "place", tile: tileNow(), cells: pick.cells.slice() });
  }

  // ------------------------------------------------------------------ fetching the state

  function refresh() {
    lastFetch = Date.now();
    return fetch(root.dataset.stateUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(function (data) {
        var changed =
          data.next_index !== state.next_index ||
          data.status !== state.status ||
          data.doing !== state.doing;
        var sentAt = Date.now();
        state = data;
        if (state.clock) offset = state.clock.server_ms - sentAt;
        if (changed || !pick.tile) render();
        else tick();
      })
      .catch(function () {
        /* the next poll tries again */
      });
  }

  // The player's own socket (static/js/presence.js): it keeps the seat's presence for the
  // arbiter and hears what the board's socket hears; the page polls while it is closed.
  var presence = window.ingeniousPresence && root.dataset.socket
    ? window.ingeniousPresence(root.dataset.socket, function () {
        refresh();
      })
    : null;
  document.addEventListener("ingenious:taken-over", function () {
    showError(words.taken_over || "");
  });

  var polls = root.dataset.poll !== "off";
  setInterval(function () {
    if (!polls) return;
    var open = !!(presence && presence.open);
    if (Date.now() - lastFetch >= (open ? SAFETY_MS : POLL_MS)) refresh();
  }, 1000);
  setInterval(tick, 250);

  $("play-board").addEventListener("click", function (ev) {
    var g = ev.target.closest ? ev.target.closest(".cell.in-use") : null;
    if (g) chooseCell(g.dataset.cell);
  });
  $("play-board").addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    var g = ev.target.closest ? ev.target.closest(".cell.in-use") : null;
    if (!g) return;
    ev.preventDefault();
    chooseCell(g.dataset.cell);
  });
  $("play-turn").addEventListener("click", turnTile);
  $("play-clear").addEventListener("click", function () {
    clearPick(false);
  });
  $("play-confirm").addEventListener("click", confirmPlacement);
  // words.replying: what the page says while the other seat's reply comes with the answer
  // (a practice game's engine plays its turn in the same request).
  $("play-swap").addEventListener("click", function () {
    act({ type: "swap" }, words.replying);
  });
  $("play-end").addEventListener("click", function () {
    act({ type: "end_turn", client_at: Date.now() + offset }, words.replying);
  });

  if ($("play-call")) $("play-call").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var text = $("play-call-text");
    post(root.dataset.callUrl, { text: text.value }).then(function (res) {
      if (res.ok) {
        text.value = "";
        showError("");
        refresh();
      } else {
        showError(res.data.detail || "HTTP " + res.status);
      }
    });
  });

  // Fair-play data: when this page is hidden and shown again (static/js/focus.js).
  if (window.ingeniousFocus && root.dataset.focusUrl) {
    window.ingeniousFocus(root.dataset.focusUrl, csrf());
  }

  render();
})();
