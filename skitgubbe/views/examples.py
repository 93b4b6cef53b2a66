"""The book's worked examples and "Test yourself" questions, as data: a case (DESIGN.md format) and words.

The engine computes every answer; the book's notebooks show them and their hidden cells assert them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from skitgubbe.engine.cards import Card, parse_cards
from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.moves import split_player_move
from skitgubbe.errors import IllegalMove
from skitgubbe.records.record import Case, judge_case
from skitgubbe.rules.options import CATALOGUE
from skitgubbe.text.i18n import cards_text, move_text


@dataclass(frozen=True)
class Example:
    """A worked example: a titled case whose moves the book replays frame by frame."""

    id: str
    title: Mapping[str, str]
    case: Mapping[str, Any]
    rules: str | None = None  # judge under this preset instead of the case's own

    def load(self) -> Case:
        return Case.load(dict(self.case), rules=self.rules)

    def final_game(self) -> Game:
        return judge_case(self.load()).game


#: A rule an option names that no preset has (a reader's mistaken belief): never the engine's deciding rule.
NO_SUCH_RULE = "-"


@dataclass(frozen=True)
class Claim:
    """What one option of a quiz says about the asked move, as facts the engine can check.

    Every field left `None` is not claimed. An option is right when every fact it claims holds after the engine
    has judged (and, if legal, played) the asked move; a quiz has exactly one right option (`Quiz.correct`).
    `rule` is the deciding rule the option names (a catalogue id, or `NO_SUCH_RULE`), `events` event kinds
    (`EventKind` values) the move must cause, `won` the cards the trick's winner takes, `hands` hand sizes after
    the move, `table` the plays left on the table (oldest first, cards as codes).
    """

    legal: bool | None = None
    rule: str | None = None
    winner: str | None = None
    won: str | None = None
    events: tuple[str, ...] | None = None
    to_play: str | None = None
    phase: int | None = None
    hands: Mapping[str, int] | None = None
    table: tuple[tuple[str, str], ...] | None = None
    trick_target: int | None = None
    out: tuple[str, ...] | None = None
    over: bool | None = None
    loser: str | None = None

    def holds(self, answer: QuizAnswer, before: Game) -> bool:
        """Whether every fact claimed is true of the engine's answer (`before`: the position asked about)."""
        return all(check(answer, before) for check in self._checks())

    def _checks(self) -> list[Any]:
        checks: list[Any] = []
        if self.legal is not None:
            checks.append(lambda a, b: a.legal == self.legal)
        if self.rule is not None:
            checks.append(lambda a, b: a.rule == self.rule)
        if self.winner is not None:
            checks.append(lambda a, b: a.trick_winner == self.winner)
        if self.won is not None:
            checks.append(
                lambda a, b: a.trick_winner is not None and _won_now(a, b, a.trick_winner) == cardset(self.won or "")
            )
        if self.events is not None:
            checks.append(
                lambda a, b: a.step is not None and set(self.events or ()) <= {e.kind.value for e in a.step.events}
            )
        if self.to_play is not None:
            checks.append(lambda a, b: a.game.to_play == self.to_play)
        if self.phase is not None:
            checks.append(lambda a, b: a.game.phase == self.phase)
        if self.hands is not None:
            checks.append(lambda a, b: all(len(a.game.hand(n)) == k for n, k in (self.hands or {}).items()))
        if self.table is not None:
            checks.append(
                lambda a, b: (
                    [(n, cardset(c)) for n, c in a.game.table] == [(n, cardset(c)) for n, c in self.table or ()]
                )
            )
        if self.trick_target is not None:
            checks.append(lambda a, b: a.game.state.trick_target == self.trick_target)
        if self.out is not None:
            checks.append(lambda a, b: tuple(a.game.state.out) == self.out)
        if self.over is not None:
            checks.append(lambda a, b: a.game.over == self.over)
        if self.loser is not None:
            checks.append(lambda a, b: a.game.loser == self.loser)
        return checks


def _won_now(answer: QuizAnswer, before: Game, player: str) -> frozenset[str]:
    """The cards `player` won by the asked move."""
    return cardset(answer.game.state.won[player]) - cardset(before.state.won[player])


@dataclass(frozen=True)
class CardQuestion:
    """A follow-up answered by tapping a card of the player asked about, judged card by card by the engine.

    `goal` "legal": a card is right when the engine allows it here; "wins": when it would take the trick.
    """

    question: Mapping[str, str]
    goal: str = "legal"

    def judge(self, game: Game, player: str, card: Card) -> CardVerdict:
        """The engine's verdict on `player` laying `card` in `game` (which is left unchanged)."""
        trial = game.copy()
        try:
            step = trial.play(str(card), player)
        except IllegalMove as error:
            return CardVerdict(card, False, False, error.rule, {lang: error.reason.text(lang) for lang in ("sv", "en")})
        won = [e for e in step.events if e.kind is EventKind.TRICK_WON]
        wins = bool(won) and won[0].player == player
        if self.goal == "wins" and won:  # the deciding rule is the one that settles the trick
            words = {lang: f"{step.explanation(lang)} {won[0].text(lang)}" for lang in ("sv", "en")}
            return CardVerdict(card, True, wins, won[0].rule, words, step)
        words = {lang: step.explanation(lang) for lang in ("sv", "en")}
        return CardVerdict(card, True, self.goal != "wins", step.rule, words, step)


@dataclass(frozen=True)
class CardVerdict:
    """One card of a card question: legal or not, right or not, the deciding rule and the engine's words."""

    card: Card
    legal: bool
    right: bool
    rule: str
    words: Mapping[str, str]  # the engine's explanation by language
    step: Step | None = None


@dataclass(frozen=True)
class Quiz:
    """A question about the last move of a case: "is it legal?" (`kind="legal"`) or "what happens?".

    `options` are the words of each option by language, `claims` what each says as facts: the right option is
    the one whose claim the engine confirms (`correct`), never a hand-typed number.
    """

    id: str
    question: Mapping[str, str]
    case: Mapping[str, Any]
    kind: str = "legal"  # "legal" or "outcome"
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    claims: tuple[Claim, ...] = ()
    cards: CardQuestion | None = None  # a follow-up about the cards of the player asked about

    def position(self) -> Game:
        """The position the question is asked in: every move but the last one played."""
        game = Case.load(dict(self.case)).start()
        for text in self.case["moves"][:-1]:
            game.play(text)
        return game

    def asked_move(self) -> str:
        return str(self.case["moves"][-1])

    def answer(self) -> QuizAnswer:
        """The engine's answer: legality and deciding rule of the asked move, and what followed."""
        game = self.position()
        name, move = split_player_move(self.asked_move())
        try:
            step = game.play(move, name)
        except IllegalMove as error:
            return QuizAnswer(False, error.rule, None, game, error)
        return QuizAnswer(True, step.rule, step, game, None)

    def verdicts(self) -> tuple[bool, ...]:
        """For each option, whether the engine confirms its claim."""
        answer, before = self.answer(), self.position()
        return tuple(claim.holds(answer, before) for claim in self.claims)

    def card_verdicts(self) -> tuple[CardVerdict, ...]:
        """The follow-up's verdict on each card of the asked player's hand, in hand order (empty if none)."""
        if self.cards is None:
            return ()
        game = self.position()
        name, _ = split_player_move(self.asked_move())
        player = name or str(game.to_play)
        return tuple(self.cards.judge(game, player, card) for card in game.hand(player))

    @property
    def correct(self) -> int:
        """The index of the one option the engine confirms; a `ValueError` if none or several are confirmed."""
        right = [i for i, ok in enumerate(self.verdicts()) if ok]
        if len(right) != 1:
            raise ValueError(f"quiz {self.id}: the engine confirms options {right}; exactly one must be right")
        return right[0]


@dataclass(frozen=True)
class QuizAnswer:
    legal: bool
    rule: str
    step: Step | None
    game: Game
    error: IllegalMove | None = None

    @property
    def trick_winner(self) -> str | None:
        if self.step is None:
            return None
        won = [e for e in self.step.events if e.kind is EventKind.TRICK_WON]
        return won[0].player if won else None

    def explanation(self, lang: str) -> str:
        """The engine's words for the asked move: what it did, or why it is refused."""
        if self.step is not None:
            return self.step.explanation(lang)
        assert self.error is not None
        return self.error.reason.text(lang)


# -- the data ---------------------------------------------------------------------------------------------------
# Cases in the DESIGN.md case format. Phase-1 talons are given top card first. Each id is shown by exactly one code
# cell in each edition (tests/test_examples_data.py); the notebooks' hidden cells assert what the prose says.

_CARD_SLOT = re.compile(r"\{([^{}]+)\}")


def _say(text: str, lang: str) -> str:
    """Text with `{QH}` / `{QC KC AC}` slots written as cards in the language's symbols (`♥D`, `♣D ♣K ♣E`)."""
    return _CARD_SLOT.sub(lambda m: cards_text(parse_cards(m.group(1)), lang), text)


def cardset(cards: str | Iterable[Card | str]) -> frozenset[str]:
    """Cards as a set of canonical codes, for the notebooks' checks.

    `cardset("6S 3H 7C") == cardset(game.hand("A"))`; accepts codes, any card notation, or `Card` values.
    """
    return frozenset(str(c) for c in parse_cards(cards))


def _words(sv: str, en: str) -> dict[str, str]:
    return {"sv": _say(sv, "sv"), "en": _say(en, "en")}


def _options(*pairs: tuple[str, str]) -> dict[str, tuple[str, ...]]:
    """Options given as (Swedish, English) pairs, in display order 1, 2, 3, ..."""
    return {"sv": tuple(_say(sv, "sv") for sv, _ in pairs), "en": tuple(_say(en, "en") for _, en in pairs)}


# -- phase 1 ----------------------------------------------------------------------------------------------------
P1_PLAIN_TRICK: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["KD", "6S", "3H"], "B": ["AS", "4C", "9D"], "C": ["5C", "JH", "2D"]},
    "talon": ["7C", "10S", "QH", "8D", "2S", "JC"],
    "moves": ["A: KD", "B: 4C"],
}

P1_TWO_EIGHTS: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["8S", "3C", "QD"], "B": ["8D", "10H", "4S"], "C": ["AS", "7D", "2S"]},
    "talon": ["KC", "2D", "9H", "6C", "5H", "JC"],
    "moves": ["A: 8S", "B: 8D", "A: 3C", "B: 10H"],
}

P1_CHANSA: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["5H", "9C", "2S"], "B": ["QC", "6D", "3S"], "C": ["KH", "7S", "4D"]},
    "talon": ["JS", "8C", "10D", "AH", "2C", "5D"],
    "moves": ["A: 2S", "B: chansa"],
}

P1_LAST_CARD: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["4D", "JS", "6C"], "B": ["9S", "2H", "QD"], "C": ["3C", "8S", "KD"]},
    "talon": ["7C", "9H"],
    "moves": ["A: 4D", "B: 9S", "B: 2H", "C: 3C"],
}

# The end of phase 1: the same position played under Pagat's rule and with empty hands skipped.
_P1_END_POSITION: Mapping[str, Any] = {
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["8C", "JD"], "B": [], "C": ["4S", "KH"]},
    "won": {"A": ["AS", "KS"], "B": ["2C", "3C"], "C": ["5D", "7D"]},
    "talon": [],
    "trump_card": {"player": "B", "card": "6H"},
}
P1_END_PAGAT: Mapping[str, Any] = {**_P1_END_POSITION, "rules": "pagat", "moves": ["A: 8C"]}
P1_END_SKIP: Mapping[str, Any] = {**_P1_END_POSITION, "rules": "strikt", "moves": ["A: 8C", "C: KH", "C: 4S", "A: JD"]}

# -- phase 2 ----------------------------------------------------------------------------------------------------
P2_PICK_UP: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "D",
    "to_play": "A",
    "hands": {"A": ["7H", "QH", "4S"], "B": ["JH", "KH", "5C"], "C": ["9S", "2C", "3S"]},
    "moves": ["A: 7H", "B: JH", "C: pick up", "A: QH", "B: KH"],
}

P2_TABLE_EMPTIES: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "D",
    "to_play": "A",
    "hands": {"A": ["5S", "8H", "10C"], "B": ["2H", "7C", "JS"], "C": ["4C", "9H", "KS"]},
    "moves": ["A: 5S", "B: pick up", "C: 4C"],
}

P2_GOING_OUT: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "D",
    "to_play": "A",
    "hands": {"A": ["8C"], "B": ["QC", "6S", "3H"], "C": ["KC", "2S", "4H"]},
    "moves": ["A: 8C", "B: QC", "C: KC", "C: 2S", "B: 6S", "B: 3H"],
}

KLOVER_9_CASE: Mapping[str, Any] = {
    "rules": "kortspelsregler",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "H",
    "hands": {"A": ["9C", "4H", "2S"], "B": ["QC", "KC", "AC", "7H", "8H", "3D"], "C": ["10C", "JC", "5D"]},
    "to_play": "A",
    "moves": ["A: 9C", "B: QC KC AC", "C: pick up", "A: 4H", "B: 7H 8H"],
}

# The same position played Pagat's way, one card per turn.
KLOVER_9_PAGAT_LINE: Mapping[str, Any] = {
    **KLOVER_9_CASE,
    "rules": "pagat",
    "moves": ["A: 9C", "B: QC", "C: pick up", "A: 4H", "B: 7H"],
}

# The variants, each a short scripted game (the moves sensible computer players made from these deals).
ALLA_SPELAR_CASE: Mapping[str, Any] = {
    "rules": "alla-spelar",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["8D", "3H", "KD"], "B": ["4H", "7D", "KH"], "C": ["4D", "6D", "7H"]},
    "talon": [
        "5S",
        "9S",
        "QH",
        "9D",
        "8H",
        "2C",
        "8C",
        "QD",
        "7S",
        "4S",
        "JS",
        "10D",
        "5D",
        "7C",
        "6C",
        "JD",
        "JH",
        "6H",
        "5C",
        "4C",
        "AS",
        "KS",
        "3C",
        "9H",
        "AC",
        "6S",
        "QC",
        "AD",
        "JC",
        "2S",
        "2D",
        "2H",
        "5H",
        "3S",
        "QS",
        "3D",
        "KC",
        "8S",
        "AH",
        "10H",
        "10C",
        "10S",
        "9C",
    ],
    "moves": [
        "A: 3H",
        "B: 4H",
        "C: 6D",
        "C: pass",
        "C: 4D",
        "A: 5S",
        "B: 7D",
        "C: throw 7H",
        "B: 2C",
        "C: 8C",
        "A: 8D 8H",
        "C: 9D",
    ],
}
UPPSLAGEN_TRUMF_CASE: Mapping[str, Any] = {
    "rules": "uppslagen-trumf",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["2D", "8D", "AS"], "B": ["4H", "5H", "JD"], "C": ["5C", "2H", "QH"]},
    "talon": [
        "8H",
        "8C",
        "KC",
        "6D",
        "9H",
        "JS",
        "KD",
        "7H",
        "3C",
        "7D",
        "7C",
        "4C",
        "10D",
        "7S",
        "10S",
        "6S",
        "4S",
        "3H",
        "5S",
        "9D",
        "9C",
        "JC",
        "AD",
        "QS",
        "2S",
        "AC",
        "3D",
        "JH",
        "5D",
        "8S",
        "2C",
        "9S",
        "6C",
        "KS",
        "3S",
        "6H",
        "AH",
        "QD",
        "10C",
        "10H",
        "KH",
        "4D",
        "QC",
    ],
    "moves": ["A: 2D", "B: JD", "B: 4H", "C: QH", "C: 2H", "A: 8H", "A: 8D", "B: pick up", "A: JS", "B: 8C"],
}
SPECIALKORT_CASE: Mapping[str, Any] = {
    "rules": "specialkort",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "H",
    "to_play": "A",
    "hands": {"A": ["5S", "9C", "4C", "KD"], "B": ["7S", "10H", "4D", "4H", "3S"], "C": ["2D", "4S", "QS", "6H"]},
    "moves": [
        "A: 5S",
        "B: 7S",
        "C: 2D",
        "A: 9C",
        "B: 10H",
        "B: 4D",
        "C: 4S",
        "A: 4C",
        "B: 4H",
        "B: 3S",
        "C: QS",
        "A: pick up",
    ],
}

# -- a first game, step by step ------------------------------------------------------------------------------------
# Deal no. 2384 under `pagat`, played by three sensible computer players (`python -m skitgubbe simulate`, seed 2384):
# stored here as data, so the page does not change when the computer players do. A is forehand, C deals.
FIRST_GAME_SEED = 2384
FIRST_GAME_CASE: Mapping[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "to_play": "A",
    "hands": {"A": ["QD", "7H", "9D"], "B": ["AD", "5H", "9C"], "C": ["QS", "KC", "10D"]},
    "talon": [
        "6H",
        "4S",
        "3H",
        "6C",
        "QH",
        "2C",
        "10C",
        "AH",
        "4C",
        "10S",
        "8D",
        "JD",
        "JH",
        "2D",
        "JS",
        "2H",
        "5C",
        "4H",
        "5S",
        "5D",
        "3S",
        "AS",
        "4D",
        "10H",
        "9H",
        "2S",
        "8S",
        "8H",
        "7C",
        "KS",
        "KH",
        "3D",
        "3C",
        "QC",
        "6S",
        "9S",
        "7D",
        "6D",
        "7S",
        "8C",
        "JC",
        "AC",
        "KD",
    ],
    "moves": [
        "A: 7H",
        "B: 9C",
        "B: 4S",
        "C: 10D",
        "C: 6C",
        "A: 9D",
        "A: 2C",
        "B: 3H",
        "B: 5H",
        "C: chansa",
        "C: QS",
        "A: 6H",
        "C: 8D",
        "A: 10C",
        "A: 2D",
        "B: 4C",
        "B: 2H",
        "C: JH",
        "C: 4H",
        "A: JS",
        "A: 5D",
        "B: 5C",
        "A: 3S",
        "B: chansa",
        "B: AS",
        "C: 5S",
        "B: 9H",
        "C: 2S",
        "B: 8S",
        "C: 8H",
        "B: 7C",
        "C: chansa",
        "B: KH",
        "C: chansa",
        "B: 3C",
        "C: chansa",
        "C: QH",
        "A: 4D",
        "C: 7D",
        "A: JD",
        "A: 6D",
        "B: 6S",
        "A: 8C",
        "B: AH",
        "B: AC",
        "C: 7S",
        "B: AD",
        "C: KS",
        "A: 4H",
        "B: 7H",
        "C: JH",
        "C: 2H",
        "A: 7D",
        "B: pick up",
        "C: 5H",
        "A: 8D",
        "A: 6C",
        "B: 7C",
        "C: KC",
        "C: 3C",
        "A: 10C",
        "B: QC",
        "B: 2C",
        "C: 4D",
        "A: 9D",
        "A: JC",
        "B: AC",
        "C: 10D",
        "C: 4S",
        "A: JS",
        "B: KS",
        "B: 2S",
        "C: 9S",
        "A: JD",
        "A: QD",
        "B: pick up",
        "C: 6H",
        "A: KD",
        "B: pick up",
        "C: QH",
        "B: KH",
        "B: 3S",
        "C: 10S",
        "C: QS",
    ],
}


EXAMPLES: dict[str, Example] = {
    e.id: e
    for e in (
        # phase 1
        Example("p1-plain-trick", {"sv": "Ett vanligt tvåkortsstick", "en": "A plain two-card trick"}, P1_PLAIN_TRICK),
        Example("p1-two-eights", {"sv": "Två åttor stunsar", "en": "Two eights tie"}, P1_TWO_EIGHTS),
        Example("p1-chansa", {"sv": "Att chansa när man svarar", "en": "Chansa when answering"}, P1_CHANSA),
        Example(
            "p1-last-card",
            {"sv": "Talongens sista kort läggs undan", "en": "The last talon card is set aside"},
            P1_LAST_CARD,
        ),
        Example(
            "p1-end-pagat", {"sv": "Slutet på fas 1 enligt Pagat", "en": "The end of phase 1 under Pagat"}, P1_END_PAGAT
        ),
        Example(
            "p1-end-skip",
            {
                "sv": "Slutet på fas 1 när tomma händer hoppas över (strikt)",
                "en": "The end of phase 1 with empty hands skipped (strikt)",
            },
            P1_END_SKIP,
        ),
        Example("p1-transition", {"sv": "Övergången till fas 2", "en": "Into phase 2"}, P1_END_PAGAT),
        # phase 2
        Example("p2-pick-up", {"sv": "Man supar det senaste kortet", "en": "Picking up the latest card"}, P2_PICK_UP),
        Example("p2-table-empties", {"sv": "Bordet blir tomt", "en": "The table empties"}, P2_TABLE_EMPTIES),
        Example("p2-going-out", {"sv": "En spelare går ut", "en": "A player goes out"}, P2_GOING_OUT),
        Example(
            "klover-9",
            {"sv": "Klöver 9 (kortspelsregler)", "en": "The klöver 9 trick (kortspelsregler)"},
            KLOVER_9_CASE,
        ),
        Example(
            "klover-9-pagat",
            {"sv": "Klöver 9 enligt Pagat", "en": "The klöver 9 moves under Pagat"},
            KLOVER_9_CASE,
            rules="pagat",
        ),
        Example(
            "klover-9-pagat-line",
            {"sv": "Klöver 9 spelat på Pagats vis", "en": "The klöver 9 trick played Pagat's way"},
            KLOVER_9_PAGAT_LINE,
        ),
        Example(
            "klover-9-strikt",
            {"sv": "Klöver 9 enligt de stränga reglerna", "en": "The klöver 9 moves under the strict rules"},
            KLOVER_9_CASE,
            rules="strikt",
        ),
        # variants
        Example(
            "var-alla-spelar", {"sv": "Alla spelar (giv nr 28)", "en": "Everyone plays (deal no. 28)"}, ALLA_SPELAR_CASE
        ),
        Example(
            "var-uppslagen-trumf",
            {"sv": "Uppslagen trumf (giv nr 3)", "en": "Turned-up trump (deal no. 3)"},
            UPPSLAGEN_TRUMF_CASE,
        ),
        Example("var-specialkort", {"sv": "Specialkort i fas 2", "en": "Special cards in phase 2"}, SPECIALKORT_CASE),
        # the first game
        Example(
            "first-game",
            {"sv": "Ett första parti (giv nr 2384)", "en": "A first game (deal no. 2384)"},
            FIRST_GAME_CASE,
        ),
    )
}

QUIZZES: dict[str, Quiz] = {
    q.id: q
    for q in (
        # phase 1. The options are numbered (1, 2, 3, ...), never lettered like the players; the right one is at a
        # different place in each question and no longer than the others; every position is given in full.
        Quiz(
            "p1-q1",
            _words(
                "Är det här tillåtet, och vad händer sedan? B svarar med {3D} fast B har {AS}.",
                "Is this legal, and what happens next? B answers with the {3D} although B holds the {AS}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["QH", "5C", "9S"], "B": ["AS", "3D", "7H"], "C": ["KC", "2C", "6D"]},
                "talon": ["10C", "4H", "JD", "8S", "2S"],
                "moves": ["A: QH", "B: 3D"],
            },
            kind="legal",
            options=_options(
                (
                    "Tillåtet: B drar {4H}, och A tar {QH 3D} och spelar ut mot B igen.",
                    "Legal: B draws the {4H}, and A takes {QH 3D} and leads against B again.",
                ),
                (
                    "Otillåtet: den som kan vinna sticket, som B med {AS}, måste göra det.",
                    "Illegal: a player able to win the trick, as B is with the {AS}, must do so.",
                ),
                (
                    "Otillåtet: B har hjärter och måste följa färg med {7H}.",
                    "Illegal: B holds hearts and must follow suit with the {7H}.",
                ),
            ),
            claims=(
                Claim(legal=True, winner="A", to_play="A"),
                Claim(legal=False, rule="p1.beat.must-beat"),
                Claim(legal=False, rule="p1.trump.follow"),
            ),
            cards=CardQuestion(
                _words(
                    "Vilket av B:s kort hade tagit sticket? Tryck på kortet.",
                    "Which of B's cards would have taken the trick? Tap the card.",
                ),
                goal="wins",
            ),
        ),
        Quiz(
            "p1-q2",
            _words("Vem tar sticket, och med hur många kort?", "Who takes the trick, and with how many cards?"),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["9S", "4C", "JD"], "B": ["9H", "4D", "2C"], "C": ["6S", "8H", "QC"]},
                "talon": ["KS", "5D", "3H", "AC", "7C", "10D", "2S", "8C"],
                "moves": ["A: 9S", "B: 9H", "A: 4C", "B: 4D", "A: KS", "B: 5D"],
            },
            kind="outcome",
            options=_options(
                ("B, alla sex korten, eftersom B stunsade sist.", "B, all six cards, since B tied last."),
                ("A, bara de två sista korten ({KS 5D}).", "A, only the last two cards ({KS 5D})."),
                ("Ingen: A och B tar tillbaka sina egna kort.", "Nobody: A and B take back their own cards."),
                ("A, alla sex korten ({9S 9H 4C 4D KS 5D}).", "A, all six cards ({9S 9H 4C 4D KS 5D})."),
            ),
            claims=(
                Claim(winner="B", won="9S 9H 4C 4D KS 5D"),
                Claim(winner="A", won="KS 5D"),
                Claim(events=("trick-returned",)),
                Claim(winner="A", won="9S 9H 4C 4D KS 5D"),
            ),
        ),
        Quiz(
            "p1-q3",
            _words(
                "Är det här tillåtet? A har chansat, och bara ett kort är kvar i talongen. Nu vill B också chansa.",
                "Is this legal? A has played chansa, and only one card is left in the talon. "
                "Now B would like to play chansa too.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["4C", "8D", "QH"], "B": ["2S", "6C", "JD"], "C": ["3H", "10S", "KC"]},
                "talon": ["AS", "7D"],
                "moves": ["A: chansa", "B: chansa"],
            },
            kind="legal",
            options=_options(
                (
                    "Tillåtet: B vänder upp {7D} och lägger det osett i sticket, precis som A gjorde.",
                    "Legal: B turns up the {7D} and plays it unseen to the trick, just as A did.",
                ),
                (
                    "Otillåtet: man får bara chansa när man spelar ut, inte när man svarar.",
                    "Illegal: chansa is allowed only when leading, never when answering.",
                ),
                (
                    "Otillåtet: talongens sista kort får inte spelas osett; det blir trumfkortet.",
                    "Illegal: the last talon card may not be played blind; it is the trump card.",
                ),
            ),
            claims=(
                Claim(legal=True),
                Claim(legal=False, rule=NO_SUCH_RULE),
                Claim(legal=False, rule="p1.chansa.not-last"),
            ),
        ),
        Quiz(
            "p1-q4",
            _words(
                "Vad händer nu? Talongen är slut och A har trumfkortet. A har spelat ut {7C}, och nu svarar B med "
                "{7S}, så att det blir lika.",
                "What happens now? The talon is used up and A holds the trump card. A has led the {7C}, and now B "
                "answers with the {7S}, so the two cards tie.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["7C"], "B": ["7S", "2H"], "C": ["5D"]},
                "won": {"A": ["AS", "KS"], "B": ["3C", "4C"], "C": ["9H", "10H"]},
                "talon": [],
                "trump_card": {"player": "A", "card": "QD"},
                "moves": ["A: 7C", "B: 7S"],
            },
            kind="outcome",
            options=_options(
                (
                    "B tar båda sjuorna, eftersom A inte har något kort kvar att spela igen.",
                    "B takes both sevens, since A has no card left to play again after the tie.",
                ),
                (
                    "Fas 1 slutar: sjuorna går tillbaka till A och B, och A spelar ut i fas 2.",
                    "Phase 1 ends: the sevens go back to A and B, and A leads phase 2.",
                ),
                (
                    "C går in i sticket i A:s ställe och spelar {5D} mot B.",
                    "C joins the trick in A's place and plays the {5D} against B.",
                ),
            ),
            claims=(
                Claim(winner="B"),
                Claim(events=("trick-returned", "phase1-over"), phase=2, to_play="A"),
                Claim(phase=1, to_play="C"),
            ),
        ),
        Quiz(
            "p1-q5",
            _words(
                "Hur många kort har B på handen nu? A spelade ut {2S}, och B chansade.",
                "How many cards does B hold now? A led the {2S}, and B played chansa.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["5H", "9C", "2S"], "B": ["QC", "6D", "3S"], "C": ["KH", "7S", "4D"]},
                "talon": ["JS", "8C", "10D", "AH", "2C", "5D"],
                "moves": ["A: 2S", "B: chansa"],
            },
            kind="outcome",
            options=_options(
                (
                    "Fyra: B drar ett kort efter chansningen, som efter varje drag.",
                    "Four: B draws a card after the chansa, as after every play.",
                ),
                (
                    "Två: det chansade kortet räknas som ett av B:s tre, så ett kort saknas.",
                    "Two: the chansa card counts as one of B's three, so one card is missing.",
                ),
                (
                    "Tre: handen rördes inte, så B drar inget efter chansningen.",
                    "Three: the hand was not touched, so B draws nothing after the chansa.",
                ),
            ),
            claims=(Claim(hands={"B": 4}), Claim(hands={"B": 2}), Claim(hands={"B": 3})),
        ),
        Quiz(
            "p1-q6",
            _words(
                "Hur många kort har A och B på handen nu? A spelade ut {8S} och B svarade {8D}: det blev lika.",
                "How many cards do A and B hold now? A led the {8S} and B answered with the {8D}: a tie.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["8S", "3C", "QD"], "B": ["8D", "10H", "4S"], "C": ["AS", "7D", "2S"]},
                "talon": ["KC", "2D", "9H", "6C", "5H", "JC"],
                "moves": ["A: 8S", "B: 8D"],
            },
            kind="outcome",
            options=_options(
                (
                    "Tre var: båda drog direkt efter sitt kort, stunsning eller inte.",
                    "Three each: both drew straight after their card, tie or no tie.",
                ),
                (
                    "Två var: ingen drar förrän sticket till slut är avgjort.",
                    "Two each: nobody draws until the trick is finally decided.",
                ),
                (
                    "Fyra var: den som stunsar drar ett extra kort från talongen.",
                    "Four each: a player who ties draws an extra card from the talon.",
                ),
            ),
            claims=(Claim(hands={"A": 3, "B": 3}), Claim(hands={"A": 2, "B": 2}), Claim(hands={"A": 4, "B": 4})),
        ),
        Quiz(
            "p1-q7",
            _words(
                "Vem lägger nästa kort? A spelade ut {8S} och B svarade {8D}, så sticket är lika.",
                "Who lays the next card? A led the {8S} and B answered with the {8D}, so the trick is tied.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 1,
                "to_play": "A",
                "hands": {"A": ["8S", "3C", "QD"], "B": ["8D", "10H", "4S"], "C": ["AS", "7D", "2S"]},
                "talon": ["KC", "2D", "9H", "6C", "5H", "JC"],
                "moves": ["A: 8S", "B: 8D", "A: 3C"],
            },
            kind="legal",
            options=_options(
                (
                    "Otillåtet: B lade det senaste kortet och ska därför börja.",
                    "Illegal: B laid the latest card and so should begin.",
                ),
                (
                    "Tillåtet: A spelade ut och lägger därför först igen.",
                    "Legal: A led the trick and so lays first again.",
                ),
                (
                    "Otillåtet: C, som inte har spelat, är på tur.",
                    "Illegal: C, who has not played yet, is next.",
                ),
            ),
            claims=(
                Claim(legal=False, rule="game.turn"),
                Claim(legal=True, rule="p1.stunsa"),
                Claim(legal=False, rule="game.turn"),
            ),
        ),
        # phase 2
        Quiz(
            "p2-q1",
            _words(
                "Är det här tillåtet? Spader är trumf. B lägger {3S} på A:s {9H} fast B har {10H}.",
                "Is this legal? Spades are trump. B lays the {3S} on A's {9H} although B holds the {10H}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "S",
                "to_play": "A",
                "hands": {"A": ["9H", "4C", "KD"], "B": ["10H", "3S", "JD"], "C": ["QH", "2S", "5C"]},
                "moves": ["A: 9H", "B: 3S"],
            },
            kind="legal",
            options=_options(
                (
                    "Otillåtet: B har {10H} och måste följa färg med den.",
                    "Illegal: B holds the {10H} and must follow suit with it.",
                ),
                (
                    "Tillåtet: en trumf slår en annan färg, och Pagat har inget färgtvång.",
                    "Legal: a trump beats another suit, and Pagat does not force following suit.",
                ),
                (
                    "Otillåtet: en trea är lägre än en nia och slår den inte, trumf eller ej.",
                    "Illegal: a three is lower than a nine and does not beat it, trump or not.",
                ),
            ),
            claims=(
                Claim(legal=False, rule="p2.follow-suit"),
                Claim(legal=True, rule="p2.free-trump"),
                Claim(legal=False, rule="p2.beat-or-pick-up"),
            ),
        ),
        Quiz(
            "p2-q2",
            _words(
                "Vad händer nu? Ruter är trumf, och C supar B:s {9C}.",
                "What happens now? Diamonds are trump, and C picks up B's {9C}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "D",
                "to_play": "A",
                "hands": {"A": ["6C", "8C", "5H"], "B": ["9C", "2H", "JS"], "C": ["KS", "3C", "4S"]},
                "moves": ["A: 6C", "B: 9C", "C: pick up"],
            },
            kind="outcome",
            options=_options(
                (
                    "A:s {6C} ligger överst igen: A får slå sitt eget kort eller supa det.",
                    "A's {6C} is on top again: A may beat his own card or pick it up.",
                ),
                (
                    "Bordet är tomt, och A spelar ut till ett helt nytt stick med valfritt kort.",
                    "The table is empty, and A leads a brand new trick with any card.",
                ),
                (
                    "C tar båda klöverkorten på bordet, och A spelar ut till nästa stick.",
                    "C takes both clubs from the table, and A leads the next trick.",
                ),
            ),
            claims=(
                Claim(table=(("A", "6C"),), to_play="A"),
                Claim(table=(), to_play="A"),
                Claim(table=(), hands={"C": 5}),
            ),
        ),
        Quiz(
            "p2-q3",
            _words(
                "Vad händer nu? Hjärter är trumf. A och B lägger var sitt sista kort.",
                "What happens now? Hearts are trump. A and B each lay their last card.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "H",
                "to_play": "A",
                "hands": {"A": ["QS"], "B": ["KS"], "C": ["2C", "5C", "9D"]},
                "moves": ["A: QS", "B: KS"],
            },
            kind="outcome",
            options=_options(
                (
                    "C måste slå {KS} eller supa den, och sticket fortsätter.",
                    "C must beat the {KS} or pick it up, and the trick goes on as usual.",
                ),
                (
                    "Sticket är fullt med två kort, och C spelar ut.",
                    "The trick is complete with two cards, and C leads.",
                ),
                (
                    "Spelet är slut: bara C har kort kvar och är skitgubbe.",
                    "The game is over: only C holds cards and is the skitgubbe.",
                ),
            ),
            claims=(
                Claim(over=False, to_play="C"),
                Claim(over=False, table=(), to_play="C"),
                Claim(over=True, loser="C"),
            ),
        ),
        Quiz(
            "p2-q4",
            _words(
                "Är det här tillåtet? Klöver är trumf, och B har trumfat A:s {7D} med {9C}. Nu vill C lägga {AD}.",
                "Is this legal? Clubs are trump, and B has trumped A's {7D} with the {9C}. "
                "Now C would like to play the {AD}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "C",
                "to_play": "A",
                "hands": {"A": ["7D", "3H", "8S"], "B": ["9C", "2D", "6S"], "C": ["AD", "4C", "10C"]},
                "moves": ["A: 7D", "B: 9C", "C: AD"],
            },
            kind="legal",
            options=_options(
                (
                    "Otillåtet: en trumf ligger överst, och bara en högre trumf slår den.",
                    "Illegal: a trump is on top, and only a higher trump beats it.",
                ),
                (
                    "Tillåtet: {AD} är i den utspelade färgen och högre än {7D}.",
                    "Legal: the {AD} is in the suit led and higher than the {7D}.",
                ),
                (
                    "Tillåtet: esset är spelets högsta kort och slår vilket kort som helst.",
                    "Legal: the ace is the highest card in the game and beats any card.",
                ),
            ),
            claims=(
                Claim(legal=False, rule="p2.beat.higher-trump"),
                Claim(legal=True, rule="p2.beat.suit"),
                Claim(legal=True, rule=NO_SUCH_RULE),
            ),
            cards=CardQuestion(
                _words(
                    "Vilket kort får C lägga i stället? Tryck på kortet.", "Which card may C lay instead? Tap the card."
                )
            ),
        ),
        Quiz(
            "p2-q5",
            _words(
                "Vem spelar ut nu? Ruter är trumf. A spelade ut {5S}, och B supar den.",
                "Who leads now? Diamonds are trump. A led the {5S}, and B picks it up.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "D",
                "to_play": "A",
                "hands": {"A": ["5S", "8H", "10C"], "B": ["2H", "7C", "JS"], "C": ["4C", "9H", "KS"]},
                "moves": ["A: 5S", "B: pick up"],
            },
            kind="outcome",
            options=_options(
                (
                    "A, eftersom ingen slog A:s kort och sticket aldrig blev fullt.",
                    "A, since nobody beat A's card and the trick was never complete.",
                ),
                (
                    "C: bordet är tomt, och nästa i tur spelar ut.",
                    "C: the table is empty, and the next in turn leads.",
                ),
                (
                    "B, eftersom B tog upp det enda kortet.",
                    "B, since B took up the only card.",
                ),
            ),
            claims=(Claim(to_play="A"), Claim(table=(), to_play="C"), Claim(to_play="B")),
        ),
        Quiz(
            "p2-q6",
            _words(
                "Hur många kort behöver nästa stick? Ruter är trumf. A lägger {8C}, sitt sista kort, B slår med {QC} "
                "och C med {KC}.",
                "How many cards does the next trick need? Diamonds are trump. A lays the {8C}, his last card, B "
                "beats it with the {QC} and C with the {KC}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "D",
                "to_play": "A",
                "hands": {"A": ["8C"], "B": ["QC", "6S", "3H"], "C": ["KC", "2S", "4H"]},
                "moves": ["A: 8C", "B: QC", "C: KC"],
            },
            kind="outcome",
            options=_options(
                (
                    "Tre: ett per spelare som fanns när partiet började.",
                    "Three: one per player who was there when the game began.",
                ),
                (
                    "Ett: C har fyllt sticket och spelar ut ensam.",
                    "One: C completed the trick and leads it alone.",
                ),
                (
                    "Två: A har gått ut, så bara B och C är kvar.",
                    "Two: A has gone out, so only B and C are left.",
                ),
            ),
            claims=(Claim(trick_target=3), Claim(trick_target=1), Claim(trick_target=2, out=("A",))),
        ),
        Quiz(
            "p2-q7",
            _words(
                "Är det här tillåtet? Hjärter är trumf. A spelar ut {10S}, och B vill bli av med sin {4S}.",
                "Is this legal? Hearts are trump. A leads the {10S}, and B wants to get rid of the {4S}.",
            ),
            {
                "rules": "pagat",
                "players": ["A", "B", "C"],
                "phase": 2,
                "trump": "H",
                "to_play": "A",
                "hands": {"A": ["10S", "6D", "2C"], "B": ["4S", "QS", "9C"], "C": ["KD", "3H", "7C"]},
                "moves": ["A: 10S", "B: 4S"],
            },
            kind="legal",
            options=_options(
                (
                    "Otillåtet: ett kort som inte slår får inte läggas; B får slå eller supa.",
                    "Illegal: a card that does not beat may not be laid; B may beat or pick up.",
                ),
                (
                    "Tillåtet: B följer färg, och enligt Pagat är ingen tvungen att slå.",
                    "Legal: B follows suit, and under Pagat nobody is forced to beat a card.",
                ),
                (
                    "Tillåtet: den som inte vill slå får lägga ett lägre kort i färgen.",
                    "Legal: a player who does not wish to beat may lay a lower card of the suit.",
                ),
            ),
            claims=(Claim(legal=False), Claim(legal=True), Claim(legal=True)),
            cards=CardQuestion(
                _words(
                    "Vilket kort får B lägga i stället? Tryck på kortet.", "Which card may B lay instead? Tap the card."
                )
            ),
        ),
    )
}


# -- the first game's page: the deck to stack and every move in words ----------------------------------------------
_FIRST_WORDS = {
    "sv": {
        "deck": "Leken uppifrån, med baksidan upp",
        "hands": "Händerna efter given",
        "talon": "Talongen uppifrån",
        "hand": "{name}:s hand",
        "phase1": "Fas 1",
        "phase2": "Fas 2",
        "rule": "Regel",
        "drew": "{player} drar {cards}.",
    },
    "en": {
        "deck": "The pack from the top, face down",
        "hands": "The hands after the deal",
        "talon": "The talon from the top",
        "hand": "{name}'s hand",
        "phase1": "Phase 1",
        "phase2": "Phase 2",
        "rule": "Rule",
        "drew": "{player} draws the {cards}.",
    },
}


def deck_order(case: Mapping[str, Any]) -> list[str]:
    """The pack from the top for a phase-1 case dealt by the book's rules: one card at a time, forehand first."""
    seats = list(case["players"])
    start = seats.index(case["to_play"])
    seats = seats[start:] + seats[:start]
    hands = [list(case["hands"][name]) for name in seats]
    dealt = [hand[i] for i in range(max(map(len, hands))) for hand in hands if i < len(hand)]
    return [str(Card.parse(c)) for c in dealt + list(case["talon"])]


def first_game_deck_html(lang: str, case: Mapping[str, Any] = FIRST_GAME_CASE) -> str:
    """The deck order to stack (numbered from the top), the three hands it deals and the talon it leaves."""
    words = _FIRST_WORDS[lang]
    order = deck_order(case)
    deck = "".join(f"<li>{escape(cards_text([Card.parse(c)], lang))}</li>" for c in order)
    hands = "".join(
        f"<li>{escape(words['hand'].format(name=name))}: {escape(cards_text(parse_cards(case['hands'][name]), lang))}</li>"
        for name in case["players"]
    )
    talon = escape(cards_text(parse_cards(case["talon"]), lang))
    return (
        f'<div class="sg-first-game__deck" lang="{lang}">'
        f"<p><strong>{escape(words['deck'])}</strong></p>"
        f'<ol class="sg-first-game__order" style="columns: 6 4em; margin: 0 0 1em">{deck}</ol>'
        f"<p><strong>{escape(words['hands'])}</strong></p><ul>{hands}</ul>"
        f"<p><strong>{escape(words['talon'])}</strong>: {talon}</p></div>"
    )


def first_game_moves_html(lang: str, case: Mapping[str, Any] = FIRST_GAME_CASE) -> str:
    """Every move of the game, numbered, with the engine's explanation, what followed and the deciding rule."""
    words = _FIRST_WORDS[lang]
    game = Case.load(dict(case)).start()
    parts: list[str] = [f"<h3>{escape(words['phase1'])}</h3><ol>"]
    in_phase2 = False
    for number, text in enumerate(case["moves"], start=1):
        name, move = split_player_move(str(text))
        if game.phase == 2 and not in_phase2:
            in_phase2 = True
            parts.append(f'</ol><h3>{escape(words["phase2"])}</h3><ol start="{number}">')
        step = game.play(move, name)
        follows = []
        for event in step.events:
            if event.kind is EventKind.DREW and event.cards:
                follows.append(words["drew"].format(player=event.player, cards=cards_text(event.cards, lang)))
            else:
                follows.append(event.text(lang))
        rule = CATALOGUE[step.rule]
        parts.append(
            f"<li><strong>{escape(name or '')}: {escape(move_text(move, lang))}</strong>. "
            f"{escape(step.explanation(lang))} {escape(' '.join(follows))} "
            f'<span class="sg-first-game__rule">{escape(words["rule"])} <code>{escape(rule.id)}</code>: '
            f"{escape(rule.text(lang))}</span></li>"
        )
    parts.append("</ol>")
    return f'<div class="sg-first-game__moves" lang="{lang}">' + "".join(parts) + "</div>"
