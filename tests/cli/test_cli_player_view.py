"""`play` shows a player what a player sees.

By default the terminal game shows the human's own hand and, of every computer player, only the number of cards
(with what is public: the table, cards won, the talon's count, a trump card turned face up); `--open` shows every
hand. `play --rules` reads a preset or a rules file as `check` and `simulate` do; a bad file exits 2 naming it.

Each game is played to its end through standard input: the script offers, at every prompt, `chansa`, `pick up`
and then every card of the pack in turn, so the first of them that is legal is played (the rest are refused and
asked again); the cycle is long enough for any game. Every run is in-process (`helpers.cli`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import CliResult, cli

from skitgubbe import Game
from skitgubbe.engine.cards import sort_hand
from skitgubbe.records.record import GameRecord
from skitgubbe.rules.rules_file import load_rules_file
from skitgubbe.text.i18n import cards_text
from skitgubbe.text.lang import Lang

SEED = 5
PACK = sorted(str(card) for card in Game.deal(3, seed=SEED).state.all_cards())
SCRIPT = "\n".join(["chansa", "pick up", *PACK] * 150) + "\n"
#: The opening words of each language's last position: the loser line.
LOSER = {"sv": "Skitgubbe: ", "en": "Skitgubbe (loser): "}
COUNT = {"sv": r"(?:1|\d+) kort", "en": r"(?:1 card|\d+ cards)"}


def _hand_lines(output: str, name: str) -> list[str]:
    """Every line of the output that shows `name`'s hand (`* B: ...` or `  B: ...`)."""
    return [line for line in output.splitlines() if re.match(rf"^[ *] {name}: ", line)]


def _played_to_the_end(result: CliResult, lang: Lang) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert any(line.startswith(LOSER[lang]) for line in result.stdout.splitlines()), result.stdout[-2000:]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[CliResult, Path]]:
    """The same seeded game, the same moves: hidden in English and in Swedish, and `--open`, each saved."""
    folder = tmp_path_factory.mktemp("player-view")
    runs = {}
    for key, extra in {"en": ("--lang", "en"), "sv": ("--lang", "sv"), "open": ("--open",)}.items():
        path = folder / f"{key}.json"
        runs[key] = (cli("play", "--seed", str(SEED), "--save", str(path), *extra, stdin=SCRIPT), path)
    return runs


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_computer_players_cards_never_show_by_default(games: dict[str, tuple[CliResult, Path]], lang: Lang) -> None:
    result, saved = games[lang]
    _played_to_the_end(result, lang)
    dealt = Game.deal(3, seed=SEED).state.hands
    # my own hand, face up, in the hand order
    assert _hand_lines(result.stdout, "A")[0] == "* A: " + cards_text(sort_hand(dealt["A"]), lang)
    final = GameRecord.load(saved).replay().state
    assert final.phase == 2 and final.loser is not None  # the whole game, both phases
    for name in ("B", "C"):
        lines = _hand_lines(result.stdout, name)
        assert len(lines) > 20
        for line in lines:
            assert re.fullmatch(rf"[ *] {name}: {COUNT[lang]}(   \(.+: \d+\))?", line), line
            shown = line.split(": ", 1)[1]
            assert not any(card.symbol_in(lang) in shown.split() for card in dealt[name]), line
        assert lines[0].split(": ", 1)[1] == ("3 kort" if lang == "sv" else "3 cards")
        assert lines[-1] == f"  {name}: " + _count(len(final.hands[name]), lang)  # the true count at the end
    assert any(line.startswith(("Phase 2", "Fas 2")) for line in result.stdout.splitlines())


def _count(n: int, lang: Lang) -> str:
    if lang == "sv":
        return f"{n} kort"
    return "1 card" if n == 1 else f"{n} cards"


def test_open_shows_every_hand_and_the_record_is_the_same(games: dict[str, tuple[CliResult, Path]]) -> None:
    hidden_path = games["en"][1]
    shown, shown_path = games["open"]
    _played_to_the_end(shown, "en")
    dealt = Game.deal(3, seed=SEED).state.hands
    for name in ("A", "B", "C"):
        assert _hand_lines(shown.stdout, name)[0].endswith(f"{name}: " + cards_text(sort_hand(dealt[name]), "en"))
    # the same moves were played: only the view differs, the saved record is byte for byte the same
    assert json.loads(shown_path.read_text()) == json.loads(hidden_path.read_text())
    assert shown_path.read_bytes() == hidden_path.read_bytes()
    strip = re.compile(r"^([ *] [BC]: ).*$", re.MULTILINE)
    views = [strip.sub(r"\1", run.stdout.replace(str(path), "GAME")) for run, path in (games["open"], games["en"])]
    assert views[0] == views[1]  # nothing else differs


def test_help_names_open_in_both_languages() -> None:
    en, sv = cli("play", "--help"), cli("play", "--lang", "sv", "--help")
    assert en.returncode == sv.returncode == 0
    assert "--open" in en.stdout and "show every hand face up" in en.stdout
    assert "only the number of cards" in en.stdout.replace("\n", " ").replace("  ", " ")
    assert "--open" in sv.stdout and "visa alla händer öppna" in sv.stdout
    assert "bara antalet kort" in " ".join(sv.stdout.split())
    assert "rules file" in " ".join(en.stdout.split()) and "regelfil" in sv.stdout


def test_a_rules_file_works_for_play(tmp_path: Path) -> None:
    # a house rule off every preset, under the turned-up trump: its trump card is public, and shown
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"preset": "uppslagen-trumf", "must_beat": True}), encoding="utf-8")
    rules = load_rules_file(house)
    saved = tmp_path / "game.json"
    result = cli("play", "--seed", str(SEED), "--rules", str(house), "--save", str(saved), stdin=SCRIPT)
    _played_to_the_end(result, "en")
    assert GameRecord.load(saved).rules == rules  # the game was dealt and played under the file's rules
    start = Game.deal(3, rules=rules, seed=SEED).state
    assert start.trump is not None
    trump_card = cards_text(start.talon[-1:], "en")
    lines = result.stdout.splitlines()
    assert lines[2].startswith("Phase 1 · Trump: ")
    assert f"Talon: {len(start.talon)}   ({trump_card} face up under the talon)" in lines
    aside = [line for line in lines if line.startswith("Set-aside card: ")]
    assert aside and all(line.endswith(f"({trump_card})") for line in aside)
    for name in ("B", "C"):
        assert all(
            re.fullmatch(rf"[ *] {name}: {COUNT['en']}(   \(.+\))?", line) for line in _hand_lines(result.stdout, name)
        )
    # the same game by its preset name is another game (the file's must_beat counts)
    by_name = cli("play", "--seed", str(SEED), "--rules", "uppslagen-trumf", stdin=SCRIPT)
    assert by_name.returncode == 0 and by_name.stdout != result.stdout


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{nope", "bad JSON"),
        ({"preset": "pagat", "chansa": "maybe"}, "field 'chansa' must be true or false"),
        ({"preset": "pagat", "colour": 1}, "unknown field 'colour'"),
        ({"preset": "pagat", "sequences": True}, "cannot go together"),
        (None, "cannot read"),
    ],
    ids=["not JSON", "bad value", "unknown field", "bad combination", "missing file"],
)
def test_a_bad_rules_file_for_play_exits_2_naming_the_file(tmp_path: Path, content: object, needle: str) -> None:
    path = tmp_path / "house.json"
    if content is not None:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    en = cli("play", "--rules", str(path), stdin="quit\n")
    sv = cli("play", "--rules", str(path), "--lang", "sv", stdin="quit\n")
    for run in (en, sv):
        assert run.returncode == 2, run
        assert run.stdout == ""  # refused before the deal
        assert run.stderr.startswith(f"--rules: {path}: ") and run.stderr.count("\n") == 1, run.stderr
        assert "Traceback" not in run.stderr and "internal" not in run.stderr and "internt" not in run.stderr
    assert needle in en.stderr and sv.stderr != en.stderr  # worded in the language asked


def test_an_unknown_preset_for_play_exits_2() -> None:
    run = cli("play", "--rules", "nosuch", stdin="quit\n")
    assert run.returncode == 2 and run.stdout == ""
    assert "unknown preset 'nosuch'" in run.stderr and "Traceback" not in run.stderr
