"""Recorded behaviour: every step of seeded games (legal moves, move, reason, events, final state) under every rule
set, digested and compared with `golden_games.json`.

This guards speed work on the engine (and its compiled build): a faster engine must list the same moves in the same
order, cite the same rules and report the same events. A deliberate rule change changes digests: check the
changed games, then rewrite the file with `python tests/test_golden_games.py --write`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from skitgubbe import Game, Move, Step
from skitgubbe.engine.cards import Card, Suit
from skitgubbe.engine.events import Event, Reason
from skitgubbe.players.bots import Player
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player

sys.path.insert(0, str(Path(__file__).parent))
from test_properties import RULE_SETS

GOLDEN = Path(__file__).parent / "data" / "golden_games.json"
SEEDS = range(20)
PLAYER_COUNTS = (2, 3, 4, 6)
KINDS = ("random", "sensible")
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


class _Listing:
    """A player that notes the legal moves it chose from, before it chooses."""

    def __init__(self, player: Player, notes: list[list[str]]) -> None:
        self.player, self.notes, self.name = player, notes, player.name

    def choose(self, game: Game) -> Move:
        self.notes.append([str(m) for m in game.legal_moves()])
        return self.player.choose(game)


def digest(rule_set: str, players: int, kind: str) -> str:
    """The digest of every step of the seeded games of one rule set, player count and kind of computer player."""
    h = hashlib.sha256()
    legal: list[list[str]] = []  # the legal moves before each move, noted by the players

    def note(game: Game, step: Step) -> None:
        record = [legal[-1], step.player, str(step.move), _reason(step.reason), [_event(e) for e in step.events]]
        h.update(json.dumps(record, ensure_ascii=False).encode())

    for seed in SEEDS:
        game = Game.deal(players, rules=RULE_SETS[rule_set], seed=seed)
        legal.clear()
        bots = {name: _Listing(make_player(kind, seed + i), legal) for i, name in enumerate(game.players)}
        play_out(game, bots, max_moves=CAP, on_step=note)
        h.update(json.dumps(game.state.to_dict(), sort_keys=True).encode())
    return h.hexdigest()


def _keys() -> list[tuple[str, int, str]]:
    return [(r, p, k) for r in sorted(RULE_SETS) for p in PLAYER_COUNTS for k in KINDS]


@pytest.mark.parametrize("rule_set,players,kind", _keys())
def test_seeded_games_play_as_recorded(rule_set: str, players: int, kind: str) -> None:
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digest(rule_set, players, kind) == recorded[f"{rule_set}/{players}/{kind}"], (
        "seeded games changed: a faster engine must not change moves, reasons or events "
        "(after a deliberate rule change rewrite the file: python tests/test_golden_games.py --write)"
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_golden_games.py --write")
    GOLDEN.parent.mkdir(exist_ok=True)
    digests = {f"{r}/{p}/{k}": digest(r, p, k) for r, p, k in _keys()}
    GOLDEN.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(digests)} digests to {GOLDEN}")
