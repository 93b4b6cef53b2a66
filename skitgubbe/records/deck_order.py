"""Stack the deck: the card order that lays out a seeded game with a real pack (`python -m skitgubbe deal`).

Hold the pack face down and put the cards on it in `pack` order, so that `pack[0]` ends on top. The dealer then
deals from the top, one card at a time clockwise starting with forehand (the first player), three each (rule
`game.deal`); what is left is the talon, top card first. With a turned-up trump the next card is turned up and slid
under the talon (rule `p1.trump.turn-up`). `tests/test_house_rules.py` checks the order against `Game.deal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skitgubbe.engine.cards import Card, shuffled_deck
from skitgubbe.engine.game import Game
from skitgubbe.rules.options import Phase1Style, Rules
from skitgubbe.text.i18n import cards_text
from skitgubbe.text.lang import check_lang

HAND_SIZE = 3


@dataclass(frozen=True)
class DeckOrder:
    """The pack of a seeded deal, top card first, and what the deal makes of it."""

    seed: int
    players: tuple[str, ...]
    rules: Rules
    pack: tuple[Card, ...]

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        n = len(self.players)
        return {name: self.pack[i : HAND_SIZE * n : n] for i, name in enumerate(self.players)}

    @property
    def turned_up(self) -> Card | None:
        """The card turned up for trump (turned-up trump game only)."""
        if self.rules.phase1_style is Phase1Style.TURNED_TRUMP:
            return self.pack[HAND_SIZE * len(self.players)]
        return None

    @property
    def talon(self) -> tuple[Card, ...]:
        """The talon after the deal, top card first (a turned-up trump card last, face up)."""
        rest = self.pack[HAND_SIZE * len(self.players) :]
        return rest[1:] + rest[:1] if self.turned_up is not None else rest

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": list(self.players),
            "pack": [str(c) for c in self.pack],
            "hands": {n: [str(c) for c in h] for n, h in self.hands.items()},
            "talon": [str(c) for c in self.talon],
            "turned_up": None if self.turned_up is None else str(self.turned_up),
        }

    def text(self, lang: str) -> str:
        """The order as a person reads it, in Swedish or English."""
        w = _WORDS[check_lang(lang)]
        lines = [w["title"].format(seed=self.seed, n=len(self.players)), "", w["pack"]]
        for start in range(0, len(self.pack), 13):
            chunk = self.pack[start : start + 13]
            lines.append(f"  {start + 1:>2}–{start + len(chunk):<2} {cards_text(chunk, lang)}")
        lines += ["", w["deal"].format(first=self.players[0])]
        for name, hand in self.hands.items():
            lines.append(f"  {name}: {cards_text(hand, lang)}")
        if self.turned_up is not None:
            lines += ["", w["turned"].format(card=cards_text((self.turned_up,), lang))]
        lines += ["", w["talon"].format(n=len(self.talon))]
        lines += [f"  {cards_text(self.talon[i : i + 13], lang)}" for i in range(0, len(self.talon), 13)]
        return "\n".join(lines)


_WORDS: Mapping[str, Mapping[str, str]] = {
    "sv": {
        "title": "Giv nr {seed} för {n} spelare: lägg upp leken så här",
        "pack": "Leken med baksidan upp, översta kortet först:",
        "deal": "Given delar ut ett kort i taget medurs med början hos {first} (förhand), tre var. Händerna blir:",
        "turned": "Nästa kort vänds upp och anger trumf: {card}. Det skjuts in under talongen.",
        "talon": "Talongen ({n} kort), översta kortet först:",
    },
    "en": {
        "title": "Deal no. {seed} for {n} players: stack the pack like this",
        "pack": "The pack face down, top card first:",
        "deal": "The dealer deals one card at a time clockwise starting with {first} (forehand), three each. "
        "The hands are:",
        "turned": "The next card is turned up for trump: {card}. It is slid under the talon.",
        "talon": "The talon ({n} cards), top card first:",
    },
}


def deck_order(seed: int, players: int = 3, rules: Rules | str | None = None) -> DeckOrder:
    """The stacked pack of `Game.deal(players, rules=rules, seed=seed)`."""
    rules = Rules.from_spec(rules)
    game = Game.deal(players, rules=rules, seed=seed)
    return DeckOrder(seed, tuple(game.players), rules, tuple(shuffled_deck(seed)))
