"""The browser code's one home (`skitgubbe/views/`) and the folders the build copies from it.

- in every folder of the built site that holds the front end's modules (the reader's table, the house-rules pages,
  the live engine), each relative import of each module names a file beside it: the copy runs as the source does;
- a module the pages import that is not in the home stops the build (house_rules.py, pyodide_runtime.py), naming it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import REPO

from skitgubbe.views import esm

sys.path.insert(0, str(REPO / "book" / "_ext"))
import house_rules
import pyodide_runtime

#: the built folders that hold the front end's modules, each copied flat from skitgubbe/views/
MODULE_FOLDERS = ("_static/readers-table", "_static/house-rules", "_live")
#: a relative import: static (`from "./x.js"`, `import "./x.js"`) or dynamic (`import("./x.mjs")`)
RELATIVE = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+)["']""")


@pytest.mark.parametrize("folder", MODULE_FOLDERS)
def test_every_import_of_a_built_module_is_beside_it(built_site: Path, folder: str) -> None:
    modules = sorted(p for p in (built_site / folder).iterdir() if p.suffix in (".js", ".mjs"))
    assert modules, folder
    for module in modules:
        for target in RELATIVE.findall(module.read_text(encoding="utf-8")):
            assert target.startswith("./"), f"{folder}/{module.name} reaches out of its folder: {target}"
            assert (module.parent / target).is_file(), f"{folder}/{module.name} imports {target}, not in the build"


def test_the_pages_modules_are_the_homes_files(built_site: Path) -> None:
    """What the build copies is the source as it is (no second copy to drift from it)."""
    home = REPO / "skitgubbe" / "views"
    for folder in MODULE_FOLDERS:
        for module in (built_site / folder).iterdir():
            if module.suffix in (".js", ".mjs", ".css") and (home / module.name).is_file():
                assert module.read_bytes() == (home / module.name).read_bytes(), f"{folder}/{module.name}"


@pytest.mark.parametrize("stage", [house_rules.assets, pyodide_runtime.live_modules])
def test_a_module_missing_from_the_home_stops_the_build(
    monkeypatch: pytest.MonkeyPatch, stage: Callable[[], tuple[str, ...]]
) -> None:
    real = esm.source

    def without_template(name: str) -> str:
        if name == "template.js":
            raise esm.ModuleError("no front-end module skitgubbe/views/template.js")
        return real(name)

    monkeypatch.setattr(esm, "source", without_template)
    with pytest.raises(pyodide_runtime.ExtensionError, match=r"skitgubbe/views/template\.js"):
        stage()


def test_the_pages_ship_the_table_dom_builder_and_template_filler() -> None:
    """The house-rules pages and the live page run the table's own DOM builder and template filler."""
    assert {"dom.js", "template.js", "house-rules-core.js"} <= set(house_rules.assets())
    assert {"dom.js", "template.js", "engine-client.mjs", "csearch.mjs"} <= set(pyodide_runtime.live_modules())
