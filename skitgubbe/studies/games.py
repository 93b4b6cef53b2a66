"""One game of a study and what the studies record of it: on the fast core (the C), or through `Game`.

Method `kernel` (the chapter's, issue 27; on the C since issue 40): game `seed` is dealt as `Game.deal(seed=seed)`
and played by the C's policies (`native.study`, csearch.c's `sg_study`): the sensible player and the chansa study's
variants as the C's sensible policy with the chansa knobs (`CHANSA_KNOBS`), the random player as a uniform draw
among the legal moves. Every draw they make comes from one generator per game, the stream (seed, `KERNEL_STREAM`):
xoshiro128** seeded by splitmix64 of the seed (the stream `simulate` gives a random table of that seed), so
consecutive seeds are unrelated streams and the seats draw from it in the order they act. A strong player
(`strong-kernel:<playouts>`) is the C search of `KernelStrongPlayer`, seeded `seed * 101 + seat`, run by `sg_study`
on the game's own position with what the seat knows (`native.strong_policy`). `stepped_record` plays the same game
on a `Game`, one move at a time (the strong seats through `KernelStrongPlayer`, the others through
`native.policy_move`): tests/studies hold the two to the same records. What is recorded: the move at which phase 2
begins, the hands and trumps right after it, each seat's chansa moves, the loser and the length.

Method `game` (the chapter's before issue 27): the same deals through `Game`, each player a `make_player(kind,
seed * 101 + seat)` with its own Mersenne Twister. Both methods play the same deals by the same rules: another
sample of decisions, the same distribution for the same players (benchmarks/stats_kernel.py compares every
figure of the chapter). Rules the fast core does not play (`support.supports`), or no C here: the `game` path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.kernel import native, support
from skitgubbe.engine.kernel.pack import position_words, word_move
from skitgubbe.engine.moves import Chansa, Move
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.rules.options import Rules

DEFAULT_CAP = 5_000
#: the `game` number of a study game's stream: (seed, KERNEL_STREAM), as `simulate`'s
KERNEL_STREAM = 0
METHODS = ("kernel", "game")
KERNEL_METHOD = "kernel"
#: The chansa study's ways of playing chansa (`registry.CHANSA_POLICIES`) as the C sensible policy's knobs:
#: (`weak_hand`, `chansa`). The sensible player plays chansa when it leads holding nothing of rank `weak_hand` or
#: above; "never" does not play it at all, "always" whatever it holds.
CHANSA_KNOBS: Final[Mapping[str, tuple[int, bool]]] = {
    "never": (8, False),
    "sensible": (8, True),
    "eager": (12, True),
    "always": (15, True),
}


@dataclass(frozen=True)
class Record:
    """What the studies need from one game. Seats are 0 (forehand) to n-1 (the dealer)."""

    seed: int
    kinds: tuple[str, ...]
    loser: int | None  # the losing seat; None when capped
    capped: bool
    phase1_moves: int  # moves up to and including the one that ends phase 1
    phase2_moves: int
    cards: tuple[int, ...] | None  # cards in each seat's hand when phase 2 opens
    trumps: tuple[int, ...] | None  # trumps among them
    chansas: tuple[int, ...]  # chansa moves by each seat

    def to_list(self) -> list[Any]:
        return [
            self.seed,
            list(self.kinds),
            self.loser,
            self.capped,
            self.phase1_moves,
            self.phase2_moves,
            None if self.cards is None else list(self.cards),
            None if self.trumps is None else list(self.trumps),
            list(self.chansas),
        ]

    @staticmethod
    def from_list(row: Sequence[Any]) -> Record:
        """The record `to_list` wrote."""
        seed, kinds, loser, capped, p1, p2, cards, trumps, chansas = row
        return Record(
            seed,
            tuple(kinds),
            loser,
            capped,
            p1,
            p2,
            None if cards is None else tuple(cards),
            None if trumps is None else tuple(trumps),
            tuple(chansas),
        )


def check_method(method: str) -> str:
    if method not in METHODS:
        raise ValueError(f"method {method!r}: choose from {', '.join(METHODS)}")
    return method


def on_kernel(rules: Rules) -> bool:
    """Whether the fast core plays these rules here (`support.supports`)."""
    return support.supports(rules)


def play_record(
    kinds: Sequence[str], rules: Rules | str, seed: int, cap: int = DEFAULT_CAP, method: str = KERNEL_METHOD
) -> Record:
    """Play one game from the deal of `seed` by `method` (see the module notes); at most `cap` moves.

    A game that reaches `cap` moves without a loser is capped (under some rules play can fall into a cycle no one
    can leave).
    """
    rules = Rules.from_spec(rules)
    if check_method(method) == KERNEL_METHOD and on_kernel(rules):
        return kernel_record(kinds, rules, seed, cap)
    return game_record(kinds, rules, seed, cap)


# -- on the fast core ----------------------------------------------------------------------------------------------
def strong_playouts(kind: str) -> int | None:
    """The deals of a strong player's kind (`strong-kernel:<playouts>`), None for another kind."""
    name, _, parameter = kind.partition(":")
    return int(parameter) if name == "strong-kernel" and parameter.isdigit() else None


def policy_word(kind: str) -> int:
    """The C policy word of a player kind (`native.RANDOM_POLICY`, `native.sensible_policy`, `native.strong_policy`
    for `strong-kernel:<playouts>`); a `ValueError` for a kind the fast core does not play."""
    name, _, parameter = kind.partition(":")
    if kind == "random":
        return native.RANDOM_POLICY
    if kind == "sensible" or (name == "chansa" and parameter in CHANSA_KNOBS):
        weak_hand, chansa = CHANSA_KNOBS["sensible" if kind == "sensible" else parameter]
        return native.sensible_policy(weak_hand, chansa)
    playouts = strong_playouts(kind)
    if playouts is not None:
        return native.strong_policy(playouts)
    raise ValueError(f"player kind {kind!r}: the kernel plays random, sensible, chansa:<policy>, strong-kernel:<n>")


def kernel_record(kinds: Sequence[str], rules: Rules, seed: int, cap: int = DEFAULT_CAP) -> Record:
    """One game on the fast core (see the module notes): the deal of `seed`, draws from the stream (seed,
    `KERNEL_STREAM`)."""
    found = native.study(rules, [policy_word(kind) for kind in kinds], seed, KERNEL_STREAM, cap)
    p1 = found.phase1_moves if found.phase1_moves >= 0 else found.moves
    loser = found.loser if not found.capped and found.loser >= 0 else None
    return Record(
        seed, tuple(kinds), loser, found.capped, p1, found.moves - p1, found.cards, found.trumps, found.chansas
    )


def stepped_record(kinds: Sequence[str], rules: Rules, seed: int, cap: int = DEFAULT_CAP) -> Record:
    """`kernel_record`'s game played on a `Game`, one move at a time (the reference `native.study` is held to): the
    strong seats search through `KernelStrongPlayer` (packed from the `Game`, knowing what `Unseen` says), the others
    draw from the game's one stream through `native.policy_move`; the record is read off the engine."""
    from skitgubbe.players.budget import Budget
    from skitgubbe.players.kernel_strong import KernelStrongPlayer  # the browser engine leaves the search out

    n = len(kinds)
    words = [policy_word(kind) for kind in kinds]
    game = Game.deal(n, rules=rules, seed=seed)
    strong = {
        i: KernelStrongPlayer(seed * 101 + i, Budget(playouts=playouts))
        for i, playouts in enumerate(strong_playouts(kind) for kind in kinds)
        if playouts is not None
    }
    state = (0, 0, 0, 0)  # the stream from its start
    chansas = [0] * n
    cards = trumps = None
    p1 = -1
    w = game._w
    while not game.over and game.move_count < cap:
        seat = w.to_play
        assert seat is not None
        move: Move
        if seat in strong:
            move = strong[seat].choose(game)
        else:
            found, state = native.policy_move(
                position_words(game), game.move_count, seed, KERNEL_STREAM, state, words[seat]
            )
            move = word_move(found)
        phase = w.phase
        if phase == 1 and isinstance(move, Chansa):
            chansas[seat] += 1
        game.play(move)
        if phase == 1 and w.phase == 2:  # phase 2's opening: hands merged with won cards, trump known
            p1 = game.move_count
            cards = tuple(len(w.hands[s]) for s in range(n))
            trumps = tuple(sum(c.suit is w.trump for c in w.hands[s]) for s in range(n))
    count = game.move_count
    p1 = p1 if p1 >= 0 else count
    loser = w.loser if game.over else None
    return Record(seed, tuple(kinds), loser, not game.over, p1, count - p1, cards, trumps, tuple(chansas))


# -- through Game ------------------------------------------------------------------------------------------------
def game_record(kinds: Sequence[str], rules: Rules, seed: int, cap: int = DEFAULT_CAP) -> Record:
    """One game through `Game`; seat i is a `kinds[i]` player seeded `seed * 101 + i` (as `simulate.play_game`)."""
    game = Game.deal(len(kinds), rules=rules, seed=seed)
    names = game.players
    seat_of = {name: i for i, name in enumerate(names)}
    bots = {name: make_player(kind, seed * 101 + i) for i, (name, kind) in enumerate(zip(names, kinds))}
    chansas = [0] * len(kinds)
    cards = trumps = None
    phase1 = None
    count = 0

    def note(game: Game, step: Step) -> None:
        nonlocal cards, trumps, phase1, count
        count += 1
        if isinstance(step.move, Chansa):
            chansas[seat_of[step.player]] += 1
        if phase1 is None and any(e.kind is EventKind.PHASE1_OVER for e in step.events):
            phase1 = count
            state = game.state  # phase 2's opening: hands merged with won cards, trump known
            trump = state.trump
            cards = tuple(len(state.hands[name]) for name in names)
            trumps = tuple(sum(c.suit is trump for c in state.hands[name]) for name in names)

    play_out(game, bots, max_moves=cap, on_step=note)
    capped = not game.over
    loser = None if capped or game.loser is None else seat_of[game.loser]
    p1 = phase1 if phase1 is not None else count
    return Record(seed, tuple(kinds), loser, capped, p1, count - p1, cards, trumps, tuple(chansas))
