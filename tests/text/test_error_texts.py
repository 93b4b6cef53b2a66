"""Every error is worded from its key, in Swedish and English.

An error carries a key and parameters; the text layer looks the key up in `ERRORS` and fills the language's
template. The first test scans the source (tests/error_templates.py, with `ast`) and fails on any raise site whose
key has no entry in both languages with exactly the parameters the site gives. `str(error)` is the English, the
same text the raise sites wrote before errors carried keys (tests/data/error_messages_before_keys.json holds those
templates, values as `{}`). Nothing on the wording path matches English text, and no import order matters: a
fresh interpreter that imports the engine alone words an error in Swedish.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from error_templates import raise_sites, sources, where_templates
from helpers import REPO, cli

from skitgubbe import CardParseError, Game, MoveParseError, PositionError, RecordError, RulesError, parse_move
from skitgubbe.engine.cards import Card, Suit
from skitgubbe.errors import LanguageError, Phrase
from skitgubbe.records.record import Case
from skitgubbe.rules.options import Rules
from skitgubbe.strict_json import _DECODER_WORDS
from skitgubbe.text.error_text import error_text, phrase_text
from skitgubbe.text.error_words import ERRORS
from skitgubbe.text.i18n import WORDS
from skitgubbe.text.phrases import placeholders

#: The English of every key before the errors carried keys: the raise sites' templates, values as `{}`.
BEFORE: dict[str, str] = json.loads((REPO / "tests/data/error_messages_before_keys.json").read_text(encoding="utf-8"))
#: Entries whose Swedish is the English on purpose: they only join worded values.
SAME_IN_BOTH = {"passed_on", "file_problem"}
#: The keys `skitgubbe/errors.py` gives itself (the syntax errors, the language error, an error passed on).
ERRORS_MODULE_KEYS = {
    "not_a_card",
    "not_a_suit",
    "card_forms",
    "not_a_move",
    "not_a_move_because",
    "move_forms",
    "unknown_language_use_sv_en",
    "passed_on",
}
#: The modules every message passes through on its way to words: none may use regular expressions.
WORDING_PATH = (
    "skitgubbe/wording.py",
    "skitgubbe/errors.py",
    "skitgubbe/engine/illegal.py",
    "skitgubbe/text/error_text.py",
    "skitgubbe/text/error_words.py",
    "skitgubbe/text/phrases.py",
    "skitgubbe/text/lang.py",
    "skitgubbe/text/i18n.py",
)
#: A `where` that is a field path (`hands.B`, `moves[{}]`, `{}: id`) is the same in both languages.
FIELD_CHARS = set("abcdefghijklmnopqrstuvwxyz_.[]{}0123456789: ")


def test_every_key_raised_has_both_languages_with_the_parameters_given() -> None:
    sites = list(raise_sites())
    keyed = [site for site in sites if site.key is not None]
    assert len(keyed) > 150  # the scan finds the raise sites (it would find none if it were broken)
    problems = []
    for site in keyed:
        if site.key not in ERRORS:
            problems.append(f"{site.file}:{site.line}: no words for {site.key!r}")
            continue
        sv, en = ERRORS[site.key]
        if placeholders(sv) != placeholders(en):
            problems.append(f"{site.file}:{site.line}: {site.key!r}: Swedish and English name different values")
        if site.params is None:
            problems.append(f"{site.file}:{site.line}: {site.key!r} is given `**params`: name each parameter")
        elif site.params != placeholders(en):
            problems.append(f"{site.file}:{site.line}: {site.key!r} given {sorted(site.params)}, words need {en!r}")
    assert not problems, "\n".join(problems)
    used = {site.key for site in keyed} | {key for _, key in _DECODER_WORDS} | ERRORS_MODULE_KEYS
    assert used == set(ERRORS), f"unused entries: {set(ERRORS) - used}; missing: {used - set(ERRORS)}"
    errors_source = (REPO / "skitgubbe/errors.py").read_text(encoding="utf-8")
    assert all(f'"{key}"' in errors_source for key in ERRORS_MODULE_KEYS)


def test_the_scan_sees_a_key_without_words_and_parameters_that_differ(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import error_templates

    (tmp_path / "skitgubbe").mkdir()
    (tmp_path / "skitgubbe/bad.py").write_text(
        'raise RecordError("x", "cannot_frobnicate", thing=1)\nraise RulesError("is_empty", extra=2)\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(error_templates, "REPO", tmp_path)
    found = [(site.key, site.params) for site in error_templates.raise_sites()]
    assert found == [("cannot_frobnicate", {"thing"}), ("is_empty", {"extra"})]
    assert "cannot_frobnicate" not in ERRORS and placeholders(ERRORS["is_empty"][1]) != {"extra"}


def test_every_where_the_source_writes_is_a_field_path() -> None:
    wheres = list(where_templates())
    assert len(wheres) > 40
    worded = [f"{file}:{line}: {text!r}" for file, line, text in wheres if not set(text) <= FIELD_CHARS]
    assert not worded, "a `where` in words must be a Phrase (it is worded in each language):\n" + "\n".join(worded)


@pytest.mark.parametrize("key", sorted(ERRORS))
def test_each_entry_names_its_values_once_and_its_english_is_the_message_raised_before(key: str) -> None:
    sv, en = ERRORS[key]
    names = [name for name in _fields(en) if name]
    assert len(names) == len(set(names)) and set(_fields(sv)) == set(names)
    assert sv != en or key in SAME_IN_BOTH
    assert en.format(**dict.fromkeys(names, "{}")) == BEFORE[key]  # `str(error)` is unchanged, byte for byte
    values = {name: f"«v{i}»" for i, name in enumerate(names)}
    assert phrase_text(Phrase(key, **values), "sv") == sv.format(**values)
    assert phrase_text(Phrase(key, **values), "en") == en.format(**values)


def _fields(template: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def test_nothing_on_the_wording_path_uses_regular_expressions() -> None:
    for relative in WORDING_PATH:
        tree = ast.parse((REPO / relative).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(alias.name != "re" for alias in node.names), relative
            elif isinstance(node, ast.ImportFrom):
                assert node.module != "re", relative


FRESH = """
import sys
from skitgubbe.engine.cards import Card
try:
    Card.parse("11X")
except ValueError as error:
    print(error.message("sv"))
from skitgubbe.engine.game import Game
try:
    Game.deal("AB", seed=-1)
except ValueError as error:
    print(error.message("sv"))
    print(error)
"""


def test_a_fresh_interpreter_importing_the_engine_alone_words_an_error_in_swedish() -> None:
    """No import order matters: the package root installs the text layer before any engine module runs."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, env=env, check=True, cwd=REPO)
    card, seed, english = run.stdout.splitlines()
    assert card.startswith("'11X' är inget kort; godtagna former: koder som 9C, 10H")
    assert seed == "seed: måste vara ett heltal, 0 eller större, inte -1"
    assert english == "seed: must be an integer 0 or more, not -1"


def test_the_syntax_errors_are_worded_from_their_keys() -> None:
    with pytest.raises(CardParseError) as suit:
        Suit.parse("X")
    forms = {lang: phrase_text(Phrase("card_forms"), lang) for lang in ("sv", "en")}
    hint = {lang: phrase_text(Phrase("move_forms"), lang) for lang in ("sv", "en")}
    cases = {
        "card": (CardParseError("11X"), "not_a_card", {"text": "'11X'", "accepted": forms}),
        "suit": (suit.value, "not_a_suit", {"text": "'X'", "accepted": forms}),
        "move": (
            MoveParseError("9C 9C", "card_named_twice"),
            "not_a_move_because",
            {
                "text": "'9C 9C'",
                "hint": hint,
                "detail": {"sv": "ett kort nämns två gånger", "en": "a card is named twice"},
            },
        ),
        "bare move": (MoveParseError("zz"), "not_a_move", {"text": "'zz'", "hint": hint}),
    }
    for name, (error, key, params) in cases.items():
        assert error.key == key, name
        for lang in ("sv", "en"):
            filled = {k: v if isinstance(v, str) else v[lang] for k, v in params.items()}
            assert error.message(lang) == ERRORS.phrase(key, lang, **filled), (name, lang)
        assert str(error) == error.message("en")
    assert str(CardParseError("11X")).startswith("'11X' is not a card; accepted forms: canonical codes like 9C")
    assert suit.value.message("sv").startswith("'X' är ingen färg; godtagna former: koder som 9C")
    assert MoveParseError("zz").message("sv").startswith("'zz' är inget drag; ett drag är ett eller flera kort")
    assert LanguageError("de").message("sv") == "okänt språk 'de'; använd 'sv' eller 'en'"


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
    assert position.value.where == "trump" and position.value.problem == "a phase-2 position needs the trump suit"
    assert position.value.message("sv") == "trump: en ställning i fas 2 behöver trumffärgen"
    with pytest.raises(RulesError) as rules:
        Rules.from_spec({"preset": "pagat", "colour": True})
    assert rules.value.key == "unknown_rule_option_known_options"
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
    error = RecordError("players[0]", "unknown_player_players_are", player="'a list'", players="A, B")
    assert error.message("sv") == "players[0]: okänd spelare 'a list'; spelarna är A, B"
    assert str(error) == "players[0]: unknown player 'a list'; players are A, B"
    assert error_text(KeyError("x"), "sv") == "'x'"  # not the package's: its own text


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
