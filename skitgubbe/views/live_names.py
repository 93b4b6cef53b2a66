"""The seats' names in the live game against the computer: a computer's seat named as the table server's phones
name it ("dator B") with its kind beside, the reader's own seat "A (du)" in the
narration (the board's head says "du"). The move's texts are worded anew with the names (`session.named_step_view`), never
by a search and replace in finished text (where "A" may be an ace or an article)."""

from __future__ import annotations

from typing import Any

from skitgubbe.session import Session, named_step_view, step_view
from skitgubbe.text.lang import Lang
from skitgubbe.text.session_words import SESSION
from skitgubbe.text.table_server_words import PAGE
from skitgubbe.text.table_words import TABLE

__all__ = ["name_seats"]


def name_seats(view: dict[str, Any], session: Session, lang: Lang) -> dict[str, Any]:
    """`view` (the reader's board, changed in place and returned) with `names` (each computer's seat: "dator B"),
    `computers` (each computer's seat: its kind's id), and its status and last move worded with the names."""
    game = session.game
    you = session.seat
    if game is None or you is None:
        return view
    opponents = session.opponents
    computers = {seat: opponents if isinstance(opponents, str) else opponents[seat] for seat in session.bots}
    names = {seat: PAGE.phrase("computer_seat", lang, seat=seat) for seat in computers}
    view["names"] = names
    view["computers"] = computers
    told = {**names, you: f"{you} ({TABLE.phrase('you', lang)})"}
    state = game.state
    if state.loser is not None:
        view["status"] = SESSION.phrase("loser", lang, name=told.get(state.loser, state.loser))
    elif state.to_play is not None:
        view["status"] = SESSION.phrase("to_play", lang, name=told.get(state.to_play, state.to_play))
    last = view.get("last")
    if last is None:
        return view
    step = game.history[-1] if game.history else None
    if last.get("legal") and step is not None and step_view(step, lang)["text"] == last["text"]:
        view["last"] = named_step_view(step, lang, told)
    elif last["text"].startswith(f"{last['player']}:"):
        view["last"] = {**last, "text": told.get(last["player"], last["player"]) + last["text"][len(last["player"]) :]}
    return view
