"""The command line speaks the language asked: after parsing, every message of a command with
`--lang` (the `simulate` summary, `play` and its `--save` problems, argument errors found after parsing, the
statuses that are no verdict) is in that language; the English output, the default, is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

from skitgubbe import cli as cli_module
from skitgubbe.errors import RulesError
from skitgubbe.rules.options import PRESETS
from skitgubbe.text.error_text import error_text

SIM = ("simulate", "-n", "5", "--players", "random,sensible,random", "--seed", "3")


def test_the_simulate_summary_in_swedish_and_in_english() -> None:
    sv, en = cli(*SIM, "--lang", "sv"), cli(*SIM)
    assert sv.returncode == en.returncode == 0, (sv.stderr, en.stderr)
    sv_lines, en_lines = sv.stdout.splitlines(), en.stdout.splitlines()
    assert sv_lines[0] == "5 partier enligt pagat, seed 3..7" and en_lines[0] == "5 games under pagat, seeds 3..7"
    assert sv_lines[1].startswith("  plats 1 (A, random): förlorade ") and en_lines[1].startswith(
        "  seat 1 (A, random): lost "
    )
    assert any(line.startswith("  förluster per sort: ") for line in sv_lines)
    assert any(line.startswith("  genomsnittlig längd: ") and line.endswith(" drag") for line in sv_lines)
    assert sv_lines[-1].startswith("  fart: ") and en_lines[-1].startswith("  speed: ")
    assert cli(*SIM, "--lang", "en").stdout.splitlines()[:-1] == en_lines[:-1]  # the default is English


def test_the_simulate_json_is_the_same_under_every_language() -> None:
    def data(*lang: str) -> dict[str, object]:
        result = cli(*SIM, "--json", *lang)
        assert result.returncode == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k != "games_per_second"}

    assert data("--lang", "sv") == data()


@pytest.mark.parametrize(
    ("args", "sv", "en"),
    [
        (("--players", "random"), "--players: ange 2 till 6 sorter", "--players: give 2 to 6 kinds"),
        (("--rules", "nosuch"), None, None),
    ],
    ids=["players", "rules"],
)
def test_simulate_argument_errors_after_parsing_in_the_language_asked(
    args: tuple[str, ...], sv: str | None, en: str | None
) -> None:
    sv_run, en_run = cli("simulate", "-n", "2", *args, "--lang", "sv"), cli("simulate", "-n", "2", *args)
    assert sv_run.returncode == en_run.returncode == 2
    if sv is None:  # the engine's own error, worded by the text layer
        error = RulesError("rules_unknown_preset_no_rules", preset="'nosuch'", presets=", ".join(PRESETS))
        assert en_run.stderr.strip() == str(error) and sv_run.stderr.strip() == error_text(error, "sv") != str(error)
    else:
        assert (sv_run.stderr.strip(), en_run.stderr.strip()) == (sv, en)


@pytest.mark.parametrize(
    ("target", "sv", "en"),
    [
        (".", "--save: . är en mapp; ange ett filnamn", "--save: . is a directory; give a file name"),
        ("no/such/game.json", "--save: mappen no/such finns inte", "--save: the folder no/such does not exist"),
    ],
)
def test_a_bad_save_path_in_the_language_asked(tmp_path: Path, target: str, sv: str, en: str) -> None:
    sv_run = cli("play", "--save", target, "--lang", "sv", stdin="2D\n", cwd=tmp_path)
    en_run = cli("play", "--save", target, stdin="2D\n", cwd=tmp_path)
    assert sv_run.returncode == en_run.returncode == 2
    assert (sv_run.stderr.strip(), en_run.stderr.strip()) == (sv, en)
    assert not sv_run.stdout and not en_run.stdout  # refused before the first deal


def test_play_in_swedish_says_that_it_saved(tmp_path: Path) -> None:
    run = cli("play", "--seed", "3", "--save", "game.json", "--lang", "sv", stdin="2D\nquit\n", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Du är A.") and run.stdout.rstrip().endswith("sparat: game.json")
    assert json.loads((tmp_path / "game.json").read_text())["moves"][0] == "A: 2D"


@pytest.mark.parametrize(
    ("raised", "status", "sv", "en"),
    [
        (KeyboardInterrupt(), 130, "skitgubbe: avbrutet", "skitgubbe: interrupted"),
        (
            RuntimeError("boom"),
            70,
            "skitgubbe: internt fel (RuntimeError: boom); rapportera det gärna",
            "skitgubbe: internal error (RuntimeError: boom); please report it",
        ),
        (
            OSError(28, "No space left on device"),
            74,
            "skitgubbe: kan inte skriva utdata: No space left on device",
            "skitgubbe: cannot write the output: No space left on device",
        ),
    ],
    ids=["interrupted", "internal error", "cannot write"],
)
def test_the_statuses_that_are_no_verdict_in_the_language_asked(
    monkeypatch: pytest.MonkeyPatch, raised: BaseException, status: int, sv: str, en: str
) -> None:
    def fail(*_: object) -> int:
        raise raised

    monkeypatch.setattr(cli_module, "_rules", fail)
    sv_run, en_run = cli("rules", "--lang", "sv"), cli("rules")
    assert sv_run.returncode == en_run.returncode == status
    assert (sv_run.stderr.strip(), en_run.stderr.strip()) == (sv, en)
