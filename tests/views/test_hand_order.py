"""One hand order (issue 43): the engine's `sort_hand` (skitgubbe/engine/cards.py), which render.py and the CLI use,
and the reader's table's `sortHand` (skitgubbe/views/cards.js, run here in node) give the same order on random hands
(seeded), with and without a trump suit; the CLI prints a hand in that order."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from skitgubbe.engine.cards import DECK, Card, Suit, sort_hand

CARDS_JS = Path(__file__).resolve().parents[2] / "skitgubbe" / "views" / "cards.js"
NODE = shutil.which("node")
SCRIPT = """
import { sortHand } from %s;
let text = "";
for await (const chunk of process.stdin) text += chunk;
const cases = JSON.parse(text);
process.stdout.write(JSON.stringify(cases.map(([hand, trump]) => sortHand(hand, trump))));
"""


def _random_hands(seed: int, count: int) -> list[tuple[list[str], str | None]]:
    rng = random.Random(seed)
    cases: list[tuple[list[str], str | None]] = []
    for _ in range(count):
        hand = rng.sample(DECK, rng.randint(0, 20))
        trump = rng.choice([None, *Suit])
        cases.append(([str(c) for c in hand], trump.value if trump else None))
    return cases


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_table_sorts_a_hand_as_the_engine_does(tmp_path: Path) -> None:
    cases = _random_hands(43, 1000)
    cases.append((["9C", "QC", "4H", "AH", "2S", "3D"], None))  # the hand
    script = tmp_path / "sort.mjs"
    script.write_text(SCRIPT % json.dumps(CARDS_JS.as_uri()), encoding="utf-8")
    out = subprocess.run(
        [NODE or "node", str(script)], input=json.dumps(cases), capture_output=True, text=True, check=True, timeout=60
    )
    for (hand, trump), got in zip(cases, json.loads(out.stdout), strict=True):
        want = [str(c) for c in sort_hand([Card.parse(c) for c in hand], Suit(trump) if trump else None)]
        assert got == want, f"seed 43: {hand} trump {trump}"
    assert json.loads(out.stdout)[-1] == ["9C", "QC", "3D", "4H", "AH", "2S"]
