"""Functions the browser tests call in the live engine, and CPython calls to compare.

`digest` is the golden-game digest (`tests/test_golden_games.py` uses `digest_games` for every rule set): a hash of
every step of 20 seeded games. `strong_moves` times a strong player's choices, measured where it runs.
`play_through` plays a whole seeded live game through the controllers, as the page does (the build measures the
standard library the engine imports with it, and a test replays it on the cut runtime).
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from skitgubbe.engine.cards import Card, Suit
from skitgubbe.engine.events import Event, Reason
from skitgubbe.engine.game import Game
from skitgubbe.players.registry import make_player, reader_player
from skitgubbe.rules.options import Rules

#: The seeds and move cap of the golden games.
SEEDS = range(20)
CAP = 1500


def _plain(value: Any) -> Any:
    """A value as plain text, the same whether the engine runs as Python or compiled."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _reason(why: Reason) -> list[Any]:
    return [why.rule, why.key, [[k, _plain(v)] for k, v in why.params]]


def _event(event: Event) -> list[Any]:
    return [event.kind.value, event.rule, event.player, _plain(event.cards), event.count, list(event.players)]


def digest_games(rules: Rules, players: int, kind: str) -> str:
    """The digest of every step of the seeded games of one rule set, player count and kind of computer player."""
    h = hashlib.sha256()
    for seed in SEEDS:
        game = Game.deal(players, rules=rules, seed=seed)
        bots = {name: make_player(kind, seed + i) for i, name in enumerate(game.players)}
        moves = 0
        while not game.over and moves < CAP:
            player = game.to_play
            assert player is not None
            legal = [str(m) for m in game.legal_moves()]
            step = game.play(bots[player].choose(game))
            record = [legal, step.player, str(step.move), _reason(step.reason), [_event(e) for e in step.events]]
            h.update(json.dumps(record, ensure_ascii=False).encode())
            moves += 1
        h.update(json.dumps(game.state.to_dict(), sort_keys=True).encode())
    return h.hexdigest()


def digest(rules: str | dict[str, Any], players: int, kind: str) -> dict[str, Any]:
    """`digest_games` for a preset name or rules spec, with the time it took (ms, measured where it runs)."""
    start = time.perf_counter()
    value = digest_games(Rules.from_spec(rules), players, kind)
    return {"digest": value, "ms": (time.perf_counter() - start) * 1000}


def strong_moves(
    rules: str | dict[str, Any], players: int, seed: int, moves: int, kind: str = "strong"
) -> dict[str, Any]:
    """Play a seeded game with seat A a `kind` player (the strong one unless told; "reader": the live game's strong)
    and the others sensible; time each of A's first `moves` choices (ms). benchmarks/browser_decisions.py times
    the kinds so."""
    game = Game.deal(players, rules=Rules.from_spec(rules), seed=seed)
    first = reader_player("strong", seed) if kind == "reader" else make_player(kind, seed)
    bots = {name: first if i == 0 else make_player("sensible", seed + i) for i, name in enumerate(game.players)}
    times: list[float] = []
    chosen: list[str] = []
    while not game.over and len(times) < moves and game.move_count < CAP:
        player = game.to_play
        assert player is not None
        start = time.perf_counter()
        move = bots[player].choose(game)
        if player == game.players[0]:
            times.append((time.perf_counter() - start) * 1000)
            chosen.append(str(move))
        game.play(move)
    return {"ms": times, "moves": chosen}


def play_through(rules: str, players: int, seed: int, opponents: str = "sensible", lang: str = "en") -> dict[str, Any]:
    """A whole live game through the controllers' protocol (`open_controller`, then `controller_message` with the
    reader's first offered move or a computer move), as the page drives it; how many messages and who lost."""
    from skitgubbe.views import controllers

    key = f"play-through-{rules}-{players}-{seed}"
    options = {"rules": rules, "players": players, "seed": seed, "opponents": opponents}
    state: dict[str, Any] = dict(controllers.open_controller("play", lang, key, **options))
    messages = 0
    try:
        while not state["view"]["over"] and messages < CAP:
            if state["busy"]:
                message: dict[str, Any] = {"op": "computer"}
            elif state["view"]["your_turn"] and state["view"]["actions"]:
                message = {"op": "play", "move": state["view"]["actions"][0]["move"]}
            else:
                raise RuntimeError(f"{key}: neither the reader nor a computer seat is to move")
            state.update(controllers.controller_message(message, key))
            messages += 1
    finally:
        controllers.CONTROLLERS.pop(key, None)
    if not state["view"]["over"]:
        raise RuntimeError(f"{key}: the game did not end in {CAP} messages")
    return {"messages": messages, "loser": state["view"]["loser"], "rules": rules}
