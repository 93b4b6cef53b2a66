"""Every door through which text enters the package decodes it on purpose: random bytes (and strings that hold half
a UTF-16 pair, as a browser's string may) fed to `play`'s standard input, to every file reader (cases, records,
rules files, library cases, exercises), to the JSON reader and to the Python sides of the browser (the checker,
the live game, the session, the worker's bridge, the `#rules=` link) are read or refused in one line in the
reader's language, never a traceback or an internal error, and whatever the session holds is kept."""

from __future__ import annotations

import base64
import contextlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tiers import examples

from skitgubbe import cli, session, strict_json
from skitgubbe.errors import RecordError, RulesError
from skitgubbe.records import caselib
from skitgubbe.rules.export import from_url_fragment
from skitgubbe.views.controllers import CheckerController, PlayController
from skitgubbe.views.exercise_data import ExerciseFileError, read_exercise
from skitgubbe.views.live import bridge

SETTINGS = settings(max_examples=examples(60), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
#: What no refusal may say: Python's own words for a decoding failure, or the command line's for a bug.
NOT_OURS = ("Traceback", "UnicodeDecodeError", "UnicodeEncodeError", "codec can't", "internal error", "internt fel")
#: Strings with any code point, lone surrogates among them (a browser's string may hold half a UTF-16 pair).
ANY_TEXT = st.text(st.characters(blacklist_categories=()), max_size=40) | st.sampled_from(
    ["\ud800", '{"players": ["\udc00"]}', '{"a": "\\ud800"}', '{"\\udfff": 1}']
)


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@contextlib.contextmanager
def stdin_bytes(data: bytes) -> Iterator[None]:
    """Standard input as a pipe gives it: these bytes behind a strict UTF-8 text layer."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    try:
        yield
    finally:
        sys.stdin = saved


def run(args: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with stdin_bytes(stdin), contextlib.redirect_stderr(err):
        status = cli.main(args, out=out)
    return status, out.getvalue(), err.getvalue()


# -- play: standard input ----------------------------------------------------------------------------------------
# seed 3 deals A ♦2 ♦8 ♠A and A leads: "2D" is a legal first move, so a record is always there to save


@SETTINGS
@given(st.binary(max_size=60), st.sampled_from(["sv", "en"]))
@example(b"\xff\xfe\n", "en")
def test_play_refuses_bytes_that_are_not_text_and_saves_the_game(tmp_path: Path, tail: bytes, lang: str) -> None:
    target = tmp_path / "game.json"
    target.unlink(missing_ok=True)
    status, out, err = run(["play", "--seed", "3", "--lang", lang, "--save", str(target)], b"2D\n" + tail)
    assert not any(words in out + err for words in NOT_OURS), err
    lines = (b"2D\n" + tail).split(b"\n")
    bad = next((i for i, line in enumerate(lines, 1) if not is_utf8(line)), None)
    quit_before = any(line.strip() in (b"quit", b"q", b"sluta") for line in lines[: (bad or len(lines) + 1) - 1])
    if bad is None or quit_before:
        assert status == 0 and err == "", err
    else:
        expected = "standardinmatningen, rad" if lang == "sv" else "standard input, line"
        assert status == 2 and err.count("\n") == 1 and err.startswith(f"{expected} {bad}: "), err
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["moves"][0] == "A: 2D"


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "standard input, line 2: not UTF-8 text (byte 0xff); type the moves as UTF-8 text\n"),
        ("sv", "standardinmatningen, rad 2: inte UTF-8-text (byte 0xff); skriv dragen som UTF-8-text\n"),
    ],
)
def test_the_reported_pipe_is_refused_in_one_line_and_saved(tmp_path: Path, lang: str, message: str) -> None:
    """`printf '8D\\n\\xff\\xfe\\n' | skitgubbe play --save game.json`: exit 2, one line, the move before kept."""
    status, _, err = run(["play", "--lang", lang, "--save", str(tmp_path / "g.json")], b"8D\n\xff\xfe\n")
    assert (status, err) == (2, message)
    assert json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["moves"][0] == "A: 8D"


def test_a_terminal_that_escapes_bad_bytes_is_refused_too(tmp_path: Path) -> None:
    """Under a C locale Python reads a terminal with `surrogateescape`: the escaped byte is named all the same."""
    saved = sys.stdin
    sys.stdin = io.StringIO("8D\n\udcff\n")  # no bytes below: read as a terminal is, through input()
    try:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = cli.main(["play", "--save", str(tmp_path / "g.json")], out=out)
    finally:
        sys.stdin = saved
    assert status == 2 and "line 2: not utf-8 text (byte 0xff)" in err.getvalue().lower(), err.getvalue()
    assert (tmp_path / "g.json").exists()


# -- files: cases, records, rules files, library cases, exercises -------------------------------------------------
COMMANDS = [
    ["check", "{}"],
    ["check", "{}", "--compare"],
    ["replay", "{}"],
    ["review", "{}", "--playouts", "1"],
    ["simulate", "-n", "1", "--rules", "{}"],
    ["deal", "--seed", "1", "--rules", "{}"],
]


@SETTINGS
@given(st.binary(max_size=80), st.sampled_from(range(len(COMMANDS))), st.sampled_from(["sv", "en"]), st.booleans())
@example(b'{"rules": "pagat", "players": ["A", "B"], "\xff": 1}', 0, "sv", False)
def test_every_file_reader_refuses_bytes_that_are_not_text(
    tmp_path: Path, data: bytes, command: int, lang: str, piped: bool
) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(data)
    given = "-" if piped and "--rules" not in COMMANDS[command] else str(path)
    args = [given if a == "{}" else a for a in COMMANDS[command]] + ["--lang", lang]
    status, out, err = run(args, data)
    assert status in (0, 1, 2) and not any(words in out + err for words in NOT_OURS), err
    if not is_utf8(data.removeprefix(b"\xef\xbb\xbf")):
        said = ("inte UTF-8-text", "UTF-16-text") if lang == "sv" else ("not UTF-8 text", "UTF-16 text")
        assert status == 2 and err.count("\n") == 1 and any(s in err for s in said), err


@SETTINGS
@given(st.binary(max_size=80) | ANY_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_library_and_exercise_files_refuse_in_both_languages(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "some-case.json"
    path.write_bytes(data)
    for read in (lambda: caselib.load_file(path), lambda: read_exercise("some-case.json", data)):
        try:
            read()
        except (RecordError, ExerciseFileError) as error:
            sv, en = error.message("sv"), error.message("en")
            assert "some-case.json" in en and not any(words in sv + en for words in NOT_OURS)
            if not is_utf8(data.removeprefix(b"\xef\xbb\xbf")):
                assert "UTF-8" in sv and "UTF-8" in en


@SETTINGS
@given(st.binary(max_size=80) | ANY_TEXT)
def test_the_json_reader_refuses_with_its_own_words(raw: bytes | str) -> None:
    try:
        value = strict_json.loads(raw)
    except RecordError as error:
        assert not any(words in error.message("sv") + str(error) for words in NOT_OURS)
        return
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # what was read can be written out again


# -- the Python sides of the browser ---------------------------------------------------------------------------------
@SETTINGS
@given(ANY_TEXT | st.binary(max_size=60).map(lambda b: b.decode("latin-1")), st.sampled_from(["sv", "en"]))
def test_the_checker_keeps_its_case_when_the_text_is_not_text(text: str, lang: str) -> None:
    checker = CheckerController(lang)
    checker.state()
    before = json.dumps(checker.case, sort_keys=True)
    answer = checker.handle({"op": "check", "text": text})
    problem = answer["editor"].get("problem") or answer["result"].get("error") or ""
    assert not any(words in problem for words in NOT_OURS), problem
    if strict_json.lone_surrogate(text) >= 0:
        assert answer["result"]["ok"] is False
        assert ("inte text: ett ensamt surrogattecken" if lang == "sv" else "not text: a lone surrogate") in problem
        assert json.dumps(checker.case, sort_keys=True) == before


@SETTINGS
@given(st.binary(max_size=60), st.sampled_from(["case", "rules"]), st.sampled_from(["sv", "en"]))
def test_a_link_of_random_bytes_is_refused_and_the_case_kept(data: bytes, part: str, lang: str) -> None:
    checker = CheckerController(lang)
    checker.state()
    before = json.dumps(checker.case, sort_keys=True)
    link = f"{part}=" + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    answer = checker.handle({"op": "fragment", "fragment": link})
    problem = json.dumps(answer, ensure_ascii=False)
    assert not any(words in problem for words in NOT_OURS)
    if not is_utf8(data.removeprefix(b"\xef\xbb\xbf")):
        assert json.dumps(checker.case, sort_keys=True) == before
        with pytest.raises(RulesError):
            from_url_fragment(link)


@SETTINGS
@given(ANY_TEXT, st.sampled_from(["sv", "en"]))
def test_the_live_game_refuses_a_move_that_is_not_text_and_keeps_the_game(move: str, lang: str) -> None:
    live = PlayController(lang, {"seed": 3})
    live.state()
    game = live.session.game
    assert game is not None
    before = list(game.moves)
    answer = live.handle({"op": "play", "move": move})
    assert not any(words in json.dumps(answer, ensure_ascii=False) for words in NOT_OURS)
    if strict_json.lone_surrogate(move) >= 0:
        assert list(game.moves) == before and live.session.game is game
        assert ("inte text" if lang == "sv" else "not text") in answer["message"]


@SETTINGS
@given(ANY_TEXT)
def test_the_session_and_the_workers_bridge_answer_every_text(text: str) -> None:
    judged = session.check_case(text, "sv")
    assert not any(words in json.dumps(judged, ensure_ascii=False) for words in NOT_OURS)
    answer: Any = json.loads(bridge.call("controllers.replay_model", text))
    assert answer["ok"] is False or isinstance(answer["result"], dict)
    assert "trace" not in answer.get("error", {})
    if strict_json.lone_surrogate(text) >= 0:
        assert answer["ok"] is False and answer["error"]["type"] == "RecordError"
        assert "inte text" in json.dumps(judged, ensure_ascii=False)
