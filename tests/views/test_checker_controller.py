"""The checker's controller (views/controllers.py CheckerController) and its position editor (views/case_editor.py),
in CPython: the ops the front end sends (place, take, set, move, undo, new, edit, check, house, fragment), the address
fragment both ways, the house-rules verdict, and bad input said in the page's language with the case kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import REPO, cli

from skitgubbe.records.caselib import get, ids
from skitgubbe.rules.options import PRESETS
from skitgubbe.views import case_editor
from skitgubbe.views.controllers import CheckerController, controller_message, open_controller


def roundtrip(value: object) -> object:
    text = json.dumps(value, ensure_ascii=False)
    assert json.loads(text) == value
    return value


def legal(changes: dict) -> dict[str, bool]:
    return {v["preset"]: v["legal"] for v in changes["result"]["verdicts"]}


def cli_legal(case: dict, tmp_path: Path) -> tuple[int, dict[str, bool]]:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case, ensure_ascii=False), encoding="utf-8")
    run = cli("check", str(path), "--compare", "--json")
    assert run.returncode in (0, 1), run.stderr
    data = json.loads(run.stdout)
    return run.returncode, {p: r["all_legal"] for p, r in data["results"].items()}


def build(lang: str = "en") -> CheckerController:
    """An empty phase-2 position, then the klöver 9 hands tapped in card by card."""
    c = CheckerController(lang)
    c.state()
    c.handle({"op": "new"})
    c.handle({"op": "set", "field": "rules", "value": "kortspelsregler"})
    for player, cards in {"A": "9C 4H 2S", "B": "QC KC AC 7H 8H 3D", "C": "10C JC 5D"}.items():
        for code in cards.split():
            changes = c.handle({"op": "place", "card": code, "to": f"hand:{player}"})
            assert not changes["editor"]["problem"], changes["editor"]["problem"]
    return c


def test_state_has_every_key_and_the_first_case_judged() -> None:
    c = CheckerController("sv")
    state = roundtrip(c.state())
    for key in ("mode", "words", "deck", "presets", "cases", "case_id", "case_text", "result", "editor"):
        assert key in state, key
    assert len([k for k in state["deck"] if k != "back"]) == 52
    assert state["presets"] == list(PRESETS)
    assert legal(state)["kortspelsregler"] and not legal(state)["pagat"]
    assert state["editor"]["fragment"].startswith("case=") and state["editor"]["house"] is None


def test_building_the_klover_9_case_by_taps_equals_the_library_case(tmp_path: Path) -> None:
    c = build()
    assert c.case["hands"] == get("klover-9").case_data()["hands"]
    for move in ("A: 9C", None, "C: pick up", "A: 4H", None):
        if move is None:  # B's sequences from taps: player, kind, cards
            cards = ["QC", "KC", "AC"] if "C: pick up" not in c.case["moves"] else ["7H", "8H"]
            changes = c.handle({"op": "move", "player": "B", "kind": "play", "cards": cards})
        else:
            changes = c.handle({"op": "move", "text": move})
        assert not changes["editor"]["problem"], changes["editor"]["problem"]
    assert c.case["moves"] == get("klover-9").case_data()["moves"]
    code, expected = cli_legal(c.case, tmp_path)
    assert code == 1 and legal(changes) == expected
    assert legal(changes)["kortspelsregler"] and not legal(changes)["pagat"]
    # the entry state after every legal move under the case's own rules: who acts, each hand
    entry = changes["editor"]["entry"]
    assert entry["exact"] and entry["to_play"] == changes["result"]["verdicts"][1]["moves"][-1]["player"] == "B"
    assert entry["hands"]["B"] == ["3D"] and entry["kinds"]
    # undo takes the last move off; the case text and fragment follow
    undone = c.handle({"op": "undo"})
    assert c.case["moves"][-1] == "A: 4H"
    assert json.loads(undone["case_text"]) == c.case
    assert case_editor.read_fragment(undone["editor"]["fragment"])[0] == c.case


def test_a_card_is_in_one_place_only_and_a_tap_takes_it_back() -> None:
    c = build()
    c.handle({"op": "place", "card": "♣9", "to": "hand:B"})  # any notation; moves from A to B
    assert "9C" not in c.case["hands"]["A"] and c.case["hands"]["B"][-1] == "9C"
    assert c.model["editor"]["places"]["9C"] == "hand:B"
    c.handle({"op": "take", "card": "9C"})
    assert "9C" not in c.model["editor"]["places"]
    assert all("9C" not in cards for cards in c.case["hands"].values())


def test_phase_1_talon_won_and_trump_card_places() -> None:
    c = CheckerController("en")
    c.state()
    c.handle({"op": "new"})
    changes = c.handle({"op": "set", "field": "phase", "value": 1})
    assert c.case["phase"] == 1 and "trump" not in c.case
    for code in ("AD", "7S"):
        c.handle({"op": "place", "card": code, "to": "talon"})
    for player, cards in {"A": "5C 8D QH", "B": "3S 6C JD", "C": "4H 9S KC"}.items():
        for code in cards.split():
            changes = c.handle({"op": "place", "card": code, "to": f"hand:{player}"})
    assert c.case["talon"] == ["AD", "7S"]  # the last tapped is the bottom card: the trump card
    c.handle({"op": "move", "player": "A", "kind": "chansa"})
    changes = c.handle({"op": "move", "player": "B", "kind": "chansa"})
    data = get("d2-chansa-last-card").case_data()
    assert {k: v for k, v in c.case.items() if k != "rules"} == {k: v for k, v in data.items() if k != "rules"}
    assert legal(changes) == {
        v["preset"]: v["legal"]
        for v in roundtrip(c.check(get("d2-chansa-last-card").case_json()))["result"]["verdicts"]
    }
    c.handle({"op": "place", "card": "2C", "to": "won:A"})
    c.handle({"op": "place", "card": "2D", "to": "trump_card:C"})
    assert c.case["won"] == {"A": ["2C"]} and c.case["trump_card"] == {"player": "C", "card": "2D"}
    back = c.handle({"op": "set", "field": "phase", "value": 2})
    assert "talon" not in c.case and "won" not in c.case and c.case["trump"] == "D"  # the trump card's suit
    assert back["result"]["ok"] in (True, False)


def test_players_two_to_six_keep_names_and_cards() -> None:
    c = build()
    c.handle({"op": "set", "field": "players", "value": 5})
    assert c.case["players"] == ["A", "B", "C", "D", "E"] and c.case["hands"]["A"] == ["9C", "4H", "2S"]
    changes = c.handle({"op": "set", "field": "players", "value": 2})
    assert c.case["players"] == ["A", "B"] and "C" not in c.case["hands"]
    bad = c.handle({"op": "set", "field": "players", "value": 7})
    assert "2 to 6" in bad["editor"]["problem"] and c.case["players"] == ["A", "B"]
    assert changes["result"]["ok"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_bad_input_is_said_in_the_language_and_nothing_is_lost(lang: str) -> None:
    c = build(lang)
    c.handle({"op": "move", "text": "A: 9C"})
    before = json.loads(json.dumps(c.case))
    unreadable = c.handle({"op": "move", "text": "B: hoppla"})
    assert c.case == before
    assert ("går inte att läsa" if lang == "sv" else "cannot be read") in unreadable["editor"]["problem"]
    assert "hoppla" in unreadable["editor"]["problem"]
    stranger = c.handle({"op": "move", "text": "Q: 9C"})
    assert "Q" in stranger["editor"]["problem"] and c.case == before
    nothing = c.handle({"op": "move", "player": "B", "kind": "play", "cards": []})
    assert nothing["editor"]["problem"] and c.case == before
    # a card written twice in the text: said, naming the card and both places
    text = json.dumps({**before, "hands": {**before["hands"], "C": [*before["hands"]["C"], "4H"]}})
    twice = c.handle({"op": "check", "text": text})
    assert not twice["result"]["ok"] and "4H" in twice["result"]["error"]
    assert any("4H" in t and ("A" in t and "C" in t) for t in twice["editor"]["twice"])
    # text that is not JSON: the case of the editor stays, the text stays as typed
    broken = c.handle({"op": "check", "text": "{ not json"})
    assert broken["case_text"] == "{ not json" and not broken["result"]["ok"]
    assert broken["result"]["error"].startswith("Fallet går inte att använda" if lang == "sv" else "The case cannot")
    assert c.case["hands"] == json.loads(text)["hands"]
    # a position the engine refuses (two players' moves on an unknown seat)
    refused = c.handle({"op": "edit", "case": {**before, "to_play": "Z"}})
    assert not refused["result"]["ok"] and "Z" in refused["result"]["error"]
    assert c.handle({"op": "edit", "case": [1]})["editor"]["problem"]
    c.handle({"op": "edit", "case": before})
    assert c.handle({"op": "undo"})["editor"]["problem"] == "" and c.case["moves"] == []
    assert c.handle({"op": "place", "card": "XX", "to": "hand:A"})["editor"]["problem"]
    assert c.handle({"op": "place", "card": "2C", "to": "talon"})["editor"]["problem"]  # no talon in phase 2
    assert c.handle({"op": "fly"})["editor"]["problem"]
    empty = CheckerController(lang)
    empty.state()
    empty.handle({"op": "new"})
    assert empty.handle({"op": "undo"})["editor"]["problem"]


def test_the_fragment_round_trips_and_opens_the_same_case() -> None:
    for case_id in ids():
        data = get(case_id).case_data()
        fragment = "case=" + case_editor.encode(data)
        opened = CheckerController("en", fragment="#" + fragment)
        state = opened.state()
        assert opened.case == case_editor.normalise(data)
        assert state["editor"]["fragment"] == "case=" + case_editor.encode(case_editor.normalise(data))
        assert legal(state) == {
            v["preset"]: v["legal"] for v in opened.check(get(case_id).case_json())["result"]["verdicts"]
        }
    assert "=" not in case_editor.encode({"a": "ö"}) and "+" not in case_editor.encode({"a": "~~~?"})
    assert case_editor.decode(case_editor.encode({"å": [1, 2]})) == {"å": [1, 2]}


def test_house_rules_from_the_fragment() -> None:
    spec = {"preset": "pagat", "sequences": True, "trick_complete": "plays"}
    rules_only = CheckerController("en", fragment="#rules=" + case_editor.encode(spec))
    state = rules_only.state()
    assert rules_only.case["rules"] == spec and state["editor"]["rules_choice"] == "house"
    house = state["result"]["house"]
    assert house["base"] == "pagat" and house["spec"] == spec and house["moves"]
    assert house["moves"][1]["rule"] == "p2.sequence"  # pagat with sequences allows B's QC KC AC
    assert state["editor"]["fragment"].endswith("&rules=" + case_editor.encode(spec))
    # both: the case as the link gives it, the house rules as an extra row
    case = get("klover-9").case_data()
    both = CheckerController("sv", fragment=f"#case={case_editor.encode(case)}&rules={case_editor.encode(spec)}")
    state = both.state()
    assert both.case["rules"] == "kortspelsregler" and state["result"]["house"]["spec"] == spec
    assert state["result"]["house"]["moves"][0]["rule_text"]  # the rule in words
    # a later rules= alone (the reader pasted another link): the position's rules become the house rules
    other = {"preset": "strikt"}
    pasted = both.handle({"op": "fragment", "fragment": "#rules=" + case_editor.encode(other)})
    assert both.case["rules"] == other and both.case["hands"] == case["hands"]
    assert pasted["result"]["house"]["spec"] == other
    both.handle({"op": "house", "spec": spec})
    both.handle({"op": "set", "field": "rules", "value": "kortspelsregler"})
    # choosing the house rules for the position, and dropping them
    chosen = both.handle({"op": "set", "field": "rules", "value": "house"})
    assert both.case["rules"] == spec and chosen["editor"]["rules_choice"] == "house"
    dropped = both.handle({"op": "house", "spec": None})
    assert "house" not in dropped["result"] and "rules=" not in dropped["editor"]["fragment"]
    assert both.handle({"op": "set", "field": "rules", "value": "house"})["editor"]["problem"]
    # refused house rules: the engine's reason, the earlier state kept
    refused = both.handle({"op": "house", "spec": {"preset": "nope"}})
    assert "nope" in refused["editor"]["problem"] and both.house is None


def test_a_bad_fragment_is_named_and_leaves_no_verdict() -> None:
    """A link whose case= cannot be read: said in the page's language, and no verdict of another case is shown
    (issue 24 class 1); its readable rules= part is kept as the house rules."""
    c = CheckerController("sv", fragment="#case=!!!&rules=" + case_editor.encode({"preset": "pagat"}) + "&x=1")
    state = c.state()
    problem = state["editor"]["problem"]
    assert "case=" in problem and "x=1" in problem and "hoppas över" in problem
    assert not state["result"]["ok"] and state["result"]["verdicts"] == [] and state["result"]["error"] == problem
    assert c.house == {"preset": "pagat"} and isinstance(state["case_text"], str)


def test_the_bridge_entry_points_take_a_fragment() -> None:
    fragment = "#case=" + case_editor.encode(get("d5-void").case_data())
    state = roundtrip(open_controller("checker", "en", "test-checker", fragment=fragment))
    assert state["mode"] == "checker" and state["editor"]["case"]["players"] == get("d5-void").case_data()["players"]
    changes = roundtrip(controller_message({"op": "new"}, key="test-checker"))
    assert changes["editor"]["case"]["moves"] == []


def test_the_downloaded_case_is_accepted_by_check_compare(tmp_path: Path) -> None:
    c = build()
    c.handle({"op": "move", "text": "A: 9C"})
    c.handle({"op": "move", "text": "B: QC KC AC"})
    code, expected = cli_legal(c.model["editor"]["case"], tmp_path)
    assert code == 1 and expected == legal(c.model)
    assert (REPO / "skitgubbe" / "views" / "case_editor.py").is_file()


def test_the_jupyter_widget_gets_the_editor_too() -> None:
    pytest.importorskip("anywidget")
    from skitgubbe.views.widgets import Checker

    c = Checker("sv")
    assert c.widget.editor["fragment"].startswith("case=") and c.widget.deck
    c._on_msg(c.widget, {"op": "new"}, [])
    c._on_msg(c.widget, {"op": "place", "card": "9C", "to": "hand:A"}, [])
    assert c.widget.editor["places"] == {"9C": "hand:A"}
    assert json.loads(c.widget.case_text)["hands"]["A"] == ["9C"]


def test_a_link_to_a_library_case_opens_under_its_title() -> None:
    """Issue 53: a shared link to a library case is that case (its id, so its title in the list), not "your own
    position"; a case that differs (a move left out, its own rules beside house rules) stays the reader's own."""
    for case_id in ids():
        data = get(case_id).case_data()
        assert case_editor.library_id(data) == case_id
        # in any notation and field order: the same case
        assert case_editor.library_id(dict(reversed(list(case_editor.normalise(data).items())))) == case_id
        opened = CheckerController("sv", fragment="#case=" + case_editor.encode(data))
        state = opened.state()
        assert state["case_id"] == case_id and state["result"]["ok"], case_id
        assert opened.handle({"op": "fragment", "fragment": "#case=" + case_editor.encode(data)})["case_id"] == case_id
    klover = get("klover-9").case_data()
    assert case_editor.library_id({**klover, "moves": klover["moves"][:-1]}) is None
    assert case_editor.library_id({**klover, "rules": "strikt"}) is None
    spec = {"preset": "strikt"}
    assert case_editor.library_id({**klover, "rules": spec}, spec) == "klover-9"
    assert case_editor.library_id(klover, spec) is None  # its own rules, house rules beside: as the link gives it
    own = CheckerController("en", fragment="#case=" + case_editor.encode({**klover, "moves": klover["moves"][:2]}))
    assert own.state()["case_id"] == ""
