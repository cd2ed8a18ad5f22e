// The director's check-in desk: find a player as you type, keep the keyboard where it was
// after a tap (htmx replaces the row), and the "everyone present" confirmation in a dialog.
// Without JavaScript every form still posts and the confirmation is a page of its own.
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  // "Émile" is found by "emile": letters without their accents, in lower case.
  function plain(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  ready(function () {
    var search = document.getElementById("desk-search");
    var shown = document.getElementById("desk-shown");
    var dialog = document.getElementById("everyone-dialog");
    var opener = document.getElementById("everyone-open");
    var lastRow = null;

    function rows() {
      return Array.prototype.slice.call(document.querySelectorAll("#desk-list .desk-row"));
    }
    function filter() {
      if (!search) return;
      var words = plain(search.value).split(/\s+/).filter(Boolean);
      var all = rows();
      var visible = all.filter(function (row) {
        var text = plain(row.getAttribute("data-find"));
        var match = words.every(function (w) { return text.indexOf(w) !== -1; });
        row.hidden = !match;
        return match;
      });
      var none = document.querySelector("#check-in-desk .desk-none");
      if (none) none.hidden = !(words.length && visible.length === 0);
      if (shown) {
        shown.textContent = words.length
          ? search.getAttribute("data-shown") + " " + visible.length + " / " + all.length
          : "";
      }
      return visible;
    }
    if (search) {
      search.addEventListener("input", filter);
      // Enter on a search that leaves one player taps that player's button.
      search.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") return;
        e.preventDefault();
        var visible = filter();
        if (visible.length !== 1) return;
        var button = visible[0].querySelector("button");
        if (button && !button.disabled) {
          button.click();
          search.select();
        }
      });
    }
    document.body.addEventListener("htmx:beforeRequest", function (e) {
      var form = e.detail.elt;
      var row = form && form.closest ? form.closest(".desk-row") : null;
      lastRow = row && row.contains(document.activeElement) ? row.id : null;
    });
    document.body.addEventListener("htmx:afterRequest", function (e) {
      filter();
      if (lastRow) {
        var button = document.querySelector("#" + lastRow + " button");
        if (button) button.focus();
        lastRow = null;
      }
      var elt = e.detail.elt;
      if (dialog && elt && elt.classList && elt.classList.contains("everyone-confirm") && e.detail.successful) {
        dialog.close();  // its close event gives the focus back to the button that opened it
      }
    });
    if (dialog && opener) {
      document.body.addEventListener("htmx:afterSwap", function (e) {
        if (e.detail.target.id !== "everyone-body") return;
        if (typeof dialog.showModal !== "function") {
          window.location.href = opener.href;  // no <dialog>: the confirmation page
          return;
        }
        dialog.showModal();
        var first = dialog.querySelector("button, a");
        if (first) first.focus();
      });
      dialog.addEventListener("click", function (e) {
        var close = e.target.closest ? e.target.closest("[data-close-dialog]") : null;
        if (!close) return;
        e.preventDefault();
        dialog.close();
      });
      dialog.addEventListener("close", function () { opener.focus(); });
    }
    filter();
  });
})();
