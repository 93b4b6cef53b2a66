"""The reader's table in the static Skitgubbe book (local Sphinx extension).

The built site has no kernel and must load nothing from another host. A Replay's cell output is a mount
(`<div class="sgt-mount">`) carrying its frames as JSON, written at build time by `skitgubbe.views.table`; this
extension makes the browser side work:

1. Copies the front end (`skitgubbe/views/table.js`, every module it imports, `table.css`) and a small boot
   module (`table-static.js`,
   which draws every mount of the page with a static model) into a build-only folder
   (``_build/widget_runtime/readers-table/``), added through ``html_static_path`` so it is served as
   ``_static/readers-table/``. It is *not* under ``book/_static``: Jupyter Book adds every ``*.js`` in a ``_static``
   source folder to every page.
2. Adds the stylesheet and the boot module (``type="module"``) only to pages with a mount, and the quizzes'
   module and stylesheet (``quiz.js``, ``quiz.css``, also copied in step 1) only to pages with a quiz
   (``data-sg-quiz=``, written by ``skitgubbe.views.quiz``); the learning path's (``exercises.js``,
   ``exercises.css``, with ``table.css`` for its boards) only to pages with the path (``data-sg-path=``, written
   by ``skitgubbe.views.exercises``).
3. Adds ``book/_static`` to ``html_static_path`` and each ``*.css`` in it to every page (Jupyter Book only does
   this for a top-level ``_static``), and a small script naming the theme's icon-only buttons in the page's
   language (axe ``button-name``).
4. Removes the theme's FontAwesome script (1.5 MB) from every page: no page uses its icons as SVG, and the
   ipywidgets html-manager runtime that needed the workaround is gone.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: repository root (this file is book/_ext/widget_runtime.py)
REPO = Path(__file__).resolve().parents[2]
FRONT_END = REPO / "skitgubbe" / "views"
FILES = ("table.js", "table.css")
#: the quizzes' module and stylesheet (skitgubbe/views/quiz.py writes the HTML), loaded only on pages with a quiz
QUIZ_FILES = ("quiz.js", "quiz.css")
QUIZ_MARKER = "data-sg-quiz="
#: the learning path's module and stylesheet (skitgubbe/views/exercises.py writes the HTML; exercises.js draws the
#: boards with table.js, copied next to it), loaded only on pages with an exercise set or the path's status
EXERCISE_FILES = ("exercises.js", "exercises.css")
EXERCISE_MARKER = "data-sg-path="
BOOK_STATIC = REPO / "book" / "_static"

#: folder name under _static/ in the built site
RUNTIME_DIR = "readers-table"  # not "skitgubbe": _config.yml excludes that name, static files included
MOUNT = 'class="sgt-mount"'
#: pages with the browser-live engine draw its games and checker with the same front end
LIVE_MARKER = "data-skitgubbe-live"
#: a board drawn without script (skitgubbe/views/board.py `static_board`: quiz, case, frame, handout) has table.css's
#: board rules too (its BOARD_MARKER)
BOARD_MARKER = "data-sg-board="

BOOT = """// Draws every Replay of the page from its embedded JSON (skitgubbe/views/table.js, static model).
import { mountAll } from "./table.js";
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountAll());
else mountAll();
"""

#: names for the theme's icon-only controls, by page language (they have only an icon, or a title)
THEME_NAMES = {
    "sv": {
        "search": "Sök",
        "menu": "Innehåll",
        "theme": "Ljust eller mörkt läge",
        "fullscreen": "Helskärm",
        "toc": "Innehåll på sidan",
        "top": "Till sidans början",
    },
    "en": {
        "search": "Search",
        "menu": "Contents",
        "theme": "Light or dark mode",
        "fullscreen": "Full screen",
        "toc": "On this page",
        "top": "Back to top",
    },
}

NAME_SCRIPT = """
(function () {
  var names = %s;
  function lang() {
    var m = location.pathname.match(/\\/book\\/(sv|en)\\//);
    return m ? m[1] : "en";
  }
  function apply() {
    var w = names[lang()];
    var pick = function (sel, key) {
      document.querySelectorAll(sel).forEach(function (b) {
        if (!b.getAttribute("aria-label") || !b.textContent.trim()) b.setAttribute("aria-label", w[key]);
      });
    };
    pick(".search-button, .search-button__button, button[aria-label='Search'], .btn-search", "search");
    pick(".primary-toggle, .sidebar-toggle.primary-toggle", "menu");
    pick(".secondary-toggle, .sidebar-toggle.secondary-toggle", "toc");
    pick(".theme-switch-button", "theme");
    pick(".btn-fullscreen-button", "fullscreen");
    pick("#pst-back-to-top", "top");
    // the search field shows its words ("Search", Ctrl+K): its name is its text (axe label-content-name-mismatch)
    document.querySelectorAll(".search-button-field[aria-label]").forEach(function (b) {
      if (b.textContent.trim()) b.removeAttribute("aria-label");
    });
    document.querySelectorAll("button, a.btn").forEach(function (b) {
      if (!b.getAttribute("aria-label") && !b.textContent.trim() && b.getAttribute("title"))
        b.setAttribute("aria-label", b.getAttribute("title"));
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply);
  else apply();
})();
"""


def staging_root(app: Sphinx) -> Path:
    """The build-only folder added to html_static_path (its content lands in _static/)."""
    return Path(app.outdir).parent / "widget_runtime"


def front_files() -> tuple[str, ...]:
    """The files to ship: the three entry modules, every module they import (skitgubbe.views.esm), the styles."""
    from skitgubbe.views import esm

    entries = [name for name in (*FILES, *QUIZ_FILES, *EXERCISE_FILES) if name.endswith(".js")]
    styles = [name for name in (*FILES, *QUIZ_FILES, *EXERCISE_FILES) if not name.endswith(".js")]
    try:
        return (*esm.modules(*entries), *styles)
    except esm.ModuleError as error:  # a module imports one that is not there: the site would not run
        raise ExtensionError(f"widget_runtime: {error}") from error


def _stage(target: Path) -> list[str]:
    names = front_files()
    missing = [name for name in names if not (FRONT_END / name).is_file()]
    if missing:
        raise ExtensionError(f"widget_runtime: missing front-end files in skitgubbe/views: {', '.join(missing)}")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in names:
        shutil.copy2(FRONT_END / name, target / name)
    (target / "table-static.js").write_text(BOOT, encoding="utf8")
    return [*names, "table-static.js"]


def on_config_inited(app: Sphinx, config: Config) -> None:
    import json

    root = staging_root(app)
    copied = _stage(root / RUNTIME_DIR)
    logger.info("widget_runtime: staged %s in %s", ", ".join(copied), root)
    static = list(config.html_static_path)
    for entry in (str(root), "book/_static"):
        if entry == "book/_static" and not BOOK_STATIC.is_dir():
            continue
        if entry not in static:
            static.append(entry)
    config.html_static_path = static
    if getattr(config, "nb_ipywidgets_js", None):
        raise ExtensionError("widget_runtime: nb_ipywidgets_js must be empty: the site has no ipywidgets runtime")
    app.add_js_file(None, body=NAME_SCRIPT % json.dumps(THEME_NAMES, ensure_ascii=False))


def on_builder_inited(app: Sphinx) -> None:
    if BOOK_STATIC.is_dir():
        for css in sorted(BOOK_STATIC.rglob("*.css")):
            app.add_css_file(css.relative_to(BOOK_STATIC).as_posix())


def on_html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    body = str(context.get("body", ""))
    if MOUNT in body or LIVE_MARKER in body:
        app.add_css_file(f"{RUNTIME_DIR}/table.css")
        app.add_js_file(f"{RUNTIME_DIR}/table-static.js", type="module")
    if QUIZ_MARKER in body:
        app.add_css_file(f"{RUNTIME_DIR}/quiz.css")
        app.add_js_file(f"{RUNTIME_DIR}/quiz.js", type="module")
    if BOARD_MARKER in body and MOUNT not in body and LIVE_MARKER not in body:
        app.add_css_file(f"{RUNTIME_DIR}/table.css")
    if EXERCISE_MARKER in body:
        if MOUNT not in body and LIVE_MARKER not in body and BOARD_MARKER not in body:
            app.add_css_file(f"{RUNTIME_DIR}/table.css")
        app.add_css_file(f"{RUNTIME_DIR}/exercises.css")
        app.add_js_file(f"{RUNTIME_DIR}/exercises.js", type="module")


_FONTAWESOME = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>')


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    removed = 0
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf8")
        new = _FONTAWESOME.sub("", text)
        if new != text:
            page.write_text(new, encoding="utf8")
            removed += 1
    logger.info("widget_runtime: FontAwesome script removed from %d pages", removed)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", on_config_inited, priority=900)
    app.connect("builder-inited", on_builder_inited)
    app.connect("html-page-context", on_html_page_context, priority=600)
    app.connect("build-finished", on_build_finished)
    return {"version": "2.0", "parallel_read_safe": True, "parallel_write_safe": True}
