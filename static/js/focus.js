// Fair-play data (issue 30, requirement 7): the player's game page says when it is hidden or
// shown again (the Page Visibility API), one POST per change to the game's focus endpoint
// (URL name "play-focus", /play/<game_pk>/focus/). The server stamps each with its own time; the
// browser's time goes along only to be shown. Usage, once per page:
//   window.ingeniousFocus(url, csrfToken);
// A change that cannot be sent (offline) is sent when the page is next shown, in order, with
// the time the browser saw it. Returns a function that stops listening.
(function () {
  "use strict";

  window.ingeniousFocus = function (url, csrfToken) {
    var waiting = []; // changes not sent yet, oldest first
    var sending = false;
    var hidden = false; // as last reported: an event that changes nothing (a page closing
    // while already hidden) posts nothing

    function send() {
      if (sending || !waiting.length) return;
      sending = true;
      var change = waiting[0];
      fetch(url, {
        method: "POST",
        credentials: "same-origin",
        keepalive: true, // sent even as the page goes away
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken },
        body: JSON.stringify(change),
      })
        .then(function (response) {
          // Sent, or refused for good (the game is over, not this player's): not sent again.
          if (response.ok || (response.status >= 400 && response.status < 500)) waiting.shift();
        })
        .catch(function () {})
        .then(function () {
          sending = false;
          if (waiting.length && !document.hidden) send();
        });
    }

    function changed() {
      if (document.hidden === hidden) return;
      hidden = document.hidden;
      waiting.push({ hidden: hidden, client_at: new Date().toISOString() });
      send();
    }

    document.addEventListener("visibilitychange", changed);
    if (document.hidden) changed(); // opened in a background tab
    return function () {
      document.removeEventListener("visibilitychange", changed);
    };
  };
})();
