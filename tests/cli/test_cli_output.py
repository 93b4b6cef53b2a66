"""The command line's text is text for a person, in the language asked.

The `simulate` summary writes its numbers as the package writes numbers in each language (`text.numbers`: a
decimal comma and a thin space between thousands in Swedish) and its losses by kind as words, not a Python dict;
and no command's normal output, in either language, holds a Python repr (`{'`, `['`, `None`, `True`, `False`, an
enum or a card object).
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import REPO, cli
from test_cli_player_view import SCRIPT

from skitgubbe.text.lang import Lang

SIM = ("simulate", "-n", "12", "--players", "random,sensible,random", "--seed", "3")
CASES = sorted((REPO / "skitgubbe" / "records" / "cases").glob("*.json"))

#: What a Python repr leaves in text: a dict or list of strings, None/True/False, an enum member, an object.
REPR = re.compile(r"\{'|\['|\bNone\b|\bTrue\b|\bFalse\b|\b(?:Card|Suit|Rank|Phase1Style|EventKind)[.(]| object at 0x")


def _pct(x: float, lang: Lang) -> str:
    """A percentage written out by hand, as the package's numbers are: `33,3 %` (sv), `33.3%` (en)."""
    text = f"{100 * x:.1f}"
    return text.replace(".", ",") + "\u00a0%" if lang == "sv" else text + "%"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_losses_by_kind_are_a_line_of_words_and_numbers(lang: Lang) -> None:
    text, data = cli(*SIM, "--lang", lang), cli(*SIM, "--json")
    assert text.returncode == data.returncode == 0, (text.stderr, data.stderr)
    summary = json.loads(data.stdout)
    finished = summary["games"] - len(summary["capped_games"])
    label = "förluster per sort" if lang == "sv" else "losses by kind"
    kinds = ", ".join(f"{kind} {n} ({_pct(n / finished, lang)})" for kind, n in summary["losses_by_kind"].items())
    lines = text.stdout.splitlines()
    assert f"  {label}: {kinds}" in lines, text.stdout
    # the kinds are worded as the seat lines word them (the names `--players` takes)
    seats = [re.search(r"\(\w, (\w+)\)", line) for line in lines[1:4]]
    assert [m.group(1) for m in seats if m] == ["random", "sensible", "random"]
    for p in summary["players"]:
        lost = "förlorade" if lang == "sv" else "lost"
        assert f" {lost} {p['losses']} ({_pct(p['losses'] / finished, lang)})" in lines[p["seat"]]
    mean = f"{summary['mean_moves']:.1f}"
    if lang == "sv":
        assert f"  genomsnittlig längd: {mean.replace('.', ',')} drag" in lines
        assert re.fullmatch(r"  fart: \d+(\u202f\d{3})*,\d partier per sekund", lines[-1]), lines[-1]
    else:
        assert f"  mean game length: {mean} moves" in lines
        assert re.fullmatch(r"  speed: \d+(,\d{3})*\.\d games per second", lines[-1]), lines[-1]


def test_counts_of_a_thousand_are_written_as_each_language_writes_them() -> None:
    args = ("simulate", "-n", "1000", "--max-moves", "2")  # every game stopped at once: cheap, and none finished
    sv, en = cli(*args, "--lang", "sv"), cli(*args)
    assert sv.returncode == en.returncode == 0, (sv.stderr, en.stderr)
    assert sv.stdout.splitlines()[0] == "1\u202f000 partier enligt pagat, seed 0..999"
    assert en.stdout.splitlines()[0] == "1,000 games under pagat, seeds 0..999"
    assert any(
        line.startswith("  stoppade vid 2 drag (ingen förlorare): 1\u202f000 partier, seed 0, 1, 2,")
        for line in sv.stdout.splitlines()
    )
    assert any(
        line.startswith("  stopped at 2 moves (no loser): 1,000 games, seeds 0, 1, 2,")
        for line in en.stdout.splitlines()
    )
    assert "  förluster per sort: random 0 (-)" in sv.stdout.splitlines()  # no game finished: no rate


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The normal (text) output of every command, in both languages."""
    folder = tmp_path_factory.mktemp("outputs")
    found: dict[str, str] = {}

    def run(key: str, *args: str, stdin: str = "") -> None:
        result = cli(*args, stdin=stdin, cwd=folder)
        assert result.returncode in (0, 1), (key, result.returncode, result.stderr)
        assert "Traceback" not in result.stderr, key
        found[key] = result.stdout

    for lang in ("sv", "en"):
        for case in CASES:
            run(f"check {case.name} {lang}", "check", str(case), "--lang", lang)
        run(f"check --compare {lang}", "check", str(CASES[0]), "--compare", "--lang", lang)
        run(f"check --rules {lang}", "check", str(CASES[0]), "--rules", "strikt", "--lang", lang)
        run(f"simulate {lang}", *SIM, "--lang", lang)
        run(f"simulate capped {lang}", *SIM, "--max-moves", "30", "--lang", lang)
        start = "moves\nrules\nbogus\n9Z\n"
        run(f"play {lang}", "play", "--seed", "2", "--save", f"{lang}.json", "--lang", lang, stdin=start + SCRIPT)
        run(f"play --open {lang}", "play", "--open", "--rules", "uppslagen-trumf", "--lang", lang, stdin=SCRIPT)
        run(f"replay {lang}", "replay", str(folder / f"{lang}.json"), "--lang", lang)
        run(f"deal {lang}", "deal", "--seed", "4", "--players", "4", "--lang", lang)
        run(f"rules {lang}", "rules", "--lang", lang)
    return found


def test_every_command_ran(outputs: dict[str, str]) -> None:
    commands = {key.split()[0] for key in outputs}
    assert commands == {"check", "simulate", "play", "replay", "deal", "rules"}
    assert all(text.strip() for text in outputs.values()), [k for k, v in outputs.items() if not v.strip()]
    assert sum(text.count("\n") for text in outputs.values()) > 5000


def test_no_command_prints_a_python_repr(outputs: dict[str, str]) -> None:
    found = {
        key: [line for line in text.splitlines() if REPR.search(line)][:3]
        for key, text in outputs.items()
        if REPR.search(text)
    }
    assert not found, found


@pytest.mark.parametrize(
    "line",
    [
        "  losses by kind: {'random': 200, 'sensible': 0}",
        "Table: ['9C']",
        "Trump: None",
        "chansa: True",
        "Set-aside card: Card.parse('5H')",
        "Trump: Suit.CLUBS",
    ],
)
def test_the_scan_sees_a_repr(line: str) -> None:
    assert REPR.search(line)


def test_the_scan_passes_json_and_words() -> None:
    assert not REPR.search('pagat: {"chansa": true, "sequences": false}')
    assert not REPR.search("Nonetheless, truly false friends")  # words, not reprs
