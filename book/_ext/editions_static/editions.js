/* editions.py (issue 16), on every page of the site.
   1. The header's language switch leads to the twin of the section being read: data-sg-sections maps each
      section id of this page to the id of the same section in the twin page.
   2. Search results: the summary under each result shows the passage with the word found even when the reader
      typed it without accents (the index folds accents: "klover" finds "klöver"), and leaves out the language
      links. Sphinx's own summary code does the rest. */
/* global Search */ // searchtools.js (Sphinx) defines it on the search page
(function () {
  "use strict";

  function currentSection(map) {
    var best = null;
    var limit = window.innerHeight * 0.25;
    document.querySelectorAll("article.bd-article section[id]").forEach(function (s) {
      if (Object.prototype.hasOwnProperty.call(map, s.id) && s.getBoundingClientRect().top <= limit) best = s.id;
    });
    return best;
  }

  function update(link) {
    var map = JSON.parse(link.dataset.sgSections || "{}");
    var id = currentSection(map);
    if (id) link.href = link.dataset.sgBase + "#" + map[id];
  }

  function initSwitch() {
    document.querySelectorAll("a.sg-language-switch[data-sg-sections]").forEach(function (link) {
      ["pointerdown", "focus", "mouseenter", "keydown"].forEach(function (type) {
        link.addEventListener(type, function () { update(link); });
      });
    });
  }

  /* one character in, one out, so that positions in the folded text are positions in the text */
  function foldKeepLength(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) {
      var f = text[i].normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += f.length === 1 ? f : text[i];
    }
    return out;
  }

  function withoutLanguageLinks(htmlText) {
    var doc = new DOMParser().parseFromString(htmlText, "text/html");
    doc.querySelectorAll(".sg-language-switch, a.sg-language-link").forEach(function (el) { el.remove(); });
    return doc.documentElement.outerHTML;
  }

  function initSearchSummary() {
    var S = typeof Search !== "undefined" ? Search : null;  // searchtools.js: a global const
    if (!S || typeof S.makeSearchSummary !== "function" || typeof S.htmlToText !== "function") return;
    var summary = S.makeSearchSummary;
    S.makeSearchSummary = function (htmlText, keywords, anchor) {
      var html = withoutLanguageLinks(htmlText);
      var text = S.htmlToText(html, anchor);
      var folded = foldKeepLength(text.toLowerCase());
      var words = Array.from(keywords).map(function (k) {
        var i = folded.indexOf(foldKeepLength(k.toLowerCase()));
        return i > -1 ? text.substr(i, k.length) : k;
      });
      return summary(html, new Set(words), anchor);
    };
  }

  initSearchSummary();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initSwitch);
  else initSwitch();
})();
