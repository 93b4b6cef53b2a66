/* editions.py (issue 16), on every page of the site.
   1. The header's language switch leads to the twin of the section being read: data-sg-sections maps each
      section id of this page to the id of the same section in the twin page.
   2. Search results: the summary under each result shows the passage with the word found even when the reader
      typed it without accents (the index folds accents: "klover" finds "klöver"), and leaves out the language
      links. Sphinx's own summary code does the rest.
   3. The theme's floating "back to top" button is hidden while it would cover a control (see initBackToTop). */
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

  /* 3. The theme's floating "back to top" pill (shown while the reader scrolls up) never covers a control or the
     narration: a tap meant for a select under it would jump to the top of the page. It stays hidden while it
     would lie over one, and while a form control has the focus (the reader is busy with it). */
  var UNDER = "button, select, input, textarea, summary, a[href], label, [role='button'], [data-role='narration']";

  function covers(pill) {
    var r = pill.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    var xs = [r.left + 2, r.left + r.width / 2, r.right - 2];
    var ys = [r.top + 2, r.top + r.height / 2, r.bottom - 2];
    for (var i = 0; i < xs.length; i++) {
      for (var j = 0; j < ys.length; j++) {
        var found = document.elementsFromPoint(xs[i], ys[j]);
        for (var k = 0; k < found.length; k++) {
          var el = found[k];
          if (el === pill || pill.contains(el)) continue;
          if (el.closest && el.closest(UNDER) && !el.closest(".bd-header, .bd-sidebar-primary, .bd-sidebar-secondary")) return true;
        }
      }
    }
    return false;
  }

  function busy() {
    var a = document.activeElement;
    return Boolean(a && a.matches && a.matches("select, input:not([type='checkbox']):not([type='radio']), textarea"));
  }

  function initBackToTop() {
    var pill = document.getElementById("pst-back-to-top");
    if (!pill) return;
    var queued = false;
    function check() {
      queued = false;
      if (pill.style.display === "none" || getComputedStyle(pill).display === "none") return;
      if (busy() || covers(pill)) pill.style.display = "none";
    }
    // after the theme's own scroll listener has shown the pill (it runs first: it was added first)
    function later() {
      if (!queued) {
        queued = true;
        requestAnimationFrame(check);
      }
    }
    window.addEventListener("scroll", later, { passive: true });
    document.addEventListener("focusin", later);
    window.addEventListener("resize", later);
  }

  initSearchSummary();
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", initSwitch);
    document.addEventListener("DOMContentLoaded", initBackToTop);
  } else {
    initSwitch();
    initBackToTop();
  }
})();
