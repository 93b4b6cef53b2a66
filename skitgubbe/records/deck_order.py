"""Stack the deck: the card order that lays out a seeded game with a real pack (`python -m skitgubbe deal`).

Hold the pack face down and put the cards on it in `pack` order, so that `pack[0]` ends on top. The dealer then
deals from the top, one card at a time clockwise starting with forehand (the first player), three each (rule
`game.deal`); what is left is the talon, top card first. With a turned-up trump the next card is turned up and slid
under the talon (rule `p1.trump.turn-up`). The deal is the engine's (`engine.game.deal_cards`), read both ways:
`DeckOrder` deals a seeded pack, `case_pack` stacks the pack that deals a phase-1 case (the first game's page).
`tests/test_house_rules.py` checks the order against `Game.deal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skitgubbe.engine.cards import Card, shuffled_deck
from skitgubbe.engine.game import Game, deal_cards
from skitgubbe.rules.options import Phase1Style, Rules
from skitgubbe.text.deal_words import DEAL
from skitgubbe.text.i18n import cards_text
from skitgubbe.text.lang import Lang, check_lang


@dataclass(frozen=True)
class DeckOrder:
    """The pack of a seeded deal, top card first, and what the deal makes of it."""

    seed: int
    players: tuple[str, ...]
    rules: Rules
    pack: tuple[Card, ...]

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        hands, _ = deal_cards(self.pack, len(self.players))
        return {name: tuple(hand) for name, hand in zip(self.players, hands, strict=True)}

    @property
    def turned_up(self) -> Card | None:
        """The card turned up for trump (turned-up trump game only): the top card left after the deal."""
        if self.rules.phase1_style is Phase1Style.TURNED_TRUMP:
            return self._rest[0]
        return None

    @property
    def talon(self) -> tuple[Card, ...]:
        """The talon after the deal, top card first (a turned-up trump card last, face up)."""
        rest = self._rest
        return rest[1:] + rest[:1] if self.turned_up is not None else rest

    @property
    def _rest(self) -> tuple[Card, ...]:
        """What is left of the pack after the deal, top card first."""
        return tuple(deal_cards(self.pack, len(self.players))[1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": list(self.players),
            "pack": [str(c) for c in self.pack],
            "hands": {n: [str(c) for c in h] for n, h in self.hands.items()},
            "talon": [str(c) for c in self.talon],
            "turned_up": None if self.turned_up is None else str(self.turned_up),
        }

    def text(self, lang: Lang) -> str:
        """The order as a person reads it, in Swedish or English."""
        lang = check_lang(lang)
        lines = [DEAL.phrase("title", lang, seed=self.seed, n=len(self.players)), "", DEAL.phrase("pack", lang)]
        for start in range(0, len(self.pack), 13):
            chunk = self.pack[start : start + 13]
            lines.append(f"  {start + 1:>2}–{start + len(chunk):<2} {cards_text(chunk, lang)}")
        lines += ["", DEAL.phrase("deal", lang, first=self.players[0])]
        for name, hand in self.hands.items():
            lines.append(f"  {name}: {cards_text(hand, lang)}")
        if self.turned_up is not None:
            lines += ["", DEAL.phrase("turned", lang, card=cards_text((self.turned_up,), lang))]
        lines += ["", DEAL.phrase("talon", lang, n=len(self.talon))]
        lines += [f"  {cards_text(self.talon[i : i + 13], lang)}" for i in range(0, len(self.talon), 13)]
        return "\n".join(lines)


def deck_order(seed: int, players: int = 3, rules: Rules | str | None = None) -> DeckOrder:
    """The stacked pack of `Game.deal(players, rules=rules, seed=seed)`."""
    rules = Rules.from_spec(rules)
    game = Game.deal(players, rules=rules, seed=seed)
    return DeckOrder(seed, tuple(game.players), rules, tuple(shuffled_deck(seed)))


def case_pack(case: Mapping[str, Any]) -> list[str]:
    """The pack, top card first, that the deal turns into a freshly dealt phase-1 case: its hands (forehand, the
    case's `to_play`, first) and its talon (top card first). Cards as canonical codes; a `ValueError` for hands
    that no deal gives (a hand of another size than `HAND_SIZE`)."""
    seats = list(case["players"])
    start = seats.index(case["to_play"])
    seats = seats[start:] + seats[:start]
    talon = list(case.get("talon", []))
    size = sum(len(case["hands"][name]) for name in seats) + len(talon)
    hand_places, talon_places = deal_cards(range(size), len(seats))
    pack: list[str] = [""] * size
    for places, cards in [*zip(hand_places, (case["hands"][name] for name in seats)), (talon_places, talon)]:
        for place, card in zip(places, cards, strict=True):  # a hand of another size: ValueError
            pack[place] = str(Card.parse(card))
    return pack
