// Parts of a page that htmx polls every few seconds (the standings, the live fragments, a
// board) say which version they show: as data-version in their markup, or in the X-Version
// header of the last answer. The poll sends it back as X-Held-Version; when nothing has
// changed since, the server answers 204 No Content and htmx leaves the part as it is, so a
// keyboard's focus and a screen reader's place in it survive the poll
// (tournament/web/page_cache.py, "polls").
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (ev) {
    var elt = ev.detail.elt;
    if (ev.detail.verb !== "get" || !elt || !elt.dataset || !elt.dataset.version) return;
    ev.detail.headers["X-Held-Version"] = elt.dataset.version;
  });

  document.addEventListener("htmx:afterRequest", function (ev) {
    var elt = ev.detail.elt, xhr = ev.detail.xhr;
    // A part swapped whole (outerHTML) is gone: the new one says its own version.
    if (!elt || !xhr || !ev.detail.successful || !elt.isConnected || !elt.dataset) return;
    var version = xhr.getResponseHeader("X-Version");
    if (version) elt.dataset.version = version;
  });
})();
