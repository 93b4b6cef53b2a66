"""One game of a study and what the studies record of it: on the playout kernel, or through `Game`.

Method `kernel` (the chapter's, issue 27): game `seed` is dealt as `Game.deal(seed=seed)` (`game_deck(seed)`) and
played on the kernel (`skitgubbe.engine.kernel`) by kernel policies (`skitgubbe.players.kernel_policies`): the
sensible player and the chansa study's variants as `KernelSensible`, the random player as `random_move`. Every
draw they make comes from one generator per game, `Stream(seed, KERNEL_STREAM)`: xoshiro128** seeded by
splitmix64 of the seed (the stream `simulate` gives a random table of that seed), so consecutive seeds are
unrelated streams and the seats draw from it in the order they act. A strong player is the kernel search
`KernelStrongPlayer` (`strong-kernel:<playouts>`), seeded `seed * 101 + seat`; it decides on a `Game` kept in step
with the kernel, move for move. What is recorded is read off the kernel: the move at which `phase` becomes 2, the
hands and trumps right after it, each seat's chansa moves, the loser and the length.

Method `game` (the chapter's before issue 27): the same deals through `Game`, each player a `make_player(kind,
seed * 101 + seat)` with its own Mersenne Twister. Both methods play the same deals by the same rules: another
sample of decisions, the same distribution for the same players (benchmarks/stats_kernel.py compares every
figure of the chapter). The kernel does not play rules that throw out of turn: such games take the `game` path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.kernel.convert import from_move, to_move
from skitgubbe.engine.kernel.core import CHANSA, Kernel, game_deck
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.engine.kernel.tables import popcount
from skitgubbe.engine.moves import Chansa
from skitgubbe.players.kernel_policies import KernelSensible, chansa_sensible, is_plain, plain_choice, random_move
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.rules.options import Rules, ThrowOn

DEFAULT_CAP = 5_000
#: the `game` number of a study game's kernel stream: `Stream(seed, KERNEL_STREAM)`, as `simulate`'s
KERNEL_STREAM = 0
METHODS = ("kernel", "game")
KERNEL_METHOD = "kernel"


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
    """Whether the kernel plays these rules (it does not play throwing on out of turn)."""
    return rules.throw_on is not ThrowOn.OWN_RANK and rules.throw_on is not ThrowOn.ANYTIME


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


# -- on the kernel -----------------------------------------------------------------------------------------------
Chooser = Callable[[Kernel, int], int]


class _Strong:
    """A `KernelStrongPlayer` at a kernel table: it decides on the `Game` kept in step with the kernel."""

    def __init__(self, game: Game, seed: int, playouts: int) -> None:
        from skitgubbe.players.kernel_strong import KernelStrongPlayer  # the browser engine leaves the kernel out

        self.game = game
        self.player = KernelStrongPlayer(seed, playouts=playouts)

    def choose(self, k: Kernel, move_count: int) -> int:
        return from_move(self.player.choose(self.game))


def _sensible(player: KernelSensible, plain: bool) -> Chooser:
    if not plain:
        return player.choose
    return lambda k, count: plain_choice(player, k, count)


def _chooser(kind: str, stream: Stream, seed: int, game: Game | None, plain: bool) -> Chooser:
    """How seat of `kind` chooses; `plain`: the rules of `plain_choice` (the same moves, faster)."""
    name, _, parameter = kind.partition(":")
    if kind == "random":
        return lambda k, count: random_move(k, stream)
    if kind == "sensible":
        return _sensible(chansa_sensible("sensible", stream), plain)
    if name == "chansa":
        return _sensible(chansa_sensible(parameter, stream), plain)
    if name == "strong-kernel" and game is not None:
        return _Strong(game, seed, int(parameter)).choose
    raise ValueError(f"player kind {kind!r}: the kernel plays random, sensible, chansa:<policy>, strong-kernel:<n>")


def kernel_record(
    kinds: Sequence[str], rules: Rules, seed: int, cap: int = DEFAULT_CAP, moves: list[int] | None = None
) -> Record:
    """One game on the kernel (see the module notes): the deal of `seed`, draws from `Stream(seed, KERNEL_STREAM)`;
    the kernel moves played are appended to `moves` if given."""
    n = len(kinds)
    k = Kernel.deal(rules, n, game_deck(seed))
    stream = Stream(seed, KERNEL_STREAM)
    game = Game.deal(n, rules=rules, seed=seed) if any(kind.startswith("strong") for kind in kinds) else None
    plain = is_plain(k)
    choosers = [_chooser(kind, stream, seed * 101 + i, game, plain) for i, kind in enumerate(kinds)]
    chansas = [0] * n
    while k.phase == 1 and not k.over and k.moves < cap:
        seat = k.to_play
        move = choosers[seat](k, k.moves)
        if move == CHANSA:
            chansas[seat] += 1
        if game is not None:
            game.play(to_move(move))
        if moves is not None:
            moves.append(move)
        k.apply(move)
    cards = trumps = None
    if k.phase == 2:  # phase 2's opening: hands merged with won cards, trump known
        hands = k.hands
        cards = tuple(popcount(hand) for hand in hands)
        trumps = tuple(popcount(hand & k.trump_mask) for hand in hands)
    while not k.over and k.moves < cap:
        move = choosers[k.to_play](k, k.moves)
        if game is not None:
            game.play(to_move(move))
        if moves is not None:
            moves.append(move)
        k.apply(move)
    count = k.moves
    p1 = k.phase1_moves if k.phase1_moves >= 0 else count
    loser = k.loser if k.over and k.loser >= 0 else None
    return Record(seed, tuple(kinds), loser, not k.over, p1, count - p1, cards, trumps, tuple(chansas))


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
