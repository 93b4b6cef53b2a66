"""The notebook layer: Replay widgets built from frames, and live play driven like a reader would."""

from __future__ import annotations

import random

import pytest

widgets = pytest.importorskip("ipywidgets")

from skitgubbe.views.examples import EXAMPLES  # noqa: E402
from skitgubbe.views.frames import frames_of_case  # noqa: E402
from skitgubbe.views.widgets import LivePlay, example, live_play, replay, whole_game  # noqa: E402


def _parts(box: widgets.VBox) -> tuple[widgets.Play, widgets.IntSlider, widgets.Stack]:
    found = {}

    def walk(w: widgets.Widget) -> None:
        found.setdefault(type(w).__name__, w)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(box)
    return found["Play"], found["IntSlider"], found["Stack"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_replay_has_a_frame_per_move_and_browser_links(lang: str) -> None:
    box = example("klover-9", lang)
    play, slider, stack = _parts(box)
    assert len(stack.children) == 6 and slider.max == 5 and play.max == 5
    links = [w for w in widgets.Widget.widgets.values() if type(w).__name__ == "Link"]
    pairs = {(link.source[0].model_id, link.source[1], link.target[0].model_id, link.target[1]) for link in links}
    assert (play.model_id, "value", slider.model_id, "value") in pairs
    assert (slider.model_id, "value", stack.model_id, "selected_index") in pairs
    assert "p2.follow-suit" in stack.children[4].value


def test_an_illegal_move_becomes_a_last_frame_explaining_it() -> None:
    frames = frames_of_case(EXAMPLES["klover-9-pagat"].load(), "en")
    assert len(frames) == 3 and not frames[-1].legal and frames[-1].verdict.rule == "p2.one-card"
    assert frames[-1].state == frames[-2].state


def test_whole_game_has_a_move_list_with_markers() -> None:
    box = whole_game(["A", "B", "C"], "sv", rules="pagat", seed=7)
    chooser = [w for w in widgets.Widget.widgets.values() if isinstance(w, widgets.Select)][-1]
    assert any("◆" in o for o in chooser.options) and any("✖" in o for o in chooser.options)
    assert len(chooser.options) == _parts(box)[1].max + 1


def test_live_play_plays_a_game_to_the_end_and_explains_illegal_moves() -> None:
    live = LivePlay("en", seed=3)
    assert live.attempt("pick up") is False and "p1.no-pick-up" in live.message.value
    rng = random.Random(2)
    clicks = 0
    while not live.game.over and clicks < 3000:
        rng.choice(live.buttons.children).click()
        clicks += 1
    assert live.game.over and live.game.loser is not None
    assert live.after.children  # the finished game's Replay
    live.seed.value = 4
    live.new_button.click()
    assert not live.game.over and live.game.move_count < 3


def test_live_play_is_a_note_in_the_static_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKITGUBBE_STATIC_BUILD", "1")
    note = live_play("sv")
    assert "sg-needs-kernel" in note.data and "python -m skitgubbe play" in note.data
    monkeypatch.delenv("SKITGUBBE_STATIC_BUILD")
    assert isinstance(live_play("sv"), widgets.VBox)


def test_replay_of_a_game_object() -> None:
    from skitgubbe import Game

    game = Game.deal(3, seed=1)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    assert _parts(replay(game, "en"))[1].max == 5
