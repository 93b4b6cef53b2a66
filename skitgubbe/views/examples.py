"""The book's worked examples and "Test yourself" questions: read from their case files and judged by the engine.

The data is in `skitgubbe/records/examples/` and `skitgubbe/records/quizzes/` (case files, docs/case-files.md, read by
`records.case_files`), the words in `text.example_words`. The engine computes every answer; the book's notebooks
show them and their hidden cells assert them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

from skitgubbe.engine.cards import Card, parse_cards
from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import split_player_move
from skitgubbe.records import case_files
from skitgubbe.records.caselib import say
from skitgubbe.records.deck_order import case_pack
from skitgubbe.records.record import Case, judge_case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.example_words import EXAMPLE_TITLES, FIRST_GAME, QUIZ_TEXTS
from skitgubbe.text.i18n import cards_text, move_text
from skitgubbe.text.lang import LANGS, check_lang
from skitgubbe.text.names import genitive


@dataclass(frozen=True)
class Example:
    """A worked example: a titled case (its file, `records/examples/<id>.json`) whose moves the book replays frame
    by frame, under the case's own rules."""

    id: str
    case: Mapping[str, Any]

    @property
    def title(self) -> Mapping[str, str]:
        """The example's title by language (`EXAMPLE_TITLES`, keyed by the example's id)."""
        return {lang: EXAMPLE_TITLES.phrase(self.id, lang) for lang in LANGS}

    def load(self) -> Case:
        return Case.load(dict(self.case))

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

    def _checks(self) -> list[Callable[[QuizAnswer, Game], bool]]:
        """One test per fact claimed (a field that is not None), in field order."""
        return [
            partial(_CLAIM_CHECKS[name], getattr(self, name))
            for name in _CLAIM_CHECKS
            if getattr(self, name) is not None
        ]


#: For each field of a `Claim`: whether its claimed value (never None here) holds of the engine's answer to the
#: asked move, given the position asked about.
_CLAIM_CHECKS: Mapping[str, Callable[[Any, QuizAnswer, Game], bool]] = {
    "legal": lambda v, a, b: a.legal == v,
    "rule": lambda v, a, b: a.rule == v,
    "winner": lambda v, a, b: a.trick_winner == v,
    "won": lambda v, a, b: a.trick_winner is not None and _won_now(a, b, a.trick_winner) == cardset(v),
    "events": lambda v, a, b: a.step is not None and set(v) <= {e.kind.value for e in a.step.events},
    "to_play": lambda v, a, b: a.game.to_play == v,
    "phase": lambda v, a, b: a.game.phase == v,
    "hands": lambda v, a, b: all(len(a.game.hand(n)) == k for n, k in v.items()),
    "table": lambda v, a, b: [(n, cardset(c)) for n, c in a.game.table] == [(n, cardset(c)) for n, c in v],
    "trick_target": lambda v, a, b: a.game.state.trick_target == v,
    "out": lambda v, a, b: tuple(a.game.state.out) == v,
    "over": lambda v, a, b: a.game.over == v,
    "loser": lambda v, a, b: a.game.loser == v,
}


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


# -- the data: records/examples/*.json and records/quizzes/*.json (`records.case_files`) ----------------------------
# Each id is shown by exactly one code cell in each edition (tests/test_examples_data.py); the notebooks' hidden
# cells assert what the prose says.


def cardset(cards: str | Iterable[Card | str]) -> frozenset[str]:
    """Cards as a set of canonical codes, for the notebooks' checks.

    `cardset("6S 3H 7C") == cardset(game.hand("A"))`; accepts codes, any card notation, or `Card` values.
    """
    return frozenset(str(c) for c in parse_cards(cards))


def _words(texts: tuple[str, str]) -> dict[str, str]:
    """A (Swedish, English) pair of `QUIZ_TEXTS` by language, its card slots written out."""
    return {lang: say(text, lang) for lang, text in zip(LANGS, texts, strict=True)}


def _claim(data: Mapping[str, Any]) -> Claim:
    """A claim from a quiz file (its lists as the tuples `Claim` holds)."""
    fields: dict[str, Any] = dict(data)
    for name in ("events", "out"):
        if name in fields:
            fields[name] = tuple(fields[name])
    if "table" in fields:
        fields["table"] = tuple((player, cards) for player, cards in fields["table"])
    return Claim(**fields)


def _quiz(quiz_id: str, data: Mapping[str, Any]) -> Quiz:
    """A quiz from its file (`records/quizzes/<id>.json`) and its words (`QUIZ_TEXTS`, keyed by the quiz's id)."""
    spec: Mapping[str, Any] = data["quiz"]
    claims = tuple(_claim(claim) for claim in spec["claims"])
    options = [QUIZ_TEXTS[f"{quiz_id}.option{number}"] for number in range(1, len(claims) + 1)]
    return Quiz(
        quiz_id,
        _words(QUIZ_TEXTS[f"{quiz_id}.question"]),
        case_files.case_part("quizzes", data),
        kind=spec["kind"],
        options={lang: tuple(say(pair[i], lang) for pair in options) for i, lang in enumerate(LANGS)},
        claims=claims,
        cards=CardQuestion(_words(QUIZ_TEXTS[f"{quiz_id}.cards"]), spec["cards"]) if "cards" in spec else None,
        key=tuple(spec.get("key", ())),
    )


EXAMPLES: dict[str, Example] = {
    example_id: Example(example_id, case_files.case_part("examples", data))
    for example_id, data in case_files.read_folder("examples").items()
}

QUIZZES: dict[str, Quiz] = {
    quiz_id: _quiz(quiz_id, data) for quiz_id, data in case_files.read_folder("quizzes").items()
}


# -- the first game's page: the deck to stack and every move in words ----------------------------------------------
def first_game_deck_html(lang: str) -> str:
    """The deck order to stack (numbered from the top), the three hands it deals and the talon it leaves."""
    lang = check_lang(lang)
    case = EXAMPLES["first-game"].case
    order = case_pack(case)
    deck = "".join(f"<li>{escape(cards_text([Card.parse(c)], lang))}</li>" for c in order)
    hands = "".join(
        f"<li>{escape(FIRST_GAME.phrase('hand', lang, gen=genitive(name, lang)))}: "
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


def first_game_moves_html(lang: str) -> str:
    """Every move of the game, numbered, with the engine's explanation, what followed and the deciding rule."""
    lang = check_lang(lang)
    case = EXAMPLES["first-game"].case
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
