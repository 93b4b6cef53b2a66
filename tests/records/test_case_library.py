"""The library of disputed cases (skitgubbe/records/cases/*.json), `check --compare`, the chapter and the checker.

EXPECTED states every library case's verdicts under every preset as data: per preset, (legal, rule id) for each move
judged, up to and with the first illegal one. They were computed once with the engine and then checked by hand
against the sources' rules (docs/disputed-points.md); a change in the engine that alters one must be argued, not pasted.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import REPO, CliResult, cli

from skitgubbe.errors import RecordError
from skitgubbe.records import caselib
from skitgubbe.records.caselib import POINTS, by_point, get, ids, library, say
from skitgubbe.records.compare import compare, verdict_table
from skitgubbe.records.record import Case, judge_case
from skitgubbe.rules import PRESETS
from skitgubbe.views.compare import comparison_html, comparison_text, gallery_html

CASES = REPO / "skitgubbe" / "records" / "cases"
BOOK = REPO / "book"
LANGS = ("sv", "en")
L, X = True, False

EXPECTED: dict[str, dict[str, list[tuple[bool, str]]]] = {
    "d1-everyone-plays": {
        "pagat": [(L, "p1.lead"), (L, "p1.answer"), (X, "game.turn")],
        "kortspelsregler": [(L, "p1.lead"), (L, "p1.answer"), (X, "game.turn")],
        "strikt": [(L, "p1.lead"), (L, "p1.answer"), (X, "game.turn")],
        "alla-spelar": [(L, "p1.all.lead"), (L, "p1.all.play"), (L, "p1.all.play")],
        "uppslagen-trumf": [(L, "p1.lead"), (L, "p1.trump.trump-void"), (X, "game.turn")],
        "specialkort": [(L, "p1.beat.lead"), (L, "p1.beat.must-beat"), (L, "p1.beat.must-beat")],
    },
    "d1-pair-lead": {
        "pagat": [(X, "p1.one-card")],
        "kortspelsregler": [(X, "p1.one-card")],
        "strikt": [(X, "p1.one-card")],
        "alla-spelar": [(L, "p1.all.lead"), (L, "p1.all.play"), (L, "p1.all.play")],
        "uppslagen-trumf": [(X, "p1.one-card")],
        "specialkort": [(X, "p1.one-card")],
    },
    "d1-take-up": {
        "pagat": [(L, "p1.lead"), (X, "p1.no-pick-up")],
        "kortspelsregler": [(L, "p1.lead"), (X, "p1.no-pick-up")],
        "strikt": [(L, "p1.lead"), (X, "p1.no-pick-up")],
        "alla-spelar": [(L, "p1.all.lead"), (X, "p1.no-pick-up")],
        "uppslagen-trumf": [(L, "p1.lead"), (L, "p1.trump.pick-up"), (L, "p1.lead")],
        "specialkort": [(L, "p1.beat.lead"), (X, "p1.beat.must-beat")],
    },
    "d2-chansa-last-card": {
        "pagat": [(L, "p1.chansa"), (X, "p1.chansa.not-last")],
        "kortspelsregler": [(L, "p1.chansa"), (X, "p1.chansa.not-last")],
        "strikt": [(L, "p1.chansa"), (X, "p1.chansa.not-last")],
        "alla-spelar": [(L, "p1.chansa"), (X, "p1.chansa.not-last")],
        "uppslagen-trumf": [(X, "p1.trump.no-chansa")],
        "specialkort": [(X, "p1.beat.no-chansa")],
    },
    "d3-answerer-empty": {
        "pagat": [(L, "p1.lead"), (X, "game.turn")],
        "kortspelsregler": [(L, "p1.lead"), (L, "p1.answer"), (L, "p1.lead"), (L, "p1.answer")],
        "strikt": [(L, "p1.lead"), (L, "p1.answer"), (L, "p1.lead"), (L, "p1.answer")],
        "alla-spelar": [(L, "p1.all.lead"), (X, "game.turn")],
        "uppslagen-trumf": [(L, "p1.lead"), (X, "game.turn")],
        "specialkort": [(L, "p1.beat.lead"), (X, "game.turn")],
    },
    "d3-leader-empty": {
        "pagat": [(X, "game.turn")],
        "kortspelsregler": [(L, "p1.lead"), (L, "p1.answer"), (L, "p1.lead"), (L, "p1.answer")],
        "strikt": [(L, "p1.lead"), (L, "p1.answer"), (L, "p1.lead"), (L, "p1.answer")],
        "alla-spelar": [(X, "game.turn")],
        "uppslagen-trumf": [(X, "game.turn")],
        "specialkort": [(X, "game.turn")],
    },
    "d4-sequence": {
        "pagat": [(X, "p2.one-card")],
        "kortspelsregler": [(L, "p2.sequence"), (L, "p2.sequence"), (L, "p2.pick-up.last-play")],
        "strikt": [(X, "p2.one-card")],
        "alla-spelar": [(X, "p2.one-card")],
        "uppslagen-trumf": [(X, "p2.one-card")],
        "specialkort": [(X, "p2.one-card")],
    },
    "klover-9": {
        "pagat": [(L, "p2.lead"), (X, "p2.one-card")],
        "kortspelsregler": [
            (L, "p2.lead"),
            (L, "p2.sequence"),
            (L, "p2.pick-up.last-play"),
            (L, "p2.follow-suit"),
            (L, "p2.sequence"),
        ],
        "strikt": [(L, "p2.lead"), (X, "p2.one-card")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.one-card")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.one-card")],
        "specialkort": [(L, "p2.lead"), (X, "p2.one-card")],
    },
    "d5-free-trump": {
        "pagat": [(L, "p2.lead"), (L, "p2.free-trump")],
        "kortspelsregler": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.free-trump")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.free-trump")],
        "specialkort": [(L, "p2.lead"), (X, "p2.trump-when-unable")],
    },
    "d5-lower-in-suit": {
        "pagat": [(L, "p2.lead"), (L, "p2.free-trump")],
        "kortspelsregler": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.free-trump")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.free-trump")],
        "specialkort": [(L, "p2.lead"), (L, "p2.trump-when-unable")],
    },
    "d5-overtrump": {
        "pagat": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.beat.higher-trump")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.follow-suit"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (L, "p2.follow-suit"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.beat.higher-trump")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.beat.higher-trump")],
        "specialkort": [(L, "p2.lead"), (L, "p2.trump-when-unable"), (L, "p2.pile.beat")],
    },
    "d5-void": {
        "pagat": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.pick-up.top-card")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.follow-suit"), (L, "p2.pick-up.last-play")],
        "strikt": [(L, "p2.lead"), (L, "p2.follow-suit"), (L, "p2.pick-up.top-card")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.pick-up.top-card")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.beat.trump"), (L, "p2.pick-up.top-card")],
        "specialkort": [(L, "p2.lead"), (L, "p2.trump-when-unable"), (L, "p2.pile.pick-up")],
    },
    "d6-pick-up-when-able": {
        "pagat": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "strikt": [(L, "p2.lead"), (X, "p2.must-beat")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "specialkort": [(L, "p2.lead"), (X, "p2.pile.must-play")],
    },
    "d6-trump-only": {
        "pagat": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "strikt": [(L, "p2.lead"), (X, "p2.must-beat")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.pick-up.optional"), (L, "p2.lead")],
        "specialkort": [(L, "p2.lead"), (X, "p2.pile.must-play")],
    },
    "d7-one-card-or-pile": {
        "pagat": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.pick-up.top-card"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
        ],
        "kortspelsregler": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.pick-up.last-play"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
        ],
        "strikt": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.pick-up.top-card"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
        ],
        "alla-spelar": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.pick-up.top-card"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
        ],
        "uppslagen-trumf": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.pick-up.top-card"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
        ],
        "specialkort": [
            (L, "p2.lead"),
            (L, "p2.pile.beat"),
            (L, "p2.pile.pick-up"),
            (L, "p2.lead"),
            (L, "p2.pile.beat"),
        ],
    },
    "d7-sequence-picked-up": {
        "pagat": [(L, "p2.lead"), (X, "p2.one-card")],
        "kortspelsregler": [
            (L, "p2.lead"),
            (L, "p2.sequence"),
            (L, "p2.pick-up.last-play"),
            (L, "p2.pick-up.last-play"),
            (L, "p2.lead"),
        ],
        "strikt": [(L, "p2.lead"), (X, "p2.one-card")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.one-card")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.one-card")],
        "specialkort": [(L, "p2.lead"), (X, "p2.one-card")],
    },
    "d8-plays-or-cards": {
        "pagat": [(L, "p2.lead"), (X, "p2.one-card")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.sequence"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "strikt": [(L, "p2.lead"), (X, "p2.one-card")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.one-card")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.one-card")],
        "specialkort": [(L, "p2.lead"), (X, "p2.one-card")],
    },
    "d9-completer-out": {
        "pagat": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "strikt": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "specialkort": [(L, "p2.lead"), (L, "p2.pile.beat"), (L, "p2.pile.beat"), (X, "p2.pile.beat")],
    },
    "d10-2-players": {
        "pagat": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "kortspelsregler": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "strikt": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "alla-spelar": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "uppslagen-trumf": [(L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead"), (L, "p2.beat.suit"), (L, "p2.lead")],
        "specialkort": [(L, "p2.lead"), (L, "p2.pile.beat"), (X, "game.turn")],
    },
    "d10-6-players": {
        "pagat": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.lead"),
        ],
        "kortspelsregler": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.lead"),
        ],
        "strikt": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.lead"),
        ],
        "alla-spelar": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.lead"),
        ],
        "uppslagen-trumf": [
            (L, "p2.lead"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.beat.suit"),
            (L, "p2.lead"),
        ],
        "specialkort": [
            (L, "p2.lead"),
            (L, "p2.pile.beat"),
            (L, "p2.pile.beat"),
            (L, "p2.pile.beat"),
            (L, "p2.pile.beat"),
            (L, "p2.pile.beat"),
            (X, "game.turn"),
        ],
    },
    "d11-four-of-a-kind": {
        "pagat": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "kortspelsregler": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "specialkort": [(L, "p2.lead"), (L, "p2.pile.beat"), (L, "p2.pile.beat"), (L, "p2.pile.beat"), (L, "p2.lead")],
    },
    "d11-ten-burns": {
        "pagat": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "kortspelsregler": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "specialkort": [(L, "p2.lead"), (L, "p2.pile.ten"), (L, "p2.lead")],
    },
    "d11-two-resets": {
        "pagat": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "kortspelsregler": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "strikt": [(L, "p2.lead"), (X, "p2.follow-suit")],
        "alla-spelar": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "uppslagen-trumf": [(L, "p2.lead"), (X, "p2.beat-or-pick-up")],
        "specialkort": [(L, "p2.lead"), (L, "p2.pile.two"), (L, "p2.pile.two")],
    },
}

#: The klöver 9 acceptance: kortspelsregler all legal, pagat and strikt illegal from B's three-card play.
KLOVER_9_MOVES = ["A: 9C", "B: QC KC AC", "C: pick up", "A: 4H", "B: 7H 8H"]


def run(*args: str) -> CliResult:
    return cli(*args)


# -- the library ------------------------------------------------------------------------------------------------
def test_every_library_file_has_expected_verdicts_and_back() -> None:
    files = sorted(p.stem for p in CASES.glob("*.json"))
    assert files == sorted(ids()), "caselib.library() must load every file of skitgubbe/records/cases/"
    assert sorted(EXPECTED) == files, "every library case needs its verdicts in EXPECTED (and only those)"


def test_every_point_has_a_case_and_the_klover_9_case_is_in_the_library() -> None:
    for point in POINTS:
        assert by_point(point), f"no library case for {point}"
    k9 = get("klover-9")
    assert k9.point == "D4" and list(k9.data["moves"]) == KLOVER_9_MOVES and k9.data["rules"] == "kortspelsregler"


@pytest.mark.parametrize("case_id", sorted(EXPECTED))
def test_library_case_verdicts_under_every_preset(case_id: str) -> None:
    case = get(case_id)
    expected = EXPECTED[case_id]
    assert list(expected) == list(PRESETS), "state the verdicts under every preset, in PRESETS order"
    comparison = compare(case)
    assert not comparison.errors, comparison.errors
    assert comparison.table() == expected
    for preset, verdicts in expected.items():
        # judging stops at the first illegal move; all moves are judged otherwise
        legal = [ok for ok, _ in verdicts]
        assert all(legal[:-1]), f"{preset}: an illegal move must be the last one judged"
        assert legal[-1] is False or len(verdicts) == len(case.data["moves"]), preset


@pytest.mark.parametrize("case_id", sorted(EXPECTED))
def test_library_file_shape(case_id: str) -> None:
    path = CASES / f"{case_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["id"] == case_id and data["point"] in POINTS
    for key in ("title", "question"):
        assert set(data[key]) == set(LANGS) and all(data[key][lang].strip() for lang in LANGS)
        for lang in LANGS:
            say(data[key][lang], lang)  # card slots such as {9C} must be real cards
    if "notes" in data:
        assert set(data["notes"]) == set(LANGS)
    assert data["rules"] in PRESETS  # the rules the moves are meant under: a preset, by name
    case = Case.load(path)  # the file is a case file `check` accepts as it is
    assert case.extra["id"] == case_id


def test_card_slots_are_written_in_the_language() -> None:
    assert say("{QC KC AC} på {9C}", "sv") == "♣D ♣K ♣E på ♣9"
    assert say("{QC KC AC} on {9C}", "en") == "♣Q ♣K ♣A on ♣9"
    assert "♣D ♣K ♣E" in get("klover-9").text("question", "sv")


def test_library_lookup_errors_name_the_known_cases() -> None:
    with pytest.raises(KeyError, match="klover-9"):
        get("no-such-case")
    with pytest.raises(KeyError, match="D11"):
        by_point("D12")
    points = [int(c.point[1:]) for c in library().values()]
    assert points == sorted(points)


def test_a_library_file_whose_id_differs_from_its_name_is_refused(tmp_path: Path) -> None:
    data = json.loads((CASES / "d5-void.json").read_text(encoding="utf-8"))
    path = tmp_path / "other-name.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="file name"):
        caselib.load_file(path)
    path.write_text(json.dumps({**data, "id": "other-name", "point": "D12"}), encoding="utf-8")
    with pytest.raises(RecordError, match="point"):
        caselib.load_file(path)
    path.write_text(json.dumps({**data, "id": "other-name", "title": {"sv": "bara svenska"}}), encoding="utf-8")
    with pytest.raises(RecordError, match="title"):
        caselib.load_file(path)


def test_case_json_is_a_plain_case_file() -> None:
    data = json.loads(get("klover-9").case_json())
    assert not set(data) & set(caselib.LIBRARY_KEYS)
    assert judge_case(Case.load(data)).all_legal


# -- check --compare ------------------------------------------------------------------------------------------------
def _cells(line: str) -> list[str]:
    return [c.strip() for c in re.split(r"\s{2,}", line.strip())]


def test_compare_cli_klover_9_text() -> None:
    result = run("check", str(CASES / "klover-9.json"), "--compare")
    assert result.returncode == 1, result.stderr
    out = result.stdout
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("Move"))
    assert header.split() == ["Move", *PRESETS]
    # a row per move (verdicts), each followed by a line of rule ids
    row = next(i for i, line in enumerate(lines) if line.startswith("B: ♣Q ♣K ♣A"))
    verdicts = dict(zip(PRESETS, _cells(lines[row])[1:]))
    rules = dict(zip(PRESETS, _cells(lines[row + 1])))
    assert verdicts["kortspelsregler"] == "✓ legal"
    assert verdicts["pagat"] == verdicts["strikt"] == "✗ illegal"
    assert rules["kortspelsregler"] == "p2.sequence" and rules["pagat"] == rules["strikt"] == "p2.one-card"
    first = dict(zip(PRESETS, _cells(next(line for line in lines if line.startswith("A: ♣9")))[1:]))
    assert set(first.values()) == {"✓ legal"}
    last = next(line for line in lines if line.startswith("B: ♥7 ♥8"))
    assert last.count("— not reached") == len(PRESETS) - 1 and "✓ legal" in last
    assert "pagat, move 2 (B: ♣Q ♣K ♣A)" in out and "strikt, move 2" in out
    sv = run("check", str(CASES / "klover-9.json"), "--compare", "--lang", "sv")
    assert sv.returncode == 1 and "ej tillåtet" in sv.stdout and "prövas inte" in sv.stdout
    assert "I fas 2 spelar man ett kort i taget" in sv.stdout and sv.stdout.startswith("Klöver 9\n")


def test_compare_cli_klover_9_json() -> None:
    result = run("check", str(CASES / "klover-9.json"), "--compare", "--json")
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["presets"] == list(PRESETS) and data["all_legal"] is False
    assert [(m["player"], m["move"]) for m in data["moves"]] == [tuple(t.split(": ")) for t in KLOVER_9_MOVES]
    column = {p: [m["verdicts"][p] for m in data["moves"]] for p in PRESETS}
    assert [v["legal"] for v in column["kortspelsregler"]] == [True] * 5
    for preset in ("pagat", "strikt"):
        assert column[preset][0]["legal"] is True
        assert column[preset][1]["legal"] is False and column[preset][1]["rule"] == "p2.one-card"
        assert column[preset][2:] == [None, None, None]
        assert data["results"][preset]["first_illegal"] == 1
    assert set(column["pagat"][1]) == {"legal", "rule", "explanation"}
    result_k = data["results"]["kortspelsregler"]
    assert result_k["all_legal"] is True and result_k["state"]["to_play"] == "B" and result_k["state"]["table"] == []


def test_compare_cli_exit_0_when_every_preset_finds_every_move_legal() -> None:
    assert verdict_table(get("d5-void")) == EXPECTED["d5-void"]
    result = run("check", str(CASES / "d5-void.json"), "--compare")
    assert result.returncode == 0, result.stderr
    assert "Every rule set finds every move legal." in result.stdout


@pytest.mark.parametrize(
    "mutate, where",
    [
        (lambda c: "{not json", "bad JSON"),
        (lambda c: {**c, "hands": {**c["hands"], "A": ["9C", "4H", "ZZ"]}}, "hands.A[2]"),
        (lambda c: {**c, "hands": {**c["hands"], "A": ["9C", "4H", "QC"]}}, "appears twice"),
        (lambda c: {**c, "moves": ["X: 9C"]}, "moves[0]"),
        (lambda c: {**c, "rules": "nosuch"}, "unknown preset"),
        (lambda c: {**c, "rules": {"preset": "pagat", "colour": 1}}, "unknown rule option"),
        (lambda c: {**c, "surprise": 1}, "surprise"),
    ],
)
def test_compare_cli_bad_files_exit_2(tmp_path: Path, mutate, where) -> None:  # type: ignore[no-untyped-def]
    data = get("klover-9").case_data()
    path = tmp_path / "case.json"
    changed = mutate(data)
    path.write_text(changed if isinstance(changed, str) else json.dumps(changed, ensure_ascii=False), encoding="utf-8")
    for extra in ((), ("--json",)):
        result = run("check", str(path), "--compare", *extra)
        assert result.returncode == 2, result.stdout
        assert where in result.stderr and result.stdout == ""


def test_compare_cli_refuses_rules_with_compare() -> None:
    result = run("check", str(CASES / "klover-9.json"), "--compare", "--rules", "pagat")
    assert result.returncode == 2 and "--compare" in result.stderr


def test_plain_check_reads_library_files_under_their_own_rules() -> None:
    assert run("check", str(CASES / "klover-9.json")).returncode == 0
    assert run("check", str(CASES / "d2-chansa-last-card.json")).returncode == 1


def test_a_position_one_preset_cannot_set_up_is_a_column_of_its_own() -> None:
    # a phase-1 case naming its turned-up trump: only uppslagen-trumf shows the trump in phase 1; every other preset
    # refuses the field (issue 12: a phase-1 case with `trump` is refused), each in a column of its own
    case = {
        "rules": "uppslagen-trumf",
        "players": ["A", "B"],
        "phase": 1,
        "trump": "H",
        "to_play": "A",
        "hands": {"A": ["9C"], "B": ["3D"]},
        "talon": ["4H", "5H"],
        "moves": ["A: 9C"],
    }
    comparison = compare(case)
    others = [name for name in PRESETS if name != "uppslagen-trumf"]
    assert list(comparison.errors) == others and comparison.presets == tuple(PRESETS)
    assert "trump: belongs to a phase-2 case" in comparison.errors["pagat"]
    assert comparison.verdicts("pagat") == [] and not comparison.everywhere_legal
    assert comparison.all_legal("uppslagen-trumf") and comparison.parts_ways
    assert "cannot be set up" in comparison_text(comparison, "en")
    assert "the position cannot be set up" in comparison_html(comparison, "en")
    data = comparison.to_dict()
    assert data["results"]["pagat"]["error"] and data["moves"][0]["verdicts"]["pagat"] is None


def test_comparison_html_marks_unreached_moves_and_explains() -> None:
    comparison = compare(get("klover-9"), lang="sv")
    html = comparison_html(comparison, "sv", explain=True)
    assert html.count("— prövas inte") == 3 * (len(PRESETS) - 1)
    assert "<details" in html and "I fas 2 spelar man ett kort i taget" in html
    assert "B: ♣D ♣K ♣E" in html


# -- the chapter and the checker page ---------------------------------------------------------------------------
def _notebook(lang: str, page: str) -> list[dict]:  # type: ignore[type-arg]
    return json.loads((BOOK / lang / f"{page}.ipynb").read_text(encoding="utf-8"))["cells"]


def _code_cells(lang: str, page: str) -> list[str]:
    return ["".join(c["source"]) for c in _notebook(lang, page) if c["cell_type"] == "code"]


def _markdown(lang: str, page: str) -> str:
    return "\n".join("".join(c["source"]) for c in _notebook(lang, page) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("lang", LANGS)
def test_the_chapter_shows_every_library_case_from_the_library(lang: str) -> None:
    cells = _code_cells(lang, "disputes")
    shown = [m.group(1) for cell in cells for m in re.finditer(r'^show\("([^"]+)"\)$', cell, re.M)]
    assert sorted(shown) == sorted(ids()), "every library case is drawn by exactly one show(...) cell"
    assert any("overview_html(LANG)" in cell for cell in cells)
    # the tables are computed: the setup cell builds them from the library with the engine
    setup = cells[0]
    assert "case_html(get(case_id), LANG)" in setup and f'LANG = "{lang}"' in setup
    replays = [m.groups() for cell in cells for m in re.finditer(r'^replay_under\("([^"]+)", "([^"]+)"\)$', cell, re.M)]
    assert {get(case_id).point for case_id, _ in replays} == set(POINTS)  # a Replay for every point
    for case_id, preset in replays:
        assert preset in PRESETS
        assert compare(get(case_id)).parts_ways, f"{case_id}: a Replay where the presets part ways"


@pytest.mark.parametrize("lang", LANGS)
def test_the_chapter_has_a_labelled_section_per_point(lang: str) -> None:
    text = _markdown(lang, "disputes")
    for point in POINTS:
        label = f"{lang}-dispute-{point.lower()}"
        # the anchor the overview table (compare.overview_html) links to, and the table's link to the heading
        assert f'<a id="{label}"></a>' in text and re.search(rf"\]\(#{point.lower()}-", text), point
    assert "kortspelsregler.com" not in text.replace("kortspelsregler\\.com", ""), "write kortspelsregler\\.com"


@pytest.mark.parametrize("lang", LANGS)
def test_the_checker_page_shows_the_checker(lang: str) -> None:
    assert "checker(LANG)" in _code_cells(lang, "checker")


# -- the checker widget ---------------------------------------------------------------------------------------
def test_checker_widget_loads_cases_and_explains_bad_input() -> None:
    pytest.importorskip("anywidget")
    from skitgubbe.views.widgets import Checker

    def table(result: dict) -> dict:
        return {v["preset"]: [(m["legal"], m["rule"]) for m in v["moves"]] for v in result["verdicts"]}

    checker = Checker("en")
    assert checker.result["ok"] and table(checker.result) == EXPECTED["klover-9"]
    checker.load("d11-ten-burns")
    assert table(checker.result) == EXPECTED["d11-ten-burns"]
    assert json.loads(checker.widget.case_text)["moves"] == ["A: KS", "B: 10H", "B: 8C"]
    assert checker.check("[1, 2]") is False and "one JSON object" in checker.result["error"]
    assert checker.check('{"rules": "pagat"') is False and "JSON" in checker.result["error"]
    data = get("klover-9").case_data()
    assert checker.check(json.dumps({**data, "hands": {**data["hands"], "A": ["9C", "9C"]}})) is False
    assert "appears twice" in checker.result["error"]
    assert checker.check(json.dumps({**data, "moves": ["A: 9C", "B: QC KC"]})) is True
    verdicts = table(checker.result)
    assert verdicts["pagat"] == [(True, "p2.lead"), (False, "p2.one-card")]
    assert verdicts["kortspelsregler"] == [(True, "p2.lead"), (True, "p2.sequence")]
    sv = Checker("sv", case_id="d5-void")
    assert sv.result["ok"] and all(v["legal"] for v in sv.result["verdicts"])
    assert sv.check("{") is False and sv.result["error"].startswith("Fallet går inte att använda")


def test_checker_in_the_static_build_is_the_cli_and_a_gallery(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("anywidget")
    from skitgubbe.views.widgets import checker

    monkeypatch.setenv("SKITGUBBE_STATIC_BUILD", "1")
    for lang in LANGS:
        html = checker(lang).data
        assert "sg-needs-kernel" in html and "python -m skitgubbe check --compare" in html
        for case_id in ids():
            assert f'data-case="{case_id}"' in html
        assert html.count('class="sg-compare"') == len(ids())
    monkeypatch.delenv("SKITGUBBE_STATIC_BUILD")
    assert checker("en").mode == "checker"


def test_gallery_shows_each_case_file_and_its_command() -> None:
    html = gallery_html("en", point="D4")
    assert html.count("<section") == 2 and "klover-9.json" in html and "d4-sequence.json" in html
    assert "python -m skitgubbe check --compare klover-9.json --lang en" in html
