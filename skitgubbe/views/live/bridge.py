"""The worker's one entry point: call a function of an allowed module by name, JSON in and JSON out.

The Web Worker (`engine-worker.mjs`) imports this module with `pyodide.pyimport` and calls `call(name, args_json)`;
no JavaScript builds Python source. `name` is `"alias.function"` with an alias of `MODULES`. Arguments are keyword
arguments (a JSON object); the answer is `{"ok": true, "result": ...}` or `{"ok": false, "error": {"type",
"message", ...}}`, never an exception.

The live game and the checker speak the one live protocol, the controllers' (`skitgubbe.views.controllers`, the
same the Jupyter widget speaks): `controllers.open_controller` makes one under a key and `controllers.
controller_message` sends it a front-end message. The bridge keeps no state of its own.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
from types import ModuleType
from typing import Any

from skitgubbe import strict_json

#: The modules the browser may call, by alias: the live protocol (and pass and play's controller) and the browser
#: tests' probes.
MODULES: dict[str, str] = {
    "controllers": "skitgubbe.views.controllers",
    "pass_play": "skitgubbe.views.pass_play",
    "probe": "skitgubbe.views.live.probe",
}

#: what a first deal imports lazily (measured: a play table's opening under pagat): `info()` imports it too, so the
#: worker's memory snapshot holds it and the first deal of a restored start imports nothing (issue 58). Importing
#: them loads no search backend: `native` finds one on first use, after the worker registered the C search.
FIRST_DEAL: tuple[str, ...] = (
    "skitgubbe.engine.kernel.native",
    "skitgubbe.players.budget",
    "skitgubbe.players.fallback",
    "skitgubbe.text.review_words",
    "skitgubbe.text.search_text",
)


class BridgeError(ValueError):
    """A call the bridge refuses: unknown module or function, or arguments that are not a JSON object."""


def _module(alias: str) -> ModuleType:
    if alias not in MODULES:
        raise BridgeError(f"unknown module {alias!r}; allowed: {', '.join(sorted(MODULES))}")
    try:
        return importlib.import_module(MODULES[alias])
    except ModuleNotFoundError as error:
        raise BridgeError(f"module {MODULES[alias]} is not in this build of the engine") from error


def resolve(name: str) -> Any:
    """The function `name` stands for; refuses private names and anything not defined by an allowed module."""
    alias, _, function = name.rpartition(".")
    module = _module(alias)
    target = getattr(module, function, None) if function and not function.startswith("_") else None
    if not callable(target) or getattr(target, "__module__", None) != module.__name__:
        raise BridgeError(f"{module.__name__} has no public function {function!r}")
    return target


def _error(error: BaseException) -> dict[str, Any]:
    found: dict[str, Any] = {"type": type(error).__name__, "message": str(error)}
    rule = getattr(error, "rule", None)
    if isinstance(rule, str):
        found["rule"] = rule
    message = getattr(error, "message", None)
    if callable(message):
        found["messages"] = {lang: message(lang) for lang in ("sv", "en")}
    return found


def call(name: str, args_json: str = "{}") -> str:
    """Call `name` with the keyword arguments in `args_json`; the answer as JSON text (see the module text).

    The arguments are read by the package's one JSON reader (`skitgubbe.strict_json`: its depth, size and number
    limits), and the answer is written strictly (no `NaN` or `Infinity`, which the browser's JSON parser refuses):
    an answer that is not strict JSON is answered as an error instead.
    """
    try:
        args = strict_json.loads(args_json or "{}")
        if not isinstance(args, dict):
            raise BridgeError(f"arguments of {name} must be a JSON object, not {type(args).__name__}")
        result = resolve(name)(**args)
        return strict_json.dumps({"ok": True, "result": result})
    except (ValueError, TypeError, LookupError, RecursionError) as error:  # bad input: said, not raised
        return strict_json.dumps({"ok": False, "error": _error(error)})
    except Exception as error:
        found = _error(error)
        found["trace"] = traceback.format_exc(limit=-4)
        return strict_json.dumps({"ok": False, "error": found})


def info() -> str:
    """What runs: the Python version and which allowed modules this build holds (JSON text)."""
    present = {}
    for alias, module in MODULES.items():
        try:
            importlib.import_module(module)
            present[alias] = True
        except ModuleNotFoundError:
            present[alias] = False
    for name in FIRST_DEAL:
        importlib.import_module(name)
    return json.dumps({"python": sys.version.split()[0], "platform": sys.platform, "modules": present})
