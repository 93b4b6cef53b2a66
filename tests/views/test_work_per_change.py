"""The work one change costs in the live protocol (`views.controllers` over `skitgubbe.session`).

A live game builds the board view once per change (a reader's move, a refused move, a computer move, a new deal,
open hands), whether the widget or the browser worker's bridge sends the message; the checker judges a case once
per preset per change, and a refused edit judges nothing. The counts are taken by wrapping the view builder and
the judge where they are called.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reliability import pytest_in_source_build

import skitgubbe
from skitgubbe import session
from skitgubbe.engine.game import Game
from skitgubbe.records import compare as records_compare
from skitgubbe.records import record as records_record
from skitgubbe.records.record import Case, Judgement
from skitgubbe.rules.options import PRESETS
from skitgubbe.views import controllers
from skitgubbe.views.controllers import CheckerController, PlayController
from skitgubbe.views.live import bridge
from skitgubbe.views.widgets import LivePlay


@pytest.fixture
def views_built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str | None]]:
    """Each board view built (`session.state_view`, the one builder `Session.view` calls), by the seat it is for."""
    built: list[str | None] = []
    real = session.state_view

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        built.append(kwargs.get("seat"))
        return real(*args, **kwargs)

    monkeypatch.setattr(session, "state_view", counted)
    yield built


def test_a_live_game_builds_the_board_once_per_change(views_built: list[str | None]) -> None:
    controller = PlayController("sv", {"seed": 3, "opponents": "random"})
    controller.state()
    assert len(views_built) == 1  # the deal
    controller.run_computer()
    game = controller.game
    assert game.to_play == controller.session.seat
    legal = {str(m) for m in game.legal_moves()}
    illegal = next(text for text in ("pick up", "chansa", "pass", "9C", "AS") if text not in legal)

    views_built.clear()
    refused = controller.handle({"op": "play", "move": illegal})
    assert refused["view"]["last"]["legal"] is False and len(views_built) == 1

    views_built.clear()
    played = controller.handle({"op": "play", "move": sorted(legal)[0]})
    assert played["view"]["last"]["legal"] is True and len(views_built) == 1

    if played["busy"]:
        views_built.clear()
        computer = controller.handle({"op": "computer"})
        assert computer["view"]["moves"] == played["view"]["moves"] + 1 and len(views_built) == 1

    views_built.clear()
    controller.handle({"op": "open", "value": True})
    assert len(views_built) == 1

    views_built.clear()
    controller.handle({"op": "new"})
    assert len(views_built) == 1


def test_the_worker_bridge_builds_the_board_once_per_message(views_built: list[str | None]) -> None:
    opened = json.loads(bridge.call("controllers.open_controller", '{"kind": "play", "key": "work", "seed": 5}'))
    assert opened["ok"] and len(views_built) == 1
    controller = controllers.CONTROLLERS["work"]
    assert isinstance(controller, PlayController)
    controller.run_computer()
    move = controller.session.legal_actions()[0]["move"]
    views_built.clear()
    message = json.dumps({"key": "work", "message": {"op": "play", "move": move}})
    answer = json.loads(bridge.call("controllers.controller_message", message))
    assert answer["ok"] and answer["result"]["view"]["your_moves"] == 1
    assert views_built == [controller.session.seat]  # once, from the reader's seat


def test_the_jupyter_widget_builds_the_board_once_per_move(views_built: list[str | None]) -> None:
    live = LivePlay("en", seed=3, opponents="random")
    before = live.game.move_count
    views_built.clear()
    assert live.attempt(live.actions[0]["move"])  # the reader's move, then the computer seats up to the reader's turn
    assert live.game.move_count > before and len(views_built) == live.game.move_count - before
    assert live.widget.view["moves"] == live.game.move_count


class Judged:
    """What the checker did in one change: cases loaded, positions set up, and judgements by preset."""

    def __init__(self) -> None:
        self.loads = 0
        self.positions = 0
        self.judged: Counter[str] = Counter()

    def reset(self) -> None:
        self.loads, self.positions, self.judged = 0, 0, Counter()


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> Iterator[Judged]:
    if skitgubbe.COMPILED:  # a mypyc class's methods cannot be wrapped: these counts run in the source build
        pytest.skip("Game is compiled; test_the_checker_counts_hold_in_the_source_build runs these")
    counts = Judged()
    load, position = Case.load.__func__, Game.from_position.__func__  # type: ignore[attr-defined]
    real_judge = records_record.judge_case

    def counted_load(cls: type[Case], *args: Any, **kwargs: Any) -> Case:
        counts.loads += 1
        return load(cls, *args, **kwargs)  # type: ignore[no-any-return]

    def counted_position(cls: type[Game], *args: Any, **kwargs: Any) -> Game:
        counts.positions += 1
        return position(cls, *args, **kwargs)  # type: ignore[no-any-return]

    def counted_judge(case: Case, lang: str = "en") -> Judgement:
        counts.judged[case.rules.preset_name or "custom"] += 1
        return real_judge(case, lang)

    monkeypatch.setattr(Case, "load", classmethod(counted_load))
    monkeypatch.setattr(Game, "from_position", classmethod(counted_position))
    # every name the checker's path judges a case by (the record module's own, for imports made at call time)
    for module in (records_record, records_compare, session, controllers):
        monkeypatch.setattr(module, "judge_case", counted_judge, raising=False)
    yield counts


def test_the_checker_judges_a_case_once_per_preset_per_change(judged: Judged) -> None:
    checker = CheckerController("sv", "klover-9")
    checker.state()
    checker.handle({"op": "move", "text": "A: 9C"})
    judged.reset()
    undone = checker.handle({"op": "undo"})
    assert undone["result"]["ok"] and undone["editor"]["entry"]["hands"]
    assert judged.judged == Counter(dict.fromkeys(PRESETS, 1))  # was 7: the editor judged its own rules again
    assert judged.loads == len(PRESETS) + 1  # was 8: one per preset, and `compare`'s check under the case's rules
    assert judged.positions == 2 * len(PRESETS) + 1  # was 15: a load sets up the position, and so does a judgement

    judged.reset()
    house = {"preset": "pagat", "sequences": True, "trick_complete": "plays"}  # the house-rules page's example
    checker.handle({"op": "house", "spec": house})
    assert judged.judged == Counter({**dict.fromkeys(PRESETS, 1), "custom": 1})  # the house rules' row, once


def test_a_refused_edit_judges_nothing(judged: Judged) -> None:
    checker = CheckerController("en", "klover-9")
    checker.state()
    entry = checker.model["editor"]["entry"]
    judged.reset()
    refused = checker.handle({"op": "move", "text": "Q: 9C"})  # no such player: refused, the case kept
    assert refused["editor"]["problem"] and refused["editor"]["entry"] == entry
    assert (judged.loads, judged.positions, sum(judged.judged.values())) == (0, 0, 0)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_checker_counts_hold_in_the_source_build(tmp_path: Path) -> None:
    if not skitgubbe.COMPILED:
        pytest.skip("this is the source build: the counting tests above ran here directly")
    result = pytest_in_source_build(tmp_path, [Path(__file__).resolve()], "-k", "not source_build", timeout=540)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "skipped" not in result.stdout, result.stdout[-2000:]
