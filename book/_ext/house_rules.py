"""House rules and teacher's kit assets (local Sphinx extension).

At build time this writes `house-rules-data.json` (every option of `Rules`, the catalogue rules each switches,
the verdict on every combination and the words; `skitgubbe.text.house_rules`) and copies the form's ES modules and
CSS from `book/_ext/house_rules/` into a build-only folder served as `_static/house-rules/`. Only the pages that
use them load them (a `<script type="module">` / `<link>` with a relative path in the page), so no other page
carries them: a `.js` under `book/_static` would be added to every page.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent / "house_rules"
FOLDER = "house-rules"


def on_config_inited(app: Sphinx, config: Config) -> None:
    from skitgubbe.text import house_rules as export

    root = Path(app.outdir).parent / "house_rules_static"
    target = root / FOLDER
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for src in sorted(ASSETS.iterdir()):
        if src.suffix in (".js", ".css"):
            shutil.copy2(src, target / src.name)
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
