"""The phase styles as classes on a shared base: which style plays each phase under a set of rules.

`Phase1Base` and `Phase2Base` say what a style offers and write the defaults once (the talon as dealt, nobody
acts out of turn, a listed move explained by judging it); each style overrides only what it rules differently,
by the functions of its module (`phase1`, `phase1_all`, `phase1_trump`, `phase1_beat`; `phase2`, `phase2_pile`).
`Game` asks `phase1_module(rules)` / `phase2_module(rules)` for the style and starts phase 2 itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import Event, Reason, as_reason
from skitgubbe.engine.moves import Move
from skitgubbe.engine.phases import phase1, phase1_all, phase1_beat, phase1_trump, phase2, phase2_pile
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Phase1Style, Phase2Style, Rules


class Phase1Base:
    """A phase-1 style: the defaults every style shares; a style overrides what it rules differently."""

    def arrange_talon(self, rest: list[Card]) -> list[Card]:
        """The talon (top card first) made of the cards left after the deal: as they come."""
        return rest

    def begin(self, w: Working, rules: Rules, leader: int) -> None:
        """Seat the first trick of a dealt game or a phase-1 position."""
        raise NotImplementedError

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        raise NotImplementedError

    def out_of_turn_moves(self, w: Working, rules: Rules, seat: int) -> list[Move]:
        """Moves a player not to act may make now: none, unless the style lets players throw on."""
        return []

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it."""
        raise NotImplementedError

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        """The reason for a move listed by `legal_moves(w, rules)` (the judge's answer, unless a style has a
        short cut that gives the same answer)."""
        return self.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        """Carry out a move already judged legal."""
        raise NotImplementedError


class Phase2Base:
    """A phase-2 style: the defaults every style shares; a style overrides what it rules differently."""

    def start(self, w: Working, rules: Rules, leader: int, events: list[Event] | None) -> None:
        """Open phase 2: players without cards are out at once; the trump holder leads."""
        phase2.start(w, rules, leader, events)

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        raise NotImplementedError

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        raise NotImplementedError

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        """The reason for a move listed by `legal_moves(w, rules)` (the judge's answer by default)."""
        return self.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        raise NotImplementedError


class TwoCardTricks(Phase1Base):
    """Two players to each phase-1 trick, stunsa on equal ranks (`phase1`)."""

    def begin(self, w: Working, rules: Rules, leader: int) -> None:
        phase1.begin(w, rules, leader)

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase1.legal_moves(w, rules)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase1.judge(w, rules, seat, move)

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        return as_reason(phase1.explain(w, rules, seat, move, legal))

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase1.apply(w, rules, seat, move, events)


class EveryonePlays(Phase1Base):
    """Everyone plays to each phase-1 trick, motlägg and throwing on (`phase1_all`)."""

    def begin(self, w: Working, rules: Rules, leader: int) -> None:
        phase1_all.begin(w, rules, leader)

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase1_all.legal_moves(w, rules)

    def out_of_turn_moves(self, w: Working, rules: Rules, seat: int) -> list[Move]:
        return phase1_all.out_of_turn_moves(w, rules, seat)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase1_all.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase1_all.apply(w, rules, seat, move, events)


class TurnedTrump(Phase1Base):
    """The old game with a trump turned up at the deal (`phase1_trump`)."""

    def arrange_talon(self, rest: list[Card]) -> list[Card]:
        return phase1_trump.arrange_talon(rest)

    def begin(self, w: Working, rules: Rules, leader: int) -> None:
        phase1_trump.begin(w, rules, leader)

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase1_trump.legal_moves(w, rules)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase1_trump.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase1_trump.apply(w, rules, seat, move, events)


class BeatOrTake(Phase1Base):
    """Beat the card on the table or take it (`phase1_beat`, the special-cards game)."""

    def begin(self, w: Working, rules: Rules, leader: int) -> None:
        phase1_beat.begin(w, rules, leader)

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase1_beat.legal_moves(w, rules)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase1_beat.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase1_beat.apply(w, rules, seat, move, events)


class Tricks(Phase2Base):
    """Phase 2 in tricks: beat the top card or pick up (`phase2`)."""

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase2.legal_moves(w, rules)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase2.judge(w, rules, seat, move)

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        return as_reason(phase2.explain(w, rules, seat, move, legal))

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase2.apply(w, rules, seat, move, events)


class Pile(Phase2Base):
    """Phase 2 on one pile: twos reset, tens and four of a kind burn (`phase2_pile`)."""

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]:
        return phase2_pile.legal_moves(w, rules)

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason:
        return phase2_pile.judge(w, rules, seat, move)

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
        phase2_pile.apply(w, rules, seat, move, events)


_PHASE1: dict[Phase1Style, Phase1Base] = {
    Phase1Style.TWO_CARD: TwoCardTricks(),
    Phase1Style.EVERYONE: EveryonePlays(),
    Phase1Style.TURNED_TRUMP: TurnedTrump(),
    Phase1Style.BEAT_OR_TAKE: BeatOrTake(),
}
_PHASE2: dict[Phase2Style, Phase2Base] = {Phase2Style.TRICKS: Tricks(), Phase2Style.PILE: Pile()}


def phase1_module(rules: Rules) -> Phase1Base:
    """The style that plays phase 1 under these rules."""
    return _PHASE1[rules.phase1_style]


def phase2_module(rules: Rules) -> Phase2Base:
    """The style that plays phase 2 under these rules."""
    return _PHASE2[rules.phase2_style]
