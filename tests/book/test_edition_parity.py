"""The Swedish and English editions match: same page files, same toc order, same code, same headings.

Code cells must be identical apart from the language argument: in the Swedish notebook every
string literal "sv" / 'sv' is read as "en" / 'en' before comparing; comments and blank lines
are ignored (they may be translated). Applies to .ipynb notebooks and to MyST markdown pages'
{code-cell} blocks.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest
from helpers import REPO, toc_files

BOOK = REPO / "book"
LANGS = ("sv", "en")
PAGE_SUFFIXES = {".md", ".ipynb"}
SKIP_PARTS = {".ipynb_checkpoints", "_build", "jupyter_execute"}
LANG_LITERAL = re.compile(r"""(["'])sv\1""")
CODE_CELL = re.compile(r"^(?P<fence>`{3,}|~{3,})\{code-cell\}[^\n]*\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S)


def page_files(lang: str) -> set[str]:
    root = BOOK / lang
    if not root.is_dir():
        return set()
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.suffix in PAGE_SUFFIXES and p.is_file() and not SKIP_PARTS.intersection(p.relative_to(root).parts)
    }


def edition_toc(lang: str) -> list[str]:
    prefix = f"book/{lang}/"
    return [f[len(prefix) :] for f in toc_files() if f.startswith(prefix)]


def test_editions_have_the_same_page_files() -> None:
    sv, en = page_files("sv"), page_files("en")
    if not sv and not en:
        pytest.skip("no pages under book/sv or book/en yet")
    assert sorted(sv - en) == [], "Swedish pages without an English twin"
    assert sorted(en - sv) == [], "English pages without a Swedish twin"


def test_toc_lists_both_editions_in_the_same_order() -> None:
    sv, en = edition_toc("sv"), edition_toc("en")
    assert sv, "_toc.yml lists no book/sv/ pages"
    assert sv == en, f"_toc.yml order differs:\n  sv: {sv}\n  en: {en}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_file_is_in_the_toc(lang: str) -> None:
    """only_build_toc_files would silently leave out a page that the toc forgets."""
    listed = set(edition_toc(lang))
    unlisted = sorted(f for f in page_files(lang) if f.rsplit(".", 1)[0] not in listed)
    assert not unlisted, f"book/{lang}/ pages missing from _toc.yml: {unlisted}"


def code_cells(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return [
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb.get("cells", [])
            if c.get("cell_type") == "code"
        ]
    cells = []
    for m in CODE_CELL.finditer(path.read_text(encoding="utf-8")):
        body = m.group("body")
        if body.startswith("---\n"):  # YAML options block
            body = body.split("\n---\n", 1)[1] if "\n---\n" in body[3:] else ""
        lines = body.splitlines(keepends=True)
        while lines and lines[0].startswith(":"):  # :tags: [...] style options
            lines.pop(0)
        cells.append("".join(lines))
    return cells


def normalise(code: str, lang: str) -> list[str]:
    """The code's tokens without comments/blank lines; in Swedish cells "sv" reads as "en"."""
    if lang == "sv":
        code = LANG_LITERAL.sub(r"\1en\1", code)
    try:
        tokens = [
            tok.string if tok.type != tokenize.INDENT else "<indent>"
            for tok in tokenize.generate_tokens(io.StringIO(code).readline)
            if tok.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING)
        ]
        return tokens
    except (tokenize.TokenError, IndentationError, SyntaxError):
        # not plain Python (e.g. cell magics): compare non-blank lines without trailing space
        return [line.rstrip() for line in code.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def pages_with_code() -> list[str]:
    return sorted(
        f
        for f in page_files("sv") & page_files("en")
        if f.endswith(".ipynb")
        or CODE_CELL.search((BOOK / "sv" / f).read_text(encoding="utf-8"))
        or CODE_CELL.search((BOOK / "en" / f).read_text(encoding="utf-8"))
    )


# an empty list (no pages with code yet) makes pytest report this test as skipped
@pytest.mark.parametrize("page", pages_with_code())
def test_twins_have_the_same_code(page: str) -> None:
    sv, en = code_cells(BOOK / "sv" / page), code_cells(BOOK / "en" / page)
    assert len(sv) == len(en), f"{page}: {len(sv)} code cells in Swedish, {len(en)} in English"
    for i, (a, b) in enumerate(zip(sv, en, strict=True)):
        assert normalise(a, "sv") == normalise(b, "en"), (
            f"{page}: code cell {i} differs beyond the language argument\n--- sv:\n{a}\n--- en:\n{b}"
        )


FENCE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})")
HEADING = re.compile(r"^(#{1,6})\s+\S")


def heading_levels(path: Path) -> list[int]:
    """The levels of a page's MyST headings in order (fenced blocks skipped)."""
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        texts = [
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb.get("cells", [])
            if c.get("cell_type") == "markdown"
        ]
    else:
        texts = [path.read_text(encoding="utf-8")]
    levels, fence = [], ""
    for text in texts:
        for line in text.splitlines():
            m = FENCE.match(line)
            if m and (not fence or (m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence))):
                fence = "" if fence else m.group(1)
                continue
            if not fence and (h := HEADING.match(line)):
                levels.append(len(h.group(1)))
    return levels


@pytest.mark.parametrize("page", sorted(page_files("sv") & page_files("en")))
def test_twins_have_the_same_headings(page: str) -> None:
    """Same headings in the same order and depth, so each language link can go to the same section of the twin
    (book/_ext/editions.py pairs the sections by position; the built site is checked in tests/site/test_editions.py)."""
    sv, en = heading_levels(BOOK / "sv" / page), heading_levels(BOOK / "en" / page)
    assert sv, f"book/sv/{page} has no heading"
    assert sv == en, f"{page}: heading levels differ\n  sv: {sv}\n  en: {en}"
