"""The fast core (csearch.c, built with the address and undefined-behaviour sanitizers) against the engine (`Game`),
move for move, on the rule space: every rule set it plays, 2 to 6 players, from deals and from mid-game positions.

The C plays a seeded random game (or one of its sensible policy, the strong player's playouts) from the packed
position (`sg_trace`) and writes each step's legal moves and the move it drew; the engine replays it, comparing the legal moves at every step and the outcome (tests/fast_core.py).
A sample runs in `make check`; the whole rule space (slow) in `make test`. A rule value the C is not told (the
engine plays it, the C plays the default) must make the comparison fail: that is what forgetting the C looks like.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields

import pytest
from fast_core import MOST, pack, replay, start, traces
from sanitized_csearch import NoCompiler, Sanitized, build

from skitgubbe import Game
from skitgubbe.engine.kernel import layout, native, support
from skitgubbe.engine.kernel.native import pack_deal_trace
from skitgubbe.rules.options import Rules
from skitgubbe.studies.simulate import KERNEL_STREAM

SUPPORTED = [rules for rules in layout.rule_space() if support.refusal(rules) is None]
#: the sample `make check` runs: every 24th supported rule set
SAMPLE = SUPPORTED[::24]


@pytest.fixture(scope="module")
def driver() -> Iterator[Sanitized]:
    try:
        built = build()
    except NoCompiler:
        pytest.skip("NO C COMPILER: gcc is absent, the fast core is not built here (the engine plays everything)")
    with Sanitized(built) as sanitized:
        yield sanitized


def _cases(rule_sets: list[Rules]) -> list[tuple[str, Game, list[int]]]:
    """Per rule set three starts: the C's own deal of a seed (as `simulate` deals and plays it), the engine's deal
    packed (players 2 + i % 5), and a mid-game position (another player count, after a seeded number of random
    engine moves) played on by random moves or, in every other rule set, by the playouts' sensible policy."""
    cases: list[tuple[str, Game, list[int]]] = []
    for i, rules in enumerate(rule_sets):
        index = SUPPORTED.index(rules)
        players = 2 + (index + 4) % 5
        words = pack_deal_trace(rules, players, index, index, KERNEL_STREAM, MOST)
        cases.append(
            (f"rule set {index}, the C's deal of seed {index}", Game.deal(players, rules=rules, seed=index), words)
        )
        for players, moves in ((2 + index % 5, 0), (2 + (index + 2) % 5, 1 + index * 7 % 61)):
            game = start(rules, players, index, moves)
            sensible = moves > 0 and index % 2 == 1
            if not game.over:
                where = f"rule set {index} ({rules.to_dict()}), {players} players, move {moves}, sensible {sensible}"
                cases.append((where, game, pack(game, index * 10 + i, sensible=sensible)))
    return cases


def _differential(driver: Sanitized, rule_sets: list[Rules]) -> tuple[int, int]:
    cases = _cases(rule_sets)
    found = traces(driver, [words for _, _, words in cases])
    positions = sum(replay(game, trace, where) for (where, game, _), trace in zip(cases, found, strict=True))
    return len(cases), positions


def test_the_sample_plays_as_the_engine(driver: Sanitized) -> None:
    games, positions = _differential(driver, SAMPLE)
    assert games >= 3 * len(SAMPLE) - 4 and positions > 100 * games


@pytest.mark.skipif(not native.LIBRARY.exists(), reason="NO C COMPILER: no _csearch.so, simulate plays in Python")
@pytest.mark.parametrize("index", range(0, len(SUPPORTED), 97))
def test_simulate_plays_the_traced_games(driver: Sanitized, index: int) -> None:
    """`sg_simulate`'s games are the C's deals played from `Stream(seed, 0)`: the games the engine replays."""
    rules, players = SUPPORTED[index], 2 + index % 5
    batch = native.simulate(rules, players, 40, 6, MOST, KERNEL_STREAM, records=True)
    found = traces(driver, [pack_deal_trace(rules, players, s, s, KERNEL_STREAM, MOST) for s in range(40, 46)])
    for seed, (record, trace) in enumerate(zip(batch.records, found, strict=True), start=40):
        replay(Game.deal(players, rules=rules, seed=seed), trace, (index, seed))
        assert record == (trace.loser if trace.over else -1, len(trace.steps), trace.phase1_moves, int(not trace.over))
    assert batch.games == 6 and batch.moves == sum(len(t.steps) for t in found)
    assert sum(batch.losses) == sum(t.over for t in found)


@pytest.mark.slow
def test_the_whole_rule_space_plays_as_the_engine(driver: Sanitized) -> None:
    games, positions = _differential(driver, SUPPORTED)
    print(f"differential: {len(SUPPORTED)} rule sets, {games} games, {positions} positions, 0 mismatches")
    assert len(SUPPORTED) == 1672 and games >= 3 * len(SUPPORTED) - 20


def _planted_cases() -> list[tuple[int, int, Rules]]:
    """For every field and each of its values other than the default that the C plays: a few rule sets with that
    value, each with the field's place among the packed rule words and the default's code."""
    out: list[tuple[int, int, Rules]] = []
    for place, word in enumerate(layout.TABLE):
        default = word.code_of(next(f.default for f in fields(Rules) if f.name == word.field)).code
        for code in word.codes:
            if code.refused or code.code == default:
                continue
            ruled = [r for r in SUPPORTED if layout.rule_words(r)[place] == code.code]
            out += [(place, default, r) for r in random.Random(code.code).sample(ruled, min(12, len(ruled)))]
    return out


def _forgetting(words: list[int], place: int, default: int) -> list[int]:
    """Packed words as a C that does not know one field would be given them: that field's word at its default."""
    assert words[1] in range(2, 7)  # MAGIC, players, then the rule words in the table's order
    return [*words[: 2 + place], default, *words[3 + place :]]


def test_an_option_the_c_is_not_told_fails_the_comparison(driver: Sanitized) -> None:
    """Each option value, played by the engine while the C plays the default, is caught within a few games."""
    caught: dict[tuple[str, int], bool] = {}
    for place, default, rules in _planted_cases():
        key = (layout.TABLE[place].field, layout.rule_words(rules)[place])
        if caught.get(key):
            continue
        games = [Game.deal(2 + seed % 5, rules=rules, seed=seed) for seed in range(4)]
        planted = [_forgetting(pack(game, seed), place, default) for seed, game in enumerate(games)]
        caught[key] = False
        for game, trace in zip(games, traces(driver, planted), strict=True):
            try:
                replay(game, trace, key)
            except AssertionError:
                caught[key] = True
                break
    missed = sorted(key for key, hit in caught.items() if not hit)
    assert len(caught) == 17 and not missed, missed
