// A player's socket at their online game (games/presence/sockets.py, docs/presence.md).
//
//   var presence = window.ingeniousPresence("/ws/play/12/", function (message) { ... });
//
// opens the socket (a path is taken on this page's host; ws:// or wss:// as the page), calls
// the callback with each message the server sends ({"kind", "version"}: what changed, never
// the change itself: the page then fetches its own state) and dispatches the DOM event
// "ingenious:changed" on the document with the message as its detail. The server's presence
// of the seat is kept by a ping every PING_MS. A socket that closes is opened again after a
// wait that doubles up to MAX_WAIT_MS; once it is open again, the callback and the event get
// {"kind": "reconnected"}: the board, the rack and the clocks may have changed meanwhile.
// Closed because the same player opened the game elsewhere (TAKEN_OVER), it is not reopened:
// "ingenious:taken-over" is dispatched instead (the page says the game goes on elsewhere).
// presence.close() closes it for good; presence.open tells whether it is open now.
(function () {
  "use strict";

  var PING_MS = 25000; // under the server's STALE_AFTER (90 s)
  var FIRST_WAIT_MS = 1000;
  var MAX_WAIT_MS = 30000;
  var TAKEN_OVER = 4409;

  function address(url) {
    if (/^wss?:\/\//.test(url)) return url;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + url;
  }

  function tell(callback, message) {
    if (typeof callback === "function") {
      try {
        callback(message);
      } catch (e) {
        if (window.console) window.console.error(e);
      }
    }
    document.dispatchEvent(new CustomEvent("ingenious:changed", { detail: message }));
  }

  window.ingeniousPresence = function (url, callback) {
    var handle = { open: false, closed: false, close: close };
    var socket = null;
    var wait = FIRST_WAIT_MS;
    var pinger = null;
    var everOpened = false;

    function connect() {
      if (handle.closed || !("WebSocket" in window)) return;
      try {
        socket = new WebSocket(address(url));
      } catch (e) {
        retry();
        return;
      }
      socket.onopen = function () {
        handle.open = true;
        wait = FIRST_WAIT_MS;
        pinger = window.setInterval(function () {
          if (socket && socket.readyState === WebSocket.OPEN) {
            socket.send(JSON.stringify({ type: "ping" }));
          }
        }, PING_MS);
        if (everOpened) tell(callback, { kind: "reconnected" });
        everOpened = true;
      };
      socket.onmessage = function (ev) {
        var message;
        try {
          message = JSON.parse(ev.data);
        } catch (e) {
          return;
        }
        if (!message || message.type === "pong") return;
        tell(callback, message);
      };
      socket.onclose = function (ev) {
        handle.open = false;
        socket = null;
        if (pinger) window.clearInterval(pinger);
        pinger = null;
        if (ev.code === TAKEN_OVER) {
          handle.closed = true;
          document.dispatchEvent(new CustomEvent("ingenious:taken-over", { detail: { url: url } }));
          return;
        }
        retry();
      };
    }

    function retry() {
      if (handle.closed) return;
      var now = wait;
      wait = Math.min(wait * 2, MAX_WAIT_MS);
      window.setTimeout(connect, now);
    }

    function close() {
      handle.closed = true;
      if (pinger) window.clearInterval(pinger);
      if (socket) socket.close(1000);
    }

    connect();
    return handle;
  };
})();
