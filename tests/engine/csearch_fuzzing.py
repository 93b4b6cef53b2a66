"""Fuzzing csearch.c's entry points (issue 45): valid packed inputs of every preset and 2 to 6 players, and their
mutations (flipped bits, odd values, truncated and oversized buffers, illegal candidates, lying sizes).

`valid_inputs()` gives (kind, entry, words, output words); `mutants(rng, ...)` yields (kind, words, n_in, n_out)
from one valid input; `run(c, rng, count)` feeds them to a `sanitized_csearch.Sanitized` driver and returns the
tally (inputs per kind, answers by code). A sanitizer report raises `SanitizerReport` out of `run`. Used by
tests/engine/test_csearch_fuzz.py (a bounded sample) and benchmarks/csearch_fuzz.py (a longer run).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from sanitized_csearch import Sanitized, SanitizerReport

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.pack import move_word, position_words
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.kernel_strong import Unseen, decision_key
from skitgubbe.rules.options import PRESETS

#: values a mutated word takes besides a flipped bit: edges of every range the C reads
ODD_VALUES = (0, 1, -1, 2, 6, 7, 12, 13, 51, 52, 53, 63, 64, 104, 4096, 4097, 1 << 30, 1 << 31, -(1 << 31))
ODD_VALUES += ((1 << 52) - 1, 1 << 52, 1 << 55, (1 << 63) - 1, -(1 << 63))
#: the words of the output buffers
OUT_EVALUATE = 3 + 3 * native.MAX_CANDIDATES
OUT_TRACE = 1 << 14
SIM_GAMES = 3


@dataclass(frozen=True)
class Valid:
    """A valid packed input: its kind, entry point, words, output words, and the indices of the words that set
    how long the call runs (clamped after a mutation, so that no mutant searches for hours)."""

    kind: str
    entry: str
    words: list[int]
    out_words: int
    long_words: dict[int, int] = field(default_factory=dict)
    candidates: tuple[int, int] = (0, 0)


def _position(preset: str, n: int, seed: int, phase: int) -> Game:
    """A position of the phase (a few moves in, with a choice to make), by sensible players."""
    game = Game.deal(n, rules=PRESETS[preset], seed=seed)
    bot = SensiblePlayer(seed)
    while not game.over and (game.phase < phase or game.move_count < 3 * n or len(game.legal_moves()) < 2):
        game.play(bot.choose(game))
    return game


def _positions(preset: str, n: int, seed: int) -> list[Game]:
    """A phase-1 and a phase-2 position (another seed while a game ends before phase 2 has a choice)."""
    found = [_position(preset, n, seed, 1)]
    for again in range(seed, seed + 20):
        game = _position(preset, n, again, 2)
        if not game.over:
            return [*found, game]
    return found


def valid_inputs(seed: int = 1) -> list[Valid]:
    """For every preset and 2 to 6 players: a search, a trace and a policy move of a phase-1 and a phase-2
    position, one batch of random games and one study game (a strong seat, random and sensible seats)."""
    found: list[Valid] = []
    for preset in PRESETS:
        for n in range(2, 7):
            for game in _positions(preset, n, seed + n):
                found.extend(_position_inputs(game, seed))
            batch = [native.MAGIC, *native.blank_words(PRESETS[preset], n), seed, SIM_GAMES, 400, 7, 1]
            found.append(
                Valid(
                    "simulate",
                    "sg_simulate",
                    batch,
                    9 + 4 * SIM_GAMES,
                    {len(batch) - 4: SIM_GAMES, len(batch) - 3: 400},
                )
            )
            policies = [native.sensible_policy() if seat % 2 else native.RANDOM_POLICY for seat in range(n)]
            policies[0] = native.strong_policy(2)  # a strong seat: the search inside the study game
            study = [native.MAGIC, *native.blank_words(PRESETS[preset], n), seed, 3, 400, *policies]
            strong_at = len(study) - n  # its word: no mutant makes it search for ever
            found.append(
                Valid("study", "sg_study", study, 4 + 3 * n, {strong_at - 1: 400, strong_at: native.strong_policy(2)})
            )
    return found


def _position_inputs(game: Game, seed: int) -> list[Valid]:
    """A search (two deals; its candidates are the position's legal moves), a trace (60 moves) and one sensible
    policy move of the position."""
    me = game._w.to_play
    assert me is not None
    unseen = Unseen(game, me)
    moves = [move_word(m) for m in game.legal_moves()]
    key = decision_key(seed, game.move_count)
    words = native.pack_game(game, unseen, moves, key=key, start=game.move_count, budget=2, early_stop=True)
    at = len(words) - 1 - len(moves) - 2  # deal_from, deal_to (native.search)
    words[at + 1] = 2
    first = len(words) - len(moves)
    search = Valid("evaluate", "sg_evaluate", words, OUT_EVALUATE, {at - 3: 2, at + 1: 2}, (first, len(words)))
    trace = native.pack_trace(game, seed, len(game.players), 60)
    policy = [native.MAGIC, *position_words(game), game.move_count, seed, 5, 0, 0, 0, 0, native.sensible_policy()]
    return [
        search,
        Valid("trace", "sg_trace", trace, OUT_TRACE, {len(trace) - 3: 60}),
        Valid("policy", "sg_policy", policy, 5),
    ]


def _clamp(valid: Valid, words: list[int]) -> list[int]:
    for at, most in valid.long_words.items():
        if at < len(words) and most < words[at] <= 1 << 30:
            words[at] = most
    return words


def mutants(rng: random.Random, valid: Valid) -> Iterator[tuple[str, list[int], int | None, int | None]]:
    """Mutations of one valid input: (kind, words, n_in or None, n_out or None)."""
    words = valid.words
    at = rng.randrange(len(words))
    flipped = list(words)
    flipped[at] ^= 1 << rng.randrange(64)
    flipped[at] = ((flipped[at] + (1 << 63)) % (1 << 64)) - (1 << 63)
    yield "flipped bit", _clamp(valid, flipped), None, None
    odd = list(words)
    odd[rng.randrange(len(words))] = rng.choice(ODD_VALUES)
    yield "odd value", _clamp(valid, odd), None, None
    foreign = list(words)
    foreign[0] ^= 1 << rng.randrange(32, 63)  # another rule table's fingerprint
    yield "foreign fingerprint", foreign, None, None
    yield "truncated", list(words[: rng.randrange(len(words))]), None, None
    yield "oversized", [*words, *(rng.choice(ODD_VALUES) for _ in range(rng.randrange(1, 9)))], None, None
    yield "short n_in", list(words), rng.choice((-1, 0, rng.randrange(len(words)))), None
    yield "short n_out", list(words), None, rng.choice((-5, 0, 3, rng.randrange(valid.out_words)))
    low, high = valid.candidates
    if high > low:
        illegal = list(words)
        illegal[rng.randrange(low, high)] = rng.choice((rng.randrange(1 << 55), rng.randrange(1 << 20), 1 << 54))
        yield "illegal candidate", illegal, None, None


@dataclass
class Tally:
    """What a fuzz run fed and got: inputs by kind, answers by code (>= 0: accepted), the valid inputs answered,
    and the sanitizer reports (kind, entry, report) of a run that keeps going."""

    kinds: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    valid_answers: int = 0
    reports: list[tuple[str, str, str]] = field(default_factory=list)


def code_name(rc: int) -> str:
    """The refusal's C name, or "answered" for a non-negative code, or "unknown <rc>"."""
    if rc >= 0:
        return "answered"
    return native.REFUSALS[rc][0] if rc in native.REFUSALS else f"unknown {rc}"


def run(c: Sanitized, rng: random.Random, rounds: int, inputs: list[Valid], *, keep_going: bool = False) -> Tally:
    """`rounds` rounds of every valid input and its mutants through the sanitized driver `c`. A sanitizer report
    (or a call that hangs) raises `SanitizerReport`, or with `keep_going` is kept in the tally and the run goes on."""
    tally = Tally()
    for _ in range(rounds):
        for valid in inputs:
            rc, _out = c.call(valid.words, valid.out_words, entry=valid.entry)
            tally.kinds[f"valid {valid.kind}"] += 1
            if rc >= 0:
                tally.valid_answers += 1
            else:
                tally.codes[f"valid {valid.kind}: {code_name(rc)}"] += 1
            for kind, words, n_in, n_out in mutants(rng, valid):
                tally.kinds[kind] += 1
                try:
                    rc, _out = c.call(words, valid.out_words, entry=valid.entry, n_in=n_in, n_out=n_out)
                except SanitizerReport as report:
                    if not keep_going:
                        raise
                    tally.reports.append((kind, valid.entry, report.text))
                    continue
                tally.codes[code_name(rc)] += 1
    return tally
