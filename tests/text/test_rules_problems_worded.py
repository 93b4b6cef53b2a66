"""Rule-set problems are keyed phrases end to end: `Rules` refuses a combination with a `RulesError` that carries
the problem's key and its parameters as data (`skitgubbe.rules.options.COMBINATION_PROBLEMS`), and the text layer
words it from that key in Swedish and English: the error's message (`ERRORS`), the reason the house-rules page
lists (`house_rules.reason_sv`) and the page's sentence (`house_rules.refusal_words`). Nothing reads English back.

The keys are found twice: in options.py's source (every `Phrase("...")` its problem functions can return) and by
constructing every combination of option values (`export.verdict_table`), so a new problem is seen before it is
ever raised, and one without words fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from skitgubbe.errors import RulesError
from skitgubbe.rules import export
from skitgubbe.rules.options import COMBINATION_PROBLEMS, PRESETS, Rules
from skitgubbe.text import house_rules
from skitgubbe.text.error_words import ERRORS
from skitgubbe.text.house_rules_words import HOUSE_REASONS, HOUSE_REFUSALS
from skitgubbe.text.phrases import PhraseKeyError
from skitgubbe.wording import Phrase

REPO = Path(__file__).resolve().parents[2]
OPTIONS = REPO / "skitgubbe" / "rules" / "options.py"

#: English words that no Swedish sentence holds (outside quoted names and `option=value` spellings)
ENGLISH = {
    "the", "and", "of", "to", "is", "are", "with", "when", "not", "only", "choose", "answer", "belong", "belongs",
    "cannot", "must", "one", "or", "on", "set", "there", "player", "trick", "tricks", "game", "everyone", "same",
    "phase", "plays", "nobody", "may", "pile", "whole", "card", "cards", "readings", "sequence",
}  # fmt: skip
QUOTED = re.compile(r"'[^']*'|”[^”]*”|“[^”]*”|\S*[_=]\S*")


def problem_keys(source: str) -> set[str]:
    """The keys of every `Phrase("...")` in the functions of `source` whose name ends in `_problem`."""
    keys: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name.endswith("_problem"):
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Phrase":
                    first = call.args[0]
                    assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.unparse(call)
                    keys.add(first.value)
    return keys


def unworded(keys: set[str]) -> dict[str, list[str]]:
    """For each key, the word tables that have no entry for it (none: it is worded everywhere)."""
    tables = {"ERRORS": ERRORS, "HOUSE_REASONS": HOUSE_REASONS, "HOUSE_REFUSALS": HOUSE_REFUSALS}
    missing = {key: [name for name, table in tables.items() if key not in table] for key in sorted(keys)}
    return {key: names for key, names in missing.items() if names}


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[a-zåäö]+", QUOTED.sub(" ", text.lower()))) & ENGLISH


def test_the_problems_the_source_can_give_are_the_declared_ones_and_all_occur() -> None:
    scanned = problem_keys(OPTIONS.read_text(encoding="utf-8"))
    assert scanned == set(COMBINATION_PROBLEMS)
    _, reasons = export.verdict_table()
    assert {reason.key for reason in reasons} == scanned  # every combination: each key is given by some


def test_every_problem_has_words_in_every_table() -> None:
    assert unworded(set(COMBINATION_PROBLEMS)) == {}


def test_a_new_problem_without_words_is_seen() -> None:
    source = OPTIONS.read_text(encoding="utf-8") + '\n\ndef _new_problem(r):\n    return Phrase("brand_new_problem")\n'
    keys = problem_keys(source)
    assert "brand_new_problem" in keys
    assert unworded(keys) == {"brand_new_problem": ["ERRORS", "HOUSE_REASONS", "HOUSE_REFUSALS"]}
    with pytest.raises(PhraseKeyError):
        house_rules.reason_sv(Phrase("brand_new_problem"))
    with pytest.raises(PhraseKeyError):
        house_rules.refusal_words(Phrase("brand_new_problem"))


def test_every_refused_combination_is_worded_from_its_key_in_both_languages() -> None:
    _, reasons = export.verdict_table()
    assert len(reasons) > 20
    for reason in reasons:
        error = RulesError(reason)
        page = house_rules.refusal_words(reason)
        swedish = {"message": error.message("sv"), "reason": house_rules.reason_sv(reason), "page": page["sv"]}
        for where, text in swedish.items():
            assert text and english_words(text) == set(), (reason, where, text)
        assert error.message("en") == str(reason) != swedish["message"]
        assert page["en"] and page["en"] != page["sv"] and english_words(page["en"])
        for value in reason.params.values():  # parameters are data (names, values, rule ids), never sentences
            items = value if isinstance(value, tuple) else (value,)
            assert all(isinstance(item, str) and " " not in item for item in items), reason


def test_the_parameters_are_named_in_the_words() -> None:
    rules_error = pytest.raises(RulesError)
    with rules_error as caught:
        PRESETS["pagat"].with_options(throw_on="anytime", must_motlagg=True)
    problem = caught.value.phrase()
    assert problem == Phrase(
        "option_belong_everyone_plays_tricks", options=("throw_on", "must_motlagg"), style="two-card"
    )
    assert "'throw_on', 'must_motlagg'" in caught.value.message("sv")
    page = house_rules.refusal_words(problem)
    assert " och " in page["sv"] and " and " in page["en"]
    assert "två spelare per stick" in house_rules.reason_sv(problem)
    with pytest.raises(RulesError) as chansa:
        Rules.from_spec({"preset": "uppslagen-trumf", "chansa": True})
    assert "p1.trump.no-chansa" in house_rules.reason_sv(chansa.value.phrase())


def test_the_text_layer_reads_no_english_back() -> None:
    source = (REPO / "skitgubbe" / "text" / "house_rules.py").read_text(encoding="utf-8")
    imported = {
        alias.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import) for alias in node.names
    }
    assert "re" not in imported and "re.compile" not in source
