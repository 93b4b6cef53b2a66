"""The book's notebooks in the one form Jupyter saves them, so opening and saving one changes nothing.

JupyterLab (and Notebook, Voilà's editor, VS Code) write a notebook with `nbformat.write`: sources as lists of
lines, one-space JSON indent, keys sorted; they also stamp the kernel they ran. A notebook kept in that form, with
the kernel ipykernel names, comes back byte for byte after an open and a save (tests/book/test_notebook_format.py).
A check cell (tagged `check`) also carries `skip-execution` and `nbval-skip`: the book build and nbval leave it to
tests/book/test_notebook_checks.py, which runs each check once.

    python book/_ext/notebook_format.py          # rewrite every book notebook in canonical form
    python book/_ext/notebook_format.py --check  # list the ones that are not (exit 1)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

BOOK = Path(__file__).resolve().parents[1]
SKIP_PARTS = {"_build", ".ipynb_checkpoints", "jupyter_execute", ".jupyter_cache"}

#: what JupyterLab writes for the kernel the book runs on (ipykernel's python3); the Python version it adds to
#: `language_info` is the one thing a save on another machine may still change
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}


def book_notebooks(book: Path = BOOK) -> list[Path]:
    """Every notebook of the book, in a stable order."""
    return sorted(p for p in book.rglob("*.ipynb") if not SKIP_PARTS.intersection(p.relative_to(book).parts))


def saved(text: str) -> str:
    """`text` (a notebook's JSON) as Jupyter's save would write it."""
    notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    out = nbformat.writes(notebook, version=nbformat.NO_CONVERT)
    return out if out.endswith("\n") else out + "\n"


#: what a check cell carries besides `check`: the build (nbclient) and nbval skip it; the checks' own test runs it
CHECK_SKIP_TAGS = ("skip-execution", "nbval-skip")


def _tag_checks(notebook: nbformat.NotebookNode) -> None:
    for cell in notebook.cells:
        tags = list(cell.get("metadata", {}).get("tags", []))
        if cell.cell_type == "code" and "check" in tags and not set(CHECK_SKIP_TAGS) <= set(tags):
            cell.metadata["tags"] = tags + [t for t in CHECK_SKIP_TAGS if t not in tags]


def canonical(text: str) -> str:
    """`text` in the book's canonical form: Jupyter's save, with the kernel Jupyter would stamp, and the check
    cells' skip tags."""
    notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    _tag_checks(notebook)
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    language = dict(notebook.metadata.get("language_info", {}))
    notebook.metadata["language_info"] = {**LANGUAGE_INFO, **{k: v for k, v in language.items() if k == "version"}}
    return saved(nbformat.writes(notebook, version=nbformat.NO_CONVERT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only list the notebooks not in canonical form")
    args = parser.parse_args(argv)
    wrong = []
    for path in book_notebooks():
        text = path.read_text(encoding="utf-8")
        fixed = canonical(text)
        if fixed != text:
            wrong.append(path)
            if not args.check:
                path.write_text(fixed, encoding="utf-8")
    for path in wrong:
        print(f"{path.relative_to(BOOK.parent)}: {'not canonical' if args.check else 'rewritten'}")
    return 1 if wrong and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
