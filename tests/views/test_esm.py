"""The front end's modules as one module for Jupyter (skitgubbe/views/esm.py): every module each entry imports is
there once, the text runs under node with the entry's exports, and a missing module, two modules declaring one name
or an import the bundle cannot take stop it with a message naming them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from skitgubbe.views import esm, table

ENTRIES = {"table.js": {"default", "fill", "genitive", "sortHand", "staticModel", "mountAll", "render"}}
NODE = shutil.which("node")


def test_each_entry_names_every_module_it_needs_once() -> None:
    found = esm.modules("table.js")
    assert found[0] == "table.js" and len(found) == len(set(found))
    assert {"dom.js", "template.js", "cards.js", "board.js", "replay.js", "live-table.js", "checker.js"} <= set(found)
    assert {"answers.js", "progress.js", "template.js"} <= set(esm.modules("quiz.js"))
    assert {"answers.js", "table.js", "dom.js"} <= set(esm.modules("exercises.js"))
    for name in esm.modules("table.js", "quiz.js", "exercises.js"):
        assert len(esm.source(name).splitlines()) <= 500, f"{name} is longer than 500 lines"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_bundle_runs_under_node_with_the_entrys_exports(tmp_path: Path) -> None:
    text = table.esm()
    for name in esm.modules("table.js"):
        assert text.count(f"// ---- {name}\n") == 1
    assert '"./' not in text
    bundle = tmp_path / "table.mjs"
    bundle.write_text(text, encoding="utf-8")
    script = f"const m = await import({json.dumps(bundle.as_uri())}); console.log(JSON.stringify(Object.keys(m)))"
    out = subprocess.run(
        [NODE or "node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    assert set(json.loads(out.stdout)) == ENTRIES["table.js"]


def _fake(monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> None:
    def source(name: str) -> str:
        if name not in files:
            raise esm.ModuleError(f"no front-end module skitgubbe/views/{name}")
        return files[name]

    monkeypatch.setattr(esm, "source", source)
    esm.inlined.cache_clear()


def test_a_missing_module_a_name_twice_and_a_renamed_import_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake(monkeypatch, {"a.js": 'import { x } from "./gone.js";\nexport const y = x;\n'})
    with pytest.raises(esm.ModuleError, match=re.escape("no front-end module skitgubbe/views/gone.js")):
        esm.inlined("a.js")
    _fake(
        monkeypatch,
        {
            "a.js": 'import { x } from "./b.js";\nconst x2 = x;\nfunction f() {}\n',
            "b.js": "export const f = 1;\nexport const x = 2;\n",
        },
    )
    with pytest.raises(esm.ModuleError, match=re.escape("a.js and b.js both declare f")):
        esm.inlined("a.js")
    _fake(monkeypatch, {"a.js": 'import { x as z } from "./b.js";\n', "b.js": "export const x = 2;\n"})
    with pytest.raises(esm.ModuleError, match="named imports only"):
        esm.inlined("a.js")
    _fake(
        monkeypatch,
        {
            "a.js": 'import { x } from "./b.js";\nexport { x };\n',
            "b.js": 'import { y } from "./a.js";\nexport const x = 2;\n',
        },
    )
    assert esm.modules("a.js") == ("a.js", "b.js")  # a circle is walked once; the bundle keeps one scope
    esm.inlined.cache_clear()
