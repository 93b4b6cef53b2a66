"""Every error message exists in Swedish and English (issue 11, item 4).

The English message is `str(error)` (unchanged: the CLI's and the other tests' contract); `error.message("sv")`
is the Swedish. The text layer holds a Swedish rendering of each English template; the first test scans the
source (tests/error_templates.py, with `ast`) and fails on any raise site whose template has none.
"""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest
from error_templates import raise_sites, sources
from helpers import cli

from skitgubbe import CardParseError, Game, MoveParseError, PositionError, RecordError, RulesError, parse_move
from skitgubbe.engine.cards import Card
from skitgubbe.records.record import Case
from skitgubbe.rules.options import Rules
from skitgubbe.text.error_text import error_text, swedish
from skitgubbe.text.error_words import ERROR_PARTS, ERRORS
from skitgubbe.text.i18n import WORDS

#: A `where` that is a field path (`hands.B`, `moves[{}]`, `{}: id`) is the same in both languages.
FIELD_PATH = re.compile(r"^(\{\}: )?(\{\}|[a-z_]+)(\.(\{\}|[a-z_]+)|\[(\{\}|\d+)\])*$|^$|^\{\}: \{\}$")
#: Swedish renderings that are the English on purpose: JSON values and field examples read the same.
SAME_IN_BOTH = {"null"}


def _fields(template: str) -> list[str | None]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def test_every_raise_site_template_has_a_swedish_rendering() -> None:
    sites = list(raise_sites())
    assert len(sites) > 100  # the scan finds the raise sites (it would find none if it were broken)
    missing = [
        f"{file}:{line}: {text!r}" for file, line, role, text in sites if role == "message" and text not in ERRORS
    ]
    assert not missing, "no Swedish for:\n" + "\n".join(missing)
    wheres = [f"{file}:{line}: {text!r}" for file, line, role, text in sites if role == "where"]
    unworded = [
        w for w in wheres if not FIELD_PATH.match(w.split(": ", 1)[1][1:-1]) and w.split(": ", 1)[1][1:-1] not in ERRORS
    ]
    assert not unworded, "a `where` that is neither a field path nor worded:\n" + "\n".join(unworded)


def test_the_scan_sees_a_template_without_swedish() -> None:
    from error_templates import template

    call = ast.parse('RecordError("x", f"cannot frobnicate {thing} now")').body[0]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert template(call.value.args[1]) == "cannot frobnicate {} now" and "cannot frobnicate {} now" not in ERRORS


@pytest.mark.parametrize("english", sorted(ERRORS))
def test_each_rendering_keeps_the_values_and_matches_its_own_template(english: str) -> None:
    sv, en = ERRORS[english]
    names = [name for name in _fields(en) if name]
    assert len(names) == english.count("{}") == len(set(names)), "one distinct name for each value of the template"
    assert set(_fields(sv)) == set(names)
    # the English with its values named is the key: the raise site's own template
    assert en.format(**dict.fromkeys(names, "{}")) == english
    assert sv != english or english in SAME_IN_BOTH
    values = {name: f"«v{i}»" for i, name in enumerate(names)}
    filled = en.format(**values)
    assert swedish(filled) == sv.format(**values)  # the template matches itself before any less specific one


def test_the_syntax_errors_are_worded_whole_and_their_english_is_the_errors_own() -> None:
    """`ERROR_PARTS`: the English of each entry gives exactly the message the error raises with."""
    from skitgubbe.engine.cards import Suit

    assert ERROR_PARTS["accepted"][1] == CardParseError.ACCEPTED and ERROR_PARTS["hint"][1] == MoveParseError.HINT
    accepted, hint = ERROR_PARTS.phrase("accepted", "sv"), ERROR_PARTS.phrase("hint", "sv")
    with pytest.raises(CardParseError) as suit:
        Suit.parse("X")
    errors = {
        "card": (CardParseError("11X"), "not_a_card"),
        "suit": (suit.value, "not_a_suit"),
        "move": (MoveParseError("9C 9C", "a card is named twice"), "not_a_move_because"),
        "bare move": (MoveParseError("zz"), "not_a_move"),
    }
    for name, (error, key) in errors.items():
        params: dict[str, str] = {"text": repr(error.text)}
        params |= (
            {"hint": MoveParseError.HINT}
            if isinstance(error, MoveParseError)
            else {"accepted": CardParseError.ACCEPTED}
        )
        if key == "not_a_move_because":
            params["detail"] = "a card is named twice"
        assert ERROR_PARTS.phrase(key, "en", **params) == str(error) == error.message("en"), name
        sv = dict(params, **({"hint": hint} if "hint" in params else {"accepted": accepted}))
        if key == "not_a_move_because":
            sv["detail"] = "ett kort nämns två gånger"
        assert error.message("sv") == ERROR_PARTS.phrase(key, "sv", **sv), name
    assert suit.value.message("sv").startswith("'X' är ingen färg; godtagna former: koder som 9C")
    assert MoveParseError("zz").message("sv").startswith("'zz' är inget drag; ett drag är ett eller flera kort")


def test_str_stays_english_and_message_gives_both() -> None:
    with pytest.raises(CardParseError) as card:
        Card.parse("11X")
    assert str(card.value).startswith("'11X' is not a card; accepted forms:")
    assert card.value.message("en") == str(card.value)
    assert card.value.message("sv").startswith("'11X' är inget kort; godtagna former: ")
    with pytest.raises(MoveParseError) as move:
        parse_move("throw")
    assert move.value.message("sv").startswith("'throw' är inget drag: det nämner inget kort att slänga på; ")
    with pytest.raises(PositionError) as position:
        Game.from_position(players="AB", phase=2, to_play="A", hands={"A": ["9C"], "B": ["QC"]})
    assert str(position.value) == "trump: a phase-2 position needs the trump suit"
    assert position.value.message("sv") == "trump: en ställning i fas 2 behöver trumffärgen"
    with pytest.raises(RulesError) as rules:
        Rules.from_spec({"preset": "pagat", "colour": True})
    assert rules.value.message("sv").startswith("okänt regelval 'colour'; kända val: ")


def test_a_passed_on_error_is_worded_from_the_original() -> None:
    base = {"players": ["A", "B"], "phase": 2, "trump": "H", "to_play": "A", "hands": {"A": ["9C"], "B": ["QC"]}}
    cases = {
        "rules": ({**base, "rules": {"sequences": True, "trick_complete": "cards"}}, "rules: valen 'sequences' och"),
        "card": ({**base, "hands": {"A": ["9X"], "B": ["QC"]}}, "hands.A[0]: '9X' är inget kort; godtagna"),
        "kind": ({**base, "phase": "two"}, "phase: måste vara 1 eller 2, inte en sträng ('two')"),
        "move": ({**base, "moves": ["A: släng"]}, "moves[0]: ' släng' är inget drag: det nämner inget kort"),
        "player": ({**base, "moves": ["C: 9C"]}, "moves[0]: okänd spelare 'C'; spelarna är A, B"),
    }
    for name, (data, start) in cases.items():
        with pytest.raises(RecordError) as caught:
            Case.load(data)
        assert caught.value.message("sv").startswith(start), (name, caught.value.message("sv"))
        assert caught.value.message("en") == str(caught.value)


def test_data_in_a_message_is_kept() -> None:
    assert swedish("unknown player 'a list'; players are A, B") == "okänd spelare 'a list'; spelarna är A, B"
    assert swedish("something no template knows") == "something no template knows"
    assert error_text(KeyError("x"), "sv") == "'x'"


def test_the_cli_prints_errors_in_its_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": ["A", "B"], "phase": 3}), encoding="utf-8")
    english = cli("check", str(bad), "--lang", "en")
    swedish_run = cli("check", str(bad), "--lang", "sv")
    assert english.returncode == swedish_run.returncode == 2
    assert english.stderr.strip() == f"{bad}: bad case file: phase: must be 1 or 2, not a number (3)"
    assert swedish_run.stderr.strip() == f"{bad}: felaktig fallfil: phase: måste vara 1 eller 2, inte ett tal (3)"
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    run = cli("check", str(broken), "--lang", "sv")
    assert run.returncode == 2 and ": felaktig fallfil: rad 1, kolumn 2: felaktig JSON: " in run.stderr
    rules = cli("check", str(bad), "--lang", "sv", "--rules", "strict")
    assert rules.returncode == 2 and rules.stderr.startswith("--rules: okänt förval 'strict', och ingen regelfil")
    assert (
        cli("play", "--lang", "sv", "--seed", "1", stdin="A: 11X\nquit\n").stdout.count(
            "är inget drag: '11X' är inget kort; ett drag är"
        )
        == 1
    )


def test_every_word_key_the_source_names_exists() -> None:
    """`word(key, lang)` keys are literals checked here, never built by concatenation."""
    used = set()
    for relative, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "word":
                key = node.args[0]
                if isinstance(key, ast.IfExp):
                    keys = [key.body, key.orelse]
                else:
                    keys = [key]
                for k in keys:
                    assert isinstance(k, ast.Constant) and isinstance(k.value, str), f"{relative}:{node.lineno}"
                    used.add(k.value)
    assert used and used <= set(WORDS), used - set(WORDS)
