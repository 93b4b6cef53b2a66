"""The strong player's search in C (`csearch.c`): the position packed into one int array, and the backend that runs it.

`csearch.c` is the one fast implementation of the rules and of the strong search (`players.kernel_strong.evaluate`);
the engine is its reference (tests/engine/test_kernel_differential.py). This module packs a position, the seat's unseen
cards and the candidate moves into the flat int64 array `sg_evaluate` reads (the layout is written in csearch.c):
`pack_game` takes the position straight from a `Game` (`pack.position_words`). It calls the backend and unpacks the figures. Backends, the first that exists:

- `ctypes`: the shared library `_csearch.so` next to this file (built from csearch.c with gcc by `setup.py`, which
  `make setup` runs), loaded with `ctypes.PyDLL` (the GIL is held: the C side's workspace is static);
- `wasm`: in Pyodide, the JS module `skitgubbe_csearch` that the browser engine's worker registers before it
  imports the bridge (it wraps `csearch.wasm`, built with clang for wasm32);
- none: `available()` is False; `evaluate` then raises a `FastCoreError` and the callers use the engine-based
  players (`support.supports` says so first).

Set `SKITGUBBE_SEARCH=python` to refuse the native backend (as if no C were here: the engine-based players run).
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.layout import fingerprint, rule_words
from skitgubbe.engine.kernel.pack import card_list, mask_of, move_word, position_words, seat_list
from skitgubbe.errors import FastCoreRefusal, Phrase
from skitgubbe.rules.options import Rules

#: the first word: "SGK1" and, above it, the rule table's fingerprint (a library built from another table refuses)
MAGIC: Final = 0x53474B31 | fingerprint() << 32
ERR_INPUT: Final = -1
ERR_MOVES: Final = -2
ERR_OUTPUT: Final = -3
#: csearch.c's refusal codes (its one enum; tests/engine/test_csearch_fuzz.py checks the two agree): code -> the
#: C name and the words of what was wrong
REFUSALS: Final[dict[int, tuple[str, Phrase]]] = {
    ERR_INPUT: ("ERR_INPUT", Phrase("fast_core_input")),
    ERR_MOVES: ("ERR_MOVES", Phrase("fast_core_moves")),
    ERR_OUTPUT: ("ERR_OUTPUT", Phrase("fast_core_output")),
    -4: ("ERR_MAGIC", Phrase("fast_core_magic")),
    -5: ("ERR_SEATS", Phrase("fast_core_seats")),
    -6: ("ERR_CARDS", Phrase("fast_core_cards")),
    -7: ("ERR_CANDIDATE", Phrase("fast_core_candidate")),
    -8: ("ERR_LENGTH", Phrase("fast_core_length")),
    -9: ("ERR_STATE", Phrase("fast_core_state")),
    -10: ("ERR_POSITION", Phrase("fast_core_position")),
    -11: ("ERR_UNSEEN", Phrase("fast_core_unseen")),
}
#: the largest number of candidate moves the C side takes (its move buffer)
MAX_CANDIDATES: Final = 4096
#: the WebAssembly module's input and output buffers, in int64 words each
IO_WORDS: Final = 8192
#: deals per call under a time budget (the clock is read between calls)
CHUNK: Final = 32
LIBRARY: Final = Path(__file__).with_name("_csearch.so")
JS_MODULE: Final = "skitgubbe_csearch"

#: a backend: (input words as int64 bytes, output state as int64 bytes) -> (return code, output bytes)
Runner = Callable[[bytes, bytes], tuple[int, bytes]]


class UnseenCards(Protocol):
    """What a seat cannot see (`players.kernel_strong.Unseen`): its fields as the C side reads them."""

    me: int
    kept: list[int]
    hidden: list[int]
    talon_slots: list[int]
    aside: bool
    pool: list[int]


@dataclass(frozen=True)
class Figures:
    """The search's figures per candidate (in the order given): half-losses, deals played, and the index of the
    sensible player's move on deal 0."""

    half_losses: tuple[int, ...]
    deals: tuple[int, ...]
    preferred: int


def _ctypes_runner() -> Runner | None:
    if not LIBRARY.exists():
        return None
    import ctypes  # here: the browser engine never needs it

    try:
        lib = ctypes.PyDLL(str(LIBRARY))
    except OSError:
        return None
    fn = lib.sg_evaluate
    fn.restype = ctypes.c_int
    # the arrays themselves, not their addressof(): compiled with mypyc, an address passed as c_void_p arrives wrong
    words = ctypes.POINTER(ctypes.c_int64)
    fn.argtypes = [words, ctypes.c_int, words, ctypes.c_int]

    def run(data: bytes, out: bytes) -> tuple[int, bytes]:
        words_in = (ctypes.c_int64 * (len(data) // 8)).from_buffer_copy(data)
        words_out = (ctypes.c_int64 * (len(out) // 8)).from_buffer_copy(out)
        rc = fn(words_in, len(words_in), words_out, len(words_out))
        return int(rc), bytes(words_out)

    return run


def _wasm_runner() -> Runner | None:
    if sys.platform != "emscripten":
        return None
    try:
        module = importlib.import_module(JS_MODULE)
    except ImportError:
        return None

    def run(data: bytes, out: bytes) -> tuple[int, bytes]:
        answer = module.run(data, out)  # a JS array: [return code, Uint8Array of the output]
        return int(answer[0]), bytes(answer[1].to_bytes())

    return run


_RUNNER: list[Runner | None] = []
_NAME: list[str] = []


def _load() -> Runner | None:
    if not _RUNNER:
        runner: Runner | None = None
        name = "none"
        if os.environ.get("SKITGUBBE_SEARCH", "") != "python":
            runner = _ctypes_runner()
            name = "ctypes" if runner is not None else "none"
            if runner is None:
                runner = _wasm_runner()
                name = "wasm" if runner is not None else "none"
        _RUNNER.append(runner)
        _NAME.append(name)
    return _RUNNER[0]


def available() -> bool:
    """Whether a native backend (the shared library or the WebAssembly module) can run the search here."""
    return _load() is not None


def backend() -> str:
    """The backend's name: "ctypes", "wasm" or "none"."""
    _load()
    return _NAME[0]


def check_answer(entry: str, rc: int) -> int:
    """The C side's return code `rc` of `entry`, or `FastCoreRefusal` naming the refusal if it is negative."""
    if rc >= 0:
        return rc
    name, reason = REFUSALS.get(rc, ("unknown", Phrase("fast_core_unknown")))
    raise FastCoreRefusal(entry, rc, name, reason)


#: a card's bit by table (compiled, a shift of an i64 by a card index once gave a wrong mask)
_BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(52))


def check_packable(game: Game, unseen: UnseenCards, candidates: Sequence[int]) -> None:
    """`FastCoreRefusal` up front for what the C side would refuse: a candidate that is not a legal move of `game`
    (ERR_CANDIDATE), unseen cards that are not its hidden hand cards, talon places and set-aside card (ERR_UNSEEN)."""
    legal = {move_word(move) for move in game.legal_moves()}
    if any(move not in legal for move in candidates):
        check_answer("native.pack", -7)
    if unseen_cards(game, unseen) != _pool_mask(unseen.pool):
        check_answer("native.pack", -11)


def unseen_cards(game: Game, unseen: UnseenCards) -> int:
    """The mask of the cards `unseen` says are hidden from its seat (hand cards not kept, talon places, the
    set-aside card), or -1 where it contradicts `game` (a kept card not in the hand, a count that does not match,
    a talon place twice or beyond the talon, a set-aside card that is not there)."""
    w = game._w
    wanted = 0
    for seat, (kept, hidden) in enumerate(zip(unseen.kept, unseen.hidden, strict=False)):
        hand = mask_of(w.hands[seat])
        if kept & ~hand or hidden != (hand ^ kept).bit_count() or (seat == unseen.me and hidden):
            return -1
        wanted |= hand ^ kept
    slots = set(unseen.talon_slots)
    if len(slots) < len(unseen.talon_slots) or not slots <= set(range(len(w.talon))):
        return -1
    for slot in slots:
        wanted |= _BIT[w.talon[slot].index]
    if unseen.aside:
        if w.trump_card is None:
            return -1
        wanted |= _BIT[w.trump_card[1].index]
    return wanted


def _pool_mask(pool: Sequence[int]) -> int:
    """The mask of the unseen pool's cards, or -2 if a card is in it twice."""
    mask = 0
    for card in pool:
        mask |= _BIT[card]
    return mask if len(set(pool)) == len(pool) else -2


def _signed(value: int) -> int:
    value &= 0xFFFFFFFFFFFFFFFF
    return value - (1 << 64) if value >= 1 << 63 else value


def _seat_list(what: str, items: Sequence[int], n: int) -> list[int]:
    return seat_list(what, items, n, where="native search")


def _card_list(what: str, items: Sequence[int], cap: int, low: int = 0, high: int = 51) -> list[int]:
    return card_list(what, items, cap, low, high, where="native search")


def pack_game(
    game: Game,
    unseen: UnseenCards,
    candidates: Sequence[int],
    *,
    key: int,
    start: int,
    budget: int,
    early_stop: bool,
    drop_z2: int = 0,
) -> list[int]:
    """The int64 words `sg_evaluate` reads for a `Game`'s position (`pack.position_words`), the seat's unseen cards and
    the candidate moves (deal_from and deal_to are the 6th and 7th words from the end of the search header: `search`
    sets them). A `ValueError` names what does not fit."""
    w = game._w
    if w.over or w.to_play is None:
        raise ValueError("native search: the game is over, nobody is to play")
    n = w.n
    talon = len(w.talon)
    if not 1 <= len(candidates) <= MAX_CANDIDATES:
        raise ValueError(f"native search: {len(candidates)} candidate moves, 1 to {MAX_CANDIDATES} are searched")
    for i, move in enumerate(candidates):
        if move < 0 or move >= 1 << 55:
            raise ValueError(f"native search: candidate {i} ({move}) is not a move word")
    if budget < 1:
        raise ValueError(f"native search: a budget of {budget} deals; at least one is played")
    if not 0 <= unseen.me < n:
        raise ValueError(f"native search: seat {unseen.me} is not one of the {n} seats")
    dealt = sum(unseen.hidden) + len(unseen.talon_slots) + int(unseen.aside)
    if dealt != len(unseen.pool):
        raise ValueError(f"native search: {len(unseen.pool)} unseen cards for {dealt} places")
    words = [MAGIC, *position_words(game), unseen.me]
    words += _seat_list("kept", unseen.kept, n)
    words += _seat_list("hidden", unseen.hidden, n)
    words += _card_list("talon_slots", unseen.talon_slots, 52, 0, max(talon - 1, 0))
    words += [int(unseen.aside)]
    words += _card_list("pool", unseen.pool, 52)
    if not 0 <= drop_z2 <= 10_000:
        raise ValueError(f"native search: drop_z2 {drop_z2}, 0 (off) to 10000")
    words += [_signed(key), start, budget, int(early_stop), drop_z2, 0, budget]
    words += _card_list("candidates", candidates, MAX_CANDIDATES, 0, (1 << 55) - 1)
    if len(words) > IO_WORDS:
        raise ValueError(f"native search: {len(words)} words, at most {IO_WORDS} fit")
    check_packable(game, unseen, candidates)
    return words


def search(words: list[int], count: int, *, deadline: float = -1.0) -> Figures | None:
    """Run the packed search (`pack_game`) on the native backend: one call for the whole budget, or with a `deadline`
    (a `time.perf_counter()` value) deal 0, then calls of `CHUNK` deals and no new call once it has passed (at least
    one deal is played; the clock is read between calls, so a search stopped by the clock may play up to `CHUNK - 1`
    deals more than one that looked before every deal: a budget the clock does not cut gives the same figures).
    None if the position has more moves than the C side's buffer (`evaluate` then raises a `FastCoreError`)."""
    runner = _load()
    if runner is None:
        raise RuntimeError("native search: no backend here (available() is False)")
    at = len(words) - 1 - count - 2  # deal_from, deal_to before the candidates' length
    budget = words[at - 3]  # key, start, budget, early_stop, drop_z2, deal_from
    out = bytes(8 * (3 + 3 * count))
    step = CHUNK if deadline >= 0.0 else budget
    deals = 0
    while True:
        words[at] = deals
        # under a deadline deal 0 alone first: at least one deal, none more once the time is up
        words[at + 1] = 1 if deadline >= 0.0 and deals == 0 else min(deals + step, budget)
        rc, out = runner(array("q", words).tobytes(), out)
        if rc == ERR_MOVES:
            return None
        deals = check_answer("sg_evaluate", rc)
        state = array("q")
        state.frombytes(out[:24])
        if state[1] or deals >= budget or time.perf_counter() > deadline:
            break
    figures = array("q")
    figures.frombytes(out)
    return Figures(tuple(figures[3 : 3 + count]), tuple(figures[3 + count : 3 + 2 * count]), int(figures[2]))


@dataclass(frozen=True)
class Trace:
    """A random game the C side played (`sg_trace`): each move's legal moves (in the C's order) and the index
    chosen, then whether the game is over, its loser (-1: none) and the moves when phase 1 ended (-1: not yet)."""

    steps: tuple[tuple[tuple[int, ...], int], ...]
    over: bool
    loser: int
    phase1_moves: int


#: the words `sg_trace` may write (a game of a few hundred moves with their legal moves)
TRACE_WORDS: Final = 1 << 18


def pack_trace(game: Game, seed: int, stream: int, most: int, redeal: int = -1, *, sensible: bool = False) -> list[int]:
    """The words `sg_trace` reads: play `most` random moves at most from `game`'s position (or, with `redeal` >= 0,
    from the C's own deal of `Game.deal(seed=redeal)` under the game's players and rules), drawn from the stream
    (seed, `stream`); with `sensible`, the playouts' sensible policy plays every seat instead (its moves checked to
    be legal)."""
    return [MAGIC, *position_words(game), _signed(seed), _signed(stream), most, redeal, int(sensible)]


def pack_deal_trace(rules: Rules, n: int, deal: int, seed: int, game: int, most: int) -> list[int]:
    """The words `sg_trace` reads to deal `Game.deal(n, rules=rules, seed=deal)` itself and play it on."""
    return [MAGIC, *blank_words(rules, n), _signed(seed), _signed(game), most, deal, 0]


def read_trace(out: Sequence[int]) -> Trace:
    """The `Trace` in `sg_trace`'s output words."""
    steps: list[tuple[tuple[int, ...], int]] = []
    at = 4
    for _ in range(out[0]):
        count = out[at]
        steps.append((tuple(out[at + 1 : at + 1 + count]), out[at + 1 + count]))
        at += count + 2
    return Trace(tuple(steps), bool(out[1]), out[2], out[3])


def trace(game: Game, seed: int, stream: int, most: int, redeal: int = -1) -> Trace:
    """Let the shared library play a random game from `game`'s position (`sg_trace`); `RuntimeError` without it."""
    if not LIBRARY.exists():
        raise RuntimeError("native trace: no _csearch.so here")
    rc, out = _call("sg_trace", pack_trace(game, seed, stream, most, redeal), TRACE_WORDS)
    return read_trace(out[: check_answer("sg_trace", rc)])


_ENTRIES: dict[str, Callable[..., int]] = {}


def _call(name: str, data: Sequence[int], out_words: int) -> tuple[int, array[int]]:
    """Call the shared library's entry `name` (in, n_in, out, n_out) on the words; its return code and output."""
    import ctypes

    fn = _ENTRIES.get(name)
    if fn is None:
        fn = getattr(ctypes.PyDLL(str(LIBRARY)), name)
        words = ctypes.POINTER(ctypes.c_int64)
        fn.restype = ctypes.c_int
        fn.argtypes = [words, ctypes.c_int, words, ctypes.c_int]
        _ENTRIES[name] = fn
    words_in = array("q", data)
    words_out = array("q", bytes(8 * out_words))
    c_in = (ctypes.c_int64 * len(words_in)).from_buffer(words_in)
    c_out = (ctypes.c_int64 * out_words).from_buffer(words_out)
    rc = int(fn(c_in, len(words_in), c_out, out_words))
    return rc, words_out


def blank_words(rules: Rules, n: int) -> list[int]:
    """A position's words with no cards dealt: the players and the rule words (`layout.rule_words`) of a game for
    the entries that deal their own games (`sg_simulate`, `sg_trace` with a deal seed)."""
    words = [n, *rule_words(rules), int(rules.sequences), 1, 0, 0, 1 % n, 0, -1, 0, -1, -1, 0, -1, -1]
    words += [0] * 7 + [-1, 1, 0, 0, 0]  # tcount .. ranks, winner, round_no, out, nout, target
    words += [n, *[0] * n] * 3  # hands, won, table
    words += [0, 0, 0, 0, 0, n, *[-1] * n, 0, 0, 0]  # talon .. round_ranks, own, window, pile, starts
    return words


@dataclass(frozen=True)
class Batch:
    """Random players' games the C played (`sg_simulate`): their number, moves in all, losses by seat, the seeds
    of the games stopped at the move cap, and (if asked for) each game's (loser or -1, moves, phase1_moves,
    capped)."""

    games: int
    moves: int
    losses: tuple[int, ...]
    capped: tuple[int, ...]
    records: tuple[tuple[int, int, int, int], ...]


def simulate(rules: Rules, n: int, first: int, games: int, most: int, stream: int, *, records: bool = False) -> Batch:
    """Games `first`, `first + 1`, ... of random players in C, dealt as `Game.deal(seed=seed)` and drawn from
    `Stream(seed, stream)`; `RuntimeError` without the shared library, `ValueError` for rules it refuses."""
    if not LIBRARY.exists():
        raise RuntimeError("native simulate: no _csearch.so here")
    data = [MAGIC, *blank_words(rules, n), first, games, most, stream, int(records)]
    rc, out = _call("sg_simulate", data, 9 + 4 * games)
    check_answer("sg_simulate", rc)
    found = tuple(out[9:rc])
    rows = tuple((a, b, c, d) for a, b, c, d in zip(*[iter(found)] * 4, strict=True)) if records else ()
    capped = tuple(first + i for i, row in enumerate(rows) if row[3]) if records else found
    return Batch(int(out[0]), int(out[1]), tuple(out[3 : 3 + n]), capped, rows)


# -- the studies' games and moves in C (sg_study, sg_policy) ---------------------------------------------------------
#: a seat's policy word for `study` and `policy_move`: the random player
RANDOM_POLICY: Final = -1
#: `strong_policy`'s words: this plus the deals (csearch.c's STRONG_POLICY), at most `MOST_PLAYOUTS` deals
STRONG_POLICY: Final = 64
MOST_PLAYOUTS: Final = 1 << 20


def sensible_policy(weak_hand: int = 8, chansa: bool = True) -> int:
    """The policy word of the sensible player with the chansa study's knobs (it plays chansa when it leads holding
    nothing of rank `weak_hand` or above, never without `chansa`)."""
    if not 2 <= weak_hand <= 15:
        raise ValueError(f"native policy: weak_hand {weak_hand}, 2 to 15")
    return 2 * weak_hand + int(chansa)


def strong_policy(playouts: int) -> int:
    """The policy word of a study game's strong seat (`study` only): the strong search on `playouts` deals a decision,
    as `KernelStrongPlayer(seed * 101 + seat, Budget(playouts=playouts))` plays on the game's `Game`."""
    if not 1 <= playouts <= MOST_PLAYOUTS:
        raise ValueError(f"native policy: {playouts} deals for a strong seat, 1 to {MOST_PLAYOUTS}")
    return STRONG_POLICY + playouts


@dataclass(frozen=True)
class StudyGame:
    """One game `sg_study` played: the loser (-1: none), whether it was capped, its moves, the moves when phase 1
    ended (-1: it did not), each seat's cards and trumps when phase 2 opened (None if it did not), each seat's
    chansa moves."""

    loser: int
    capped: bool
    moves: int
    phase1_moves: int
    cards: tuple[int, ...] | None
    trumps: tuple[int, ...] | None
    chansas: tuple[int, ...]


def study(rules: Rules, policies: Sequence[int], seed: int, stream: int, most: int) -> StudyGame:
    """Game `seed` (dealt as `Game.deal(seed=seed)`) played in C by one policy per seat (`RANDOM_POLICY`,
    `sensible_policy(...)`, `strong_policy(...)`), every draw of the random and sensible seats from the stream (seed,
    `stream`), a strong seat s searching with the seed `seed * 101 + s`; `RuntimeError` without the shared library,
    `ValueError` for rules or input it refuses."""
    if "sg_study" not in _ENTRIES and not LIBRARY.exists():
        raise RuntimeError("native study: no _csearch.so here")
    n = len(policies)
    data = [MAGIC, *blank_words(rules, n), seed, _signed(stream), most, *policies]
    rc, out = _call("sg_study", data, 4 + 3 * n)
    if rc < 0:
        check_answer("sg_study", rc)
    cards = tuple(out[4 : 4 + n])
    trumps = tuple(out[4 + n : 4 + 2 * n])
    opened = cards[0] >= 0
    return StudyGame(
        int(out[0]),
        bool(out[1]),
        int(out[2]),
        int(out[3]),
        cards if opened else None,
        trumps if opened else None,
        tuple(out[4 + 2 * n : 4 + 3 * n]),
    )


def policy_move(
    position: Sequence[int], moves: int, seed: int, stream: int, state: Sequence[int], policy: int
) -> tuple[int, tuple[int, int, int, int]]:
    """One move of `policy` in a position (`pack.position_words`) after `moves` moves, drawn from a stream in
    `state` (four 32-bit words; all 0: the stream (seed, `stream`) from its start); the move word and the stream's
    state after it."""
    if "sg_policy" not in _ENTRIES and not LIBRARY.exists():
        raise RuntimeError("native policy: no _csearch.so here")
    data = [MAGIC, *position, moves, _signed(seed), _signed(stream), *state, policy]
    rc, out = _call("sg_policy", data, 5)
    if rc < 0:
        check_answer("sg_policy", rc)
    return int(out[0]), (int(out[1]), int(out[2]), int(out[3]), int(out[4]))
