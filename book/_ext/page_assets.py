"""What a page loads before it paints: nothing it does not need for its first screen (issue 30 item 10).

On a slow phone connection every script and stylesheet in a page's ``<head>`` is a round trip before anything
shows. After the build this extension rewrites each page's head:

1. every external script is deferred (the themes', Sphinx's, the toggle and copy buttons', the search tools'):
   they run in the same order once the page is parsed, before ``DOMContentLoaded``, as their code expects.
   ``documentation_options.js``, which the page's inline scripts use at once, is written into the page instead;
2. the icon font's stylesheet (FontAwesome, for the header's icons) loads without blocking the paint, and no page
   preloads a font: the text is drawn in the system's fonts at once, the icons come a moment later;
3. the search tools (Sphinx's search script, the edition's stemmer and its index: the search page runs the search,
   the search box only sends the reader there) are loaded on a reading page only when the search box is opened;
4. the stylesheets of what the page's first screen does not show (the copy button's, the toggle buttons') load
   without blocking; the reader's table's and the quizzes' stylesheets move from the head to just before the
   first table or quiz of the page, so the text above it paints first.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

HEAD = re.compile(r"<head>.*?</head>", re.S)
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>\s*</script>", re.S)
OPTIONS_SCRIPT = re.compile(r'<script\b[^>]*src="([^"]*documentation_options\.js)[^"]*"[^>]*>\s*</script>')
FONT_PRELOAD = re.compile(
    r'\s*<link\b[^>]*rel="preload"[^>]*as="font"[^>]*>|\s*<link\b[^>]*as="font"[^>]*rel="preload"[^>]*>'
)
STYLESHEET = re.compile(r'<link\b[^>]*rel="stylesheet"[^>]*>')
#: the search tools, loaded on a reading page when its search box is used
SEARCH_TOOLS = re.compile(
    r'<script defer ([^>]*src="[^"]*(?:searchtools|language_data[-a-z]*|searchindex[-a-z]*)\.js[^"]*"[^>]*)></script>'
)
#: the search pages, which search at once
SEARCH_PAGES = ("search.html", "search-sv.html")
LAZY_SEARCH = """<script>
(function () {
  var done = false;
  function load() {
    if (done) return;
    done = true;
    document.querySelectorAll("script[data-sg-search-tool]").forEach(function (old) {
      var s = document.createElement("script");
      s.src = old.getAttribute("src");
      s.async = false;
      old.replaceWith(s);
    });
  }
  var box = ".search-button, .search-button__button, .search-button-field, form.bd-search, #pst-search-dialog";
  ["pointerdown", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (e) { if (e.target.closest && e.target.closest(box)) load(); }, true);
  });
  document.addEventListener("keydown", function (e) { if ((e.ctrlKey || e.metaKey) && e.key === "k") load(); }, true);
})();
</script>"""
#: stylesheets that may arrive after the first paint: the icon font, buttons that scripts add
LATE_CSS = ("fontawesome", "copybutton.css", "togglebutton.css")
#: stylesheets moved to just before the first element that needs them: (file, what marks that element)
BEFORE = (
    ("readers-table/table.css", ('class="sgt-mount"', "data-skitgubbe-live")),
    ("readers-table/quiz.css", ("data-sg-quiz=",)),
)


def _defer(match: re.Match[str]) -> str:
    attrs = match.group(1)
    if "src=" not in attrs or re.search(r"\b(defer|async)\b|type=\"module\"", attrs):
        return match.group(0)
    return f"<script defer{attrs}></script>"


def _late(link: str) -> str:
    """A stylesheet link that does not block the paint (and its plain form for a reader without scripts)."""
    return link.replace('rel="stylesheet"', 'rel="stylesheet" media="print" onload="this.media=\'all\'"', 1) + (
        f"<noscript>{link}</noscript>"
    )


def rewrite(html: str, options_js: str, search_page: bool = False) -> str:
    """The page with its head rewritten as the module docstring says (`search_page`: keep its search tools)."""
    head_match = HEAD.search(html)
    if head_match is None:
        return html
    head = head_match.group(0)
    moved: list[tuple[str, tuple[str, ...]]] = []
    head = OPTIONS_SCRIPT.sub(lambda _: f"<script>{options_js.strip()}</script>", head, count=1)
    head = SCRIPT_TAG.sub(_defer, head)
    head = FONT_PRELOAD.sub("", head)
    if not search_page:
        lazy = SEARCH_TOOLS.sub(r'<script type="text/plain" data-sg-search-tool \1></script>', head)
        if lazy != head:
            head = lazy.replace("</head>", LAZY_SEARCH + "\n</head>", 1)

    def stylesheet(match: re.Match[str]) -> str:
        link = match.group(0)
        for name, markers in BEFORE:
            if name in link:
                moved.append((link, markers))
                return ""
        if any(name in link for name in LATE_CSS) and "media=" not in link:
            return _late(link)
        return link

    head = STYLESHEET.sub(stylesheet, head)
    body = html[head_match.end() :]
    for link, markers in moved:
        spots = [i for i in (_element_start(body, m) for m in markers) if i is not None]
        if spots:  # else nothing on the page needs it
            at = min(spots)
            body = body[:at] + link + body[at:]
    return html[: head_match.start()] + head + body


def _element_start(body: str, marker: str) -> int | None:
    """Where the element whose start tag holds `marker` begins (the ``<`` of that tag), or None."""
    match = re.search(r"<[a-zA-Z][^<>]*" + re.escape(marker), body)
    return match.start() if match else None


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    options = out / "_static" / "documentation_options.js"
    options_js = options.read_text(encoding="utf-8") if options.is_file() else ""
    changed = 0
    for page in out.rglob("*.html"):
        if {"_static", "_live", "_sources"} & set(page.relative_to(out).parts):
            continue
        text = page.read_text(encoding="utf-8")
        new = rewrite(text, options_js, page.name in SEARCH_PAGES) if options_js else text
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    logger.info("page_assets: %d pages load less before they paint", changed)


def setup(app: Sphinx) -> dict[str, Any]:
    # before offline.py writes the service worker's list of files and their digests
    app.connect("build-finished", on_build_finished, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
