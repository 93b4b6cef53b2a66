"""A property test over random requests of the live protocol, in both builds.

Random sequences of the browser worker's bridge calls (`controllers.open_controller` with any deal options,
`controllers.controller_message` to a live game and to the checker) and of `PlayController.handle` messages, good
ones mixed with values of every wrong kind (strings for numbers, 1e21, infinity, NaN, huge integers, unknown names,
deep nesting): no exception escapes, every answer survives a strict JSON round-trip, no answer is an internal
error, and a refused request leaves the game's JSON view as it was (a refused *move* changes only `last`, its
explanation).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability import PHASE2, pytest_in_source_build
from tiers import examples

from skitgubbe.session import Session
from skitgubbe.views import controllers
from skitgubbe.views.controllers import PlayController
from skitgubbe.views.live import bridge

SETTINGS = settings(max_examples=examples(60), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

DEEP: Any = []
for _ in range(200):
    DEEP = [DEEP]
#: values of every wrong kind, offered wherever a value goes
ODD = st.sampled_from(
    ["x", "", 1e21, 1e300, float("inf"), float("-inf"), float("nan"), 10**40, -1, 2**53, True, None, [], {}, DEEP, 2.0]
)
SEEDS = st.one_of(st.integers(0, 50), ODD)
SEATS = st.one_of(st.sampled_from(["A", "B", "C", "D", "Z"]), ODD)
MOVES = st.one_of(st.sampled_from(["9C", "pick up", "chansa", "throw 9D", "pass", "A: 2C", "", "QC KC AC"]), ODD)
SPECS = st.fixed_dictionaries(
    {},
    optional={
        "seed": SEEDS,
        "seat": SEATS,
        "players": st.one_of(st.integers(1, 7), st.just(["Ann", "Bo"]), st.just(["A" * 41, "B"]), ODD),
        "rules": st.one_of(st.sampled_from(["pagat", "strikt", "nope", {"preset": "strikt"}, {"preset": None}]), ODD),
        "opponents": st.one_of(st.sampled_from(["random", "sensible", "genius"]), ODD),
        "lang": st.one_of(st.sampled_from(["sv", "en", "de"]), ODD),
    },
)
FRAMES = st.fixed_dictionaries(
    {"case": st.one_of(st.just(PHASE2), ODD)},
    optional={"upto": st.one_of(st.integers(-1, 7), ODD), "seat": SEATS, "seed": SEEDS, "opponents": ODD},
)
#: (what, value): `open` a live game with these deal options, a `message` to it, or a `check` message to the checker
CALLS = st.one_of(
    st.builds(lambda s: ("open", s), st.one_of(SPECS, ODD)),
    st.builds(lambda f: ("message", {"op": "take_over", "frame": f}), st.one_of(FRAMES, ODD)),
    st.builds(lambda o: ("message", {"op": "open", "value": o}), st.one_of(st.booleans(), ODD)),
    st.builds(lambda m: ("message", {"op": "play", "move": m}), MOVES),
    st.just(("message", {"op": "legal-move"})),  # the test plays one of the reader's legal moves
    st.just(("message", {"op": "computer"})),
    st.builds(lambda c: ("check", {"op": "edit", "case": c}), st.one_of(st.just(PHASE2), ODD)),
    st.builds(lambda op: ("message", {"op": op}), ODD),
)


def _strict(answer: Any) -> None:
    text = json.dumps(answer, allow_nan=False, sort_keys=True)
    assert json.loads(text) == answer
    assert "internal error" not in text.lower() and "internt fel" not in text.lower(), text


def _view(session: Session) -> Any:
    return None if session.game is None else session.view(open=True)


def _call(name: str, args: dict[str, Any]) -> Any:
    """One call through the worker's bridge, as the page makes it (JSON text in; NaN and Infinity as JSON's
    non-standard tokens, which the bridge's strict reader refuses); the answer is strict JSON."""
    answer = json.loads(bridge.call(name, json.dumps(args)))
    _strict(answer)
    return answer


@SETTINGS
@given(st.sampled_from(["sv", "en"]), st.lists(CALLS, min_size=1, max_size=12))
def test_random_bridge_calls(lang: str, calls: list[Any]) -> None:
    key = f"properties-{lang}"
    assert _call("controllers.open_controller", {"kind": "play", "lang": lang, "key": key, "seed": 4})["ok"]
    assert _call("controllers.open_controller", {"kind": "checker", "lang": lang, "key": key + "-checker"})["ok"]
    for what, value in calls:
        controller = controllers.CONTROLLERS[key]
        assert isinstance(controller, PlayController)
        if what == "open":
            options = copy.deepcopy(value) if isinstance(value, dict) else {"options": copy.deepcopy(value)}
            answer = _call("controllers.open_controller", {"lang": lang, **options, "kind": "play", "key": key})
            if not answer["ok"]:  # refused: the game under that key goes on as it was
                assert controllers.CONTROLLERS[key] is controller
            continue
        if what == "check":
            _call("controllers.controller_message", {"key": key + "-checker", "message": copy.deepcopy(value)})
            continue
        if value["op"] == "legal-move":
            actions = controller.session.legal_actions() if controller.session.game else []
            value = {"op": "play", "move": actions[0]["move"] if actions else "9C"}
        before = _view(controller.session)
        answer = _call("controllers.controller_message", {"key": key, "message": copy.deepcopy(value)})
        after = _view(controller.session)
        changes = answer["result"] if answer["ok"] else {}
        if "view" not in changes:  # refused (or nothing to do): the view is as it was
            assert after == before, value
        elif value["op"] == "play" and before is not None and after is not None and after["moves"] == before["moves"]:
            assert {**after, "last": None} == {**before, "last": None}, value  # a refused move: only `last` is new
        for _ in range(300):  # let the computer seats move, as the page does
            if not controller.computer_to_move:
                break
            _call("controllers.controller_message", {"key": key, "message": {"op": "computer"}})


GOOD_OPTIONS = st.sampled_from(
    [("seed", 7), ("seed", "12"), ("players", 4), ("rules", "strikt"), ("opponents", "random")]
)
BAD_OPTIONS = st.tuples(st.sampled_from(["seed", "players", "rules", "opponents"]), ODD)
MESSAGES = st.one_of(
    st.builds(lambda m: ({"op": "play", "move": m}, False), MOVES),
    st.just(({"op": "computer"}, False)),
    st.just(({"op": "new"}, False)),
    st.builds(lambda kv: ({"op": "option", "key": kv[0], "value": kv[1]}, False), GOOD_OPTIONS),
    st.builds(lambda kv: ({"op": "option", "key": kv[0], "value": kv[1]}, kv != ("rules", {})), BAD_OPTIONS),
    st.builds(lambda v: ({"op": "open", "value": v}, not isinstance(v, bool)), st.one_of(st.booleans(), ODD)),
    st.builds(lambda f: ({"op": "take_over", "frame": f}, False), st.one_of(FRAMES, ODD)),
    st.builds(lambda op: ({"op": op}, False), ODD),
)


@SETTINGS
@given(st.sampled_from(["sv", "en"]), st.lists(MESSAGES, min_size=1, max_size=10))
def test_random_controller_messages(lang: str, messages: list[tuple[Any, bool]]) -> None:
    controller = PlayController(lang, {"seed": 3})
    _strict(controller.state())
    for message, refused in messages:
        before = (json.dumps(controller.options, sort_keys=True), _view(controller.session))
        answer = controller.handle(copy.deepcopy(message))
        _strict(answer)
        if refused:
            assert (json.dumps(controller.options, sort_keys=True), _view(controller.session)) == before, message
            assert answer.get("message"), answer
        for _ in range(300):  # let the computer seats move, as the page does
            if not controller.computer_to_move:
                break
            _strict(controller.handle({"op": "computer"}))


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_properties_hold_in_the_source_build(tmp_path: Path) -> None:
    result = pytest_in_source_build(
        tmp_path,
        [Path(__file__).resolve()],
        "-k",
        "random or build_it_means",
        env={"SKITGUBBE_EXPECT_SOURCE": "1"},
        timeout=880,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "3 passed" in result.stdout, result.stdout[-2000:]


def test_this_run_uses_the_build_it_means() -> None:
    import skitgubbe

    if os.environ.get("SKITGUBBE_EXPECT_SOURCE"):
        assert not skitgubbe.COMPILED and "source-build" in skitgubbe.__file__
