"""The front end's ES modules (`skitgubbe/views/*.js`, `*.mjs`) and what each imports.

Every browser module that imports another sits in this one folder and imports its neighbours by a relative name
(`import { h } from "./dom.js"`), so any set of them copied side by side runs as it does here. The static site ships
each entry with its closure that way (book/_ext/widget_runtime.py the reader's table, house_rules.py the
house-rules pages, pyodide_runtime.py the live engine's page and worker; each stops when one is missing); Jupyter
has no folder to import from, so `inlined(name)` gives one module's text holding `name` and every module it
imports, each once, in one scope: the widget (anywidget `_esm`) and the inline quiz and learning path run the same
modules as the site.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

__all__ = ["ModuleError", "imports", "inlined", "modules", "source"]

#: a static or dynamic import of a neighbour: `from "./x.js"`, `import "./x.js"`, `import("./x.mjs")`
_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)"\./([a-z0-9][a-z0-9-]*\.m?js)\"""")


class ModuleError(ValueError):
    """A front-end module that is missing, or imports itself through its neighbours."""


@lru_cache(maxsize=64)
def source(name: str) -> str:
    """The text of the front-end module `name` (a file of skitgubbe/views)."""
    path = resources.files(__package__).joinpath(name)
    if not name.endswith((".js", ".mjs")) or "/" in name or not path.is_file():
        raise ModuleError(f"no front-end module skitgubbe/views/{name}")
    return path.read_text(encoding="utf-8")


def imports(name: str) -> tuple[str, ...]:
    """The neighbours `name` imports, in the order it names them (each once)."""
    return tuple(dict.fromkeys(match.group(2) for match in _IMPORT.finditer(source(name))))


def modules(*names: str) -> tuple[str, ...]:
    """`names` and every module they import, directly or not (each once, a module before what it imports)."""
    seen: dict[str, None] = {}
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name not in seen:
            seen[name] = None
            todo.extend(imports(name))
    return tuple(seen)


#: a line that imports neighbours, or re-exports theirs (`export { a, b } from "./x.js";`)
_IMPORT_LINE = re.compile(r"""^(import|export)\s*(\{[^}]*\})?[^"\n]*"\./[a-z0-9-]+\.js";?[ \t]*$""", re.M)
#: a top-level declaration (the front end writes them at the start of a line)
_DECLARED = re.compile(r"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)", re.M)


@lru_cache(maxsize=8)
def inlined(name: str) -> str:
    """One module's text for a page that cannot import neighbours: `name` and every module it imports, each once,
    in one scope (what a module imports comes before it); only `name` keeps its exports. A top-level name two of
    them declare, or an import the bundle cannot resolve (`as`, a default import), stops it with a ModuleError."""
    order = list(reversed(modules(name)))
    declared: dict[str, str] = {}
    parts = []
    for module in order:
        text = source(module)
        for found in _DECLARED.finditer(text):
            other = declared.setdefault(found.group(1), module)
            if other != module:
                raise ModuleError(f"{module} and {other} both declare {found.group(1)}: the bundle needs one scope")
        exported: list[str] = []

        def strip(match: re.Match[str], module: str = module, exported: list[str] = exported) -> str:
            line = match.group(0)
            if " as " in line or re.match(r"import\s+[\w$]+", line):
                raise ModuleError(f"{module}: the bundle takes named imports only: {line.strip()}")
            if match.group(1) == "export" and match.group(2):
                exported.extend(n.strip() for n in match.group(2)[1:-1].split(",") if n.strip())
            return ""

        text = _IMPORT_LINE.sub(strip, text)
        if module != name:
            text = re.sub(r"^export\s+(?=(?:async\s+)?(?:function|const|let|var|class)\b)", "", text, flags=re.M)
            text = re.sub(r"^export\s*\{[^}]*\};?[ \t]*$", "", text, flags=re.M)
            text = re.sub(r"^export default\b.*$", "", text, flags=re.M)
        elif exported:
            text += f"\nexport {{ {', '.join(exported)} }};\n"
        if _IMPORT.search(text):
            raise ModuleError(f"{module}: an import of a neighbour the bundle cannot take: {_IMPORT.search(text)}")
        parts.append(f"// ---- {module}\n{text}")
    return "\n".join(parts)
