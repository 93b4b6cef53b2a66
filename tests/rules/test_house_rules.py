"""House rules: the export the form runs on, the composed text, rules files, the address, `deal`.

The form's logic (`skitgubbe/views/house-rules-core.js`) is run in node on the exported data and must give
the engine's answers: the verdict and reason on every preset and on random combinations, the rules in play, the
composed text, the address. The page itself is tested in a real browser in `test_house_rules_form.py`.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

from skitgubbe.cli import main
from skitgubbe.engine.game import Game
from skitgubbe.errors import RulesError
from skitgubbe.records.deck_order import deck_order
from skitgubbe.rules import export
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import PRESETS, Rules
from skitgubbe.rules.rules_file import RulesFileError, load_rules_file, resolve_rules, rules_from_object
from skitgubbe.text import house_rules
from skitgubbe.text.house_rules_words import HOUSE_OPTIONS, HOUSE_WORDS

REPO = Path(__file__).resolve().parents[2]
CORE_JS = REPO / "skitgubbe" / "views" / "house-rules-core.js"
CASES = REPO / "skitgubbe" / "records" / "cases"
NODE = shutil.which("node")

combinations = st.fixed_dictionaries(
    {name: st.sampled_from(export.option_values(name)) for name in export.option_names()}
)


def _valid(values: dict[str, Any]) -> bool:
    return export.refusal(values) is None


valid_combinations = combinations.filter(_valid)


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return house_rules.export()


# -- the export ------------------------------------------------------------------------------------------------
def test_export_lists_every_option_with_values_defaults_rules_and_sources(data: dict[str, Any]) -> None:
    names = [o["name"] for o in data["options"]]
    assert sorted(names) == sorted(export.option_names())
    docs = Rules.option_docs()
    for o in data["options"]:
        assert o["rules"] == list(docs[o["name"]][1])
        assert o["defaults"] == {p: r.to_dict()[o["name"]] for p, r in PRESETS.items()}
        assert [v["value"] for v in o["values"]] == list(export.option_values(o["name"]))
        for v in o["values"]:
            assert v["label"]["sv"] and v["label"]["en"]
        for rid in o["rules"]:
            assert data["catalogue"][rid] == {
                "sv": CATALOGUE[rid].sv,
                "en": CATALOGUE[rid].en,
                "sources": list(CATALOGUE[rid].sources),
            }
    # every catalogue rule has a place in the composed text
    assert {c["rule"] for c in data["conditions"]} == set(CATALOGUE)
    # a value a preset plays names that preset's sources
    seq = next(o for o in data["options"] if o["name"] == "sequences")
    assert next(v for v in seq["values"] if v["value"] is True)["played_by"] == ["kortspelsregler"]


def test_verdict_table_is_the_engines_on_every_combination(data: dict[str, Any]) -> None:
    """All 73,728 combinations: the table says accepted exactly when `Rules(...)` accepts, with its reason."""
    table, reasons = export.verdict_table()
    total = 1
    for r in data["radix"]:
        total *= r
    assert len(table) == total == len(data["verdicts"])
    assert 0 < table.count("0") < total
    for preset_name, rules in PRESETS.items():
        assert table[export.combination_index(rules.to_dict())] == "0", preset_name
    # every reason is the engine's own text and has a Swedish rendering
    assert [r["en"] for r in data["reasons"]] == [str(r) for r in reasons]
    for r in data["reasons"]:
        assert r["sv"] and r["sv"] != r["en"]


@settings(max_examples=examples(300), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(combinations)
def test_verdict_code_matches_constructing_the_rules(values: dict[str, Any]) -> None:
    table, reasons = export.verdict_table()
    code = table[export.combination_index(values)]
    try:
        Rules.from_spec({"preset": "pagat", **values})
    except RulesError as error:
        assert code != "0" and reasons[export.CODES.index(code)] == error.phrase()
    else:
        assert code == "0"


# -- the composed text ---------------------------------------------------------------------------------------------
def _assert_names_every_option(rules: Rules, lang: str, base: str) -> None:
    text = house_rules.composed_text(rules, lang, base)
    per_option = export.option_rules(rules)
    docs = Rules.option_docs()
    for name, ids in per_option.items():
        if ids:
            for rid in ids:
                assert f"{CATALOGUE[rid].text(lang)} ({rid})" in text, (name, rid, lang)
        else:  # not in play: listed by label with the rules it would switch
            assert f"{HOUSE_OPTIONS.phrase(name, lang)}: {', '.join(docs[name][1])}" in text, (name, lang)
    for section in export.SECTIONS:
        assert HOUSE_WORDS.phrase(section, lang) in text


@pytest.mark.parametrize("preset_name", list(PRESETS))
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_composed_text_names_every_options_rule_for_every_preset(preset_name: str, lang: str) -> None:
    rules = PRESETS[preset_name]
    _assert_names_every_option(rules, lang, preset_name)
    text = house_rules.composed_text(rules, lang, preset_name)
    assert f"[{HOUSE_WORDS.phrase('differs', lang)}]" not in text  # a preset differs from nothing of its own


@pytest.mark.slow
@settings(
    max_examples=examples(150),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(valid_combinations, st.sampled_from(list(PRESETS)))
def test_composed_text_names_every_options_rule_for_random_combinations(values: dict[str, Any], base: str) -> None:
    rules = Rules.from_spec({"preset": "pagat", **values})
    for lang in ("sv", "en"):
        _assert_names_every_option(rules, lang, base)
    # a rule marked changed is exactly one the base preset's text does not hold
    base_rules = {r for ids in export.active_rules(PRESETS[base]).values() for r in ids}
    text = house_rules.composed_text(rules, "en", base)
    for ids in export.active_rules(rules).values():
        for rid in ids:
            marked = f"({rid}) [changed]" in text
            assert marked == (rid not in base_rules), rid


def test_composed_text_marks_what_differs_from_the_baseline() -> None:
    rules = PRESETS["kortspelsregler"]
    text = house_rules.composed_text(rules, "sv", "pagat")
    assert "(p2.sequence) [ändrat]" in text
    assert "(p2.pick-up.last-play) [ändrat]" in text
    assert "(p2.lead)" in text and "(p2.lead) [ändrat]" not in text
    dropped = text.split(HOUSE_WORDS.phrase("dropped", "sv"), 1)[1]
    assert "(p2.one-card)" in dropped and "(p2.pick-up.top-card)" in dropped


# -- rules files ---------------------------------------------------------------------------------------------------
@settings(
    max_examples=examples(40),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(valid_combinations, st.sampled_from(list(PRESETS)))
def test_rules_file_from_the_page_equals_the_engines_rules(values: dict[str, Any], base: str) -> None:
    rules = Rules.from_spec({"preset": "pagat", **values})
    spec = export.rules_spec(rules, base)
    assert spec["preset"] == base
    assert rules_from_object(json.loads(export.spec_json(spec))) == rules
    assert Rules.from_spec(spec) == rules


def _write(tmp_path: Path, data: object, name: str = "house.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


HOUSE_RULES = [
    *((name, {}) for name in PRESETS),
    ("pagat", {"phase1_end": "skip-empty", "pick_up": "last-play"}),
    ("strikt", {"sequences": True, "trick_complete": "plays"}),
    ("alla-spelar", {"throw_on": "own-rank", "motlagg_beats_singles": True, "phase1_end": "finish-trick"}),
]


@pytest.mark.parametrize(("preset_name", "changes"), HOUSE_RULES)
def test_check_and_simulate_accept_a_saved_rules_file(
    tmp_path: Path, capsys, preset_name: str, changes: dict[str, Any]
) -> None:
    rules = PRESETS[preset_name].with_options(**changes)
    path = _write(tmp_path, export.rules_spec(rules, preset_name))
    assert load_rules_file(path) == rules == resolve_rules(str(path))
    case = min(CASES.glob("*.json"))
    assert main(["check", str(case), "--rules", str(path), "--json"]) in (0, 1)
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == rules.to_dict()
    assert main(["simulate", "-n", "3", "--rules", str(path), "--json", "--max-moves", "400"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ({"preset": "pagat", "sequences": "yes"}, "field 'sequences' must be true or false"),
        ({"preset": "pagat", "pick_up": "all"}, "field 'pick_up' cannot be \"all\""),
        ({"preset": "nope"}, "field 'preset': 'nope' is not a preset"),
        ({"preset": "pagat", "colour": 1}, "unknown field 'colour'"),
        ({"preset": "pagat", "sequences": True}, "cannot go together"),
        ([1, 2], "one JSON object"),
    ],
)
def test_a_bad_rules_file_exits_2_naming_the_field(tmp_path: Path, capsys, content: object, needle: str) -> None:
    path = _write(tmp_path, content)
    case = min(CASES.glob("*.json"))
    for argv in (["check", str(case), "--rules", str(path)], ["simulate", "-n", "2", "--rules", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert needle in err and str(path) in err and "Traceback" not in err


def test_a_rules_file_that_is_not_json_or_missing(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{nope", encoding="utf-8")
    with pytest.raises(RulesFileError, match="bad JSON"):
        load_rules_file(path)
    with pytest.raises(RulesFileError, match="cannot read"):
        load_rules_file(tmp_path / "missing.json")
    with pytest.raises(RulesFileError, match="unknown preset"):
        resolve_rules("no-such-preset")


# -- the address ---------------------------------------------------------------------------------------------------
@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(valid_combinations, st.sampled_from(list(PRESETS)))
def test_url_fragment_round_trips(values: dict[str, Any], base: str) -> None:
    rules = Rules.from_spec({"preset": "pagat", **values})
    fragment = export.url_fragment(rules, base)
    assert fragment.startswith("rules=") and "=" not in fragment[len("rules=") :]
    assert export.from_url_fragment("#" + fragment) == (base, rules)


def test_a_bad_address_names_the_problem() -> None:
    with pytest.raises(RulesError, match="no 'rules=' part"):
        export.from_url_fragment("#case=abc")
    with pytest.raises(RulesError, match="base64url JSON"):
        export.from_url_fragment("#rules=!!!")
    bad = base64.urlsafe_b64encode(b'{"preset":"pagat","sequences":"x"}').decode().rstrip("=")
    with pytest.raises(RulesError, match="sequences"):
        export.from_url_fragment("#rules=" + bad)


# -- the form's JavaScript gives the engine's answers ----------------------------------------------------------------
_NODE_SCRIPT = """
import * as core from %(core)s;
import { readFileSync } from "node:fs";
const data = JSON.parse(readFileSync(%(data)s, "utf8"));
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map(({ values, base }) => {
  const refused = core.refusal(data, values);
  if (refused) return { refused: refused.en, refused_sv: refused.sv };
  const fragment = core.urlFragment(data, values, base);
  const back = core.fromUrlFragment(data, "#" + fragment);
  return {
    refused: null,
    active: core.activeRules(data, values),
    fragment,
    back,
    spec: core.rulesSpec(data, values, base),
    sv: core.composedText(data, values, "sv", base),
    en: core.composedText(data, values, "en", base),
    quick: { sv: core.quickSheet(data, values, base, "sv"), en: core.quickSheet(data, values, base, "en") },
  };
});
process.stdout.write(JSON.stringify(out));
"""


def _run_js(tmp_path: Path, data: dict[str, Any], cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if NODE is None:
        pytest.fail("node is needed to run the house-rules form's logic (it comes with npm)", pytrace=False)
    data_path = tmp_path / "house-rules-data.json"
    data_path.write_text(json.dumps(data), encoding="utf-8")
    core = tmp_path / "core.mjs"
    core.write_text(CORE_JS.read_text(encoding="utf-8"), encoding="utf-8")
    # the module it imports (the table's template filler), beside it as on the site
    (tmp_path / "template.js").write_text(
        CORE_JS.with_name("template.js").read_text(encoding="utf-8"), encoding="utf-8"
    )
    script = tmp_path / "run.mjs"
    script.write_text(_NODE_SCRIPT % {"core": json.dumps(str(core)), "data": json.dumps(str(data_path))})
    proc = subprocess.run(
        [NODE, str(script)], input=json.dumps(cases), capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _check_js_answer(values: dict[str, Any], base: str, got: dict[str, Any]) -> None:
    reason = export.refusal(values)
    if reason is not None:
        assert got["refused"] == str(reason)
        assert got["refused_sv"] == house_rules.reason_sv(reason)
        return
    rules = Rules.from_spec({"preset": "pagat", **values})
    assert got["refused"] is None
    assert got["active"] == export.active_rules(rules)
    assert got["fragment"] == export.url_fragment(rules, base)
    assert got["back"] == {"base": base, "values": values}
    assert got["spec"] == export.rules_spec(rules, base)
    assert Rules.from_spec(got["spec"]) == rules
    assert got["sv"] == house_rules.composed_text(rules, "sv", base)
    assert got["en"] == house_rules.composed_text(rules, "en", base)
    _check_quick_sheet(rules, base, got["quick"])


def _check_quick_sheet(rules: Rules, base: str, quick: dict[str, Any]) -> None:
    """The quick reference composed for these rules: every rule in play, in order, with its sentence, marked where
    the preset's text lacks it; at the top the options changed from the preset, with their values' labels."""
    active = export.active_rules(rules)
    baseline = {r for ids in export.active_rules(PRESETS[base]).values() for r in ids}
    now = {r for ids in active.values() for r in ids}
    values, base_values = rules.to_dict(), PRESETS[base].to_dict()
    changed = [n for n in export.GROUPS["phase1"] + export.GROUPS["phase2"] if values[n] != base_values[n]]
    for lang in ("sv", "en"):
        q = quick[lang]
        assert q["base"] == base
        assert [s["section"] for s in q["sections"]] == list(export.SECTIONS)
        assert [s["heading"] for s in q["sections"]] == [HOUSE_WORDS.phrase(s, lang) for s in export.SECTIONS]
        for s in q["sections"]:
            assert [r["id"] for r in s["rules"]] == active[s["section"]]
            for r in s["rules"]:
                assert r["text"] == CATALOGUE[r["id"]].text(lang)
                assert r["changed"] == (r["id"] not in baseline)
        assert q["dropped"] == len(baseline - now)
        assert [c["name"] for c in q["changes"]] == changed
        for c in q["changes"]:
            assert c["label"] == HOUSE_OPTIONS.phrase(c["name"], lang)


@pytest.mark.slow
def test_form_logic_in_node_equals_the_engine(tmp_path: Path, data: dict[str, Any]) -> None:
    """Every preset against every base, and 400 random combinations (valid and refused), drawn with hypothesis."""
    cases = [{"values": r.to_dict(), "base": b} for r in PRESETS.values() for b in PRESETS]
    drawn: list[dict[str, Any]] = []

    @settings(max_examples=examples(250), deadline=None, derandomize=True, database=None)
    @given(combinations, st.sampled_from(list(PRESETS)))
    def collect(values: dict[str, Any], base: str) -> None:
        drawn.append({"values": values, "base": base})

    @settings(
        max_examples=examples(150),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.filter_too_much],
    )
    @given(valid_combinations, st.sampled_from(list(PRESETS)))
    def collect_valid(values: dict[str, Any], base: str) -> None:
        drawn.append({"values": values, "base": base})

    collect()
    collect_valid()
    cases += drawn
    answers = _run_js(tmp_path, data, cases)
    assert len(answers) == len(cases)
    refused = sum(1 for a in answers if a["refused"])
    assert 0 < refused < len(cases)
    for case, got in zip(cases, answers, strict=True):
        _check_js_answer(case["values"], case["base"], got)


# -- deal: stack the deck ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset_name", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_deck_order_deals_the_engines_game(preset_name: str, players: int) -> None:
    order = deck_order(11, players, preset_name)
    game = Game.deal(players, rules=preset_name, seed=11)
    assert {n: tuple(game.state.hands[n]) for n in game.players} == order.hands
    assert tuple(game.state.talon) == order.talon
    assert len(set(order.pack)) == len(order.pack) == 52
    assert (order.turned_up is not None) == (preset_name == "uppslagen-trumf")


def test_deal_command_prints_the_order_in_both_languages(capsys) -> None:
    assert main(["deal", "--seed", "7", "--lang", "sv"]) == 0
    sv = capsys.readouterr().out
    assert "översta kortet först" in sv and "förhand" in sv and "Talongen (43 kort)" in sv
    assert main(["deal", "--seed", "7", "--lang", "en", "--players", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    order = deck_order(7, 4)
    assert data["pack"] == [str(c) for c in order.pack]
    assert data["hands"]["D"] == [str(c) for c in order.hands["D"]]
    first = order.text("en").splitlines()
    assert first[0] == "Deal no. 7 for 4 players: stack the pack like this"


def test_deal_command_bad_input_exits_2(capsys, tmp_path: Path) -> None:
    assert main(["deal", "--seed", "1", "--players", "9"]) == 2
    assert "Traceback" not in capsys.readouterr().err
    path = _write(tmp_path, {"preset": "pagat", "chansa": "maybe"})
    assert main(["deal", "--seed", "1", "--rules", str(path)]) == 2
    assert "field 'chansa'" in capsys.readouterr().err
