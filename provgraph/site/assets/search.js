// Offline search over ids, titles and the words of each decision's text (assets/search-index.js, loaded as a
// script so that it works from file:// too). Every word typed must match the start of a word of the decision.
(function () {
  "use strict";
  var index = window.PROVGRAPH_SEARCH || [];
  var input = document.getElementById("q"), list = document.getElementById("results");
  var count = document.getElementById("search-count");
  var LIMIT = 100;
  function text(tag, value, cls) {
    var node = document.createElement(tag);
    node.textContent = value;
    if (cls) { node.className = cls; }
    return node;
  }
  function matches(entry, terms) {
    var hay = " " + (entry.id + " " + entry.title + " " + entry.words).toLowerCase().replace(/[^\w.-]+/g, " ");
    return terms.every(function (t) { return hay.indexOf(" " + t) >= 0; });
  }
  function run() {
    var terms = input.value.toLowerCase().split(/[^\w.-]+/).filter(Boolean);
    list.textContent = "";
    if (!terms.length) { count.textContent = index.length + " decisions indexed."; return; }
    var found = index.filter(function (e) { return matches(e, terms); });
    count.textContent = found.length + " decision(s) found" + (found.length > LIMIT ? ", the first " + LIMIT + " shown" : "") + ".";
    found.slice(0, LIMIT).forEach(function (e) {
      var item = document.createElement("li"), a = document.createElement("a");
      a.href = e.href;
      a.textContent = e.title && e.title !== e.id ? e.id + ": " + e.title : e.id;
      item.appendChild(a);
      item.appendChild(text("span", e.status, "badge s-" + e.status.toLowerCase()));
      item.appendChild(text("span", e.store, "store"));
      list.appendChild(item);
    });
  }
  input.addEventListener("input", run);
  document.getElementById("search-form").addEventListener("submit", function (e) { e.preventDefault(); });
  var given = new URLSearchParams(window.location.search).get("q");
  if (given) { input.value = given; }
  run();
}());
