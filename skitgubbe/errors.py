"""Every error the package raises: one base (a `ValueError`) and its kinds, declared together.

`SkitgubbeError` is the base; `NotationError` covers text that is not a card (`CardParseError`) or not a move
(`MoveParseError`); `IllegalMove` is a move the rules forbid; `PositionError` a position that is not consistent;
`RulesError` rules that cannot be used; `RecordError` a record or case file that cannot be used;
`LanguageError` a language other than `sv` and `en`. `PositionError`
and `RecordError` carry `where`, the field at fault, so no caller re-parses the message.

This module is the lowest layer: it imports nothing of the package at run time. `IllegalMove` words its message
when it is shown, through the text layer, which registers itself with `set_illegal_wording` (the engine never
imports text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:  # annotations only: the engine's values, never imported at run time
    from skitgubbe.engine.events import Reason
    from skitgubbe.engine.moves import Move


#: How any error is worded in a language: set by the text layer (`skitgubbe.text.errors`) when it is imported.
_ERROR_WORDING: list[Callable[[SkitgubbeError, str], str]] = []


def set_error_wording(wording: Callable[[SkitgubbeError, str], str]) -> None:
    """Register the function that words an error in a language (the text layer does this)."""
    _ERROR_WORDING[:] = [wording]


class SkitgubbeError(ValueError):
    """The base of every error the package raises on bad input or an illegal move.

    `str(error)` is English; `message(lang)` is the same message in Swedish (`sv`) or English (`en`).
    """

    def message(self, lang: str = "en") -> str:
        """The message in Swedish (`sv`) or English (`en`), worded by the text layer."""
        if _ERROR_WORDING:
            return _ERROR_WORDING[0](self, lang)
        return str(self)  # the text layer is not loaded


class LanguageError(SkitgubbeError):
    """A language other than Swedish (`sv`) or English (`en`); `value` is the language given."""

    def __init__(self, value: object) -> None:
        self.value = value
        super().__init__(f"unknown language {value!r}; use 'sv' or 'en'")


class NotationError(SkitgubbeError):
    """Text that is not a card, a suit or a move in any accepted notation; `text` is the text given."""

    def __init__(self, text: str, message: str) -> None:
        self.text = text
        super().__init__(message)


class CardParseError(NotationError):
    """Text that is not a card (or suit) in any accepted notation."""

    ACCEPTED: ClassVar[str] = (
        "canonical codes like 9C, 10H, QS, AD (rank 2-10 J Q K A, suit C D H S); "
        "a suit symbol then a rank in English or Swedish letters like ♣9, ♣Q, ♣D (dam), ♣Kn (knekt), ♣E (ess); "
        "or words like 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'"
    )

    def __init__(self, text: str, what: str = "card") -> None:
        self.what = what
        super().__init__(text, f"{text!r} is not a {what}; accepted forms: {self.ACCEPTED}")


class MoveParseError(NotationError):
    """Text that is not a move."""

    HINT: ClassVar[str] = (
        "a move is one or more cards ('9C', 'QC KC AC', '♣D'), 'pick up' (also 'supa', 'ta upp'), "
        "'chansa' (also 'våga'), 'throw' and cards ('throw 9C 9D', also 'släng', 'slänga på') or 'pass' "
        "(also 'stå över'), optionally after the player's name: 'A: 9C'"
    )

    def __init__(self, text: str, detail: str = "") -> None:
        self.detail = detail
        super().__init__(text, f"{text!r} is not a move{': ' + detail if detail else ''}; {self.HINT}")


#: How an illegal move is worded in a language: set by the text layer (`skitgubbe.text.i18n`) when it is imported.
_ILLEGAL_WORDING: list[Callable[[IllegalMove, str], str]] = []


def set_illegal_wording(wording: Callable[[IllegalMove, str], str]) -> None:
    """Register the function that words an `IllegalMove` in a language (the text layer does this)."""
    _ILLEGAL_WORDING[:] = [wording]


class IllegalMove(SkitgubbeError):
    """A move the rules forbid. It names the rule and the reason; the game state is unchanged.

    The message is worded when it is shown (`message(lang)`, `str(error)` in English), not when it is raised.
    """

    def __init__(self, move: Move | None, player: str | None, why: Reason) -> None:
        self.move = move
        self.player = player
        self.reason = why
        self.rule = why.rule
        super().__init__(why.rule)

    def message(self, lang: str = "en") -> str:
        """The explanation in Swedish (`sv`) or English (`en`), ending with the rule id."""
        if _ILLEGAL_WORDING:
            return _ILLEGAL_WORDING[0](self, lang)
        return f"illegal: {self.reason.key} [{self.rule}]"  # the text layer is not loaded

    def __str__(self) -> str:
        return self.message("en")


class PositionError(SkitgubbeError):
    """A position that is not consistent: a card twice, an unknown player, a missing trump, ...

    `where` names the field at fault (`hands.B`, `to_play`, `players`, ...; empty if none), `problem` what is wrong.
    """

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


class RulesError(SkitgubbeError):
    """An unknown preset, an unknown option, a bad value, or options that cannot go together."""


class RecordError(SkitgubbeError):
    """A record or case file that cannot be used; `where` names the field (e.g. `hands.B[2]`, `moves[3]`)."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)
