"""What one seat may see: its own hand, the others' counts and what is public, in the seat's language.

Built on `skitgubbe.session.state_view` with `open=False` (other hands face down, the set-aside card hidden), plus
the last move (public), the seats, every text naming a seat by who sits there (`skitgubbe.table.names`), the last
moves, and the legal moves of this seat alone when it is its turn. A table opened with
the teacher view shows every hand to everyone (`open=True`), which all at the table know from the opening. Once the
game is over a seated phone sees every hand that is left (the game is over: nothing is hidden any more); the host's
screen, the projector, shows a hand only at a teacher's table, all game long and after it.

The last move's narration is worded from public facts only: who moved, what was laid or taken, what followed.
Why the engine allowed it (the rule and its reason) can depend on the mover's hand ("cannot beat, so picks up"
against "picks up though able to beat"), so only the mover's own view carries it, unless every hand is shown.

After a change the server works out the public view once per language (`public_view`: the host's screen's view
whole) and each seat's view from it (`seat_view`), which adds that seat's hand and, on its turn, its moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skitgubbe.engine.cards import Card
from skitgubbe.session import move_cards, move_kind, state_view
from skitgubbe.table.names import named_step, named_texts, seat_names
from skitgubbe.table.room import Room
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang

__all__ = ["public_view", "seat_view"]


def public_view(room: Room, lang: Lang) -> dict[str, Any]:
    """The board as the table sees it in `lang` (a JSON object): no hand unless the table shows them all; the
    host's screen's view, and what every seat's view shares."""
    game = room.game
    view = state_view(game.state, lang, seat=None, open=room.teacher, before=room.before, step=room.last)
    view["you"] = None
    view["code"] = room.code
    view["started"] = room.started
    view["ended"] = room.ended
    view["round"] = room.round
    view["teacher"] = room.teacher
    view["seats"] = room.seat_list()
    view["your_turn"] = False
    view["actions"] = []
    view["moves"] = game.move_count
    named_texts(view, room, lang, seat_names(room, lang))
    return view


def _told(move: dict[str, Any], room: Room, seat: str, lang: Lang, names: Mapping[str, str]) -> dict[str, Any]:
    """One of `recent`'s moves as `seat` reads it: its own moves with why they were allowed."""
    if move["player"] != seat or room.teacher:
        return move
    return {**named_step(room.game.history[move["n"] - 1], lang, names), "n": move["n"], "person": move["person"]}


def seat_view(room: Room, seat: str | None, lang: Lang, public: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The board as the player `seat` sees it, in `lang` (a JSON object); `None`: a watcher (the host's screen),
    who sees no hand at all unless the table shows them all. `public`: this change's `public_view` in `lang`, if
    already worked out (it is not changed)."""
    shared = public if public is not None else public_view(room, lang)
    view = dict(shared)
    if seat is None:
        return view
    game = room.game
    state = game.state
    if game.over and not room.teacher:  # the game is over: every hand left is shown to the seats
        view["hands"] = {name: _hand(state.hands.get(name, ())) for name in state.players}
    else:
        view["hands"] = {**shared["hands"], seat: _hand(state.hands.get(seat, ()))}
    # the last moves (the phone's history puts in each once: several can come in one change); the phone's own told why
    view["recent"] = [_told(m, room, seat, lang, shared["names"]) for m in shared["recent"]]
    view["seat"] = seat
    view["you"] = seat
    if room.last is not None and room.last.player == seat and not room.teacher:
        view["last"] = named_step(room.last, lang, shared["names"])  # the mover alone is told why
    mine = room.started and not room.ended and not game.over and game.to_play == seat
    view["your_turn"] = mine
    if mine:
        view["actions"] = [
            {"kind": move_kind(m), "cards": move_cards(m), "move": str(m), "text": move_text(m, lang)}
            for m in game.legal_moves()
        ]
    return view


def _hand(cards: Sequence[Card]) -> dict[str, Any]:
    return {"count": len(cards), "cards": [str(c) for c in cards]}
