"""The people's names in a table's views: every text the phones and the projector show names a seat by who sits
there ("Anna tar upp ♦5."), a computer seat as a computer ("dator C"; the pages add its kind from the seat list
where the seat is shown), a free seat by its letter. The engine's words take the seat's name as a parameter, so the texts are worded anew with the names in
place of the letters (never a search and replace in finished text, where "A" may be an ace or an article).

`recent`: the last moves, back to the last move a person made, so the projector keeps a person's move in view
while the computers play on after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skitgubbe.engine.game import Step
from skitgubbe.replay import Frame
from skitgubbe.session import named_step_view
from skitgubbe.table.errors import say
from skitgubbe.table.room import Room
from skitgubbe.text.lang import Lang
from skitgubbe.text.session_words import SESSION
from skitgubbe.text.table_server_words import PAGE

__all__ = ["RECENT", "named_replay", "named_step", "named_texts", "recent_moves", "seat_names"]

#: the last moves shown, and before them the last move a person made if it is older (one person among five
#: computers waits 30 moves and more: chansa, picking up, new tricks)
RECENT = 4


def seat_names(room: Room, lang: Lang) -> dict[str, str]:
    """Each seat's name as the table shows it in `lang`: the person's name (with the seat's letter when two people
    share a name), a computer's ("dator C"), or the letter of a free seat."""
    seats = room.seat_list()
    taken = [s["name"] for s in seats if isinstance(s["name"], str)]
    names: dict[str, str] = {}
    for s in seats:
        seat, name = str(s["seat"]), s["name"]
        if isinstance(name, str):
            names[seat] = f"{name} ({seat})" if taken.count(name) > 1 else name
        elif s["computer"] is not None:
            names[seat] = PAGE.phrase("computer_seat", lang, seat=seat)
        else:
            names[seat] = seat
    return names


def named_step(step: Step, lang: Lang, names: Mapping[str, str], public: bool = False) -> dict[str, Any]:
    """`session.named_step_view`: the move with the seats named. `public`: worded for everyone at the table, from
    public facts only: the move and what followed, not why it was allowed (the rule and its reason can depend on
    the mover's hand)."""
    view = named_step_view(step, lang, names)
    if public:
        view["rule"], view["rule_text"] = "", ""
        view["why"] = say("why_private", lang, player=view["name"])
    return view


def recent_moves(room: Room, lang: Lang, names: Mapping[str, str], public: bool = True) -> list[dict[str, Any]]:
    """The last `RECENT` moves of the game, oldest first, each numbered (`n`, from 1) and marked when a person made
    it, after the last move a person made if that is older (so the projector keeps it in view)."""
    history = room.game.history
    start = max(0, len(history) - RECENT)
    shown = list(range(start, len(history)))
    people = {seat for seat in room.seats if seat not in room.bots}
    person = next((i for i in range(len(history) - 1, -1, -1) if history[i].player in people), None)
    if person is not None and person < start:
        shown.insert(0, person)
    moves = []
    for i in shown:
        step = history[i]
        view = named_step(step, lang, names, public)
        view["n"] = i + 1
        view["person"] = step.player in people
        moves.append(view)
    return moves


def named_texts(view: dict[str, Any], room: Room, lang: Lang, names: Mapping[str, str]) -> None:
    """The view's own texts that name a seat (the turn, the skitgubbe, who set the last card aside) worded with
    the names; `names`, `recent` and a named `last` added, both worded from public facts unless the table shows
    every hand."""
    state = room.game.state
    if state.loser is not None:
        view["status"] = SESSION.phrase("loser", lang, name=names.get(state.loser, state.loser))
    elif state.to_play is not None:
        view["status"] = SESSION.phrase("to_play", lang, name=names.get(state.to_play, state.to_play))
    aside = view.get("trump_card")
    if isinstance(aside, dict):
        view["trump_card"] = {**aside, "caption": PAGE.phrase("set_aside", lang, name=names[aside["player"]])}
    view["names"] = dict(names)
    public = not room.teacher  # at a teacher's table every hand is shown, and so is every reason
    view["last"] = named_step(room.last, lang, names, public) if room.last is not None else None
    view["recent"] = recent_moves(room, lang, names, public)


def named_replay(replay: dict[str, Any], frames: Sequence[Frame], lang: Lang, names: Mapping[str, str]) -> None:
    """A table's Replay (`skitgubbe.replay.replay_data` of `frames`) worded with the seats' names, in place: each move's narration
    (who, what, why, what followed) and its line in the move list. The Replay shows every hand, so the reasons are
    worded in full. `names` are kept in the model (`names`) for the seat heads."""
    for i, (frame, view) in enumerate(zip(frames, replay["frames"], strict=True)):
        step = frame.step
        if step is None or view.get("last") is None or not view["last"].get("legal", True):
            continue
        view["last"] = named_step(step, lang, names)
        marks = frame.markers()
        view["label"] = f"{i}. {view['last']['text']}" + (f"  {marks}" if marks else "")
    replay["names"] = dict(names)
