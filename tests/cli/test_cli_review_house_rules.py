"""`python -m skitgubbe review` under house rules the fast core does not play (issue 40 item 1): the review runs on
the engine, says so under its title in the reader's language, and still judges every move with a choice."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers import cli

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import layout, native, support
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.records.record import GameRecord
from skitgubbe.rules.options import PRESETS, Rules, ThrowOn
from skitgubbe.text.review_words import SEARCH_NOTES


def _record(tmp_path: Path, rules: Rules) -> Path:
    game = Game.deal(3, rules=rules, seed=4)
    play_out(game, {n: make_player("sensible", i) for i, n in enumerate(game.players)}, max_moves=1500)
    assert game.over
    path = tmp_path / "game.json"
    GameRecord.of(game, seed=4).save(path)
    return path


@pytest.mark.parametrize("throw_on", [ThrowOn.ANYTIME, ThrowOn.OWN_RANK])
@pytest.mark.parametrize(("lang", "severity"), [("sv", "Drag "), ("en", "Move ")])
def test_review_under_throw_on_out_of_turn_says_it_runs_on_the_engine(
    tmp_path: Path, throw_on: ThrowOn, lang: str, severity: str
) -> None:
    rules = dataclasses.replace(PRESETS["alla-spelar"], throw_on=throw_on)
    assert layout.refusal(rules) == layout.OUT_OF_TURN
    result = cli("review", str(_record(tmp_path, rules)), "--lang", lang, "--playouts", "2")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[1] == SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert any(line.startswith(severity) for line in lines)


def test_review_under_rules_the_fast_core_plays_has_a_note_only_without_the_c(tmp_path: Path) -> None:
    result = cli("review", str(_record(tmp_path, PRESETS["alla-spelar"])), "--playouts", "2")
    assert result.returncode == 0, result.stderr
    notes = {SEARCH_NOTES.phrase(key, "en") for key in SEARCH_NOTES}
    expected = set() if native.available() else {SEARCH_NOTES.phrase(support.NO_BACKEND, "en")}
    assert notes & set(result.stdout.splitlines()) == expected
