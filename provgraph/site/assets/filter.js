// The all-decisions table narrowed by status, store, scope prefix and a date range; nothing is fetched.
(function () {
  "use strict";
  var rows = Array.prototype.slice.call(document.querySelectorAll("#all tbody tr"));
  var ids = ["f-status", "f-store", "f-scope", "f-from", "f-to"];
  var count = document.getElementById("f-count");
  function value(id) { return document.getElementById(id).value; }
  function apply() {
    var status = value("f-status"), store = value("f-store"), scope = value("f-scope");
    var from = value("f-from"), to = value("f-to"), shown = 0;
    rows.forEach(function (row) {
      var d = row.dataset, since = d.since === "-" ? "" : d.since;
      var keep = (!status || d.status === status) && (!store || d.store === store) &&
        (!scope || d.scope.indexOf(scope) === 0) && (!from || (since && since >= from)) && (!to || (since && since <= to));
      row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    count.textContent = shown + " of " + rows.length + " shown";
  }
  ids.forEach(function (id) { document.getElementById(id).addEventListener("input", apply); });
  document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  apply();
}());
