// Push (docs/push.md): a part of a page that htmx polls may also name a websocket
// (data-push="/ws/...") and the kinds of change it shows (data-push-kinds="live,standings").
// When the server says such a change happened, the part is fetched at once (htmx's "push"
// trigger: the same request as its poll). While the socket is open the poll is skipped, but
// for one every SAFETY_MS; when the socket cannot open or closes, the part polls as before and
// the socket is tried again later. A message is only {"kind", "version"}: never page content.
(function () {
  "use strict";

  var SAFETY_MS = 30000;
  var MAX_WAIT_MS = 30000;
  var sockets = {}; // by path: {socket, open, wait}
  var lastFetch = {}; // by path and part's id: when its last request went out (a part swapped
  // whole by its answer is a new element with the same id)

  function parts(path) {
    return document.querySelectorAll('[data-push="' + path + '"]');
  }

  function wants(elt, kind) {
    var kinds = (elt.dataset.pushKinds || "").split(",");
    return kinds.indexOf(kind) !== -1;
  }

  function fetchNow(elt) {
    elt.pushWanted = true;
    window.htmx.trigger(elt, "push");
  }

  function connect(path) {
    var state = sockets[path] || (sockets[path] = { socket: null, open: false, wait: 1000 });
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket;
    try {
      socket = new WebSocket(scheme + window.location.host + path);
    } catch (e) {
      retry(path);
      return;
    }
    state.socket = socket;
    socket.onopen = function () {
      var caughtUp = state.wait > 1000; // it was closed: what changed meanwhile is fetched now
      state.open = true;
      state.wait = 1000;
      document.documentElement.dataset.push = "open";
      if (caughtUp) parts(path).forEach(fetchNow);
    };
    socket.onmessage = function (ev) {
      var message;
      try {
        message = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      parts(path).forEach(function (elt) {
        if (!wants(elt, message.kind)) return;
        if (message.version && elt.dataset.version === message.version) return;
        elt.pushedVersion = message.version;
        fetchNow(elt);
      });
    };
    socket.onclose = function () {
      state.open = false;
      state.socket = null;
      document.documentElement.dataset.push = "closed";
      retry(path);
    };
  }

  function retry(path) {
    var state = sockets[path];
    var wait = state.wait;
    state.wait = Math.min(wait * 2, MAX_WAIT_MS);
    setTimeout(function () {
      if (parts(path).length) connect(path);
    }, wait);
  }

  function start(root) {
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-push]"));
    if (root.matches && root.matches("[data-push]")) found.push(root);
    var now = Date.now();
    found.forEach(function (elt) {
      var path = elt.dataset.push;
      var key = path + "#" + elt.id;
      if (!lastFetch[key]) lastFetch[key] = now; // the page itself is as fresh as a fetch
      if (!sockets[path] && "WebSocket" in window) connect(path);
      revealLater(elt);
    });
  }

  // A spectator's delayed view of an online board (games/spectating) shows more when its
  // delay has run, with no write to announce it: the part says in how many ms
  // (data-reveal-ms), and is fetched then (the server cuts in slices of REVEAL_SLICE_MS).
  var REVEAL_SLICE_MS = 2000;
  function revealLater(elt) {
    var ms = parseInt(elt.dataset.revealMs, 10);
    if (isNaN(ms) || elt.revealTimer) return;
    elt.revealTimer = setTimeout(function () {
      if (document.body.contains(elt)) fetchNow(elt);
    }, ms + REVEAL_SLICE_MS + 200);
  }

  // A fetch the socket asked for names the version it heard: a spectator's pages are served a
  // version pinned for a moment (the spectators' window, tournament/web/page_cache.py), and
  // one pinned before this change would show nothing new, with no message left to tell again.
  document.addEventListener("htmx:configRequest", function (ev) {
    var elt = ev.detail.elt;
    if (elt && elt.pushWanted && elt.pushedVersion) {
      ev.detail.headers["X-Pushed-Version"] = elt.pushedVersion;
    }
  });

  // A poll of a part whose socket is open is skipped (the socket tells when to fetch), but
  // for a safety fetch every SAFETY_MS (a message lost while the layer was down).
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var elt = ev.detail.elt;
    if (!elt || !elt.dataset || !elt.dataset.push) return;
    var state = sockets[elt.dataset.push];
    var pushed = elt.pushWanted;
    elt.pushWanted = false;
    var key = elt.dataset.push + "#" + elt.id;
    var now = Date.now();
    if (!pushed && state && state.open && now - (lastFetch[key] || 0) < SAFETY_MS) {
      ev.preventDefault();
      return;
    }
    lastFetch[key] = now;
  });

  document.addEventListener("DOMContentLoaded", function () {
    start(document);
  });
  document.addEventListener("htmx:load", function (ev) {
    start(ev.detail.elt);
  });
})();
