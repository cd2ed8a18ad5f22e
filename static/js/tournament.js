// Draft review: tap two players to fill the swap form; confirm destructive buttons.
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  ready(function () {
    var form = document.getElementById("swap-form");
    if (form) {
      var first = form.querySelector("select[name=first]");
      var second = form.querySelector("select[name=second]");
      var next = first;
      document.querySelectorAll("[data-entry]").forEach(function (el) {
        el.classList.add("pick");
        el.addEventListener("click", function () {
          next.value = el.getAttribute("data-entry");
          document.querySelectorAll(".picked").forEach(function (p) {
            if (p.getAttribute("data-entry") !== first.value && p.getAttribute("data-entry") !== second.value) {
              p.classList.remove("picked");
            }
          });
          el.classList.add("picked");
          next = next === first ? second : first;
          if (next === first) form.querySelector("input[name=reason]").focus();
        });
      });
    }
    document.querySelectorAll("form[data-confirm]").forEach(function (f) {
      f.addEventListener("submit", function (e) {
        if (!window.confirm(f.getAttribute("data-confirm"))) e.preventDefault();
      });
    });
  });
})();
