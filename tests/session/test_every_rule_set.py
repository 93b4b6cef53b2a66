"""No feature fails under any rule set the engine accepts (issue 40 item 1): the live game's every opponent kind,
the hint and the review play a whole game through the session API, whether the fast core plays the rules or the
strong search falls back to the engine (`players/fallback.py`), and the board says so in the reader's language.

200 seeded rule sets from `layout.rule_space()` (refused and played ones, always throw on any time and own rank):
the first `QUICK` in `make check`, the rest marked slow. Budgets are cut (a deal or two a decision) so a game runs
in well under a second: what is tested is that every path answers, not how strong it plays.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import layout, native, support
from skitgubbe.players import fallback, review
from skitgubbe.players.budget import Budget
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player, offered_kinds, reader_player
from skitgubbe.rules.options import PRESETS, Rules, ThrowOn, short_spec
from skitgubbe.text.review_words import SEARCH_NOTES
from skitgubbe.views.controllers import PlayController

COUNT = 200
QUICK = 12
#: the reader's turns played on the hint's move; a deal's moves at most; deals tried for one that ends
HINTS = 3
MOVE_CAP = 1500
DEALS = 8
INTERNAL = ("internal error", "internt fel")


def _sample() -> list[Rules]:
    space = layout.rule_space()
    pick = random.Random(40).sample(space, COUNT - 2)
    anytime = next(r for r in space if r.throw_on is ThrowOn.ANYTIME)
    own = next(r for r in space if r.throw_on is ThrowOn.OWN_RANK)
    return [anytime, own, *pick]


SAMPLE = _sample()


def _alla(throw_on: ThrowOn) -> Rules:
    """Everyone plays (alla-spelar) with throwing on out of turn: the rules the fast core refuses."""
    return dataclasses.replace(PRESETS["alla-spelar"], throw_on=throw_on)


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal or two per decision everywhere: the paths, not the strength, are under test."""
    monkeypatch.setattr(review, "HINT_BUDGET", review.Budget(playouts=2))
    monkeypatch.setattr(review, "REVIEW_BUDGET", review.Budget(playouts=1))
    monkeypatch.setattr(fallback, "ENGINE_DEALS", 1)
    monkeypatch.setattr("skitgubbe.players.registry.READER_DEALS", 4)
    monkeypatch.setattr("skitgubbe.players.registry.READER_GAMES", 16)


def _no_fault(changes: dict[str, Any]) -> None:
    message = str(changes.get("message") or "").lower()
    assert not any(word in message for word in INTERNAL), message


def _play_deal(controller: PlayController) -> dict[str, Any]:
    """One deal at the live table: the reader plays the hint's move for its first `HINTS` turns, then its first
    legal move, up to `MOVE_CAP` moves (random players can go round a forced cycle for ever). The last hint."""
    hints = 0
    hint: dict[str, Any] = {}
    game = controller.game
    while not game.over and game.move_count < MOVE_CAP:
        if controller.computer_to_move:
            _no_fault(controller.run_computer(limit=MOVE_CAP - game.move_count))
            continue
        if hints < HINTS:
            answer = controller.handle({"op": "hint"})
            _no_fault(answer)
            hint = answer["hint"]
            move = hint["move"]
            hints += 1
        else:
            move = controller.session.legal_actions()[0]["move"]
        _no_fault(controller.handle({"op": "play", "move": move}))
    return hint


def play_whole_game(rules: Rules, players: int, kind: str, lang: str, seed: int) -> dict[str, Any]:
    """A whole game at the live table with `kind` in the computer seats (the next deal while one runs past
    `MOVE_CAP` moves, up to `DEALS` deals), then its review to the end. The last answers of each."""
    controller = PlayController(lang, {"rules": short_spec(rules), "players": players, "seed": seed, "opponents": kind})
    state = controller.state()
    _no_fault(state)
    assert state["view"] is not None, state.get("message")
    hint = _play_deal(controller)
    for _ in range(DEALS - 1):
        if controller.game.over:
            break
        _no_fault(controller.handle({"op": "new"}))
        hint = _play_deal(controller) or hint
    assert controller.game.over, f"no deal of {DEALS} ended within {MOVE_CAP} moves"
    answer = controller.handle({"op": "review", "step": "start"})
    for _ in range(MOVE_CAP):
        _no_fault(answer)
        if answer["review"]["state"] == "done":
            break
        answer = controller.handle({"op": "review", "step": "next"})
    assert answer["review"]["state"] == "done"
    return {"view": controller.session.view(), "hint": hint, "review": answer["review"]}


def _case(i: int) -> tuple[Rules, int, str, str]:
    kinds = offered_kinds()
    return SAMPLE[i], 2 + i % 5, kinds[i % len(kinds)], ("sv", "en")[i % 2]


@pytest.mark.parametrize(
    "i", [pytest.param(i, marks=() if i < QUICK else pytest.mark.slow, id=f"set{i}") for i in range(COUNT)]
)
def test_a_whole_game_under_the_rule_set(small_budgets: None, i: int) -> None:
    rules, players, kind, lang = _case(i)
    found = play_whole_game(rules, players, kind, lang, seed=i)
    key = fallback.search_note_key(rules)
    expected = None if key is None else SEARCH_NOTES.phrase(key, lang)
    assert found["view"]["search_note"] == expected
    assert found["review"]["search_note"] == expected
    if found["hint"]:
        assert found["hint"]["search_note"] == expected


def test_the_sample_holds_refused_and_played_rule_sets() -> None:
    refusals = {layout.refusal(r) for r in SAMPLE}
    assert None in refusals and layout.OUT_OF_TURN in refusals
    assert {SAMPLE[0].throw_on, SAMPLE[1].throw_on} == {ThrowOn.ANYTIME, ThrowOn.OWN_RANK}


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_throw_on_any_time_says_why_in_the_readers_language(small_budgets: None, lang: str) -> None:
    rules = _alla(ThrowOn.ANYTIME)
    found = play_whole_game(rules, 3, "strong", lang, seed=5)
    note = found["view"]["search_note"]
    assert note == SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert ("slänga på" in note) if lang == "sv" else ("throwing on" in note)


def test_every_refusal_key_has_words() -> None:
    keys = {code.refused for word in layout.TABLE for code in word.codes if code.refused}
    for key in keys | {support.NO_BACKEND}:
        for lang in ("sv", "en"):
            assert SEARCH_NOTES.phrase(key, lang)


def test_without_the_c_everything_runs_on_the_engine(small_budgets: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """`SKITGUBBE_PURE_PYTHON` semantics: no fast core at all, and every rule set (the presets' too) still plays.

    `native.available` is patched for the Python source; the compiled engine calls it directly (mypyc), so the
    loader's cache is set to "no backend found" as well."""
    monkeypatch.setattr(native, "available", lambda: False)
    monkeypatch.setattr(native, "_RUNNER", [None])
    monkeypatch.setattr(native, "_NAME", ["none"])
    assert not support.supports(Rules())

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the fast core was asked although it is not here")

    monkeypatch.setattr("skitgubbe.players.kernel_strong.evaluate", refuse)
    for i, rules in enumerate([Rules(), SAMPLE[0]]):
        found = play_whole_game(rules, 3, "strong", "en", seed=i)
        assert found["view"]["search_note"] == SEARCH_NOTES.phrase(support.refusal(rules) or support.NO_BACKEND, "en")


def test_the_engine_search_gives_the_fast_cores_figures_shape() -> None:
    """`evaluate_on_engine` answers like `kernel_strong.evaluate`: every legal move, its deals, an early stop that
    keeps at least one move on the whole budget, the same answer for the same seed."""
    game = Game.deal(3, rules=_alla(ThrowOn.ANYTIME), seed=3)
    found = fallback.evaluate_on_engine(game, Budget(playouts=6), seed=1)
    assert found.moves == tuple(game.legal_moves())
    assert max(found.deals) <= 6 and all(0 <= h <= 2 * d for h, d in zip(found.half_losses, found.deals, strict=True))
    assert found == fallback.evaluate_on_engine(game, Budget(playouts=6), seed=1)
    whole = fallback.evaluate_on_engine(game, Budget(playouts=6, early_stop=False), seed=1)
    assert whole.deals == (6,) * len(whole.moves)
    assert found.moves[found.best()] == whole.moves[whole.best()]


def test_the_reader_strong_player_plays_refused_rules() -> None:
    rules = _alla(ThrowOn.OWN_RANK)
    game = Game.deal(4, rules=rules, seed=2)
    player = reader_player("strong", 3)
    for _ in range(6):
        if game.over:
            break
        game.play(player.choose(game))
    assert not support.supports(rules)


def test_the_strong_kernel_kind_plays_refused_rules_the_same_every_time() -> None:
    """`simulate`'s `strong-kernel` kind under rules the fast core refuses: on the engine, with no time budget, so
    the same seeds give the same game."""
    rules = _alla(ThrowOn.ANYTIME)
    runs = []
    for _ in range(2):
        game = Game.deal(3, rules=rules, seed=6)
        kinds = ("strong-kernel:2", "sensible", "sensible")
        play_out(game, {name: make_player(kinds[i], i) for i, name in enumerate(game.players)}, max_moves=MOVE_CAP)
        assert game.over
        runs.append([str(step.move) for step in game.history])
    assert runs[0] == runs[1]


def test_a_position_too_big_for_the_fast_core_is_searched_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one refusal `supports()` cannot foresee (more moves than the C's buffers hold: the backend answers
    ERR_MOVES) sends that search (the strong player's, the hint's, the review's) to the engine instead of failing."""
    game = Game.deal(3, rules=PRESETS["pagat"], seed=4)
    if not support.supports(game.rules):
        pytest.skip("no fast core here")
    monkeypatch.setattr(native, "_RUNNER", [lambda data, out: (native.ERR_MOVES, out)])
    monkeypatch.setattr(native, "_NAME", ["ctypes"])
    found = fallback.evaluate(game, Budget(playouts=4), seed=1)
    assert found == fallback.evaluate_on_engine(game, Budget(playouts=4), seed=1)
    player = fallback.StrongSearchPlayer(7, Budget(playouts=4), engine_budget=Budget(playouts=4))
    assert player.choose(game) in game.legal_moves() and player.deals == 4
