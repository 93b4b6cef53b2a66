"""One language check: every public function that takes a language refuses an unknown one the same way.

The refusal is a `LanguageError` (a `SkitgubbeError`, so a `ValueError`) naming the value given and the two
accepted, from `skitgubbe.text.lang.check_lang` or, in the layers below the text layer, the same test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skitgubbe import CATALOGUE, Card, Game, IllegalMove, PositionError, Rank, Suit, parse_move
from skitgubbe.errors import LanguageError, SkitgubbeError
from skitgubbe.records import caselib, deck_order
from skitgubbe.records.record import judge_case
from skitgubbe.rules.export import composed_text
from skitgubbe.rules.options import PRESETS
from skitgubbe.text import i18n, numbers
from skitgubbe.text.error_text import error_text
from skitgubbe.text.lang import LANGS, check_lang


def _illegal() -> IllegalMove:
    game = Game.from_position(players="AB", phase=2, trump="H", to_play="A", hands={"A": ["9C"], "B": ["QC"]})
    with pytest.raises(IllegalMove) as caught:
        game.play("A: 10C")
    return caught.value


def _entry_points() -> dict[str, Callable[[str], Any]]:
    game = Game.deal(seed=3, players="ABC")
    step = game.play(game.legal_moves()[0])
    event = next(e for s in [step, *(game.play(game.legal_moves()[0]) for _ in range(6))] for e in s.events)
    card = Card.parse("QC")
    case = next(iter(caselib.library().values())).load()
    return {
        "check_lang": check_lang,
        "Suit.name_in": Suit.CLUBS.name_in,
        "Rank.name_in": Rank.QUEEN.name_in,
        "Rank.letter_in": Rank.QUEEN.letter_in,
        "Card.symbol_in": card.symbol_in,
        "Card.name_in": card.name_in,
        "Rule.text": CATALOGUE["game.own-cards"].text,
        "Rule.note": CATALOGUE["game.own-cards"].note,
        "Step.explanation": step.explanation,
        "Event.text": event.text,
        "Reason.text": step.reason.text,
        "IllegalMove.message": _illegal().message,
        "SkitgubbeError.message": PositionError("to_play", "missing").message,
        "error_text": lambda lang: error_text(PositionError("to_play", "missing"), lang),
        "cards_text": lambda lang: i18n.cards_text([card], lang),
        "move_text": lambda lang: i18n.move_text(parse_move("QC"), lang),
        "names_text": lambda lang: i18n.names_text(["A", "B"], lang),
        "reason_text": lambda lang: i18n.reason_text(step.reason, lang),
        "event_text": lambda lang: i18n.event_text(event, lang),
        "word": lambda lang: i18n.word("legal", lang),
        "fmt_number": lambda lang: numbers.fmt_number(1.5, lang),
        "fmt_pct": lambda lang: numbers.fmt_pct(0.5, lang),
        "say": lambda lang: caselib.say("{QC}", lang),
        "judge_case": lambda lang: judge_case(case, lang),
        "DeckOrder.text": deck_order.deck_order(1, 3).text,
        "composed_text": lambda lang: composed_text(PRESETS["pagat"], lang),
    }


@pytest.mark.parametrize("name", sorted(_entry_points()))
def test_every_entry_point_refuses_an_unknown_language_the_same_way(name: str) -> None:
    function = _entry_points()[name]
    for lang in LANGS:
        function(lang)  # both languages are accepted
    with pytest.raises(LanguageError) as caught:
        function("de")
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"
    assert caught.value.value == "de"
    assert isinstance(caught.value, SkitgubbeError) and isinstance(caught.value, ValueError)


def test_check_lang_passes_the_two_languages_and_nothing_else() -> None:
    assert [check_lang(lang) for lang in LANGS] == ["sv", "en"]
    for bad in ("SV", "se", "", None, 1, "sv "):
        with pytest.raises(LanguageError):
            check_lang(bad)
