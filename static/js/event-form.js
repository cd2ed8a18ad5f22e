// The event form shows the fields that apply to the chosen ruleset, players per table and
// pairing system (tournament/events/options.py describes which, in #event-form-spec). A field
// that does not apply is hidden and disabled, so it is not sent; changing the ruleset sets its
// options to the ruleset's own (the event's, for the event's own ruleset).
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  ready(function () {
    var specNode = document.getElementById("event-form-spec");
    if (!specNode) return;
    var spec = JSON.parse(specNode.textContent);
    var form = specNode.closest("form");
    var ruleset = form.elements.ruleset;
    var size = form.elements.table_size;
    var system = form.elements.pairing_system;
    var preset = form.elements.tiebreak_preset;

    function seating() {
      var r = ruleset.value;
      for (var kind in spec.seating) {
        if (spec.seating[kind].indexOf(r) >= 0) return kind;
      }
      return size && size.value !== "2" ? "tables" : "pairs";
    }

    function fitSizes() {
      // Only the sizes the ruleset allows; a size it does not allow gives way to its first.
      var allowed = spec.tableSizes[ruleset.value];
      if (!size || !allowed) return;
      var fits = false;
      Array.prototype.forEach.call(size.options, function (option) {
        var ok = allowed.indexOf(Number(option.value)) >= 0;
        option.hidden = !ok;
        option.disabled = !ok;
        if (ok && option.value === size.value) fits = true;
      });
      if (!fits) size.value = String(allowed[0]);
    }

    function applies(name) {
      var rule = spec.fields[name];
      if (!rule) return true;
      var on = rule.rulesets.indexOf(ruleset.value) >= 0 && rule.seating.indexOf(seating()) >= 0;
      if (on && rule.systems) on = rule.systems.indexOf(system.value) >= 0;
      if (on && name === "tiebreak_custom") on = preset.value === "custom";
      return on;
    }

    function show() {
      form.querySelectorAll(".field[data-field]").forEach(function (row) {
        // A field with an error stays in view until the director has read it.
        var on = row.hasAttribute("data-error") || applies(row.getAttribute("data-field"));
        row.hidden = !on;
        row.querySelectorAll("input, select, textarea").forEach(function (input) {
          input.disabled = !on;
        });
      });
      form.querySelectorAll("fieldset.event-section").forEach(function (set) {
        set.hidden = !set.querySelector(".field:not([hidden])");
      });
    }

    function ownOptions() {
      var values = spec.defaults[ruleset.value] || {};
      Object.keys(values).forEach(function (name) {
        var input = form.elements[name];
        if (input) input.value = values[name];
      });
      // The server reads the option fields as this ruleset's, as sent.
      if (form.elements.options_for) form.elements.options_for.value = ruleset.value;
    }

    ruleset.addEventListener("change", function () {
      ownOptions();
      fitSizes();
      show();
    });
    [size, system, preset].forEach(function (input) {
      if (input) input.addEventListener("change", show);
    });
    // A size the ruleset does not allow, sent back with an error, stays until changed.
    if (!form.querySelector('.field[data-field="table_size"][data-error]')) fitSizes();
    show();
  });
})();
