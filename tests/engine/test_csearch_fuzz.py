"""The C search trusts nothing it is handed (issue 45): csearch.c under AddressSanitizer and UBSan, fed valid and
mutated packed input (tests/engine/csearch_fuzzing.py), never reads or writes out of bounds and answers every bad
input with a refusal code of its one enum, which native.py names (`REFUSALS`) and raises as `FastCoreRefusal`.
A build with one check planted away (`-DPLANT_OOB`: the reader no longer stops at the input's end) is caught.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from csearch_fuzzing import Valid, code_name, mutants, run, valid_inputs
from sanitized_csearch import CSEARCH, NoCompiler, Sanitized, SanitizerReport, build

from skitgubbe.engine.kernel import native
from skitgubbe.errors import FastCoreRefusal
from skitgubbe.rules.options import PRESETS

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc: the sanitized csearch cannot be built")


@pytest.fixture(scope="module")
def driver() -> Iterator[Sanitized]:
    try:
        path = build()
    except NoCompiler as error:
        pytest.skip(str(error))
    with Sanitized(path) as c:
        yield c


@pytest.fixture(scope="module")
def inputs() -> list[Valid]:
    return valid_inputs(seed=3)


def _enum(source: Path = CSEARCH) -> dict[int, str]:
    body = re.search(r"enum \{\s*(ERR_INPUT.*?)\};", source.read_text(), re.S)
    assert body is not None, "csearch.c has no refusal enum"
    return {int(value): name for name, value in re.findall(r"(ERR_\w+) = (-\d+)", body.group(1))}


def test_the_refusal_table_is_the_c_enum() -> None:
    table = {code: name for code, (name, _reason) in native.REFUSALS.items()}
    assert table == _enum() and len(table) >= 11


def test_valid_inputs_of_every_preset_and_player_count_are_answered(driver: Sanitized, inputs: list[Valid]) -> None:
    assert {v.kind for v in inputs} == {"evaluate", "trace", "policy", "simulate", "study"}
    # a search, a trace and a policy move of two positions, a batch and a study game; 2 to 6 players
    assert len(inputs) == 8 * 5 * len(PRESETS)
    phases = {
        (v.words[1], v.words[2 + len(native.rule_words(PRESETS["pagat"])) + 1]) for v in inputs if v.kind == "trace"
    }
    assert phases == {(n, phase) for n in range(2, 7) for phase in (1, 2)}  # (players, phase)
    for valid in inputs:
        rc, _out = driver.call(valid.words, valid.out_words, entry=valid.entry)
        assert rc >= 0, f"{valid.kind}: {code_name(rc)}"


@pytest.mark.slow
def test_mutated_input_never_trips_a_sanitizer_and_is_refused_by_code(driver: Sanitized, inputs: list[Valid]) -> None:
    tally = run(driver, random.Random(45), 6, inputs)  # a SanitizerReport fails the test with the report
    assert tally.valid_answers == 6 * len(inputs)
    assert not [name for name in tally.codes if "unknown" in name or name.startswith("valid")]
    refused = {name for name in tally.codes if name.startswith("ERR_")}
    # the mutations reach the distinct checks, not one catch-all
    assert {"ERR_MAGIC", "ERR_SEATS", "ERR_LENGTH", "ERR_OUTPUT", "ERR_CANDIDATE", "ERR_INPUT"} <= refused
    assert tally.codes["answered"] > 0  # some mutants are still valid input (e.g. a flipped key bit)


def _evaluate(inputs: list[Valid]) -> Valid:
    return next(v for v in inputs if v.kind == "evaluate")


def test_each_check_answers_its_own_code(driver: Sanitized, inputs: list[Valid]) -> None:
    valid = _evaluate(inputs)
    words = valid.words
    n = words[1]

    def rc_of(changed: list[int], **sizes: int) -> str:
        return code_name(driver.call(changed, valid.out_words, entry=valid.entry, **sizes)[0])  # type: ignore[arg-type]

    assert rc_of([0, *words[1:]]) == "ERR_MAGIC"
    assert rc_of([words[0], 7, *words[2:]]) == "ERR_SEATS"
    assert rc_of([words[0], -(1 << 62), *words[2:]]) == "ERR_SEATS"
    assert rc_of(words[:-1]) == "ERR_LENGTH" and rc_of([*words, 0]) == "ERR_LENGTH"
    assert rc_of(words, n_out=4) == "ERR_OUTPUT"
    low, _high = valid.candidates
    assert rc_of([*words[:low], 1 << 54, *words[low + 1 :]]) == "ERR_CANDIDATE"
    hands = 2 + len(native.rule_words(PRESETS["pagat"])) + 1 + 24  # MAGIC, n, rules, multi, 24 position words
    assert words[hands] == n  # the hands' list: n, then n masks
    both = [*words]
    both[hands + 2] |= both[hands + 1] & -both[hands + 1]  # seat 0's lowest card also in seat 1's hand
    assert rc_of(both) == "ERR_CARDS"
    at = len(words) - 1 - (valid.candidates[1] - low) - 2
    restart = [*words]
    restart[at] = 1  # deal_from 1 with an output nobody wrote
    assert rc_of(restart) == "ERR_STATE"
    to_play = 2 + len(native.rule_words(PRESETS["pagat"])) + 2  # after MAGIC, n, the rules and multi: phase, to_play
    nobody = [*words]
    nobody[to_play] = -1  # nobody to play in a game that is not over
    assert rc_of(nobody) == "ERR_POSITION"
    trace = inputs[inputs.index(valid) + 1]  # the same position's trace: MAGIC, the kernel, five words
    assert trace.kind == "trace" and trace.words[: len(trace.words) - 5] == words[: len(trace.words) - 5]
    me = len(trace.words) - 5  # the unseen cards: me, kept (n, n masks), hidden (n, n counts), ...
    assert words[me] == words[to_play]
    mine = [*words]
    mine[me + 1 + (n + 1) + 1 + words[me]] = 1  # a card of my own hand unseen
    assert rc_of(mine) == "ERR_UNSEEN"
    swapped = [*words]
    swapped[at - 6] = (words[me + 2 + words[me]] & -words[me + 2 + words[me]]).bit_length() - 1  # a pool card mine
    assert rc_of(swapped) == "ERR_UNSEEN"


def test_a_refusal_is_a_clear_error_in_both_languages() -> None:
    with pytest.raises(FastCoreRefusal) as caught:
        native.check_answer("sg_trace", -5)
    error = caught.value
    assert error.code == -5 and error.entry == "sg_trace"
    assert (
        str(error)
        == "sg_trace: the C side refused the packed position (code -5, ERR_SEATS): the number of players is not 2 to 6"
    )
    assert "antalet spelare är inte 2 till 6" in error.message("sv")
    assert native.check_answer("sg_trace", 12) == 12
    with pytest.raises(FastCoreRefusal, match="unknown code"):
        native.check_answer("sg_trace", -99)


def test_the_packer_refuses_a_candidate_that_is_not_a_move_up_front() -> None:
    from skitgubbe import Game
    from skitgubbe.engine.kernel.pack import mask_of, move_word
    from skitgubbe.players.kernel_strong import Unseen

    game = Game.deal(3, rules=PRESETS["pagat"], seed=5)
    me = game._w.to_play
    assert me is not None
    unseen = Unseen(game, me)
    moves = [move_word(m) for m in game.legal_moves()]
    with pytest.raises(FastCoreRefusal, match="ERR_CANDIDATE"):
        native.pack_game(game, unseen, [*moves, 1 << 54], key=1, start=0, budget=2, early_stop=True)
    hand = mask_of(game._w.hands[unseen.me])
    mine = hand & -hand
    fields = ("me", "kept", "hidden", "talon_slots", "aside", "pool")
    lying = SimpleNamespace(**{name: getattr(unseen, name) for name in fields})
    lying.pool = [mine.bit_length() - 1, *unseen.pool[1:]]  # one of my own cards among the unseen
    with pytest.raises(FastCoreRefusal, match="ERR_UNSEEN"):
        native.pack_game(game, lying, moves, key=1, start=0, budget=2, early_stop=True)
    assert native.pack_game(game, unseen, moves, key=1, start=0, budget=2, early_stop=True)[0] == native.MAGIC


def test_a_planted_out_of_bounds_read_is_caught_by_the_fuzz(inputs: list[Valid]) -> None:
    try:
        path = build(["PLANT_OOB"])
    except NoCompiler as error:
        pytest.skip(str(error))
    with Sanitized(path) as c, pytest.raises(SanitizerReport, match="heap-buffer-overflow"):
        run(c, random.Random(45), 1, inputs)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_refusal_from_the_backend_reaches_the_reader_in_their_language_and_changes_nothing(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The live page's path (in the browser the WebAssembly worker is the backend, with the same answers): a
    backend that refuses every search makes the computer's move a message in the reader's language, no move."""
    from skitgubbe.errors import Phrase
    from skitgubbe.views.controllers import PlayController

    monkeypatch.setattr(native, "_RUNNER", [lambda data, out: (-6, out)])  # ERR_CARDS, as a worker would answer
    monkeypatch.setattr(native, "_NAME", ["wasm"])
    controller = PlayController(lang, {"rules": "pagat", "players": 3, "seed": 5, "opponents": "strong"})
    controller.state()
    while not controller.computer_to_move:
        controller.handle({"op": "play", "move": str(controller.game.legal_moves()[0])})
    moves = list(controller.game.moves)
    answer = controller.handle({"op": "computer"})
    expected = FastCoreRefusal("sg_evaluate", -6, "ERR_CARDS", Phrase("fast_core_cards")).message(lang)
    assert answer["message"] == expected and answer["busy"] is False
    assert list(controller.game.moves) == moves


#: runs sg_evaluate of csearch.wasm (argv[1]) on each input of a JSON list on stdin (words as decimal strings, the
#: output's word count), as engine-worker.mjs does; prints each [code, output words as strings]
WASM_RUNNER = """
const fs = require("fs");
const exports = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(process.argv[1])), {}).exports;
const answers = JSON.parse(fs.readFileSync(0, "utf8")).map(([words, outWords]) => {
  if (Math.max(words.length, outWords) > exports.sg_io_words()) return [-3, []]; // the worker's refusal
  const inAt = exports.sg_input(), outAt = exports.sg_output();
  const memory = new BigInt64Array(exports.memory.buffer);
  words.forEach((word, i) => { memory[inAt / 8 + i] = BigInt(word); });
  memory.fill(0n, outAt / 8, outAt / 8 + outWords);
  const code = exports.sg_evaluate(inAt, words.length, outAt, outWords);
  return [code, Array.from(memory.slice(outAt / 8, outAt / 8 + outWords), String)];
});
process.stdout.write(JSON.stringify(answers));
"""


def test_the_webassembly_build_refuses_alike(driver: Sanitized, inputs: list[Valid]) -> None:
    """csearch.wasm (the browser's search, the same source) answers every search input and its mutants with the
    same code as the sanitized gcc build, and valid ones with the same figures."""
    wasm = CSEARCH.with_name("csearch.wasm")
    node = shutil.which("node")
    if node is None or not wasm.exists() or wasm.stat().st_mtime < CSEARCH.stat().st_mtime:
        pytest.skip("no node, or csearch.wasm missing or older than csearch.c (`python setup.py wasm` builds it)")
    rng = random.Random(27)
    cases: list[tuple[list[int], int]] = []
    for valid in inputs:
        if valid.kind == "evaluate":
            out = min(valid.out_words, native.IO_WORDS)  # the module's own output buffer
            cases.append((valid.words, out))
            cases += [
                (words, out) for _kind, words, n_in, n_out in mutants(rng, valid) if n_in is None and n_out is None
            ]
    payload = json.dumps([[[str(w) for w in words], out] for words, out in cases])
    ran = subprocess.run(
        [node, "-e", WASM_RUNNER, str(wasm)], input=payload, capture_output=True, text=True, check=True
    )
    answers = json.loads(ran.stdout)
    assert len(answers) == len(cases) > 100
    codes: set[str] = set()
    for (words, out), (code, figures) in zip(cases, answers, strict=True):
        rc, state = driver.call(words, out)
        assert code == rc, f"wasm {code_name(code)}, gcc {code_name(rc)}"
        codes.add(code_name(rc))
        if rc >= 0:
            expected = array("q")
            expected.frombytes(state)
            assert [int(x) for x in figures] == list(expected)
    assert {"answered", "ERR_MAGIC", "ERR_LENGTH", "ERR_CANDIDATE"} <= codes
