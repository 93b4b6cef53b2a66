"""The one seam between the package's data and its words: `Phrase`, and the text layer's functions, installed once.

The engine and the errors carry data only: a `Reason`, an `Event`, an error's key and parameters, a `Phrase` (a key
of the text layer's tables and its parameters, for a value that is itself worded, such as a JSON kind `a list` or
the accepted card notations). To word any of them, they call `words(value, lang)`; to draw a game in Jupyter,
`html(game)`. Both ask the functions the package root (`skitgubbe/__init__.py`) installs with `install`, once:
Python imports the package root before any of its submodules, so the seam is set before anything is worded,
whatever is imported first (`import skitgubbe.engine.game` alone loads `skitgubbe/__init__.py` first). Nothing
else installs anything, and nothing depends on the order of imports.

This module is the lowest layer: it imports nothing of the package.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Count", "Phrase", "html", "install", "words"]


class Phrase:
    """A worded value: the key of an entry of the text layer (`skitgubbe.text.error_words.ERRORS`) and its
    parameters, themselves data (kept as they are) or worded values (`Phrase`, an error). `str()` is English."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params

    def __str__(self) -> str:
        return words(self, "en")

    def __repr__(self) -> str:
        shown = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Phrase({self.key!r}{shown})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


class Count(int):
    """A whole number in a message, grouped in thousands as the message's language writes them (`4,000,000` in
    English, `4\u202f000\u202f000` in Swedish); as data it is the plain `int`."""

    __slots__ = ()


class _Seam:
    """The installed functions: how a value is worded in a language, and how a game draws itself as HTML."""

    words: Callable[[object, str], str] | None = None
    html: Callable[[object], str] | None = None


def install(wording: Callable[[object, str], str], html_view: Callable[[object], str]) -> None:
    """Install the text layer's wording and the views layer's table (only the package root does this, once)."""
    _Seam.words = wording
    _Seam.html = html_view


def words(value: object, lang: str) -> str:
    """`value` (a `Phrase`, an error, a `Reason`, an `Event`) in Swedish (`sv`) or English (`en`)."""
    if _Seam.words is None:  # cannot happen: the package root installs the seam before any submodule runs
        return repr(value)
    return _Seam.words(value, lang)


def html(game: object) -> str | None:
    """A game's table as HTML for Jupyter, drawn by the views layer (None if nothing is installed)."""
    return None if _Seam.html is None else _Seam.html(game)
