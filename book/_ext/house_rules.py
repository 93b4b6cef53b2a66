"""House rules and teacher's kit assets (local Sphinx extension).

At build time this writes `house-rules-data.json` (every option of `Rules`, the catalogue rules each switches,
the verdict on every combination and the words; `skitgubbe.text.house_rules`) and copies the pages' ES modules
(the form, the quick reference and the teacher's kit, with every module they import: the table's DOM builder and
template filler; `skitgubbe.views.esm`) and CSS from `skitgubbe/views/` into a build-only folder served as
`_static/house-rules/`; a missing one stops the build. Only the pages that
use them load them (a `<script type="module">` / `<link>` with a relative path in the page), so no other page
carries them: a `.js` under `book/_static` would be added to every page.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: the one home of the browser modules (this file is book/_ext/house_rules.py)
ASSETS = Path(__file__).resolve().parents[2] / "skitgubbe" / "views"
#: the pages' entry modules (each page loads one by a relative path) and their stylesheets
ENTRIES = ("house-rules.js", "quickref.js", "teacher.js")
STYLES = ("house-rules.css", "quickref.css", "teacher.css")
FOLDER = "house-rules"


def assets() -> tuple[str, ...]:
    """The files to ship: the entry modules, every module they import (`skitgubbe.views.esm`), the styles."""
    from skitgubbe.views import esm

    try:
        names = (*esm.modules(*ENTRIES), *STYLES)
    except esm.ModuleError as error:  # a module imports one that is not there: the form would not run
        raise ExtensionError(f"house_rules: {error}") from error
    missing = [name for name in names if not (ASSETS / name).is_file()]
    if missing:
        raise ExtensionError(f"house_rules: missing files in skitgubbe/views: {', '.join(missing)}")
    return names


def on_config_inited(app: Sphinx, config: Config) -> None:
    from skitgubbe.text import house_rules as export

    root = Path(app.outdir).parent / "house_rules_static"
    target = root / FOLDER
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in assets():
        shutil.copy2(ASSETS / name, target / name)
    export.write(str(target / "house-rules-data.json"))
    size = (target / "house-rules-data.json").stat().st_size
    logger.info("house_rules: wrote house-rules-data.json (%.0f kB) and the form's files to %s", size / 1e3, target)
    static = list(config.html_static_path)
    if str(root) not in static:
        static.append(str(root))
    config.html_static_path = static


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", on_config_inited, priority=910)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
