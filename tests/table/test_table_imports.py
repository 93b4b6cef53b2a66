"""The table server sits beside the views, not on them: no module of `skitgubbe/table/` imports `skitgubbe.views`.

Its Replay is `skitgubbe.replay`'s model (beside the session); its phones draw the cards from the deck their page
holds; the card pictures of its pages come from `skitgubbe.pictures`, below both. Any import of the views fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TABLE = REPO / "skitgubbe" / "table"

#: module -> the views modules it may still import, and why (none)
ALLOWED: dict[str, set[str]] = {}


def views_imports(source: str) -> set[str]:
    """The `skitgubbe.views` modules a module's source imports (at any depth: in a function too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("skitgubbe.views")}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == "skitgubbe":
                found |= {f"skitgubbe.{a.name}" for a in node.names if a.name == "views"}
            elif node.module.startswith("skitgubbe.views"):
                found.add(node.module)
    return found


def test_no_table_module_imports_the_views() -> None:
    modules = sorted(TABLE.rglob("*.py"))
    assert len(modules) >= 10  # the scan finds the package
    found = {m.name: views_imports(m.read_text(encoding="utf-8")) for m in modules}
    wrong = {
        name: sorted(got - ALLOWED.get(name, set())) for name, got in found.items() if got - ALLOWED.get(name, set())
    }
    assert wrong == {}
    assert found["app.py"] == set() and found["names.py"] == set()


def test_the_scan_sees_every_form_of_import() -> None:
    source = """
import skitgubbe.views.render
from skitgubbe.views.frames import Frame
from skitgubbe import views
def late():
    from skitgubbe.views import table
"""
    assert views_imports(source) == {"skitgubbe.views.render", "skitgubbe.views.frames", "skitgubbe.views"}
    assert views_imports("from skitgubbe.replay import Frame\nimport skitgubbe.session\n") == set()
