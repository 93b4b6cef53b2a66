"""Every error the package raises that carries no engine value: one base (a `ValueError`) and its kinds.

`SkitgubbeError` is the base; `NotationError` covers text that is not a card (`CardParseError`) or not a move
(`MoveParseError`); `PositionError` a position that is not consistent; `RulesError` rules that cannot be used;
`RecordError` a record or case file that cannot be used; `LanguageError` a language other than `sv` and `en`;
`FastCoreError` a search asked of the fast core (the C) where it does not run or does not play the rules.
`IllegalMove`, a move the rules forbid, carries the engine's `Move` and `Reason` and lives with the engine
(`skitgubbe.engine.illegal`).

Each error carries a key and parameters, as a `Reason` does: `RulesError("unknown_preset_known_presets",
preset="'x'", presets="pagat, ...")`. The text layer words it in Swedish or English by looking the key up in
`skitgubbe.text.error_words.ERRORS`, through the seam `skitgubbe.wording`; `str(error)` is the English. A
parameter is data (a name, a card, a number: kept as it is) or itself worded (a `Phrase`, or an error passed on).
`PositionError` and `RecordError` carry `where`, the field at fault, so no caller re-parses the message.

This module is the lowest layer but one: it imports only `skitgubbe.wording` (which imports nothing of the package).
"""

from __future__ import annotations

from skitgubbe.wording import Phrase, words

__all__ = [
    "CardParseError",
    "FastCoreError",
    "LanguageError",
    "MoveParseError",
    "NotationError",
    "Phrase",
    "PositionError",
    "RecordError",
    "RulesError",
    "SkitgubbeError",
]


class SkitgubbeError(ValueError):
    """The base of every error the package raises on bad input or an illegal move.

    `key` names its words in the text layer and `params` holds their values. `key` may also be a `Phrase` (its key
    and parameters are taken) or another error, passed on whole (the key `passed_on`). `str(error)` is English;
    `message(lang)` is the message in Swedish (`sv`) or English (`en`).
    """

    key: str
    params: dict[str, object]

    def __init__(self, key: str | Phrase | SkitgubbeError, **params: object) -> None:
        if isinstance(key, SkitgubbeError):
            self.key, self.params = "passed_on", {"error": key}
        elif isinstance(key, Phrase):
            self.key, self.params = key.key, dict(key.params)
        else:
            self.key, self.params = key, params
        super().__init__(self.key)

    def phrase(self) -> Phrase:
        """The key and parameters as a `Phrase` (to pass the same problem on under another `where`)."""
        return Phrase(self.key, **self.params)

    def message(self, lang: str = "en") -> str:
        """The message in Swedish (`sv`) or English (`en`), worded by the text layer."""
        return words(self, lang)

    def __str__(self) -> str:
        return self.message("en")


class LanguageError(SkitgubbeError):
    """A language other than Swedish (`sv`) or English (`en`); `value` is the language given."""

    def __init__(self, value: object) -> None:
        self.value = value
        super().__init__("unknown_language_use_sv_en", value=repr(value))


class NotationError(SkitgubbeError):
    """Text that is not a card, a suit or a move in any accepted notation; `text` is the text given."""

    def __init__(self, given: str, key: str, **params: object) -> None:
        self.text = given
        super().__init__(key, **params)


class CardParseError(NotationError):
    """Text that is not a card (or suit, `what="suit"`) in any accepted notation."""

    def __init__(self, text: str, what: str = "card") -> None:
        self.what = what
        key = "not_a_suit" if what == "suit" else "not_a_card"
        super().__init__(text, key, text=repr(text), accepted=Phrase("card_forms"))


class MoveParseError(NotationError):
    """Text that is not a move; `detail`, if any, says why (a key of the text layer and its parameters)."""

    def __init__(self, text: str, detail: str = "", **params: object) -> None:
        self.detail: Phrase | None = Phrase(detail, **params) if detail else None
        if self.detail is None:
            super().__init__(text, "not_a_move", text=repr(text), hint=Phrase("move_forms"))
        else:
            super().__init__(text, "not_a_move_because", text=repr(text), detail=self.detail, hint=Phrase("move_forms"))


class _Placed(SkitgubbeError):
    """An error at a place: `where` names the field at fault (empty if none), the key and parameters the problem."""

    def __init__(self, where: str | Phrase, key: str | Phrase | SkitgubbeError, **params: object) -> None:
        self.place = where
        super().__init__(key, **params)

    @property
    def where(self) -> str:
        """The field at fault in English (`hands.B`, `line 3, column 7`; empty if none)."""
        return self.place if isinstance(self.place, str) else words(self.place, "en")

    @property
    def problem(self) -> str:
        """What is wrong, in English, without the place."""
        return words(self.phrase(), "en")


class PositionError(_Placed):
    """A position that is not consistent: a card twice, an unknown player, a missing trump, ...

    `where` names the field at fault (`hands.B`, `to_play`, `players`, ...; empty if none), `problem` what is wrong.
    """


class RulesError(SkitgubbeError):
    """An unknown preset, an unknown option, a bad value, or options that cannot go together."""


class RecordError(_Placed):
    """A record or case file that cannot be used; `where` names the field (e.g. `hands.B[2]`, `moves[3]`)."""


class FastCoreError(SkitgubbeError):
    """The fast core (the C search) cannot run this search: it is not on this machine, it does not play these rules,
    or a position has more moves than its buffers hold. `reason` is the refusal key of
    `skitgubbe.engine.kernel.support` (`support.NO_BACKEND` where it is not here, `too_many_moves` for a position
    too big for its buffers). The callers ask
    `support.supports(rules)` first and use the engine-based players (`skitgubbe.players.fallback`) instead."""

    def __init__(self, reason: str, key: str, **params: object) -> None:
        self.reason = reason
        super().__init__(key, **params)


class FastCoreRefusal(SkitgubbeError):
    """The C search (csearch.c, through `engine.kernel.native`) refused its packed input: `code` is its refusal
    code (native.REFUSALS names each), `entry` the entry point that answered it. Nothing was searched."""

    def __init__(self, entry: str, code: int, name: str, reason: Phrase) -> None:
        self.entry, self.code = entry, code
        super().__init__(Phrase("fast_core_refused", entry=entry, code=code, name=name, reason=reason))
