"""Issue 44, the table server through Starlette's TestClient: whole seeded games by three phones and a computer.

Every message a phone receives is checked against the server's game at the move it shows: no card of another
player's hand that was never shown to the table (the face-down hands, the talon, the set-aside card) appears in it;
a refused move's explanation goes to the phone that tried alone, in its language; no phone can move for another
seat; a phone that reconnects with its seat token gets its seat and hand back."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from itertools import pairwise
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.moves import Play, Throw
from skitgubbe.engine.state import GameState
from skitgubbe.records.record import GameRecord
from skitgubbe.rules.options import PRESETS
from skitgubbe.table.app import Hub
from skitgubbe.table.room import Room, Seat
from skitgubbe.text.table_server_words import PAGE
from skitgubbe.views.controllers import replay_model

JSON = dict[str, Any]


def _send(phone: WebSocketTestSession, **message: object) -> None:
    phone.send_text(json.dumps(message))


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
        yield from value.split()
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _secret_from(room: Room, state: GameState, moves: int, seat: str | None) -> set[str]:
    """Codes of the cards in other hands at `state` never laid on the table in the first `moves` moves."""
    shown = {
        str(c) for step in room.game.history[:moves] if isinstance(step.move, (Play, Throw)) for c in step.move.cards
    }
    if state.trump_card is not None and state.trump is not None:
        shown.add(str(state.trump_card[1]))  # turned up at the deal: public
    return {str(c) for name, cards in state.hands.items() if name != seat for c in cards} - shown


_REPLAYS: dict[str, tuple[Game, list[GameState]]] = {}


def _state_at(room: Room, moves: int) -> GameState:
    """The state after the game's first `moves` moves, from a replay kept per game and extended."""
    replay, states = _REPLAYS.setdefault(room.code, (room.game.restart(), [room.game.restart().state]))
    for step in room.game.history[len(states) - 1 : moves]:
        replay.play(step.move, step.player)
        states.append(replay.state)
    return states[moves]


def _check_view(room: Room, message: JSON, seat: str | None) -> None:
    """A phone's view (`seat`) or the host's screen's (`None`): its own hand only, none of the host's, no card of
    another hand that was never shown; once the game is over a phone sees what is left of every hand, the host's
    screen still none."""
    assert message["type"] == "view", message
    view = message["view"]
    assert view["you"] == seat
    state = _state_at(room, view["moves"])
    if seat is not None:
        assert view["hands"][seat]["cards"] == [str(c) for c in state.hands[seat]]
    if view["over"] and seat is not None:
        assert all(hand["cards"] == [str(c) for c in state.hands[name]] for name, hand in view["hands"].items())
        return
    assert all(hand["cards"] is None for name, hand in view["hands"].items() if name != seat)
    leaked = set(_strings(message)) & _secret_from(room, state, view["moves"], seat)
    assert not leaked, f"{seat or 'the host screen'} was sent {leaked}"


def _open(client: TestClient, hub: Hub, **spec: object) -> tuple[Room, str]:
    answer = client.post("/api/tables", json=spec).json()
    assert answer["ok"] and answer["link"] == f"http://testserver/t/{answer['code']}"
    return hub.rooms[answer["code"]], answer["host"]


def _seat_phones(client: TestClient, room: Room, names: list[tuple[str, str]], stack: Any) -> dict[str, Any]:
    phones: dict[str, Any] = {}
    for name, lang in names:
        phone = stack.enter_context(client.websocket_connect(f"/ws/{room.code}"))
        _send(phone, op="join", name=name, lang=lang)
        seated = phone.receive_json()
        assert seated["type"] == "seated"
        phones[seated["seat"]] = phone
        for seat, other in phones.items():
            _check_view(room, other.receive_json(), seat)
    return phones


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [3, 11])
def test_whole_games_send_no_phone_another_hand(served: tuple[Hub, TestClient], preset: str, seed: int) -> None:
    from contextlib import ExitStack

    hub, client = served
    room, host = _open(client, hub, rules=preset, seats=4, seed=seed, computers="random")
    with ExitStack() as stack:
        phones = _seat_phones(client, room, [("Eva", "sv"), ("Bo", "en"), ("Siv", "sv")], stack)
        screen = stack.enter_context(client.websocket_connect(f"/ws/{room.code}?lang=sv"))  # the projector
        _send(screen, op="watch", host=host)
        for seat, phone in [*phones.items(), (None, screen)]:
            _check_view(room, phone.receive_json(), seat)
        assert client.post(f"/api/tables/{room.code}/start", json={"host": host}).json() == {"ok": True}
        views = {seat: phone.receive_json() for seat, phone in phones.items()}
        for seat, view in views.items():
            _check_view(room, view, seat)
        _check_view(room, screen.receive_json(), None)
        chooser = random.Random(seed)
        while not room.game.over:
            turn = room.game.to_play
            assert turn in phones, "a computer seat was left to move"
            actions = views[turn]["view"]["actions"]
            assert actions and all(a["move"] for a in actions)
            waiting = next(s for s in phones if s != turn)
            _send(phones[waiting], op="play", move=actions[0]["move"])  # not its turn: refused, to it alone
            refused = phones[waiting].receive_json()
            assert refused["type"] == "error" and room.seats[turn].name in refused["message"]  # named
            _send(phones[turn], op="play", move=chooser.choice(actions)["move"])
            views = {seat: phone.receive_json() for seat, phone in phones.items()}
            for seat, view in views.items():
                _check_view(room, view, seat)
            _check_view(room, screen.receive_json(), None)
        assert all(view["view"]["over"] and view["view"]["loser"] == room.game.state.loser for view in views.values())


def test_a_refused_move_is_explained_to_the_mover_alone_in_their_language(served: tuple[Hub, TestClient]) -> None:
    from contextlib import ExitStack

    hub, client = served
    room, host = _open(client, hub, seats=2, seed=4)
    with ExitStack() as stack:
        phones = _seat_phones(client, room, [("Eva", "sv"), ("Bo", "en")], stack)
        client.post(f"/api/tables/{room.code}/start", json={"host": host})
        views = {seat: phone.receive_json()["view"] for seat, phone in phones.items()}
        turn = room.game.to_play
        assert turn is not None
        legal = {a["move"] for a in views[turn]["actions"]}
        other = next(s for s in room.game.players if s != turn)
        foreign = str(room.game.state.hands[other][0])  # a card of the other hand: not the mover's to play
        before = room.game.state
        _send(phones[turn], op="play", move=foreign)
        refused = phones[turn].receive_json()
        assert refused["type"] in ("refused", "error") and foreign not in legal
        assert room.game.state == before
        if refused["type"] == "refused":
            assert refused["rule"] and refused["why"]
        # a move written for the other seat, sent by the phone whose turn it is: refused, nothing changes
        _send(phones[turn], op="play", move=f"{other}: {sorted(legal)[0]}")
        named = phones[turn].receive_json()
        assert named["type"] == "error" and f"'{other}'" in named["message"] and room.game.state == before
        # the other phone got nothing: its next message is the view after a real move
        _send(phones[turn], op="play", move=sorted(legal)[0])
        assert phones[other].receive_json()["view"]["moves"] == 1
        assert phones[turn].receive_json()["type"] == "view"


def test_a_phone_cannot_sit_twice_or_play_before_the_start(served: tuple[Hub, TestClient]) -> None:
    from contextlib import ExitStack

    hub, client = served
    room, _host = _open(client, hub, seats=2, seed=2)
    with ExitStack() as stack:
        phones = _seat_phones(client, room, [("Eva", "en")], stack)
        phone = phones["A"]
        _send(phone, op="join", name="Eva again", lang="en")
        assert "already have a seat" in phone.receive_json()["message"]
        _send(phone, op="play", move="9C")
        assert "not started" in phone.receive_json()["message"]
        stranger = stack.enter_context(client.websocket_connect(f"/ws/{room.code}"))
        _send(stranger, op="play", move="9C")
        assert "Take a seat first" in stranger.receive_json()["message"]
        _send(stranger, op="resume", token="not-a-token")
        assert "token does not belong" in stranger.receive_json()["message"]
        _send(stranger, op="join", name="Bo", lang="sv")
        assert stranger.receive_json()["type"] == "seated"
        third = stack.enter_context(client.websocket_connect(f"/ws/{room.code}?lang=sv"))
        _send(third, op="join", name="Siv", lang="sv")
        assert "fullt" in third.receive_json()["message"]  # not seated yet: worded in its connection's language
    assert client.post(f"/api/tables/{room.code}/start", json={"host": "guess"}).status_code == 403
    assert not room.started


def test_the_seat_token_gets_the_seat_and_hand_back(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    room, host = _open(client, hub, seats=3, seed=9)
    with client.websocket_connect(f"/ws/{room.code}") as phone:
        _send(phone, op="join", name="Eva", lang="sv")
        token = phone.receive_json()["token"]
        hand = phone.receive_json()["view"]["hands"]["A"]["cards"]
    client.post(f"/api/tables/{room.code}/start", json={"host": host})
    with client.websocket_connect(f"/ws/{room.code}?lang=sv") as again:  # the page it is on now: Swedish
        _send(again, op="resume", token=token)
        assert again.receive_json() == {"type": "seated", "seat": "A", "token": token}
        view = again.receive_json()["view"]
        assert view["you"] == "A" and view["started"] and view["lang"] == "sv"
        assert view["hands"]["A"]["count"] == len(room.game.state.hands["A"])
        assert hand is not None and len(hand) == 3


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"seats": 7}, "2 to 6 seats"),
        ({"seats": True}, "2 to 6 seats"),
        ({"computers": "genius"}, "computers must be one of random, sensible, strong"),
        ({"rules": "nonsense"}, "rules cannot be used"),
        ({"seed": -1}, "rules cannot be used"),
    ],
)
def test_a_table_that_cannot_be_opened_is_refused(served: tuple[Hub, TestClient], spec: JSON, words: str) -> None:
    hub, client = served
    answer = client.post("/api/tables", json=spec)
    assert answer.status_code == 400 and words in answer.json()["error"] and not hub.rooms
    swedish = client.post("/api/tables?lang=sv", json=spec).json()["error"]
    assert swedish != answer.json()["error"]


def test_unknown_tables_and_bad_bodies(served: tuple[Hub, TestClient]) -> None:
    _hub, client = served
    assert client.post("/api/tables/ZZZZZZZZ/start", json={}).status_code == 404
    assert "cannot be read" in client.post("/api/tables", content=b'{"seats": 2, "seats": 3}').json()["error"]
    assert "too big" in client.post("/api/tables", content=b" " * 5000).json()["error"]
    with client.websocket_connect("/ws/NOPE") as phone:
        assert "no table" in phone.receive_json()["message"]


def test_the_teacher_view_shows_every_hand_to_everyone(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    room, _host = _open(client, hub, seats=2, seed=1, teacher=True)
    with client.websocket_connect(f"/ws/{room.code}") as phone:
        _send(phone, op="join", name="Eva", lang="en")
        phone.receive_json()
        view = phone.receive_json()["view"]
        assert view["teacher"] and all(hand["cards"] is not None for hand in view["hands"].values())


def test_the_host_screen_of_a_teacher_table_shows_every_hand(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    room, host = _open(client, hub, seats=3, seed=5, teacher=True, computers="random")
    with client.websocket_connect(f"/ws/{room.code}") as screen:
        _send(screen, op="watch", host=host)
        view = screen.receive_json()["view"]
        assert view["you"] is None and view["teacher"]
        assert all(
            hand["cards"] == [str(c) for c in room.game.state.hands[name]] for name, hand in view["hands"].items()
        )
        client.post(f"/api/tables/{room.code}/start", json={"host": host})  # computers play every seat
        view = screen.receive_json()["view"]
        assert view["over"] and all(hand["cards"] is not None for hand in view["hands"].values())


def test_the_finished_game_is_replayed_with_its_record(served: tuple[Hub, TestClient]) -> None:
    hub, client = served
    room, host = _open(client, hub, seats=3, seed=8, computers="random")
    with client.websocket_connect(f"/ws/{room.code}") as phone:
        _send(phone, op="join", name="Eva", lang="sv")
        phone.receive_json()
        phone.receive_json()
        answer = client.get(f"/api/tables/{room.code}/replay?lang=sv")
        assert answer.status_code == 403 and "slut" in answer.json()["error"]  # not before the end
        client.post(f"/api/tables/{room.code}/start", json={"host": host})
        chooser = random.Random(8)
        view = phone.receive_json()["view"]
        while not view["over"]:
            _send(phone, op="play", move=chooser.choice(view["actions"])["move"])
            view = phone.receive_json()["view"]
    answer = client.get(f"/api/tables/{room.code}/replay?lang=sv").json()
    assert answer["ok"] and answer["round"] == 1 and "take_over" not in answer["replay"]
    frames = answer["replay"]["frames"]
    assert answer["replay"]["lang"] == "sv" and len(frames) == room.game.move_count + 1
    assert frames[-1]["loser"] == room.game.state.loser == view["loser"]
    dealt = frames[0]["hands"]
    assert all(dealt[name]["cards"] == [str(c) for c in room.game.restart().state.hands[name]] for name in dealt)
    assert answer["record"] == room.record().to_dict()
    assert client.get(f"/api/tables/{room.code}/replay?lang=sv").json() == answer and len(hub.replays) == 1  # kept
    assert client.post(f"/api/tables/{room.code}/restart", json={"host": host}).json()["ok"]
    assert client.get(f"/api/tables/{room.code}/replay").status_code == 403  # the next deal is on


@pytest.mark.parametrize(("lang", "computer"), [("sv", "dator C"), ("en", "computer C")])
def test_the_tables_replay_names_the_people(served: tuple[Hub, TestClient], lang: str, computer: str) -> None:
    """The Replay at the end of a table's game names each seat as the table does: each move's narration and its
    line in the move list say "Eva", "Bo" and "dator C" where the site's Replay of the same record says A, B, C."""
    hub, client = served
    room, host = _open(client, hub, seats=3, seed=5, computers="random")
    with ExitStack() as stack:
        phones = _seat_phones(client, room, [("Eva", lang), ("Bo", lang)], stack)
        assert client.post(f"/api/tables/{room.code}/start", json={"host": host}).json()["ok"]
        chooser = random.Random(5)
        views = {seat: phone.receive_json()["view"] for seat, phone in phones.items()}
        while not views["A"]["over"]:
            mover = next(seat for seat, view in views.items() if view["actions"])
            _send(phones[mover], op="play", move=chooser.choice(views[mover]["actions"])["move"])
            views = {seat: phone.receive_json()["view"] for seat, phone in phones.items()}
    answer = client.get(f"/api/tables/{room.code}/replay?lang={lang}").json()
    names = {"A": "Eva", "B": "Bo", "C": computer}
    assert answer["ok"] and answer["replay"]["names"] == names
    frames = answer["replay"]["frames"]
    assert len(frames) == room.game.move_count + 1
    said = " ".join(" ".join([f["last"]["why"], *(e["text"] for e in f["last"]["events"])]) for f in frames[1:])
    for i, (frame, step) in enumerate(zip(frames[1:], room.game.history, strict=True), start=1):
        name = names[step.player]
        assert frame["last"]["player"] == step.player and frame["last"]["text"].startswith(f"{name}: "), frame["last"]
        assert frame["label"].startswith(f"{i}. {name}: "), frame["label"]
    assert {s.player for s in room.game.history} == {"A", "B", "C"}
    assert "Eva" in said and "Bo" in said and computer in said  # the reasons and what followed name them too
    site = replay_model(room.record(), lang, move_list=True)["frames"]  # the site's Replay: no names to give
    assert site[1]["last"]["text"].startswith(f"{room.game.history[0].player}: ") and "names" not in site[0]


@pytest.mark.parametrize("teacher", [False, True])
def test_a_seat_view_is_the_public_view_with_its_own_hand(teacher: bool) -> None:
    """The public view worked out once per change and language, and each seat's view from it, are what the board
    of that seat alone would be (`state_view` from its seat), at every move of a whole game."""
    from skitgubbe.players.registry import reader_player
    from skitgubbe.session import state_view
    from skitgubbe.table.seat_view import public_view, seat_view

    room = Room("pagat", 3, 4, "random", teacher)
    room.seats = {p: Seat(p, p * 8, p, "en") for p in room.game.players}
    room.started = True
    chooser = reader_player("random", 4)
    while True:
        for lang in ("sv", "en"):
            public = public_view(room, lang)
            for seat in [None, *room.game.players]:
                view = seat_view(room, seat, lang, public)
                shown = teacher or (seat is not None and room.game.over)
                alone = state_view(room.game.state, lang, seat=seat, open=shown, before=room.before, step=room.last)
                if alone["trump_card"]:  # the table's shorter caption (the projector's big words): who set it aside
                    holder = alone["trump_card"]["player"]
                    alone["trump_card"]["caption"] = PAGE.phrase("set_aside", lang, name=holder)
                assert {key: view[key] for key in alone} == alone
                assert view["you"] == seat and view["your_turn"] == (seat is not None and seat == room.game.to_play)
                assert bool(view["actions"]) == view["your_turn"]
            assert public["you"] is None and public["actions"] == []  # not changed by the seats' views
        assert room.record() == GameRecord.of(room.game, seed=room.game_seed)  # its moves' text kept, extended
        if room.game.over:
            break
        assert isinstance(room.play(room.seats[room.game.to_play or ""], str(chooser.choose(room.game))), Step)


def test_the_computers_let_the_other_tables_move_between_their_moves() -> None:
    """After a phone's move the computers play one move at a time, and the event loop serves others between two
    (a strong player's search holds the interpreter while it runs)."""
    import asyncio

    hub = Hub()
    room = Room("pagat", 4, 2, "random")
    seat = room.join("Eva", "en")
    room.start(room.host)
    assert room.game.to_play == seat.seat
    order: list[str] = []
    one_move = room.computer_step

    def counted() -> Step | None:
        step = one_move()
        order.append("move" if step is not None else "done")
        return step

    room.computer_step = counted  # type: ignore[method-assign]

    async def other_table() -> None:
        while not order or order[-1] != "done":
            order.append("other")
            await asyncio.sleep(0)

    async def both() -> None:
        assert isinstance(room.play(seat, str(room.game.legal_moves()[0])), Step)
        await asyncio.gather(hub.run_computers(room), other_table())

    # a loop of its own in a thread of its own: a browser test before this one in the same worker leaves
    # Playwright's loop running in this thread
    failures: list[BaseException] = []
    runner = threading.Thread(target=lambda: _run_catching(both, failures))
    runner.start()
    runner.join()
    if failures:
        raise failures[0]
    moves = [i for i, what in enumerate(order) if what == "move"]
    assert len(moves) >= 2 and all("other" in order[a:b] for a, b in pairwise(moves))
    assert room.game.over or room.game.to_play == seat.seat


def _run_catching(main: Any, failures: list[BaseException]) -> None:
    """`asyncio.run(main())`, any exception kept in `failures` (for a test that runs it in a thread)."""
    import asyncio

    try:
        asyncio.run(main())
    except BaseException as failure:
        failures.append(failure)
