"""Issue 53, the table's phones and projector: the page where a phone types a table's code (`GET /join`), the
people's names in every text of a table's views (never the seat's letter), the last moves kept back to a person's
move, and no developer command among the words a player reads."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import escape
from typing import Any

import pytest
from starlette.testclient import TestClient

from skitgubbe.players.registry import reader_player
from skitgubbe.table.app import Hub
from skitgubbe.table.errors import TableError
from skitgubbe.table.names import RECENT, named_step, seat_names
from skitgubbe.table.pages import host_page, join_page, phone_page
from skitgubbe.table.room import Room
from skitgubbe.table.seat_view import public_view, seat_view
from skitgubbe.text.lang import Lang
from skitgubbe.text.table_server_words import PAGE, TABLE_SERVER

LANGS: list[Lang] = ["sv", "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_join_page_is_a_labelled_form_for_a_phone(lang: Lang) -> None:
    page = join_page(lang)
    assert f'<html lang="{lang}">' in page
    assert '<form class="sgs-join" method="get" action="/join">' in page
    assert f'<label for="sgs-code">{escape(PAGE.phrase("code_label", lang))}</label>' in page
    field = re.search(r'<input type="text" id="sgs-code"[^>]*>', page, re.S)
    assert field, page
    for attribute in (
        'name="code"',
        "required",
        'autocapitalize="characters"',
        'inputmode="text"',
        'autocomplete="off"',
    ):
        assert attribute in field.group(0), attribute
    assert f'name="lang" value="{lang}"' in page
    assert "<script" not in page  # a form that works without a script
    assert 'role="alert"' not in page  # no problem before a code is typed


@pytest.mark.parametrize("lang", LANGS)
def test_a_typed_code_goes_to_its_table(served: tuple[Hub, TestClient], lang: Lang) -> None:
    hub, client = served
    code = client.post("/api/tables", json={"seats": 2}).json()["code"]
    typed = f" {code[:4].lower()}-{code[4:]} "  # as a phone may type it: small letters, a dash, spaces
    answer = client.get("/join", params={"code": typed, "lang": lang}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/t/{code}?lang={lang}"
    page = client.get("/join", params={"code": code, "lang": lang})  # followed: the phone's page of the table
    assert page.status_code == 200 and '<div id="sgs-phone"></div>' in page.text and hub.rooms[code].code == code


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("typed", "status", "key"),
    [("ABCD2345", 404, "code_unknown"), ("no", 400, "code_malformed"), ("   ", 400, "code_missing")],
)
def test_a_wrong_code_is_explained_on_the_form(
    served: tuple[Hub, TestClient], lang: Lang, typed: str, status: int, key: str
) -> None:
    _, client = served
    answer = client.get("/join", params={"code": typed, "lang": lang})
    assert answer.status_code == status
    params = {"code_unknown": {"code": typed}, "code_malformed": {"code": typed, "n": 8}}.get(key, {})
    assert f'id="sgs-code-problem" role="alert">{escape(PAGE.phrase(key, lang, **params))}</p>' in answer.text
    assert 'aria-describedby="sgs-code-problem" aria-invalid="true"' in answer.text
    assert '<input type="text" id="sgs-code"' in answer.text  # the form again, to type it anew


@pytest.mark.parametrize("lang", LANGS)
def test_the_host_page_leads_to_the_join_page(served: tuple[Hub, TestClient], lang: Lang) -> None:
    assert f'<a href="/join?lang={lang}">{PAGE.phrase("to_join", lang)}</a>' in host_page(lang)
    _, client = served
    assert client.get(f"/join?lang={lang}").status_code == 200


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_is_shown_no_developer_command(lang: Lang) -> None:
    """The end of a game on a phone: the record's download says what the file is in plain words (the phone's board
    has a record, never a case file, so that is the one help line it shows)."""
    page = phone_page(lang, "ABCD2345")
    config = json.loads(page.split('id="sgs-config">')[1].split("</script>")[0])
    shown = config["board"]["words"]["record_help"]
    assert shown == PAGE.phrase("record_help", lang)
    assert "python" not in shown and "skitgubbe" not in shown


def test_seats_are_named_by_people_computers_marked() -> None:
    room = Room(seats=4, seed=5, computers="strong")
    for name in ("Anna", "Bo", "Anna"):
        room.join(name, "sv")
    assert seat_names(room, "sv") == {"A": "Anna (A)", "B": "Bo", "C": "Anna (C)", "D": "D"}  # D: free
    room.start(room.host)
    assert seat_names(room, "sv")["D"] == "dator D"
    assert seat_names(room, "en")["D"] == "computer D"
    public = public_view(room, "en")
    assert public["names"] == seat_names(room, "en")
    assert {"seat": "D", "name": None, "computer": "strong"} in public["seats"]  # its kind, for the pages


def _letters(text: str, seats: list[str]) -> list[str]:
    """The seats' letters standing alone as a word in `text` (a card's rank after its suit sign is not one)."""
    return re.findall(rf"(?<![\w♠♥♦♣])(?:{'|'.join(seats)})(?![\w♠♥♦♣])", text) if seats else []


def _texts(view: dict[str, Any]) -> Iterator[str]:
    yield view["status"]
    if view["trump_card"]:
        yield view["trump_card"]["caption"]
    for step in [view["last"], *view["recent"]] if view["last"] else view["recent"]:
        yield step["text"]
        yield step["why"]
        yield from (event["text"] for event in step["events"])


@pytest.mark.parametrize(("lang", "seed"), [("sv", 3), ("en", 8)])
def test_every_text_of_a_whole_game_names_the_people(lang: Lang, seed: int) -> None:
    """Two people and two computers play a whole game: every text of every view (the turn, the last move, its why
    and what followed, the last moves) names the people and "dator C", never a seat by its letter; the last moves
    are the last four, after the last person's move if that is older."""
    room = Room(seats=4, seed=seed, computers="random")
    people = {room.join("Anna", lang).seat: "Anna", room.join("Bo", lang).seat: "Bo"}
    room.start(room.host)
    chooser = reader_player("random", seed)
    views = 0
    while True:
        view = public_view(room, lang)  # the projector's; a phone's the same moves, its own told why
        phone = seat_view(room, "A", lang, view)["recent"]
        assert [m["n"] for m in phone] == [m["n"] for m in view["recent"]]
        for m, told in zip(view["recent"], phone, strict=True):  # the phone's own moves with why they were allowed
            step = room.game.history[m["n"] - 1]
            mine = {**named_step(step, lang, view["names"]), "n": m["n"], "person": m["person"]}
            assert told == (mine if m["player"] == "A" else m)
        named = re.compile("|".join(re.escape(n) for n in sorted(view["names"].values(), key=len, reverse=True)))
        letters = [t for text in _texts(view) for t in _letters(named.sub("", text), room.game.players)]
        assert not letters, (letters, list(_texts(view)))
        history = room.game.history
        numbers = [m["n"] for m in view["recent"]]
        last = list(range(max(0, len(history) - RECENT) + 1, len(history) + 1))
        person = max((i + 1 for i, s in enumerate(history) if s.player in people), default=0)
        assert numbers == ([person] if 0 < person < last[0] else []) + last if last else numbers == []
        assert [m["person"] for m in view["recent"]] == [history[n - 1].player in people for n in numbers]
        if history:
            assert view["recent"][-1]["text"] == view["last"]["text"]
            assert view["last"]["text"].startswith(f"{view['names'][history[-1].player]}: ")
        views += 1
        if room.game.over:
            break
        seat = room.seats[room.game.to_play or ""]
        room.play(seat, str(chooser.choose(room.game)))
        room.run_computers()
    assert views > 20
    loser = room.game.state.loser
    if loser is not None:
        assert view["status"].startswith(view["names"][loser])


def test_not_your_turn_names_the_person_to_play() -> None:
    room = Room(seats=2, seed=1, computers="random")
    eva, bo = room.join("Eva", "sv"), room.join("Bo", "sv")
    room.start(room.host)
    waiting = bo if room.game.to_play == eva.seat else eva
    with pytest.raises(TableError) as refused:
        room.play(waiting, "pick up")
    to_play = "Eva" if waiting is bo else "Bo"
    assert refused.value.text("sv") == TABLE_SERVER.phrase("not_your_turn", "sv", name=to_play)
    assert f"({to_play})" not in refused.value.text("en")
