"""Every error message in Swedish and English, worded from the error's key and parameters.

An error carries a key and parameters (`skitgubbe.errors`); `ERRORS` (`skitgubbe.text.error_words`) has each key's
message in Swedish and English with the parameters named. A message is worded by looking its key up and filling
the template of the language; each parameter is worded in turn when it is itself worded (a `Phrase` such as the
JSON kind `a list` or the accepted card notations, or an error passed on) and kept as it is when it is data (names,
cards, field paths, numbers, the texts of Python and the operating system). Nothing here matches English text.

`error_text(error, lang)` words any exception (a `SkitgubbeError` by key, any other as `str(error)`), and
`phrase_text(value, lang)` any worded value; the package root installs them in the seam `skitgubbe.wording`
(through `skitgubbe.text.i18n.worded`), so that `error.message(lang)` and `str(error)` work for every error.
"""

from __future__ import annotations

from skitgubbe.errors import PositionError, RecordError, SkitgubbeError
from skitgubbe.text.error_words import ERRORS
from skitgubbe.text.lang import check_lang
from skitgubbe.text.numbers import fmt_int
from skitgubbe.wording import Count, Phrase


def value_text(value: object, lang: str) -> str:
    """A parameter in `lang`: a worded value (`Phrase`, an error) in words, a `Count` grouped as the language groups
    thousands, a tuple of names as a list of quoted names (`'throw_on', 'must_motlagg'`), other data as `str(value)`."""
    if isinstance(value, Count):
        return fmt_int(value, check_lang(lang))
    if isinstance(value, SkitgubbeError):
        return value.message(lang)
    if isinstance(value, Phrase):
        return phrase_text(value, lang)
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return ", ".join(repr(item) for item in value)
    return str(value)


def phrase_text(phrase: Phrase, lang: str) -> str:
    """A `Phrase` (a key of `ERRORS` and its parameters) in Swedish (`sv`) or English (`en`)."""
    lang = check_lang(lang)
    values = {name: value_text(value, lang) for name, value in phrase.params.items()}
    return ERRORS.phrase(phrase.key, lang, **values)


def error_text(error: BaseException, lang: str) -> str:
    """The message of any error in Swedish (`sv`) or English (`en`): a package error's from its key (through
    `error.message`), any other's `str(error)`."""
    lang = check_lang(lang)
    return error.message(lang) if isinstance(error, SkitgubbeError) else str(error)


def plain_error_text(error: SkitgubbeError, lang: str) -> str:
    """A package error other than an illegal move in `lang`, worded from its key: `where: problem` for an error at a
    place. (The seam calls this; `skitgubbe.text.i18n.illegal_text` words an illegal move.)"""
    problem = phrase_text(error.phrase(), lang)
    if isinstance(error, (PositionError, RecordError)):
        where = value_text(error.place, lang)
        return f"{where}: {problem}" if where else problem
    return problem
