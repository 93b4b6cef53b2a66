"""What one seat may see: its own hand, the others' counts and what is public, in the seat's language.

Built on `skitgubbe.session.state_view` with `open=False` (other hands face down, the set-aside card hidden), plus
the last move (public), the seats, and the legal moves of this seat alone when it is its turn. A table opened with
the teacher view shows every hand to everyone (`open=True`), which all at the table know from the opening. Once the
game is over a seated phone sees every hand that is left (the game is over: nothing is hidden any more); the host's
screen, the projector, shows a hand only at a teacher's table, all game long and after it.
"""

from __future__ import annotations

from typing import Any

from skitgubbe.session import move_cards, move_kind, state_view, step_view
from skitgubbe.table.room import Room
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang

__all__ = ["seat_view"]


def seat_view(room: Room, seat: str | None, lang: Lang) -> dict[str, Any]:
    """The board as the player `seat` sees it, in `lang` (a JSON object); `None`: a watcher (the host's screen),
    who sees no hand at all unless the table shows them all."""
    game = room.game
    shown = room.teacher or (seat is not None and game.over)
    view = state_view(game.state, lang, seat=seat, open=shown, before=room.before, step=room.last)
    view["last"] = step_view(room.last, lang) if room.last is not None else None
    view["you"] = seat
    view["code"] = room.code
    view["started"] = room.started
    view["ended"] = room.ended
    view["round"] = room.round
    view["teacher"] = room.teacher
    view["seats"] = room.seat_list()
    mine = seat is not None and room.started and not room.ended and not game.over and game.to_play == seat
    view["your_turn"] = mine
    view["actions"] = (
        [
            {"kind": move_kind(m), "cards": move_cards(m), "move": str(m), "text": move_text(m, lang)}
            for m in game.legal_moves()
        ]
        if mine
        else []
    )
    view["moves"] = game.move_count
    return view
