"""Offline ipywidgets runtime for the static Skitgubbe book (local Sphinx extension).

The built site has no kernel and must load nothing from another host. Widget state is
embedded by myst-nb at build time; this extension makes the browser side work offline:

1. Copies ``embed-amd.js`` + its font files from ``node_modules/@jupyter-widgets/html-manager``
   and ``require.js`` from ``node_modules/requirejs`` into a build-only folder
   (``_build/widget_runtime/jupyter-widgets/``), added through ``html_static_path`` so it is
   served as ``_static/jupyter-widgets/``.  It is *not* under ``book/_static``: Jupyter Book
   adds every ``*.js`` in a ``_static`` source folder to every page.
2. Checks that every ``nb_ipywidgets_js`` entry (set in ``_config.yml``) is one of those
   local files; a CDN URL or a missing file stops the build.
3. On every page, before any other script, sets ``window.FontAwesomeConfig.autoReplaceSvg =
   false`` (the theme's deferred Font Awesome script would otherwise swap the ``Play`` widget's
   ``<i class="fa">`` for an SVG and break the jslink chain).  On pages that load the runtime
   it also sets ``window.__jupyter_widgets_assets_path__`` and a require.js config
   (``var require = {baseUrl, paths}``) pointing into the runtime folder relative to the page,
   so the runtime's fonts load from the right depth (without the require.js part the bundled
   AMD modules look for them next to the page and get 404s).
4. Adds ``book/_static`` to ``html_static_path`` and each ``*.css`` in it to every page
   (Jupyter Book only does this for a top-level ``_static``).

Run ``npm ci`` (``make setup``) first; without ``node_modules`` the build stops here.
"""

from __future__ import annotations

import functools
import json
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
NODE_MODULES = REPO / "node_modules"
HTML_MANAGER_DIST = NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist"
REQUIRE_JS = NODE_MODULES / "requirejs" / "require.js"
BOOK_STATIC = REPO / "book" / "_static"

#: folder name under _static/ in the built site
RUNTIME_DIR = "jupyter-widgets"
#: asset files embed-amd.js loads (webpack-hashed names) are copied by suffix
ASSET_SUFFIXES = {".woff2", ".woff", ".ttf", ".eot", ".svg"}


def staging_root(app: Sphinx) -> Path:
    """The build-only folder added to html_static_path (its content lands in _static/)."""
    return Path(app.outdir).parent / "widget_runtime"


def _stage_runtime(target: Path) -> list[str]:
    """Copy the runtime into ``target``; return the copied file names."""
    missing = [p for p in (HTML_MANAGER_DIST / "embed-amd.js", REQUIRE_JS) if not p.is_file()]
    if missing:
        raise ExtensionError(
            "widget_runtime: missing "
            + ", ".join(str(p.relative_to(REPO)) for p in missing)
            + " - run `npm ci` in the repository root (or `make setup`)."
        )
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    copied = []
    for src in sorted(HTML_MANAGER_DIST.iterdir()):
        if src.name == "embed-amd.js" or src.suffix in ASSET_SUFFIXES:
            shutil.copy2(src, target / src.name)
            copied.append(src.name)
    shutil.copy2(REQUIRE_JS, target / "require.js")
    copied.append("require.js")
    versions = {}
    for pkg in ("@jupyter-widgets/html-manager", "requirejs"):
        meta = json.loads((NODE_MODULES / pkg / "package.json").read_text(encoding="utf8"))
        versions[pkg] = meta["version"]
    (target / "VERSIONS.json").write_text(json.dumps(versions, indent=1) + "\n", encoding="utf8")
    for lic in ("embed.js.LICENSE.txt",):
        if (HTML_MANAGER_DIST / lic).is_file():
            shutil.copy2(HTML_MANAGER_DIST / lic, target / lic)
    return copied


def on_config_inited(app: Sphinx, config: Config) -> None:
    root = staging_root(app)
    copied = _stage_runtime(root / RUNTIME_DIR)
    size = sum(p.stat().st_size for p in (root / RUNTIME_DIR).iterdir())
    logger.info("widget_runtime: staged %d files (%.1f MB) in %s", len(copied), size / 1e6, root)

    static = list(config.html_static_path)
    for entry in (str(root), "book/_static"):
        if entry == "book/_static" and not BOOK_STATIC.is_dir():
            continue
        if entry not in static:
            static.append(entry)
    config.html_static_path = static

    # every nb_ipywidgets_js entry must be a file we serve locally
    js = dict(getattr(config, "nb_ipywidgets_js", {}) or {})
    bad = []
    for path in js:
        rel = path[len(RUNTIME_DIR) + 1 :] if path.startswith(RUNTIME_DIR + "/") else None
        if "://" in path or path.startswith("//") or rel is None or rel not in copied:
            bad.append(path)
    if bad or not js:
        raise ExtensionError(
            "widget_runtime: nb_ipywidgets_js must list only local runtime files "
            f"({RUNTIME_DIR}/require.js, {RUNTIME_DIR}/embed-amd.js); offending: {bad or '(empty)'}"
        )


def on_builder_inited(app: Sphinx) -> None:
    if BOOK_STATIC.is_dir():
        for css in sorted(BOOK_STATIC.rglob("*.css")):
            app.add_css_file(css.relative_to(BOOK_STATIC).as_posix())


@functools.cache
def amd_module_names(embed_amd: Path) -> tuple[str, ...]:
    """The AMD module names ``embed-amd.js`` defines (``define("name", ...)``)."""
    return tuple(sorted(set(re.findall(r'define\("(@jupyter-widgets/[^"]+)"', embed_amd.read_text(encoding="utf8")))))


def runtime_loaded(app: Sphinx) -> bool:
    """Whether myst-nb added the widget runtime to the page being written."""
    wanted = f"_static/{RUNTIME_DIR}/embed-amd.js"
    return any(getattr(js, "filename", js) == wanted for js in app.builder.script_files)


def on_html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    pathto = context.get("pathto")
    if pathto is None:  # not an HTML page
        return
    lines = [
        # trap: the theme's deferred fontawesome.js would replace <i class="fa"> (Play widget
        # icons) with <svg>; this inline script runs first (priority 1, not deferred).
        "window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, "
        "{autoReplaceSvg: false, observeMutations: false});"
    ]
    if runtime_loaded(app):
        assets = pathto(f"_static/{RUNTIME_DIR}/", resource=True)
        if not assets.endswith("/"):
            assets += "/"
        # trap: the runtime resolves its font files against the page. The html-manager bundle
        # reads __jupyter_widgets_assets_path__; the bundled AMD modules (base, controls, ...)
        # derive their asset folder from their require.js module URL, so map every module name
        # to a (never fetched: embed-amd.js defines them all) file in the runtime folder.
        # `var require = {...}` before require.js loads is require.js's documented config hook.
        paths = {name: name.replace("/", "--") for name in amd_module_names(HTML_MANAGER_DIST / "embed-amd.js")}
        config = {"baseUrl": assets, "paths": paths}
        lines.append(f"window.__jupyter_widgets_assets_path__ = {json.dumps(assets)};")
        lines.append(f"var require = {json.dumps(config, sort_keys=True)};")
    # priority 1: before every other script (theme, require.js, embed-amd.js)
    app.add_js_file(None, body="\n".join(lines), priority=1)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", on_config_inited, priority=900)
    app.connect("builder-inited", on_builder_inited)
    # after myst-nb's handler (priority 500), which adds the runtime scripts to widget pages
    app.connect("html-page-context", on_html_page_context, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
