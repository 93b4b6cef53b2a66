"""Whether the engine runs compiled (mypyc, see setup.py), and a guard against compiled modules older than their
source: Python would load the stale extension and quietly play by the old code."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def compiled_modules() -> dict[str, Path]:
    """The package's modules that have a compiled extension next to them, by dotted name below the package."""
    found: dict[str, Path] = {}
    for suffix in EXTENSION_SUFFIXES:
        for path in _HERE.rglob("*" + suffix):
            relative = path.relative_to(_HERE).as_posix()[: -len(suffix)]
            found.setdefault(relative.replace("/", "."), path)
    return found


def check_fresh() -> None:
    """In a source checkout, refuse to load a compiled module whose source changed after it was built."""
    if not (_HERE.parent / "setup.py").is_file():
        return  # an installed package, built from the sources it carries
    for name, extension in sorted(compiled_modules().items()):
        source = _HERE / (name.replace(".", "/") + ".py")
        if source.is_file() and source.stat().st_mtime > extension.stat().st_mtime:
            raise ImportError(
                f"skitgubbe/{source.relative_to(_HERE).as_posix()} changed after it was compiled ({extension.name}): rebuild the compiled engine "
                f"with `make setup` (or `pip install -e .`), or delete the skitgubbe/**/*.so files to run the Python source"
            )


check_fresh()
