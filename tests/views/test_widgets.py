"""The notebook layer: Replays as the reader's table (anywidget in Jupyter, embedded JSON in the static build),
and the live game and checker driven as the front end drives them (messages to the widget)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from skitgubbe.views import esm
from skitgubbe.views.examples import EXAMPLES
from skitgubbe.views.frames import frames_of_case
from skitgubbe.views.widgets import (
    Checker,
    LivePlay,
    checker,
    example,
    live_play,
    needs_kernel_note,
    replay,
    whole_game,
)

VIEWS = Path(__file__).resolve().parents[2] / "skitgubbe" / "views"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_replay_is_the_table_widget_with_a_frame_per_move(lang: str) -> None:
    w = example("klover-9", lang)
    assert w.mode == "replay" and w.lang == lang and len(w.frames) == 6 and w.index == 0
    assert [f["last"]["rule"] for f in w.frames[1:]] == [
        "p2.lead",
        "p2.sequence",
        "p2.pick-up.last-play",
        "p2.follow-suit",
        "p2.sequence",
    ]
    assert w.frames[5]["completed"] and not w.frames[4]["completed"]  # the trick shown whole once
    assert w.words["counter"] == ("Drag {i} av {n}" if lang == "sv" else "Move {i} of {n}")
    assert "back" in w.deck and all('data-card="' in svg for svg in w.deck.values())
    assert "export default" in w._esm and ".sgt-board" in w._css  # the module travels inside the widget


def test_the_static_build_embeds_the_frames_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKITGUBBE_STATIC_BUILD", "1")
    html = example("klover-9", "sv")._repr_html_()
    # a Replay of a case can be continued live ("play from here"): marked for the page script
    assert html.startswith('<div class="sgt-mount" lang="sv" data-mode="replay" data-skitgubbe-take-over>')
    data = json.loads(re.search(r'<script type="application/json" class="sgt-data">(.*)</script>', html).group(1))
    assert len(data["frames"]) == 6 and data["frames"][2]["last"]["text"] == "B: ♣D ♣K ♣E"
    assert "</script" not in html[html.index("sgt-data") : html.rindex("</script>")]


def test_an_illegal_move_becomes_a_last_frame_explaining_it() -> None:
    frames = frames_of_case(EXAMPLES["klover-9-pagat"].load(), "en")
    assert len(frames) == 3 and not frames[-1].legal and frames[-1].verdict.rule == "p2.one-card"
    assert frames[-1].state == frames[-2].state
    last = example("klover-9-pagat", "en").frames[-1]["last"]
    assert last["legal"] is False and last["rule"] == "p2.one-card" and "unchanged" in last["events"][0]["text"]


def test_whole_game_has_a_move_list_with_markers() -> None:
    w = whole_game(["A", "B", "C"], "sv", rules="pagat", seed=7)
    labels = [f["label"] for f in w.frames]
    assert w.move_list and any("◆" in o for o in labels) and any("✖" in o for o in labels)
    assert w.frames[-1]["loser"] is not None


class Reader:
    """Drives a LivePlay as the front end does: messages with an op, answered by a `done` message; while the
    widget says `busy`, one `computer` message per computer move (the front end sends it after `pause_ms`)."""

    def __init__(self, live: LivePlay) -> None:
        self.live = live
        self.done: list[object] = []
        self.sent: list[object] = []
        live.widget.send = lambda content, buffers=None: self.sent.append(content)  # what goes to the browser

    def send(self, **content: object) -> None:
        self.live._on_msg(self.live.widget, content, [])
        self.done.append(self.sent[-1])
        while self.live.widget.busy:
            assert self.live.widget.pause_ms >= 300  # a visible pause before each computer move
            before = self.live.game.move_count
            self.live._on_msg(self.live.widget, {"op": "computer", "seq": None}, [])
            assert self.live.game.move_count == before + 1, "a computer step made more than one move"
            assert self.live.widget.view["last"]["player"] != "A"  # the step's own move, narrated


def test_live_play_clicks_a_game_to_the_end_against_the_strong_player() -> None:
    live = LivePlay("en", seed=3, opponents="strong")
    reader = Reader(live)
    view = live.widget.view
    assert view["you"] == "A" and all(view["hands"][n]["cards"] is None for n in ("B", "C"))  # hands hidden
    reader.send(op="play", move="pick up", seq=1)
    assert "p1.no-pick-up" in live.message.value and reader.done[-1] == {"type": "done", "seq": 1}
    rng = random.Random(2)
    clicks = 0
    while not live.game.over and clicks < 3000:
        actions = live.widget.view["actions"]
        assert actions and not live.widget.busy
        reader.send(op="play", move=rng.choice(actions)["move"], seq=clicks + 2)
        clicks += 1
    assert live.game.over and live.game.loser is not None and len(reader.done) == clicks + 1
    assert live.widget.final_replay["mode"] == "replay"
    assert live.widget.message == f"The game is over: {live.game.loser} is the skitgubbe (loser)."
    assert live.widget.record["seed"] == 3 and live.widget.case_file is None


def test_live_play_options_say_a_new_deal_is_needed_and_open_hands_show_cards() -> None:
    live = LivePlay("sv", seed=3)
    reader = Reader(live)
    reader.send(op="option", key="rules", value="strikt", seq=1)
    assert live.widget.needs_new_deal and live.game.rules.preset_name == "pagat"
    assert "Ny giv" in live.widget.words["needs_new"]
    reader.send(op="new", seq=2)
    assert not live.widget.needs_new_deal and live.game.rules.preset_name == "strikt"
    reader.send(op="open", value=True, seq=3)
    assert live.widget.view["hands"]["B"]["cards"] is not None
    bad = live.attempt("elva koppar")
    assert bad is False and live.widget.message.startswith("Draget går inte att läsa")


def test_live_play_and_checker_are_notes_in_the_static_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKITGUBBE_STATIC_BUILD", "1")
    note = live_play("sv")  # the static site plays in the browser: no "needs a kernel" box, how to get Jupyter's
    assert "sg-needs-kernel" not in note.data and "sg-how-live" in note.data
    assert "make lab" in note.data and "voila book/sv/play.ipynb" in note.data
    assert (
        "sg-needs-kernel" in needs_kernel_note("sv").data and "python -m skitgubbe play" in needs_kernel_note("sv").data
    )
    assert "voila book/en/checker.ipynb" in checker("en").data
    monkeypatch.delenv("SKITGUBBE_STATIC_BUILD")
    assert live_play("sv").mode == "live"


def test_checker_judges_under_every_preset_and_says_what_is_wrong() -> None:
    c = Checker("en")
    assert c.widget.result["ok"] and {v["preset"] for v in c.widget.result["verdicts"]} >= {"pagat", "strikt"}
    c._on_msg(c.widget, {"op": "check", "text": "{oops"}, [])
    assert not c.widget.result["ok"] and "cannot be used" in c.widget.result["error"]
    c._on_msg(c.widget, {"op": "load", "id": "klover-9"}, [])
    assert c.widget.result["ok"] and json.loads(c.widget.case_text)["rules"]


def test_replay_of_a_game_object() -> None:
    from skitgubbe import Game

    game = Game.deal(3, seed=1)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    assert len(replay(game, "en").frames) == 6


def test_the_front_end_speaks_the_browser_contract() -> None:
    source = "\n".join(esm.source(name) for name in esm.modules("table.js"))
    for needle in (
        '"data-role": "narration"',
        '"aria-live": "polite"',
        '"data-action"',
        'setAttribute("data-card", "back")',
    ):
        assert needle in source
    from skitgubbe.text.table_words import TABLE

    for action in ("pick-up", "chansa", "throw", "pass", "play-selected"):
        assert action in TABLE and f'"{action}"' in source  # worded, and the front end names the action


@pytest.mark.parametrize("make", [lambda: LivePlay("en", seed=2), lambda: Checker("sv")], ids=["live", "checker"])
def test_a_live_object_as_a_cells_last_expression_shows_its_widget(make: Any) -> None:
    from IPython.core.formatters import DisplayFormatter

    live = make()
    data, _metadata = DisplayFormatter().format(live)  # what Jupyter does with a cell's last value
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == live.widget.model_id
    assert type(live).__name__ + " object at" not in data.get("text/plain", "")


def test_live_play_passes_the_hint_and_the_review_to_the_front_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jupyter: the same front end asks for a hint and the review steps; the widget's keys carry the answers."""
    from skitgubbe.players import review as coach

    monkeypatch.setattr(coach, "HINT_BUDGET", coach.Budget(playouts=8))
    monkeypatch.setattr(coach, "REVIEW_BUDGET", coach.Budget(playouts=4))
    live = LivePlay("sv", seed=6)
    reader = Reader(live)
    reader.send(op="hint", seq=1)
    hint = live.widget.hint
    assert hint["move"] in {a["move"] for a in live.widget.view["actions"]} and hint["text"].startswith("Tips: ")
    assert reader.done[-1] == {"type": "done", "seq": 1}
    rng = random.Random(6)
    while not live.game.over:
        reader.send(op="play", move=rng.choice(live.widget.view["actions"])["move"], seq=2)
        assert live.widget.hint is None  # a move takes the hint away
    reader.send(op="review", step="start", seq=3)
    while live.widget.review["state"] == "running":
        reader.send(op="review", step="next", seq=4)
    review = live.widget.review
    assert review["state"] == "done" and len(review["items"]) == review["total"] > 0
    assert {item["severity"] for item in review["items"]} <= {"ok", "inaccuracy", "mistake"}
    source = "\n".join(esm.source(name) for name in esm.modules("table.js"))
    for needle in ('"data-action": "hint"', '"data-hint"', '"data-action": "review"', '"data-role": "review-item"'):
        assert needle in source.replace('setAttribute("data-hint"', '"data-hint"')
