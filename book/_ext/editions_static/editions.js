/* editions.py: the header's language switch leads to the twin of the section being read.
   data-sg-sections maps each section id of this page to the id of the same section in the twin page. */
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
  function init() {
    document.querySelectorAll("a.sg-language-switch[data-sg-sections]").forEach(function (link) {
      ["pointerdown", "focus", "mouseenter", "keydown"].forEach(function (type) {
        link.addEventListener(type, function () { update(link); });
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
