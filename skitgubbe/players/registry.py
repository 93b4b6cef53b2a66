"""The one player registry: every kind of computer player by name, and `make_player`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from skitgubbe.engine.cards import Rank
from skitgubbe.errors import SkitgubbeError
from skitgubbe.players.bots import Player, RandomPlayer, SensiblePlayer
from skitgubbe.players.strong import StrongPlayer


@dataclass(frozen=True)
class Kind:
    """One kind of computer player: how to seat it (`make`, from a seed), whether it is offered to people (the
    CLI's `--players`, the play page's and pass and play's opponents, the table server's computers) and whether it
    searches."""

    make: Callable[[int], Player]
    offered: bool = True
    #: it searches (seconds of CPU a move): the table server has it think in a worker process, off the event loop
    searches: bool = False


def _kernel_strong(seed: int, playouts: int | None = None) -> Player:
    # imported here, not at the top: every page's worker imports this registry, and the search only when it plays.
    # In C where the fast core plays the rules, else the same search on the engine on as many deals (no time
    # budget, so `simulate` stays reproducible).
    from skitgubbe.players.budget import DEFAULT_PLAYOUTS, Budget
    from skitgubbe.players.fallback import StrongSearchPlayer

    deals = DEFAULT_PLAYOUTS if playouts is None else playouts
    return StrongSearchPlayer(seed, Budget(playouts=deals), engine_budget=Budget(playouts=deals), name="strong-kernel")


#: Every kind of computer player, declared once, by its id. Its words (a name and what it is, in Swedish and
#: English) are in `skitgubbe/text/kind_words.py`; every list of kinds (the CLI, the panels, the table server and the
#: scripts through the data the pages carry) is made from this table and those words. `strong-kernel` (the strong
#: search in C where the fast core plays the rules, else on the engine; also `strong-kernel:<playouts>`) is not
#: offered to people yet.
KINDS: dict[str, Kind] = {
    "random": Kind(RandomPlayer),
    "sensible": Kind(SensiblePlayer),
    "strong": Kind(StrongPlayer, searches=True),
    "strong-kernel": Kind(_kernel_strong, offered=False),
}


def offered_kinds() -> list[str]:
    """The ids of the kinds offered to people, in their order in `KINDS`."""
    return [name for name, kind in KINDS.items() if kind.offered]


#: The live game's "strong" (issue 27 item 5): the kernel search in C at up to `READER_DEALS` deals and at most
#: `READER_GAMES` playouts per decision (so `READER_GAMES // moves` deals where a position has many legal moves: a
#: cap in playouts, not in time, plays the same on every machine, so what benchmarks/reader_strong.py measures here
#: is what the browser plays), and `READER_SECONDS` as a safety net for a slow machine only; today's
#: `StrongPlayer` where no native search exists. The figures (pagat, 3 players, seats rotating, against two
#: sensible players, the same seeds) are in benchmarks/README.md.
READER_DEALS: int = 1024
READER_GAMES: int = 8192
READER_SECONDS: float = 0.5


def reader_player(kind: object, seed: object) -> Player:
    """The computer player the reader's live game seats for `kind`: "strong" is the strong search
    (`fallback.StrongSearchPlayer`: in C within `READER_DEALS` deals, `READER_GAMES` playouts, `READER_SECONDS` at
    most where the fast core plays the rules; on the engine elsewhere), other kinds as `make_player` (which also
    checks both arguments)."""
    player = make_player(kind, seed)
    if kind != "strong":
        return player
    from skitgubbe.players.budget import Budget  # lazily, as in _kernel_strong
    from skitgubbe.players.fallback import StrongSearchPlayer

    assert isinstance(seed, int)
    return StrongSearchPlayer(seed, Budget(playouts=READER_DEALS, seconds=READER_SECONDS, games=READER_GAMES))


def reader_timings(args_json: str) -> str:
    """The reader's strong player's decision times where it runs (the browser test calls this in the worker):
    `{"rules", "players", "seed", "moves"}` in; a seeded game with seat A the reader's strong and the others
    sensible, A's first `moves` decisions with a choice timed; `{"ms": [...], "moves": [...], "search": backend}`."""
    import json
    import time

    from skitgubbe.engine.game import Game
    from skitgubbe.engine.kernel import native
    from skitgubbe.rules.options import Rules

    args = json.loads(args_json)
    game = Game.deal(int(args["players"]), rules=Rules.from_spec(args["rules"]), seed=int(args["seed"]))
    seed = int(args["seed"])
    bots = {name: reader_player("strong" if i == 0 else "sensible", seed + i) for i, name in enumerate(game.players)}
    times: list[float] = []
    chosen: list[str] = []
    while not game.over and len(times) < int(args["moves"]) and game.move_count < 1500:
        player = game.to_play
        assert player is not None
        choice = len(game.legal_moves()) > 1
        start = time.perf_counter()
        move = bots[player].choose(game)
        if player == game.players[0] and choice:
            times.append((time.perf_counter() - start) * 1000)
            chosen.append(str(move))
        game.play(move)
    return json.dumps({"ms": times, "moves": chosen, "search": native.backend()})


# Chansa policies of the chansa study (`chansa:<policy>`). The sensible player plays chansa when it leads and holds
# nothing above a seven (and when it follows holding only tens and better that cannot win cheaply); `weak_hand` is
# the rank its best card must stay below for it to chansa when leading.
CHANSA_POLICIES: Mapping[str, Callable[[int], Player]] = {
    "never": lambda seed: SensiblePlayer(seed, chansa=False),
    "sensible": lambda seed: SensiblePlayer(seed),
    "eager": lambda seed: SensiblePlayer(seed, weak_hand=Rank.QUEEN),
    "always": lambda seed: SensiblePlayer(seed, weak_hand=Rank.ACE + 1),
}


def make_player(kind: object, seed: object) -> Player:
    """A computer player by kind: `random`, `sensible`, `strong`, `strong:<playouts>`, `strong-kernel`,
    `strong-kernel:<playouts>` or `chansa:<policy>`; `seed`
    an integer (both checked here first, so both builds refuse a wrong type with the same `SkitgubbeError`)."""
    if not isinstance(kind, str):
        raise SkitgubbeError("player_kind_string_such_as", value=repr(kind))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SkitgubbeError("player_seed_integer", value=repr(seed))
    if kind in KINDS:
        return KINDS[kind].make(seed)
    name, _, parameter = kind.partition(":")
    if name == "strong" and parameter.isascii() and parameter.isdigit() and len(parameter) <= 6:
        return StrongPlayer(seed, playouts=int(parameter))
    if name == "strong-kernel" and parameter.isascii() and parameter.isdigit() and len(parameter) <= 6:
        return _kernel_strong(seed, int(parameter))
    if name == "chansa" and parameter in CHANSA_POLICIES:
        return CHANSA_POLICIES[parameter](seed)
    raise SkitgubbeError(
        "unknown_player_kind_choose_from",
        kind=repr(kind),
        kinds=", ".join(offered_kinds()),
        policies="|".join(CHANSA_POLICIES),
    )
