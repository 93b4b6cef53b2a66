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
   first table or quiz of the page, so the text above it paints first;
5. the themes' stylesheets (``TRIMMED``: pydata-sphinx-theme's 400 KB of Bootstrap and Font Awesome, Sphinx's,
   sphinx-design's, MyST-NB's) keep only the rules that can match something on the site: a rule stays when each
   class its selector needs is a word of some page or script of the build (a script may add a class), so nothing
   the site shows loses its style; ``theme.css``, which only imports ``basic.css`` (a second round trip before the
   paint), is replaced in the pages by ``basic.css`` itself;
6. the icon fonts keep only the glyphs of the icons the trimmed stylesheet still has (``.fa-bars`` and the like:
   every icon that shows), written as ``*-site.woff`` next to them; the stylesheet names those files;
7. the stylesheets a page's head still waits for (a dozen, each a request before the paint) are joined, in their
   order, into one file ``_static/styles/sg-<digest>.css`` (their ``url()``s rewritten), shared by every page that
   has the same list: one request before the first paint.
"""

from __future__ import annotations

import hashlib
import io
import posixpath
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tinycss2
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
    ("readers-table/table.css", ('class="sgt-mount"', "data-skitgubbe-live", "data-sg-path=", "data-sg-board=")),
    ("readers-table/quiz.css", ("data-sg-quiz=",)),
    ("readers-table/exercises.css", ("data-sg-path=",)),
)


#: the themes' stylesheets trimmed to what the site uses (paths under _static; a * matches a digest)
TRIMMED = (
    "styles/pydata-sphinx-theme.css",
    "styles/sphinx-book-theme.css",
    "basic.css",
    "sphinx-design.min.css",
    "mystnb.*.css",
    "pygments.css",
)
#: a stylesheet link to theme.css, which only imports basic.css
THEME_CSS = re.compile(r'(<link\b[^>]*href="[^"]*_static/)styles/theme\.css(?:\?[^"]*)?"')
WORD = re.compile(r"-?[A-Za-z_][\w-]*")
CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
ATTRIBUTE = re.compile(r"\[[^\]]*\]")
ARGUMENTS = re.compile(r"\([^()]*\)")
#: the block at-rules whose rules are trimmed one by one
GROUPING = {"media", "supports", "layer", "container", "document"}
#: the icon fonts' files (under _static/vendor/fontawesome/webfonts) and an icon's glyph in the stylesheet
ICON_FONT = re.compile(
    r"url\((\.\./vendor/fontawesome/webfonts/(fa-[a-z]+-\d+))\.woff2\) format\(\"woff2\"\)(,url\([^)]*\.ttf\) format\(\"truetype\"\))?"
)
GLYPH = re.compile(r'content:\s*"(\\[0-9a-fA-F]{4,5}|[\ue000-\uf8ff])"')  # escaped, or as tinycss2 writes it


def site_words(out: Path) -> set[str]:
    """Every word of the build's pages and scripts: the names a class attribute or a script may give an element."""
    words: set[str] = set()
    for path in out.rglob("*"):
        if path.suffix not in (".html", ".js", ".mjs") or not path.is_file():
            continue
        if "_sources" in path.parts or path.name == "fontawesome.js" or path.stat().st_size > 4_000_000:
            continue  # Sphinx's copies of the sources; the icon script no page loads; the Python runtime's blob
        words.update(WORD.findall(path.read_text(encoding="utf-8", errors="replace")))
    return words


def _selectors(prelude: str) -> list[str]:
    """The selectors of a rule's prelude (split at the commas outside brackets)."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            out.append(prelude[start:i].strip())
            start = i + 1
    out.append(prelude[start:].strip())
    return [s for s in out if s]


def needed(selector: str, words: set[str]) -> bool:
    """Whether `selector` can match on the site: each class it requires is one of `words` (a class inside
    ``:not()``, ``:is()``, ``:has()`` or an attribute's value is not required)."""
    bare = ATTRIBUTE.sub("", selector)
    while True:
        less = ARGUMENTS.sub("", bare)
        if less == bare:
            break
        bare = less
    return all(name in words for name in CLASS.findall(bare))


def _trim(rules: Iterable[Any], words: set[str]) -> str:
    out = []
    for rule in rules:
        if rule.type == "qualified-rule":
            kept = [s for s in _selectors(tinycss2.serialize(rule.prelude)) if needed(s, words)]
            if kept:
                out.append(",".join(kept) + "{" + tinycss2.serialize(rule.content).strip() + "}")
        elif rule.type == "at-rule":
            if rule.lower_at_keyword in GROUPING and rule.content is not None:
                inner = _trim(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True), words)
                if inner:
                    out.append(f"@{rule.at_keyword} {tinycss2.serialize(rule.prelude).strip()}{{{inner}}}")
            else:
                out.append(rule.serialize())
    return "\n".join(out)


def trim_css(css: str, words: set[str]) -> str:
    """`css` with only the rules that can match an element whose classes are among `words` (comments dropped)."""
    return _trim(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True), words) + "\n"


def subset_icon_fonts(css: str, webfonts: Path) -> str:
    """Write each icon font of `css` with only the glyphs `css` still uses (``<name>-site.woff``) and return `css`
    naming those files (unchanged where a font file is missing)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    glyphs = sorted({int(code[1:], 16) if code.startswith("\\") else ord(code) for code in GLYPH.findall(css)})

    def one(match: re.Match[str]) -> str:
        source = webfonts / (match.group(2) + ".ttf")  # read from the TrueType file: woff2 needs brotli
        if not source.is_file() or not glyphs:
            return match.group(0)
        font = TTFont(source)
        options = subset.Options()
        options.flavor = "woff"  # zlib: woff2 needs the brotli module
        options.layout_features = []
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=glyphs)
        subsetter.subset(font)
        buffer = io.BytesIO()
        font.flavor = "woff"
        font.save(buffer)
        (webfonts / (match.group(2) + "-site.woff")).write_bytes(buffer.getvalue())
        return f'url({match.group(1)}-site.woff) format("woff")'

    return ICON_FONT.sub(one, css)


def trim_stylesheets(out: Path) -> list[tuple[str, int, int]]:
    """Trim the build's `TRIMMED` stylesheets in place; (file, bytes before, after) for each."""
    static = out / "_static"
    words = site_words(out)
    done = []
    for pattern in TRIMMED:
        for path in sorted(static.glob(pattern)):
            before = path.read_text(encoding="utf-8")
            after = trim_css(before, words)
            if "fontawesome" in after:
                after = subset_icon_fonts(after, static / "vendor" / "fontawesome" / "webfonts")
            path.write_text(after, encoding="utf-8")
            done.append((path.relative_to(static).as_posix(), len(before), len(after)))
    return done


#: a stylesheet that blocks the paint (no media="print" trick) and its address; <noscript> copies are skipped
BLOCKING = re.compile(r'<link\b(?=[^>]*rel="stylesheet")(?![^>]*\bmedia=)[^>]*\bhref="([^"]+)"[^>]*>')
NOSCRIPT = re.compile(r"<noscript>.*?</noscript>", re.S)
URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
CHARSET = re.compile(r'@charset\s+"[^"]*";\s*')
BUNDLE_DIR = "styles"


def _rebase(css: str, source: str, target_dir: str) -> str:
    """`css` of the file `source` (a path under _static) with its relative ``url()``s made relative to
    `target_dir` (a folder under _static)."""

    def one(match: re.Match[str]) -> str:
        ref = match.group(2)
        if re.match(r"[a-z][a-z0-9+.-]*:|/|#", ref, re.I):
            return match.group(0)
        absolute = posixpath.normpath(posixpath.join(posixpath.dirname(source), ref))
        return f'url("{posixpath.relpath(absolute, target_dir)}")'

    return URL.sub(one, css)


def bundle_stylesheets(out: Path, pages: Iterable[Path]) -> int:
    """Join the stylesheets each page's head waits for into one file (see the module docstring, 7); the number
    of bundles written."""
    static = out / "_static"
    bundles: dict[tuple[str, ...], str] = {}
    for page in pages:
        html = page.read_text(encoding="utf-8")
        head_match = HEAD.search(html)
        if head_match is None:
            continue
        head = head_match.group(0)
        visible = NOSCRIPT.sub(lambda m: " " * len(m.group(0)), head)
        links = list(BLOCKING.finditer(visible))
        prefix = posixpath.relpath("_static", posixpath.dirname(page.relative_to(out).as_posix()) or ".")
        files = []
        for link in links:
            href = link.group(1).split("?", 1)[0]
            path = (page.parent / href).resolve()
            if not path.is_file() or static.resolve() not in path.parents:
                break
            files.append(path.relative_to(static.resolve()).as_posix())
        if len(links) < 2 or len(files) != len(links):
            continue
        key = tuple(files)
        if key not in bundles:
            parts = [
                f"/* {name} */\n"
                + _rebase(CHARSET.sub("", (static / name).read_text(encoding="utf-8")), name, BUNDLE_DIR)
                for name in files
            ]
            text = '@charset "UTF-8";\n' + "\n".join(parts)
            name = f"{BUNDLE_DIR}/sg-{hashlib.sha256(text.encode()).hexdigest()[:12]}.css"
            (static / name).write_text(text, encoding="utf-8")
            bundles[key] = name
        first, rest = links[0], links[1:]
        new = head[: first.start()] + f'<link rel="stylesheet" href="{prefix}/{bundles[key]}" />'
        at = first.end()
        for link in rest:
            new += head[at : link.start()]
            at = link.end()
        new += head[at:]
        page.write_text(html[: head_match.start()] + new + html[head_match.end() :], encoding="utf-8")
    return len(bundles)


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
    head = THEME_CSS.sub(r'\1basic.css"', head)
    head = SCRIPT_TAG.sub(_defer, head)
    head = FONT_PRELOAD.sub("", head)
    if not search_page:
        lazy = SEARCH_TOOLS.sub(r'<script type="text/plain" data-sg-search-tool \1></script>', head)
        if lazy != head:
            head = lazy.replace("</head>", LAZY_SEARCH + "\n</head>", 1)

    def stylesheet(match: re.Match[str]) -> str:
        link = match.group(0)
        if match.string.endswith("<noscript>", 0, match.start()):
            return link  # the plain copy of a late stylesheet, for a reader without scripts (a rebuilt page)
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
    pages = [p for p in out.rglob("*.html") if not {"_static", "_live", "_sources"} & set(p.relative_to(out).parts)]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        new = rewrite(text, options_js, page.name in SEARCH_PAGES) if options_js else text
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    logger.info("page_assets: %d pages load less before they paint", changed)
    for name, before, after in trim_stylesheets(out):
        logger.info("page_assets: %s trimmed from %d to %d bytes", name, before, after)
    logger.info("page_assets: %d stylesheet bundles", bundle_stylesheets(out, pages))


def setup(app: Sphinx) -> dict[str, Any]:
    # before offline.py writes the service worker's list of files and their digests
    app.connect("build-finished", on_build_finished, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
