"""Which module plays each phase under a set of rules (one module per phase-1 and phase-2 style).

Each module satisfies `Phase1Module` or `Phase2Module` (modules as protocol instances).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import Event, Reason
from skitgubbe.engine.moves import Move
from skitgubbe.engine.phases import phase1, phase1_all, phase1_beat, phase1_trump, phase2, phase2_pile
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Phase1Style, Phase2Style, Rules


class Phase1Module(Protocol):
    """What a phase-1 style module offers."""

    def arrange_talon(self, rest: list[Card]) -> list[Card]: ...

    def begin(self, w: Working, rules: Rules, leader: int) -> None: ...

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]: ...

    def out_of_turn_moves(self, w: Working, rules: Rules, seat: int) -> list[Move]: ...

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason: ...

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        """The reason for a move listed by `legal_moves(w, rules)` for this position (the judge's answer)."""
        ...

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event]) -> None: ...


class Phase2Module(Protocol):
    """What a phase-2 style module offers."""

    def start(self, w: Working, rules: Rules, leader: int, events: list[Event]) -> None: ...

    def legal_moves(self, w: Working, rules: Rules) -> list[Move]: ...

    def judge(self, w: Working, rules: Rules, seat: int, move: Move) -> Reason: ...

    def explain(self, w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Reason:
        """The reason for a move listed by `legal_moves(w, rules)` for this position (the judge's answer)."""
        ...

    def apply(self, w: Working, rules: Rules, seat: int, move: Move, events: list[Event]) -> None: ...


_PHASE1: dict[Phase1Style, Phase1Module] = {
    Phase1Style.TWO_CARD: phase1,
    Phase1Style.EVERYONE: phase1_all,
    Phase1Style.TURNED_TRUMP: phase1_trump,
    Phase1Style.BEAT_OR_TAKE: phase1_beat,
}
_PHASE2: dict[Phase2Style, Phase2Module] = {Phase2Style.TRICKS: phase2, Phase2Style.PILE: phase2_pile}


def phase1_module(rules: Rules) -> Phase1Module:
    """The module that plays phase 1 under these rules."""
    return _PHASE1[rules.phase1_style]


def phase2_module(rules: Rules) -> Phase2Module:
    """The module that plays phase 2 under these rules."""
    return _PHASE2[rules.phase2_style]
