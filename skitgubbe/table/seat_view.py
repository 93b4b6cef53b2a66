"""What one seat may see: its own hand, the others' counts and what is public, in the seat's language.

Built on `skitgubbe.session.state_view` with `open=False` (other hands face down, the set-aside card hidden), plus
the last move (public), the seats, and the legal moves of this seat alone when it is its turn. A table opened with
the teacher view shows every hand to everyone (`open=True`), which all at the table know from the opening.
"""

from __future__ import annotations

from typing import Any

from skitgubbe.session import move_cards, move_kind, state_view, step_view
from skitgubbe.table.room import Room, Seat
from skitgubbe.text.i18n import move_text

__all__ = ["seat_view"]


def seat_view(room: Room, seat: Seat) -> dict[str, Any]:
    """The board as `seat` sees it (a JSON object)."""
    game = room.game
    view = state_view(game.state, seat.lang, seat=seat.seat, open=room.teacher, before=room.before, step=room.last)
    view["last"] = step_view(room.last, seat.lang) if room.last is not None else None
    view["you"] = seat.seat
    view["code"] = room.code
    view["started"] = room.started
    view["teacher"] = room.teacher
    view["seats"] = room.seat_list()
    mine = room.started and not game.over and game.to_play == seat.seat
    view["your_turn"] = mine
    view["actions"] = (
        [
            {"kind": move_kind(m), "cards": move_cards(m), "move": str(m), "text": move_text(m, seat.lang)}
            for m in game.legal_moves()
        ]
        if mine
        else []
    )
    view["moves"] = game.move_count
    return view
