"""One language check: every public function that takes a language refuses an unknown one the same way.

The refusal is a `LanguageError` (a `SkitgubbeError`, so a `ValueError`) naming the value given and the two
accepted, from `skitgubbe.text.lang.check_lang` or, in the layers below the text layer, the same test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skitgubbe import CATALOGUE, Card, Game, IllegalMove, PositionError, Rank, Suit, parse_move, pictures
from skitgubbe.errors import LanguageError, SkitgubbeError
from skitgubbe.records import caselib, deck_order
from skitgubbe.records import compare as records_compare
from skitgubbe.records.record import judge_case
from skitgubbe.rules.options import PRESETS
from skitgubbe.studies import stats
from skitgubbe.text import i18n, numbers
from skitgubbe.text.error_text import error_text
from skitgubbe.text.house_rules import composed_text
from skitgubbe.text.lang import LANGS, check_lang
from skitgubbe.views import board, compare, frames, handouts


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
        "SkitgubbeError.message": PositionError("to_play", "missing_name_player_who_acts").message,
        "error_text": lambda lang: error_text(PositionError("to_play", "missing_name_player_who_acts"), lang),
        "cards_text": lambda lang: i18n.cards_text([card], lang),
        "move_text": lambda lang: i18n.move_text(parse_move("QC"), lang),
        "names_text": lambda lang: i18n.names_text(["A", "B"], lang),
        "reason_text": lambda lang: i18n.reason_text(step.reason, lang),
        "event_text": lambda lang: i18n.event_text(event, lang),
        "word": lambda lang: i18n.word("legal", lang),
        "fmt_number": lambda lang: numbers.fmt_number(1.5, lang),
        "fmt_pct": lambda lang: numbers.fmt_pct(0.5, lang),
        "fmt_int": lambda lang: numbers.fmt_int(12345, lang),
        "fmt_pct_interval": lambda lang: numbers.fmt_pct_interval({"low": 0.3, "high": 0.4}, lang),
        "fmt_mean": lambda lang: numbers.fmt_mean({"mean": 52.3, "se": 0.2}, lang),
        "fmt_points": lambda lang: numbers.fmt_points({"mean": 0.015, "se": 0.006}, lang),
        "say": lambda lang: caselib.say("{QC}", lang),
        "judge_case": lambda lang: judge_case(case, lang),
        "DeckOrder.text": deck_order.deck_order(1, 3).text,
        "composed_text": lambda lang: composed_text(PRESETS["pagat"], lang),
        **_view_entry_points(game, case),
    }


def _view_entry_points(game: Game, case: Any) -> dict[str, Callable[[str], Any]]:
    """The public functions of the views and studies whose words are in the text layer."""
    state = game.state
    library_case = next(iter(caselib.library().values()))
    comparison = records_compare.compare(library_case, ["pagat", "strikt"])
    game_frames = frames.frames_of_game(game)
    seats = {"finished": 90, "seats": [{"rate": 0.3, "low": 0.2, "high": 0.4}] * 3}
    return {
        "pictures.card_html": lambda lang: pictures.card_html("QC", lang),
        "pictures.cards_html": lambda lang: pictures.cards_html(["QC", "KC"], lang),
        "board.static_board": lambda lang: board.static_board(state, lang),
        "compare.comparison_html": lambda lang: compare.comparison_html(comparison, lang),
        "compare.comparison_text": lambda lang: compare.comparison_text(comparison, lang),
        "compare.case_html": lambda lang: compare.case_html(library_case, lang, comparison=comparison),
        "compare.gallery_html": lambda lang: compare.gallery_html(lang, point=library_case.point),
        "frames.Frame.label": lambda lang: game_frames[1].label(1, lang),
        "frames.frame_html": lambda lang: frames.frame_html(game_frames[1], 1, len(game_frames), lang),
        "frames.frames_html": lambda lang: frames.frames_html(game_frames[:2], lang),
        "frames.frames_json": lambda lang: frames.frames_json(game_frames[:2], lang),
        "frames.frames_of_case": lambda lang: frames.frames_of_case(case, lang),
        "handouts.handout_html": lambda lang: handouts.handout_html("phase1", lang),
        "handouts.quiz_sheet_html": lambda lang: handouts.quiz_sheet_html(lang, []),
        "handouts.quiz_answers": handouts.quiz_answers,
        "stats.seat_verdict": lambda lang: stats.seat_verdict(seats, lang),
        "stats.strong_verdict": lambda lang: stats.strong_verdict({"low": 0.01, "high": 0.05}, lang),
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


#: Functions that need a study's results to draw: each refuses an unknown language before it reads them.
REFUSE_FIRST: dict[str, Callable[[Any, str], Any]] = {
    "compare.overview_html": lambda _, lang: compare.overview_html(lang),
    "handouts.quiz_sheets_html": lambda _, lang: handouts.quiz_sheets_html(lang),
    "stats.chansa_verdict": stats.chansa_verdict,
    "stats.cap_sentence": stats.cap_sentence,
    "stats.chapter_numbers": stats.chapter_numbers,
}


@pytest.mark.parametrize("name", sorted(REFUSE_FIRST))
def test_the_study_views_refuse_an_unknown_language_first(name: str) -> None:
    with pytest.raises(LanguageError) as caught:
        REFUSE_FIRST[name]({}, "de")
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"


@pytest.mark.parametrize("name", ["fmt_pct_interval", "fmt_mean", "fmt_points"])
def test_the_numbers_refuse_an_unknown_language_before_they_read_the_figures(name: str) -> None:
    with pytest.raises(LanguageError) as caught:
        getattr(numbers, name)({}, "de")
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"


def test_the_numbers_in_each_language() -> None:
    assert numbers.fmt_int(12345, "sv") == "12\u202f345" and numbers.fmt_int(12345, "en") == "12,345"
    interval = {"low": 0.317, "high": 0.351}
    assert numbers.fmt_pct_interval(interval, "sv") == "31,7\u201335,1\u00a0%"
    assert numbers.fmt_pct_interval(interval, "en") == "31.7\u201335.1%"
    assert numbers.fmt_mean({"mean": 52.3, "se": 0.2}, "sv") == "52,3\u00a0±\u00a00,4"
    assert numbers.fmt_points({"mean": 0.015, "se": 0.0066}, "en") == "+1.5\u00a0±\u00a01.3"


def _table_entry_points() -> dict[str, Callable[[str], Any]]:
    """The reader's table, its controllers, the live panels and the widget cells' notes."""
    from skitgubbe.views import controllers, table, widgets
    from skitgubbe.views.live import checker_panel, panel

    game = Game.deal(seed=3, players="ABC")
    return {
        "table.words": table.words,
        "pictures.deck": lambda lang: pictures.deck(lang, ["QC"]),
        "table.genitive": lambda lang: table.genitive("A", lang),
        "table.replay_data": lambda lang: table.replay_data([], lang),
        "controllers.replay_model": lambda lang: controllers.replay_model(game, lang),
        "controllers.PlayController": lambda lang: controllers.PlayController(lang),
        "controllers.CheckerController": lambda lang: controllers.CheckerController(lang),
        "panel.live_panel": panel.live_panel,
        "panel.page_words": panel.page_words,
        "checker_panel.checker_panel": checker_panel.checker_panel,
        "widgets.how_live_html": lambda lang: widgets.how_live_html(lang, "play"),
        "widgets.needs_kernel_note": widgets.needs_kernel_note,
        "widgets.checker_static_html": widgets.checker_static_html,
        "widgets.replay_data": lambda lang: widgets.replay_data(game, lang),
    }


@pytest.mark.parametrize("name", sorted(_table_entry_points()))
def test_the_table_and_the_live_views_refuse_an_unknown_language(name: str) -> None:
    function = _table_entry_points()[name]
    for lang in LANGS:
        function(lang)
    for bad in ("de", "SV", None):
        with pytest.raises(LanguageError) as caught:
            function(bad)  # type: ignore[arg-type]
        assert caught.value.value == bad


@pytest.mark.parametrize("name", ["example", "live_play", "whole_game", "checker", "LivePlay", "Checker"])
def test_the_widget_cells_refuse_an_unknown_language_before_they_build_anything(name: str) -> None:
    """Each refuses "de" at entry (before it deals, builds a widget or looks the language up in a table)."""
    from skitgubbe.views import widgets

    calls: dict[str, Callable[[], Any]] = {
        "example": lambda: widgets.example("klover-9", "de"),
        "live_play": lambda: widgets.live_play("de"),
        "whole_game": lambda: widgets.whole_game(["A", "B"], "de"),
        "checker": lambda: widgets.checker("de"),
        "LivePlay": lambda: widgets.LivePlay("de"),
        "Checker": lambda: widgets.Checker("de"),
    }
    with pytest.raises(LanguageError) as caught:
        calls[name]()
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"


@pytest.mark.parametrize(
    "name", ["seat_figure", "opening_figure", "length_figure", "length_table", "chansa_figure", "mixed_figure"]
)
def test_the_plots_refuse_an_unknown_language_first(name: str) -> None:
    plots = pytest.importorskip("skitgubbe.views.plots")
    with pytest.raises(LanguageError) as caught:
        getattr(plots, name)({}, "de")
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"


def test_check_lang_passes_the_two_languages_and_nothing_else() -> None:
    assert [check_lang(lang) for lang in LANGS] == ["sv", "en"]
    for bad in ("SV", "se", "", None, 1, "sv "):
        with pytest.raises(LanguageError):
            check_lang(bad)


def _session_and_example_entry_points() -> dict[str, Callable[[str], Any]]:
    """The JSON session API and the worked examples' pages: each narrows its language at the entry."""
    from skitgubbe import session
    from skitgubbe.views import examples

    game = Game.deal(seed=3, players="ABC")
    before = game.state
    step = game.play(game.legal_moves()[0])
    case = dict(examples.EXAMPLES["p1-plain-trick"].case)
    illegal = {"player": "A", "move": "QC", "rule": "game.own-cards", "why": "-"}
    library_case = caselib.get("klover-9")
    no_notes = next(c for c in caselib.library().values() if not c.notes)
    return {
        "session.state_view": lambda lang: session.state_view(game.state, lang),
        "session.step_view": lambda lang: session.step_view(step, lang),
        "session.frame_view": lambda lang: session.frame_view(
            game.state, lang, index=1, total=2, before=before, step=step
        ),
        "session.frame_view illegal": lambda lang: session.frame_view(before, lang, index=0, total=1, illegal=illegal),
        "session.check_case": lambda lang: session.check_case(case, lang),
        "session.check_case bad JSON": lambda lang: session.check_case("{", lang),
        "session.house_verdict": lambda lang: session.house_verdict(case, {"preset": "strikt"}, lang),
        "session.Session": session.Session,
        "session.Session new_game": lambda lang: session.Session().new_game({"seed": 1, "lang": lang}),
        "caselib.LibraryCase.text": lambda lang: library_case.text("title", lang),
        "caselib.LibraryCase.text no notes": lambda lang: no_notes.text("notes", lang),
        "examples.first_game_deck_html": examples.first_game_deck_html,
        "examples.first_game_moves_html": examples.first_game_moves_html,
        "examples.QuizAnswer.explanation": examples.QUIZZES["p1-q1"].answer().explanation,
    }


@pytest.mark.parametrize("name", sorted(_session_and_example_entry_points()))
def test_the_session_and_the_examples_refuse_an_unknown_language(name: str) -> None:
    function = _session_and_example_entry_points()[name]
    for lang in LANGS:
        function(lang)
    with pytest.raises(LanguageError) as caught:
        function("de")
    assert str(caught.value) == "unknown language 'de'; use 'sv' or 'en'"
