"""Recorded behaviour: every step of seeded games (legal moves, move, reason, events, final state) under every rule
set, digested and compared with `golden_games.json`.

This guards speed work on the engine (and its compiled build): a faster engine must list the same moves in the same
order, cite the same rules and report the same events. A deliberate rule change changes digests: check the
changed games, then rewrite the file with `python tests/engine/test_golden_games.py --write`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tiers import sampled

from skitgubbe.views.live.probe import digest_games

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_game_properties import RULE_SETS

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden_games.json"
PLAYER_COUNTS = (2, 3, 4, 6)
KINDS = ("random", "sensible")


def digest(rule_set: str, players: int, kind: str) -> str:
    """The digest of every step of the seeded games of one rule set, player count and kind of computer player.

    The digest itself lives in the package (`skitgubbe.views.live.probe`), so the browser-live engine can compute it
    too (tests/browser/test_live_runtime.py compares).
    """
    return digest_games(RULE_SETS[rule_set], players, kind)


def _keys() -> list[tuple[str, int, str]]:
    return [(r, p, k) for r in sorted(RULE_SETS) for p in PLAYER_COUNTS for k in KINDS]


#: a third of the rule sets' games in the fast tier (a spread: each rule set keeps two or three), all in `make test`
@pytest.mark.parametrize("rule_set,players,kind", sampled(_keys(), 3))
def test_seeded_games_play_as_recorded(rule_set: str, players: int, kind: str) -> None:
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert digest(rule_set, players, kind) == recorded[f"{rule_set}/{players}/{kind}"], (
        "seeded games changed: a faster engine must not change moves, reasons or events "
        "(after a deliberate rule change rewrite the file: python tests/engine/test_golden_games.py --write)"
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/engine/test_golden_games.py --write")
    GOLDEN.parent.mkdir(exist_ok=True)
    digests = {f"{r}/{p}/{k}": digest(r, p, k) for r, p, k in _keys()}
    GOLDEN.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(digests)} digests to {GOLDEN}")
