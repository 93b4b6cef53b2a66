"""The Jupyter widget under house rules the fast core does not play (issue 40 item 1): the strong opponent, the hint
and the review answer on the engine, and the widget (its model's view, the front end's note) says so."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from skitgubbe.engine.kernel import layout, native, support
from skitgubbe.players import fallback
from skitgubbe.players import review as coach
from skitgubbe.rules.options import PRESETS, ThrowOn
from skitgubbe.text.review_words import SEARCH_NOTES
from skitgubbe.views import esm
from skitgubbe.views.widgets import LivePlay

VIEWS = Path(__file__).resolve().parents[2] / "skitgubbe" / "views"


def _send(live: LivePlay, **content: object) -> None:
    """One front-end message, then the computer seats one `computer` message each while the widget is busy."""
    live._on_msg(live.widget, content, [])
    for _ in range(5000):
        if not live.widget.busy:
            return
        live._on_msg(live.widget, {"op": "computer", "seq": None}, [])
    raise AssertionError("the computer seats did not hand the turn back")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_widget_plays_hints_and_reviews_under_throw_on_any_time(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(coach, "HINT_BUDGET", coach.Budget(playouts=4))
    monkeypatch.setattr(coach, "REVIEW_BUDGET", coach.Budget(playouts=2))
    monkeypatch.setattr(fallback, "ENGINE_DEALS", 2)
    rules = dataclasses.replace(PRESETS["alla-spelar"], throw_on=ThrowOn.ANYTIME).to_dict()
    live = LivePlay(lang, rules=rules, seed=4, opponents="strong")
    live.widget.send = lambda content, buffers=None: None
    internal = ("internt fel", "internal error")
    note = SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert live.search_note == note == live.widget.view["search_note"]
    _send(live, op="hint", seq=1)
    assert live.widget.hint["move"] and live.widget.hint["search_note"] == note
    while not live.game.over:
        _send(live, op="play", move=live.widget.view["actions"][0]["move"], seq=2)
        assert not any(word in live.widget.message.lower() for word in internal), live.widget.message
    _send(live, op="review", step="start", seq=3)
    while live.widget.review["state"] == "running":
        _send(live, op="review", step="next", seq=4)
    assert live.widget.review["state"] == "done" and live.widget.review["search_note"] == note
    source = "".join((VIEWS / name).read_text(encoding="utf-8") for name in esm.modules("table.js"))
    assert '"data-role": "search-note"' in source and "view.search_note" in source


def test_the_widget_under_a_preset_has_a_note_only_without_the_c() -> None:
    live = LivePlay("en", seed=2)
    assert live.search_note == (None if native.available() else SEARCH_NOTES.phrase(support.NO_BACKEND, "en"))
    assert live.widget.view["search_note"] == live.search_note
