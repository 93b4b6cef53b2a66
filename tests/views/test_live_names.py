"""The live game against the computer names its seats: each computer's seat as "dator B" with its kind, the reader's
own seat with "du"; the narration too (never a line opening with a bare letter). Pass and play is left as it is."""

from __future__ import annotations

import re

import pytest

from skitgubbe.text.table_server_words import PAGE
from skitgubbe.text.table_words import TABLE
from skitgubbe.views.controllers import PlayController
from skitgubbe.views.pass_play import PassController


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_computer_seats_named_in_board_and_narration(lang: str) -> None:
    live = PlayController(lang, {"seed": 3, "opponents": "random"})
    view = live.state()["view"]
    assert view["names"] == {s: PAGE.phrase("computer_seat", lang, seat=s) for s in view["players"][1:]}
    assert view["computers"] == dict.fromkeys(view["players"][1:], "random")
    you = f"A ({TABLE.phrase('you', lang)})"
    lines = []
    for _ in range(12):
        if view["your_turn"]:
            view = live.handle({"op": "play", "move": view["actions"][0]["move"]})["view"]
        else:
            view = live.handle({"op": "computer"})["view"]
        last = view["last"]
        lines.append(last["text"])
        assert last["text"].startswith(you if last["player"] == "A" else view["names"][last["player"]])
        assert not re.match(r"^[A-F](?! \()\b", view["status"]), view["status"]
    assert not [t for t in lines if re.match(r"^[A-F]:", t)]


def test_pass_and_play_keeps_the_people_names() -> None:
    view = PassController("sv").state()["view"]
    assert "names" not in view and "computers" not in view
