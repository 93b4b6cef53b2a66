"""What happens when a move is applied: events and verdicts, each citing a rule (worded through `skitgubbe.wording`)."""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, NamedTuple

from skitgubbe.engine.cards import Card
from skitgubbe.wording import words


class EventKind(Enum):
    """Every kind of event the engine reports."""

    CHANSA_CARD = "chansa-card"  # the turned talon card
    DREW = "drew"
    SET_ASIDE = "set-aside"  # the last talon card laid face down
    TIE = "tie"  # stunsa
    TRICK_WON = "trick-won"  # phase 1
    TRICK_RETURNED = "trick-returned"  # an open phase-1 trick given back
    PHASE1_OVER = "phase1-over"
    TRUMP_REVEALED = "trump-revealed"
    PICKED_UP = "picked-up"
    TABLE_EMPTY = "table-empty"
    TRICK_TURNED = "trick-turned"  # phase 2
    LEADS = "leads"  # phase 2: who leads after a completed trick
    OUT = "out"
    LOSER = "loser"
    REPLAY = "replay"  # everyone plays: several share the highest rank and play again
    THROW_WINDOW = "throw-window"  # everyone plays: the trick is decided; throwing on before it is turned
    THROWN = "thrown"  # cards thrown on a trick (slänga på)
    TAKEN = "taken"  # phase 1: a card from the table taken into hand
    RESET = "reset"  # pile game: a two resets the pile
    BURNED = "burned"  # pile game: a ten or four of a kind burns the pile


class Event(NamedTuple):
    """One consequence of a move: its kind, the rule that caused it, who and which cards it concerns.

    (Immutable; a NamedTuple rather than a frozen dataclass because games create millions of them.)"""

    kind: EventKind
    rule: str
    player: str | None = None
    cards: tuple[Card, ...] = ()
    # a field that shadows tuple.count, which nothing here uses
    count: int = 0  # type: ignore[assignment]
    players: tuple[str, ...] = ()  # several players at once (a replay among tied players)

    def text(self, lang: str = "en") -> str:
        """The event in Swedish (`sv`) or English (`en`), worded by the text layer."""
        return words(self, lang)


class Reason(NamedTuple):
    """Why a move is legal or illegal: the deciding rule, a message key and its parameters."""

    rule: str
    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        """The reason in Swedish (`sv`) or English (`en`), worded by the text layer."""
        return words(self, lang)


#: Builds a Reason, Event or Step from the full tuple of its fields, skipping the NamedTuple's Python-level
#: constructor: `record(Event, (kind, rule, player, cards, count, players))`. For the engine's hot paths.
record: Final = tuple.__new__

#: The event kinds of the hot paths as module constants (`Final`: the compiled engine reads them directly, not
#: through the enum class).
EV_CHANSA_CARD: Final = EventKind.CHANSA_CARD
EV_DREW: Final = EventKind.DREW
EV_TIE: Final = EventKind.TIE
EV_TRICK_WON: Final = EventKind.TRICK_WON
EV_PICKED_UP: Final = EventKind.PICKED_UP
EV_TABLE_EMPTY: Final = EventKind.TABLE_EMPTY
EV_TRICK_TURNED: Final = EventKind.TRICK_TURNED
EV_LEADS: Final = EventKind.LEADS
EV_OUT: Final = EventKind.OUT
#: The record types themselves, for `record(REASON, (rule, key, params))` and
#: `record(EVENT, (kind, rule, player, cards, count, players))` in the hot paths.
REASON: Final = Reason
EVENT: Final = Event


#: The fields of a reason, `(rule, key, params)`, as the hot paths make them: `record(REASON, why)` is the `Reason`.
Why = tuple[Any, ...]


#: What `judge(..., explain=False)` gives a legal move: the verdict only, one shared value, no reason built (the
#: caller that wants the reason asks again with `explain`, as `Game`'s record does when someone asks).
LEGAL: Final = Reason("", "")


def reason(rule: str, key: str, **params: Any) -> Reason:
    return Reason(rule, key, tuple(params.items()))
