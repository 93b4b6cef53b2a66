"""Golden playthroughs a person can read: every step of a few seeded games (who is to play, the legal moves, the
move, its rule, the events), compared line by line with `tests/data/playthroughs/*.txt`.

Beside the digests of tests/engine/test_golden_games.py (many games, one hash each), these show what changed when a
change changes play: the failure is a diff of the first differing steps. After a deliberate rule change rewrite
them with `python tests/engine/test_playthroughs.py --write` and read the diff before committing.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

import pytest

from skitgubbe import Game, Move
from skitgubbe.players.bots import Player
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player

HERE = Path(__file__).resolve().parents[1]  # tests/
FOLDER = HERE / "data" / "playthroughs"
CAP = 400  # moves; the strikt preset can cycle for ever

#: (file name, rules, players, kind of computer player, seed)
GAMES = (
    ("pagat-3-sensible-1", "pagat", 3, "sensible", 1),
    ("kortspelsregler-3-sensible-2", "kortspelsregler", 3, "sensible", 2),
    ("strikt-2-random-3", "strikt", 2, "random", 3),
    ("alla-spelar-4-sensible-4", "alla-spelar", 4, "sensible", 4),
    ("uppslagen-trumf-3-sensible-5", "uppslagen-trumf", 3, "sensible", 5),
    ("specialkort-3-random-6", "specialkort", 3, "random", 6),
)


class _Listing:
    """A player that notes the legal moves it chose from (the playthrough's `legal:` line)."""

    def __init__(self, player: Player, notes: list[str]) -> None:
        self.player, self.notes, self.name = player, notes, player.name

    def choose(self, game: Game) -> Move:
        self.notes.append(", ".join(str(m) for m in game.legal_moves()))
        return self.player.choose(game)


def playthrough(rules: str, players: int, kind: str, seed: int) -> str:
    """The readable record of one seeded game."""
    game = Game.deal(players, rules=rules, seed=seed)
    legal: list[str] = []
    bots = {name: _Listing(make_player(kind, seed + i), legal) for i, name in enumerate(game.players)}
    lines = [
        f"# rules={rules} players={players} kind={kind} seed={seed}; rewrite: python tests/engine/test_playthroughs.py --write",
        "start " + json.dumps(game.state.to_dict(), ensure_ascii=False, sort_keys=True),
    ]

    def note(game: Game, step: object) -> None:
        number = game.move_count
        last = game.history[-1]
        lines.append(f"{number}. {last.player} legal: {legal[-1]}")
        lines.append(f"   move: {last.move}  [{last.rule}] {last.reason.key}")
        for event in last.events:
            cards = " ".join(str(c) for c in event.cards)
            who = event.player or "-"
            extra = f" count={event.count}" if event.count else ""
            extra += f" players={','.join(event.players)}" if event.players else ""
            lines.append(f"   event: {event.kind.value} [{event.rule}] {who} {cards}{extra}".rstrip())

    play_out(game, bots, max_moves=CAP, on_step=note)
    lines.append(("over, loser " + str(game.loser)) if game.over else f"stopped at the cap of {CAP} moves")
    lines.append("final " + json.dumps(game.state.to_dict(), ensure_ascii=False, sort_keys=True))
    return "\n".join(lines) + "\n"


def difference(recorded: str, now: str) -> str:
    """The first differences between a recorded and a new playthrough, as a unified diff."""
    diff = difflib.unified_diff(recorded.splitlines(), now.splitlines(), "recorded", "now", n=2, lineterm="")
    return "\n".join(list(diff)[:60])


@pytest.mark.parametrize("name,rules,players,kind,seed", GAMES, ids=[g[0] for g in GAMES])
def test_playthrough_is_unchanged(name: str, rules: str, players: int, kind: str, seed: int) -> None:
    recorded = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    now = playthrough(rules, players, kind, seed)
    if now != recorded:
        pytest.fail(f"{name}: the game plays differently (first differences below)\n{difference(recorded, now)}")


def test_a_changed_step_is_shown() -> None:
    recorded = (FOLDER / f"{GAMES[0][0]}.txt").read_text(encoding="utf-8")
    lines = recorded.splitlines()
    assert len(lines) > 50 and lines[2].startswith("1. A legal: ") and lines[3].startswith("   move: ")
    changed = "\n".join([*lines[:3], lines[3].replace("[p1.", "[p9."), *lines[4:]]) + "\n"
    shown = difference(recorded, changed)
    assert f"-{lines[3]}" in shown and "+   move: " in shown and "[p9." in shown


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/engine/test_playthroughs.py --write")
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, rules, players, kind, seed in GAMES:
        (FOLDER / f"{name}.txt").write_text(playthrough(rules, players, kind, seed), encoding="utf-8")
        print(f"wrote {FOLDER / name}.txt")
