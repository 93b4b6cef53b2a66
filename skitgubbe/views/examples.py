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
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import split_player_move
from skitgubbe.records.record import Case, judge_case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.example_words import EXAMPLE_TITLES, FIRST_GAME, QUIZ_TEXTS
from skitgubbe.text.i18n import cards_text, move_text
from skitgubbe.text.lang import LANGS, Lang, check_lang


@dataclass(frozen=True)
class Example:
    """A worked example: a titled case whose moves the book replays frame by frame."""

    id: str
    case: Mapping[str, Any]
    rules: str | None = None  # judge under this preset instead of the case's own

    @property
    def title(self) -> Mapping[str, str]:
        """The example's title by language (`EXAMPLE_TITLES`, keyed by the example's id)."""
        return {lang: EXAMPLE_TITLES.phrase(self.id, lang) for lang in LANGS}

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
            return CardVerdict(card, False, False, error.rule, {lang: error.reason.text(lang) for lang in LANGS})
        won = [e for e in step.events if e.kind is EventKind.TRICK_WON]
        wins = bool(won) and won[0].player == player
        if self.goal == "wins" and won:  # the deciding rule is the one that settles the trick
            words: dict[str, str] = {lang: f"{step.explanation(lang)} {won[0].text(lang)}" for lang in LANGS}
            return CardVerdict(card, True, wins, won[0].rule, words, step)
        words = {lang: step.explanation(lang) for lang in LANGS}
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
    # the rules the answer key cites, where the asked move's own rule does not decide the question (each one a
    # rule the engine cites in judging the case's moves: tests/test_quiz_key.py)
    key: tuple[str, ...] = ()

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

    def key_rules(self) -> tuple[str, ...]:
        """The rules the answer key cites for this question: `key`, else the asked move's deciding rule."""
        return self.key or (self.answer().rule,)

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
        lang = check_lang(lang)
        if self.step is not None:
            return self.step.explanation(lang)
        assert self.error is not None
        return self.error.reason.text(lang)


# -- the data ---------------------------------------------------------------------------------------------------
# Cases in the DESIGN.md case format. Phase-1 talons are given top card first. Each id is shown by exactly one code
# cell in each edition (tests/test_examples_data.py); the notebooks' hidden cells assert what the prose says.

_CARD_SLOT = re.compile(r"\{([^{}]+)\}")


def _say(text: str, lang: Lang) -> str:
    """Text with `{QH}` / `{QC KC AC}` slots written as cards in the language's symbols (`♥D`, `♣D ♣K ♣E`)."""
    return _CARD_SLOT.sub(lambda m: cards_text(parse_cards(m.group(1)), lang), text)


def cardset(cards: str | Iterable[Card | str]) -> frozenset[str]:
    """Cards as a set of canonical codes, for the notebooks' checks.

    `cardset("6S 3H 7C") == cardset(game.hand("A"))`; accepts codes, any card notation, or `Card` values.
    """
    return frozenset(str(c) for c in parse_cards(cards))


def _words(texts: tuple[str, str]) -> dict[str, str]:
    """A (Swedish, English) pair of `QUIZ_TEXTS` by language, its card slots written out."""
    return {lang: _say(text, lang) for lang, text in zip(LANGS, texts, strict=True)}


def _options(*pairs: tuple[str, str]) -> dict[str, tuple[str, ...]]:
    """Options given as (Swedish, English) pairs of `QUIZ_TEXTS`, in display order 1, 2, 3, ..."""
    return {lang: tuple(_say(pair[i], lang) for pair in pairs) for i, lang in enumerate(LANGS)}


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
        Example("p1-plain-trick", P1_PLAIN_TRICK),
        Example("p1-two-eights", P1_TWO_EIGHTS),
        Example("p1-chansa", P1_CHANSA),
        Example("p1-last-card", P1_LAST_CARD),
        Example("p1-end-pagat", P1_END_PAGAT),
        Example("p1-end-skip", P1_END_SKIP),
        Example("p1-transition", P1_END_PAGAT),
        # phase 2
        Example("p2-pick-up", P2_PICK_UP),
        Example("p2-table-empties", P2_TABLE_EMPTIES),
        Example("p2-going-out", P2_GOING_OUT),
        Example("klover-9", KLOVER_9_CASE),
        Example("klover-9-pagat", KLOVER_9_CASE, rules="pagat"),
        Example("klover-9-pagat-line", KLOVER_9_PAGAT_LINE),
        Example("klover-9-strikt", KLOVER_9_CASE, rules="strikt"),
        # variants
        Example("var-alla-spelar", ALLA_SPELAR_CASE),
        Example("var-uppslagen-trumf", UPPSLAGEN_TRUMF_CASE),
        Example("var-specialkort", SPECIALKORT_CASE),
        # the first game
        Example("first-game", FIRST_GAME_CASE),
    )
}

QUIZZES: dict[str, Quiz] = {
    q.id: q
    for q in (
        # phase 1. The options are numbered (1, 2, 3, ...), never lettered like the players; the right one is at a
        # different place in each question and no longer than the others; every position is given in full.
        Quiz(
            "p1-q1",
            _words(QUIZ_TEXTS["p1-q1.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q1.option1"], QUIZ_TEXTS["p1-q1.option2"], QUIZ_TEXTS["p1-q1.option3"]),
            claims=(
                Claim(legal=True, winner="A", to_play="A"),
                Claim(legal=False, rule="p1.beat.must-beat"),
                Claim(legal=False, rule="p1.trump.follow"),
            ),
            cards=CardQuestion(
                _words(QUIZ_TEXTS["p1-q1.cards"]),
                goal="wins",
            ),
        ),
        Quiz(
            "p1-q2",
            _words(QUIZ_TEXTS["p1-q2.question"]),
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
                QUIZ_TEXTS["p1-q2.option1"],
                QUIZ_TEXTS["p1-q2.option2"],
                QUIZ_TEXTS["p1-q2.option3"],
                QUIZ_TEXTS["p1-q2.option4"],
            ),
            claims=(
                Claim(winner="B", won="9S 9H 4C 4D KS 5D"),
                Claim(winner="A", won="KS 5D"),
                Claim(events=("trick-returned",)),
                Claim(winner="A", won="9S 9H 4C 4D KS 5D"),
            ),
            key=("p1.stunsa", "p1.higher-wins"),
        ),
        Quiz(
            "p1-q3",
            _words(QUIZ_TEXTS["p1-q3.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q3.option1"], QUIZ_TEXTS["p1-q3.option2"], QUIZ_TEXTS["p1-q3.option3"]),
            claims=(
                Claim(legal=True),
                Claim(legal=False, rule=NO_SUCH_RULE),
                Claim(legal=False, rule="p1.chansa.not-last"),
            ),
        ),
        Quiz(
            "p1-q4",
            _words(QUIZ_TEXTS["p1-q4.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q4.option1"], QUIZ_TEXTS["p1-q4.option2"], QUIZ_TEXTS["p1-q4.option3"]),
            claims=(
                Claim(winner="B"),
                Claim(events=("trick-returned", "phase1-over"), phase=2, to_play="A"),
                Claim(phase=1, to_play="C"),
            ),
            key=("p1.end.due-player-empty", "p1.open-trick"),
        ),
        Quiz(
            "p1-q5",
            _words(QUIZ_TEXTS["p1-q5.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q5.option1"], QUIZ_TEXTS["p1-q5.option2"], QUIZ_TEXTS["p1-q5.option3"]),
            claims=(Claim(hands={"B": 4}), Claim(hands={"B": 2}), Claim(hands={"B": 3})),
        ),
        Quiz(
            "p1-q6",
            _words(QUIZ_TEXTS["p1-q6.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q6.option1"], QUIZ_TEXTS["p1-q6.option2"], QUIZ_TEXTS["p1-q6.option3"]),
            claims=(Claim(hands={"A": 3, "B": 3}), Claim(hands={"A": 2, "B": 2}), Claim(hands={"A": 4, "B": 4})),
            key=("p1.draw",),
        ),
        Quiz(
            "p1-q7",
            _words(QUIZ_TEXTS["p1-q7.question"]),
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
            options=_options(QUIZ_TEXTS["p1-q7.option1"], QUIZ_TEXTS["p1-q7.option2"], QUIZ_TEXTS["p1-q7.option3"]),
            claims=(
                Claim(legal=False, rule="game.turn"),
                Claim(legal=True, rule="p1.stunsa"),
                Claim(legal=False, rule="game.turn"),
            ),
        ),
        # phase 2
        Quiz(
            "p2-q1",
            _words(QUIZ_TEXTS["p2-q1.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q1.option1"], QUIZ_TEXTS["p2-q1.option2"], QUIZ_TEXTS["p2-q1.option3"]),
            claims=(
                Claim(legal=False, rule="p2.follow-suit"),
                Claim(legal=True, rule="p2.free-trump"),
                Claim(legal=False, rule="p2.beat-or-pick-up"),
            ),
        ),
        Quiz(
            "p2-q2",
            _words(QUIZ_TEXTS["p2-q2.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q2.option1"], QUIZ_TEXTS["p2-q2.option2"], QUIZ_TEXTS["p2-q2.option3"]),
            claims=(
                Claim(table=(("A", "6C"),), to_play="A"),
                Claim(table=(), to_play="A"),
                Claim(table=(), hands={"C": 5}),
            ),
        ),
        Quiz(
            "p2-q3",
            _words(QUIZ_TEXTS["p2-q3.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q3.option1"], QUIZ_TEXTS["p2-q3.option2"], QUIZ_TEXTS["p2-q3.option3"]),
            claims=(
                Claim(over=False, to_play="C"),
                Claim(over=False, table=(), to_play="C"),
                Claim(over=True, loser="C"),
            ),
            key=("p2.out", "p2.loser"),
        ),
        Quiz(
            "p2-q4",
            _words(QUIZ_TEXTS["p2-q4.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q4.option1"], QUIZ_TEXTS["p2-q4.option2"], QUIZ_TEXTS["p2-q4.option3"]),
            claims=(
                Claim(legal=False, rule="p2.beat.higher-trump"),
                Claim(legal=True, rule="p2.beat.suit"),
                Claim(legal=True, rule=NO_SUCH_RULE),
            ),
            cards=CardQuestion(_words(QUIZ_TEXTS["p2-q4.cards"])),
        ),
        Quiz(
            "p2-q5",
            _words(QUIZ_TEXTS["p2-q5.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q5.option1"], QUIZ_TEXTS["p2-q5.option2"], QUIZ_TEXTS["p2-q5.option3"]),
            claims=(Claim(to_play="A"), Claim(table=(), to_play="C"), Claim(to_play="B")),
            key=("p2.table-empty",),
        ),
        Quiz(
            "p2-q6",
            _words(QUIZ_TEXTS["p2-q6.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q6.option1"], QUIZ_TEXTS["p2-q6.option2"], QUIZ_TEXTS["p2-q6.option3"]),
            claims=(Claim(trick_target=3), Claim(trick_target=1), Claim(trick_target=2, out=("A",))),
            key=("p2.out", "p2.complete.cards"),
        ),
        Quiz(
            "p2-q7",
            _words(QUIZ_TEXTS["p2-q7.question"]),
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
            options=_options(QUIZ_TEXTS["p2-q7.option1"], QUIZ_TEXTS["p2-q7.option2"], QUIZ_TEXTS["p2-q7.option3"]),
            claims=(Claim(legal=False), Claim(legal=True), Claim(legal=True)),
            cards=CardQuestion(_words(QUIZ_TEXTS["p2-q7.cards"])),
        ),
    )
}


# -- the first game's page: the deck to stack and every move in words ----------------------------------------------
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
    lang = check_lang(lang)
    order = deck_order(case)
    deck = "".join(f"<li>{escape(cards_text([Card.parse(c)], lang))}</li>" for c in order)
    hands = "".join(
        f"<li>{escape(FIRST_GAME.phrase('hand', lang, name=name))}: "
        f"{escape(cards_text(parse_cards(case['hands'][name]), lang))}</li>"
        for name in case["players"]
    )
    talon = escape(cards_text(parse_cards(case["talon"]), lang))
    return (
        f'<div class="sg-first-game__deck" lang="{lang}">'
        f"<p><strong>{escape(FIRST_GAME.phrase('deck', lang))}</strong></p>"
        f'<ol class="sg-first-game__order" style="columns: 6 4em; margin: 0 0 1em">{deck}</ol>'
        f"<p><strong>{escape(FIRST_GAME.phrase('hands', lang))}</strong></p><ul>{hands}</ul>"
        f"<p><strong>{escape(FIRST_GAME.phrase('talon', lang))}</strong>: {talon}</p></div>"
    )


def first_game_moves_html(lang: str, case: Mapping[str, Any] = FIRST_GAME_CASE) -> str:
    """Every move of the game, numbered, with the engine's explanation, what followed and the deciding rule."""
    lang = check_lang(lang)
    game = Case.load(dict(case)).start()
    parts: list[str] = [f"<h3>{escape(FIRST_GAME.phrase('phase1', lang))}</h3><ol>"]
    in_phase2 = False
    for number, text in enumerate(case["moves"], start=1):
        name, move = split_player_move(str(text))
        if game.phase == 2 and not in_phase2:
            in_phase2 = True
            parts.append(f'</ol><h3>{escape(FIRST_GAME.phrase("phase2", lang))}</h3><ol start="{number}">')
        step = game.play(move, name)
        follows = []
        for event in step.events:
            if event.kind is EventKind.DREW and event.cards:
                follows.append(
                    FIRST_GAME.phrase("drew", lang, player=event.player, cards=cards_text(event.cards, lang))
                )
            else:
                follows.append(event.text(lang))
        rule = CATALOGUE[step.rule]
        parts.append(
            f"<li><strong>{escape(name or '')}: {escape(move_text(move, lang))}</strong>. "
            f"{escape(step.explanation(lang))} {escape(' '.join(follows))} "
            f'<span class="sg-first-game__rule">{escape(FIRST_GAME.phrase("rule", lang))} <code>{escape(rule.id)}</code>: '
            f"{escape(rule.text(lang))}</span></li>"
        )
    parts.append("</ol>")
    return f'<div class="sg-first-game__moves" lang="{lang}">' + "".join(parts) + "</div>"
