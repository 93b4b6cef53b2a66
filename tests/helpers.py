"""Small builders for positions used across the engine tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skitgubbe import Game


def phase2(
    hands: dict[str, str],
    *,
    trump: str = "H",
    rules: Any = "pagat",
    to_play: str = "A",
    table: tuple[tuple[str, str], ...] = (),
    players: str | None = None,
) -> Game:
    """A phase-2 position; hands and table plays are given as strings of card codes."""
    names = list(players or hands)
    return Game.from_position(
        players=names,
        rules=rules,
        phase=2,
        trump=trump,
        to_play=to_play,
        hands={n: c.split() for n, c in hands.items()},
        table=[(n, c.split()) for n, c in table],
    )


def phase1(
    hands: dict[str, str],
    talon: str = "",
    *,
    rules: Any = "pagat",
    to_play: str = "A",
    trump_card: tuple[str, str] | None = None,
    won: dict[str, str] | None = None,
) -> Game:
    """A phase-1 position on an empty table; the talon is given top card first."""
    return Game.from_position(
        players=list(hands),
        rules=rules,
        phase=1,
        to_play=to_play,
        hands={n: c.split() for n, c in hands.items()},
        talon=talon.split(),
        trump_card=trump_card,
        won={n: c.split() for n, c in (won or {}).items()},
    )


def codes(cards: Any) -> list[str]:
    return [str(c) for c in cards]


REPO = Path(__file__).resolve().parents[1]


def toc_files() -> list[str]:
    """Every `file:` of _toc.yml, in order (the root first), without extensions."""
    import yaml

    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    out = [toc["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                out.append(node["file"])
            for key in ("parts", "chapters", "sections"):
                walk(node.get(key, []))
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc)
    return out
