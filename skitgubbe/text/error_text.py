"""Every error message in Swedish and English: a message is worded by matching it against its raise site's template.

The package's errors are raised in English (`str(error)`, the CLI's and the tests' contract). Each message comes
from a template at its raise site, an f-string whose values are `{}`; `ERRORS` (`skitgubbe.text.error_words`) has
that template as its key and the message in Swedish and English with the values named (tests/test_error_texts.py
scans the source with `ast` and proves that none is missing). A message is worded by matching it against the English
templates (the most specific first) and filling the Swedish one with the same values, each value worded in turn (a
JSON kind such as `a list`, or the message of an error it passes on). Values that are data (names, cards, field
paths, numbers) are kept as they are; so are the texts of Python and the operating system (`bad JSON: Expecting
value`). The card and move syntax errors are worded whole (`ERROR_PARTS`).

`error_text(error, lang)` is the one entry point; importing this module registers it with `skitgubbe.errors`,
so that `error.message(lang)` works for every `SkitgubbeError`.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from skitgubbe.errors import (
    CardParseError,
    IllegalMove,
    MoveParseError,
    PositionError,
    RecordError,
    SkitgubbeError,
    set_error_wording,
)
from skitgubbe.text.error_words import ERROR_PARTS, ERRORS
from skitgubbe.text.lang import check_lang


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...]:
    """Each English template as a pattern (its values as groups), its key and its values' names, the most specific
    (longest literal) first."""
    compiled = []
    for key in ERRORS:
        parts = key.split("{}")
        pattern = re.compile("(.*?)".join(re.escape(part) for part in parts), re.DOTALL)
        names = tuple(name for _, name, _, _ in string.Formatter().parse(ERRORS.template(key, "en")) if name)
        compiled.append((len(key) - 2 * (len(parts) - 1), pattern, key, names))
    compiled.sort(key=lambda item: -item[0])
    return tuple((pattern, key, names) for _, pattern, key, names in compiled)


def swedish(text: str) -> str:
    """An English message (or a value inside one) in Swedish; text no template matches is data and kept."""
    for pattern, key, names in _patterns():
        found = pattern.fullmatch(text)
        if found:
            values = {name: swedish(value) for name, value in zip(names, found.groups(), strict=True)}
            return ERRORS.phrase(key, "sv", **values)
    return text


def _inner(error: SkitgubbeError, problem: str) -> SkitgubbeError | None:
    """The error this one passes on (raised while handling it, its message given as this one's problem)."""
    context = error.__context__
    if isinstance(context, SkitgubbeError) and problem in (str(context), getattr(context, "problem", None)):
        return context
    return None


def _problem(error: SkitgubbeError, problem: str, lang: str) -> str:
    inner = _inner(error, problem)
    if inner is None:
        return swedish(problem)
    if isinstance(inner, (PositionError, RecordError)) and problem == inner.problem:
        return _problem(inner, problem, lang)
    return error_text(inner, lang)


def error_text(error: BaseException, lang: str) -> str:
    """The message of any error in Swedish (`sv`) or English (`en`, which is `str(error)`)."""
    if check_lang(lang) == "en" or isinstance(error, IllegalMove):
        return error.message(lang) if isinstance(error, IllegalMove) else str(error)
    if isinstance(error, CardParseError) and error.what in ("card", "suit"):
        accepted = ERROR_PARTS.phrase("accepted", "sv")
        if error.what == "suit":
            return ERROR_PARTS.phrase("not_a_suit", "sv", text=repr(error.text), accepted=accepted)
        return ERROR_PARTS.phrase("not_a_card", "sv", text=repr(error.text), accepted=accepted)
    if isinstance(error, MoveParseError):
        hint = ERROR_PARTS.phrase("hint", "sv")
        if error.detail:
            detail = swedish(error.detail)
            return ERROR_PARTS.phrase("not_a_move_because", "sv", text=repr(error.text), detail=detail, hint=hint)
        return ERROR_PARTS.phrase("not_a_move", "sv", text=repr(error.text), hint=hint)
    if isinstance(error, (PositionError, RecordError)):
        problem = _problem(error, error.problem, lang)
        return f"{swedish(error.where)}: {problem}" if error.where else problem
    if isinstance(error, SkitgubbeError):
        inner = _inner(error, str(error))
        if inner is not None:
            return error_text(inner, lang)
    return swedish(str(error))


def _message(error: SkitgubbeError, lang: str) -> str:
    return error_text(error, lang)


set_error_wording(_message)
