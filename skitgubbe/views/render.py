"""The stylesheet of the cards' pictures (`render.css`, which the book's Sphinx extension copies into the site and a
notebook's output embeds) and `scope_css`, which puts a stylesheet under one output's root (a notebook's). The
pictures themselves are drawn by `skitgubbe.pictures`; the board by `board.js`, and by `board.py` for a page with
no script (docs/board.md).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

__all__ = ["scope_css", "stylesheet"]


# ---------------------------------------------------------------------------------------------------------------
# The stylesheet
# ---------------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The CSS for every class used here (the package file `skitgubbe/views/render.css`)."""
    return resources.files(__package__).joinpath("render.css").read_text(encoding="utf-8")


def scope_css(css: str, root: str) -> str:
    """`css` with every selector put under `root` (a selector such as `#sg-1a2b`): rules inside `@media` and
    `@supports` too; comments dropped. For CSS embedded in one output, so that it styles that output only."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[str] = []
    i = 0
    while True:
        start = css.find("{", i)
        if start < 0:
            break
        prelude = css[i:start].strip()
        depth, end = 1, start + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        body = css[start + 1 : end - 1]
        if prelude.startswith(("@media", "@supports", "@container")):
            out.append(f"{prelude}{{{scope_css(body, root)}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{body}}}")
        else:
            selectors = ", ".join(_under(sel.strip(), root) for sel in prelude.split(","))
            out.append(f"{selectors}{{{body.strip()}}}")
        i = end
    return "\n".join(out)


def _under(selector: str, root: str) -> str:
    """`selector` under `root`; a selector that starts at the page (`html[data-theme="dark"] .x`, `body[...] .x`:
    the page's theme) keeps that start before `root`."""
    first, _, rest = selector.partition(" ")
    if rest and re.match(r"(html|body)\b", first):
        return f"{first} {root} {rest}"
    return f"{root} {selector}"
