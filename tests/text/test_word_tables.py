"""Every word table of the text layer has one shape, and every key the package looks up exists.

A table is a `PhraseBook` (`skitgubbe/text/phrases.py`): `key -> (Swedish, English)` templates with named
placeholders. The tests below find every table in `skitgubbe/text/`, check each entry, and scan the package's sources
with `ast` for lookups (`TABLE.phrase(key, ...)`, `TABLE.template(key, ...)`, `TABLE[key]`, `word(key, ...)`):
a key must be a literal (or a conditional between literals), never built from pieces, and must be in its table;
a `phrase` call must pass exactly the template's placeholders.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

import skitgubbe.text
from skitgubbe.errors import LanguageError
from skitgubbe.text.phrases import PhraseBook, PhraseKeyError, PhraseParamError, PhraseTableError
from skitgubbe.text.vocabulary import VOCABULARY

PACKAGE = REPO / "skitgubbe"

#: The files whose words moved into the text layer: no word table of their own, no inline `if lang == "sv"` words.
CONVERTED = (
    "skitgubbe/pictures.py",
    "skitgubbe/views/compare.py",
    "skitgubbe/views/handouts.py",
    "skitgubbe/views/frames.py",
    "skitgubbe/views/plots.py",
    "skitgubbe/records/deck_order.py",
    "skitgubbe/session.py",
    "skitgubbe/views/examples.py",
    "skitgubbe/text/error_text.py",
    "skitgubbe/studies/stats.py",
    "skitgubbe/cli.py",
    "skitgubbe/text/i18n.py",
    "skitgubbe/rules/export.py",
    "skitgubbe/text/house_rules.py",
    "skitgubbe/views/quiz.py",
)
#: Converted files that keep no words at all (the rules' data, worded a layer above), so they look nothing up.
WORDLESS = {"skitgubbe/rules/export.py", "skitgubbe/views/table.py"}  # table.py: its words are board_words

#: Tables whose keys are data (the engine's: a reason's key, an event's kind; the rules': an option's name or
#: value, a source, a section), looked up by a non-literal key only inside the module that words them (the value);
#: their keys are checked against the engine's sources, `EventKind` and `Rules` below instead.
DATA_KEYED = {
    ("skitgubbe.text.i18n", "_REASONS"): "skitgubbe/text/i18n.py",
    ("skitgubbe.text.i18n", "_EVENTS"): "skitgubbe/text/i18n.py",
    ("skitgubbe.text.i18n", "_EVENTS_BY_RULE"): "skitgubbe/text/i18n.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_OPTIONS"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.example_words", "EXAMPLE_TITLES"): "skitgubbe/views/examples.py",
    ("skitgubbe.text.example_words", "QUIZ_TEXTS"): "skitgubbe/views/examples.py",  # by quiz id, from its file
    ("skitgubbe.text.error_words", "ERRORS"): "skitgubbe/text/error_text.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_VALUES"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_YES_NO"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_SOURCES"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_WORDS"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_STYLES"): "skitgubbe/text/house_rules.py",
    # by the engine's combination-problem key (tests/text/test_rules_problems_worded.py: every key has words)
    ("skitgubbe.text.house_rules_words", "HOUSE_REASONS"): "skitgubbe/text/house_rules.py",
    ("skitgubbe.text.house_rules_words", "HOUSE_REFUSALS"): "skitgubbe/text/house_rules.py",
    # the learning path's: by exercise id, outcome tag and set name (from the exercise files), and error key
    ("skitgubbe.text.exercise_words", "TASKS"): "skitgubbe/views/exercises.py",
    ("skitgubbe.text.exercise_words", "SHOWN_FEWER"): "skitgubbe/views/exercises.py",
    ("skitgubbe.text.exercise_words", "FEEDBACK"): "skitgubbe/views/exercises.py",
    ("skitgubbe.text.exercise_words", "SET_TITLES"): "skitgubbe/views/exercises.py",
    ("skitgubbe.text.exercise_words", "EXERCISE_ERRORS"): "skitgubbe/views/exercise_data.py",
    ("skitgubbe.text.review_words", "HINT_REASONS"): "skitgubbe/text/review_text.py",  # by the hint's reason key
    # the table server's refusals, by a `TableError`'s key (tests/table/test_words.py checks every key raised)
    ("skitgubbe.text.table_server_words", "TABLE_SERVER"): "skitgubbe/table/errors.py",
    ("skitgubbe.text.table_server_words", "PAGE"): "skitgubbe/table/pages.py",  # sent whole to the page scripts
    # by the fast core's refusal key (tests/session/test_every_rule_set.py: every key has words)
    ("skitgubbe.text.review_words", "SEARCH_NOTES"): "skitgubbe/text/search_text.py",
    # by a player kind's id in the registry (tests/text/test_kind_words.py: every kind has both, and only kinds)
    ("skitgubbe.text.kind_words", "KIND_NAMES"): "skitgubbe/text/kind_words.py",
    ("skitgubbe.text.kind_words", "KIND_ABOUT"): "skitgubbe/text/kind_words.py",
}


def _tables() -> dict[tuple[str, str], PhraseBook[Any]]:
    """Every module-level `PhraseBook` of the text layer, by (module, name), under the module that defines it."""
    found: dict[tuple[str, str], PhraseBook[Any]] = {}
    for info in pkgutil.iter_modules(skitgubbe.text.__path__, "skitgubbe.text."):
        module = importlib.import_module(info.name)
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in tree.body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for target in targets:
                if isinstance(target, ast.Name) and isinstance(getattr(module, target.id, None), PhraseBook):
                    found[(info.name, target.id)] = getattr(module, target.id)
    return found


TABLES = _tables()

# the reader's table, its controllers, the widget cells and the live panels (issue 11 item 4, third part)
CONVERTED += (
    "skitgubbe/views/table.py",
    "skitgubbe/views/controllers.py",
    "skitgubbe/views/widgets.py",
    "skitgubbe/views/live/panel.py",
    "skitgubbe/views/live/checker_panel.py",
)
#: The table's words go to the front end whole (`text.table_words.board_words` reads every key): its keys are checked against
#: the scripts that read them and the Python that looks them up (the front-end scripts' section below).
DATA_KEYED[("skitgubbe.text.table_words", "TABLE")] = "skitgubbe/text/table_words.py"
#: Pass and play's words go to its scripts whole too (`pass_words`): checked against the scripts and the Python below.
DATA_KEYED[("skitgubbe.text.pass_words", "PASS_TABLE")] = "skitgubbe/text/pass_words.py"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _named(template: str) -> set[str]:
    """The parameters a reason's template needs: `{player_gen}` is `player` in the genitive (i18n fills it)."""
    return {name.removesuffix("_gen") for name in _fields(template)}


def test_the_text_layer_holds_the_tables() -> None:
    names = {name for _, name in TABLES}
    assert len(TABLES) >= 14, sorted(TABLES)
    assert {"WORDS", "BOARD", "COMPARE", "OVERVIEW", "HANDOUT", "FRAME", "PLOT", "VERDICT", "DEAL", "CLI"} <= names
    assert sum(len(t) for t in TABLES.values()) > 300


@pytest.mark.parametrize("where", sorted(TABLES), ids=lambda w: f"{w[0].rsplit('.', 1)[1]}.{w[1]}")
def test_every_entry_has_both_languages_the_same_placeholders_and_no_empty_text(where: tuple[str, str]) -> None:
    table = TABLES[where]
    assert len(table) > 0
    for key, pair in table.items():
        assert isinstance(pair, tuple) and len(pair) == 2, (key, pair)
        sv, en = pair
        assert isinstance(sv, str) and isinstance(en, str), key
        assert sv.strip() and en.strip(), f"{table.name}: {key!r} has an empty text"
        assert _fields(sv) == _fields(en), f"{table.name}: {key!r}: {_fields(sv)} in Swedish, {_fields(en)} in English"


def _written_pairs(source: str) -> Iterator[tuple[str, tuple[str, str]]]:
    """Each (Swedish, English) pair written out as two string literals in a `PhraseBook("name", {...})` of a module's
    source, with the table's name (a reference such as `VOCABULARY["rules"]` is not written out)."""
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "PhraseBook"):
            continue
        if len(node.args) != 2 or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[1], ast.Dict):
            continue
        for value in node.args[1].values:
            if isinstance(value, ast.Tuple) and len(value.elts) == 2:
                sv, en = value.elts
                if isinstance(sv, ast.Constant) and isinstance(en, ast.Constant):
                    yield str(node.args[0].value), (str(sv.value), str(en.value))


def _shared_pairs(sources: list[str]) -> dict[tuple[str, str], list[str]]:
    """The pairs written out in more than one table, with those tables' names."""
    tables: dict[tuple[str, str], set[str]] = {}
    for source in sources:
        for table, pair in _written_pairs(source):
            tables.setdefault(pair, set()).add(table)
    return {pair: sorted(names) for pair, names in tables.items() if len(names) > 1}


def test_no_identical_pair_is_written_in_two_tables() -> None:
    """A word two screens share is written once, in the shared vocabulary (`text/vocabulary.py`), and each table
    refers to it there: an identical (Swedish, English) pair written out in a second table fails here."""
    sources = [path.read_text(encoding="utf-8") for path in sorted((PACKAGE / "text").glob("*.py"))]
    assert sum(1 for source in sources for _ in _written_pairs(source)) > 1000  # the scan reads the tables
    shared = _shared_pairs(sources)
    assert not shared, "pairs written in several tables (move them to text/vocabulary.py): " + "; ".join(
        f"{pair} in {', '.join(names)}" for pair, names in shared.items()
    )


def test_the_pair_scan_finds_a_second_copy_and_not_a_reference() -> None:
    first = 'A = PhraseBook("a", {"rules": ("Regler", "Rules"), "x": ("x", "y")})'
    second = 'B = PhraseBook("b", {"rules_again": ("Regler", "Rules"), "ref": VOCABULARY["x"]})'
    referring = 'C = PhraseBook("c", {"rules": VOCABULARY["rules"]})'
    assert _shared_pairs([first, second]) == {("Regler", "Rules"): ["a", "b"]}
    assert _shared_pairs([first, referring]) == {}


def test_the_vocabulary_is_shared() -> None:
    """Each shared word is referred to by two tables or more (else it belongs in its one table)."""
    sources = [path.read_text(encoding="utf-8") for path in sorted((PACKAGE / "text").glob("*.py"))]
    uses: dict[str, set[str]] = {key: set() for key in VOCABULARY}
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "PhraseBook"):
                continue
            for sub in ast.walk(node):
                if (
                    isinstance(sub, ast.Subscript)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id == "VOCABULARY"
                    and isinstance(sub.slice, ast.Constant)
                ):
                    uses[str(sub.slice.value)].add(str(ast.literal_eval(node.args[0])))
    assert {key: sorted(tables) for key, tables in uses.items() if len(tables) < 2} == {}


def test_table_names_are_unique() -> None:
    names = [t.name for t in TABLES.values()]
    assert len(names) == len(set(names)), names


# -- the phrase book refuses what breaks the shape --------------------------------------------------------------
@pytest.mark.parametrize(
    ("entries", "said"),
    [
        ({"a": ("ett", "")}, "'a' has an empty English text"),
        ({"a": ("  ", "one")}, "'a' has an empty Swedish text"),
        ({"a": ("ett",)}, "'a' is not a (Swedish, English) pair of strings"),
        ({"a": "ett"}, "'a' is not a (Swedish, English) pair of strings"),
        ({"a": ("{n} kort", "{count} cards")}, "'a' has other placeholders in Swedish (n) than in English (count)"),
        ({"a": ("{n} kort", "cards")}, "'a' has other placeholders in Swedish (n) than in English (none)"),
        ({"a": ("{n kort", "{n} cards")}, "'a' is not a template"),
    ],
)
def test_a_table_that_breaks_the_shape_is_refused_when_built(entries: dict[str, Any], said: str) -> None:
    with pytest.raises(PhraseTableError) as caught:
        PhraseBook("bad", entries)
    assert str(caught.value).startswith("the table 'bad': ") and said in str(caught.value)


def test_a_lookup_names_the_table_and_the_key_and_refuses_wrong_parameters() -> None:
    book = PhraseBook("demo", {"cards": ("{n} kort", "{n} cards"), "empty": ("tomt", "empty")})
    assert book.phrase("cards", "sv", n=3) == "3 kort" and book.phrase("empty", "en") == "empty"
    assert book.template("cards", "en") == "{n} cards"
    with pytest.raises(PhraseKeyError) as missing_key:
        book.phrase("full", "sv")
    assert str(missing_key.value) == "no phrase 'full' in the table 'demo'"
    assert (missing_key.value.table, missing_key.value.key) == ("demo", "full")
    assert isinstance(missing_key.value, KeyError)
    with pytest.raises(PhraseParamError, match=r"^phrase 'cards' of the table 'demo': missing parameter n$"):
        book.phrase("cards", "sv")
    with pytest.raises(PhraseParamError, match=r"unexpected parameter m$"):
        book.phrase("cards", "sv", n=1, m=2)
    with pytest.raises(PhraseParamError, match=r"unexpected parameter n$"):
        book.phrase("empty", "en", n=1)
    for bad in ("de", "SV", None):
        with pytest.raises(LanguageError):
            book.phrase("empty", bad)  # type: ignore[arg-type]


def test_a_table_is_read_only() -> None:
    book = next(iter(TABLES.values()))
    with pytest.raises(TypeError):
        book["new"] = ("ny", "new")  # type: ignore[index]
    with pytest.raises(TypeError):
        book._entries["new"] = ("ny", "new")  # type: ignore[index]


# -- the sources: every lookup has a literal key that exists ------------------------------------------------------
def _sources() -> Iterator[tuple[str, str, ast.Module]]:
    """(relative path, dotted module, tree) of every module of the package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield relative, ".".join(parts), ast.parse(path.read_text(encoding="utf-8"), relative)


def _table_names(module: str, tree: ast.Module) -> dict[str, tuple[str, str]]:
    """Names in `module` bound to a table: imported from a text module, or the text module's own."""
    names: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("skitgubbe.text"):
            for alias in node.names:
                if (node.module, alias.name) in TABLES:
                    names[alias.asname or alias.name] = (node.module, alias.name)
    for home, name in TABLES:
        if home == module:
            names[name] = (home, name)
    return names


def _literal_keys(node: ast.expr) -> list[str] | None:
    """The keys a key expression can take if it is a literal or a conditional between literals; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_keys(node.body), _literal_keys(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _lookups() -> Iterator[tuple[str, int, tuple[str, str], ast.expr, ast.Call | None]]:
    """(file, line, table, key expression, the call if it is a `phrase` call) of every table lookup."""
    for relative, module, tree in _sources():
        names = _table_names(module, tree)
        imports_word = any(
            isinstance(n, ast.ImportFrom)
            and n.module == "skitgubbe.text.i18n"
            and any(a.name == "word" for a in n.names)
            for n in ast.walk(tree)
        )
        accessor = {  # the body of `word(key, lang)`, whose callers are scanned instead
            id(inner)
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name == "word" and module == "skitgubbe.text.i18n"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in accessor:
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                target = node.func.value
                if isinstance(target, ast.Name) and target.id in names and node.func.attr in ("phrase", "template"):
                    assert node.args, f"{relative}:{node.lineno}: a lookup without a key"
                    call = node if node.func.attr == "phrase" else None
                    yield relative, node.lineno, names[target.id], node.args[0], call
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in names:
                yield relative, node.lineno, names[node.value.id], node.slice, None
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "word"
                and (imports_word or module == "skitgubbe.text.i18n")
            ):
                yield relative, node.lineno, ("skitgubbe.text.i18n", "WORDS"), node.args[0], None


LOOKUPS = list(_lookups())


def test_the_scan_finds_the_lookups_of_every_converted_file() -> None:
    files = {relative for relative, *_ in LOOKUPS}
    assert set(CONVERTED) - WORDLESS <= files, set(CONVERTED) - WORDLESS - files
    assert not WORDLESS & files, WORDLESS & files
    assert len(LOOKUPS) > 200, len(LOOKUPS)


def test_every_key_is_a_literal_that_exists_and_every_phrase_gets_its_placeholders() -> None:
    problems = []
    for relative, line, where, key, call in LOOKUPS:
        table = TABLES[where]
        keys = _literal_keys(key)
        if keys is None:
            if DATA_KEYED.get(where) == relative:
                continue  # the engine's data is the key (checked against the engine below)
            problems.append(f"{relative}:{line}: {table.name}: a key that is not a literal: {ast.unparse(key)}")
            continue
        for k in keys:
            if k not in table:
                problems.append(f"{relative}:{line}: no key {k!r} in the table {table.name!r}")
            elif call is not None:
                if any(kw.arg is None for kw in call.keywords):
                    problems.append(f"{relative}:{line}: {table.name}.{k}: parameters by ** cannot be checked")
                    continue
                given = {kw.arg for kw in call.keywords if kw.arg is not None}
                wanted = _fields(table[k][0])
                if given != wanted:
                    problems.append(
                        f"{relative}:{line}: {table.name}.{k} wants {sorted(wanted)}, given {sorted(given)}"
                    )
    assert not problems, "\n".join(problems)


def test_every_key_of_a_table_is_used() -> None:
    """No dead words: each key of a table looked up by literal keys is looked up somewhere in the package."""
    used: dict[tuple[str, str], set[str]] = {}
    for _, _, where, key, _ in LOOKUPS:
        used.setdefault(where, set()).update(_literal_keys(key) or ())
    unused = {
        TABLES[where].name: sorted(set(TABLES[where]) - used.get(where, set()))
        for where in TABLES
        if where not in DATA_KEYED and set(TABLES[where]) - used.get(where, set())
    }
    assert not unused


def test_the_example_titles_word_exactly_the_examples() -> None:
    """The titles keyed by data (an example's id): every worked example has one, and no title names no example."""
    from skitgubbe.text.example_words import EXAMPLE_TITLES
    from skitgubbe.views.examples import EXAMPLES

    assert set(EXAMPLE_TITLES) == set(EXAMPLES)
    assert all(EXAMPLES[key].title == dict(zip(("sv", "en"), EXAMPLE_TITLES[key], strict=True)) for key in EXAMPLES)


def test_the_hint_reasons_word_exactly_the_reasons_of_the_review() -> None:
    from skitgubbe.players.review import REASONS
    from skitgubbe.text.review_words import HINT_REASONS

    assert set(HINT_REASONS) == set(REASONS)


def test_the_quiz_texts_word_exactly_the_quizzes() -> None:
    """The quizzes' words keyed by data (a quiz's id, from its file): a question and one option per claim for every
    quiz, a follow-up's words for every quiz with one, and no words for a quiz, option or follow-up that is not."""
    from skitgubbe.text.example_words import QUIZ_TEXTS
    from skitgubbe.views.examples import QUIZZES

    wanted = set()
    for quiz_id, quiz in QUIZZES.items():
        wanted |= {f"{quiz_id}.question"} | {f"{quiz_id}.option{n}" for n in range(1, len(quiz.claims) + 1)}
        wanted |= {f"{quiz_id}.cards"} if quiz.cards is not None else set()
    assert set(QUIZ_TEXTS) == wanted


def test_a_key_built_from_pieces_is_found() -> None:
    """The scan's own check: a concatenated key, an f-string key and a missing key in a fixture source fail."""
    tree = ast.parse(
        "from skitgubbe.text.board_words import BOARD\n"
        "BOARD.phrase('cards' + '_one', lang)\nBOARD.phrase(f'{x}', lang)\nBOARD['nothing']\n"
        "BOARD.phrase('cards_one' if x else 'cards', lang)\n"
    )
    names = _table_names("fixture", tree)
    assert names == {"BOARD": ("skitgubbe.text.board_words", "BOARD")}
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
    assert [_literal_keys(c.args[0]) for c in sorted(calls, key=lambda c: c.lineno)] == [
        None,
        None,
        ["cards_one", "cards"],
    ]
    subscript = next(n for n in ast.walk(tree) if isinstance(n, ast.Subscript))
    assert _literal_keys(subscript.slice) == ["nothing"] and "nothing" not in TABLES[names["BOARD"]]


def test_every_reason_key_the_engine_names_is_worded() -> None:
    """The engine's `reason(rule, key, **params)`: each literal key has a template whose placeholders it passes."""
    reasons = TABLES[("skitgubbe.text.i18n", "_REASONS")]
    not_literal = set()
    problems = []
    count = 0
    for relative, _, tree in _sources():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "reason"):
                continue
            count += 1
            keys = _literal_keys(node.args[1])
            if keys is None:
                not_literal.add((relative, ast.unparse(node.args[1])))
                continue
            given = {kw.arg for kw in node.keywords if kw.arg is not None}
            for key in keys:
                if key not in reasons:
                    problems.append(f"{relative}:{node.lineno}: no reason {key!r}")
                elif not _named(reasons[key][0]) <= given or not _named(reasons[key][1]) <= given:
                    problems.append(f"{relative}:{node.lineno}: {key} wants {sorted(_fields(reasons[key][1]))}")
    assert count > 50
    assert not problems, "\n".join(problems)
    assert not not_literal, f"reason keys built from pieces: {sorted(not_literal)}"


# -- no word table of another shape is left in the converted files ------------------------------------------------
def _is_lang_test(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "lang"
        and any(isinstance(c, ast.Constant) and c.value in ("sv", "en") for c in node.comparators)
    )


@pytest.mark.parametrize("relative", CONVERTED)
def test_a_converted_file_keeps_no_words_of_its_own_shape(relative: str) -> None:
    tree = ast.parse((REPO / relative).read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"sv", "en"} <= keys:
                problems.append(f"line {node.lineno}: a {{'sv': ..., 'en': ...}} table")
        if isinstance(node, ast.IfExp) and _is_lang_test(node.test):
            branches = (node.body, node.orelse)
            if any(isinstance(b, ast.Constant) and isinstance(b.value, str) and b.value.strip() for b in branches):
                problems.append(f"line {node.lineno}: words chosen inline by language: {ast.unparse(node)[:80]}")
    assert not problems, "\n".join(problems)


def test_the_house_rules_tables_word_exactly_the_rules_data() -> None:
    """The house-rules tables keyed by data: every option, every value of a non-yes/no option, every source and
    section has its words, and no key names something the rules do not have."""
    from skitgubbe.rules.export import SECTIONS, option_names, option_values
    from skitgubbe.rules.rule import SOURCES
    from skitgubbe.text import house_rules_words as words

    names = option_names()
    assert set(words.HOUSE_OPTIONS) == set(names)
    choices = {(n, v) for n in names for v in option_values(n) if not isinstance(v, bool)}
    assert set(words.HOUSE_VALUES) == choices
    assert set(words.HOUSE_YES_NO) == {True, False}
    assert set(words.HOUSE_SOURCES) == set(SOURCES)
    assert set(SECTIONS) <= set(words.HOUSE_WORDS)
    assert set(words.HOUSE_STYLES) == set(option_values("phase1_style"))


# -- the front end's scripts: every key they read is in the words they are sent; every key of the table is read ----
def _strip_js_comments(source: str) -> str:
    """The script without its `/* ... */` and `// ...` comments (a `//` only after a space or at a line's start,
    so a regular expression or a URL inside a string keeps its slashes)."""
    import re

    return re.sub(r"(?m)(^|[ \t])//.*$", r"\1", re.sub(r"/\*.*?\*/", "", source, flags=re.S))


def js_word_keys(source: str, name: str) -> tuple[set[str], list[str]]:
    """The keys a script reads from its words object `name` (`name.key`, `name["key"]`, `name['key']`), and the
    lookups whose key is not a literal (`name[k]`, ``name[`x_${k}`]``: a key built from pieces)."""
    import re

    code = _strip_js_comments(source)
    head = rf"(?<![\w$.]){re.escape(name)}"
    keys = set(re.findall(head + r"\??\.([A-Za-z_$][\w$]*)", code))
    built = []
    for match in re.finditer(head + r"\[", code):
        literal = re.match(r"\s*(?:\"([^\"\\]*)\"|'([^'\\]*)')\s*\]", code[match.end() :])
        if literal:
            keys.add(literal.group(1) if literal.group(1) is not None else literal.group(2))
        else:
            built.append(code[match.start() : match.start() + 40].split("\n")[0])
    return keys, built


def _script_problems(script: str, source: str, name: str, sent: set[str]) -> list[str]:
    """What is wrong with the words a script reads: a key it is not sent, a key built from pieces."""
    keys, built = js_word_keys(source, name)
    problems = [f"{script}: {name}.{key} is not among the words it is sent" for key in sorted(keys - sent)]
    problems += [f"{script}: a key that is not a literal: {text}" for text in built]
    return problems


def _quiz_score_keys() -> set[str]:
    """The keys of the score words a quiz box sends quiz.js (its `data-words`)."""
    import json
    import re
    from html import unescape

    from skitgubbe.views.examples import QUIZZES
    from skitgubbe.views.quiz import quiz_html

    found = re.search(r"data-words='([^']*)'", quiz_html(next(iter(QUIZZES.values())), "en"))
    assert found, "no data-words on the quiz box"
    return set(json.loads(unescape(found.group(1))))


def _script_words() -> dict[tuple[str, str], set[str]]:
    """(script, the name it gives a words object) -> the keys that object holds. The table's modules and the page script's
    "play from here" get `views.table.words` (the table's book and the `genitive` marker); the page script's
    panel words (`said`) are a panel's live-words JSON (`PAGE_KEYS`, or a Replay's words); quiz.js gets the
    quiz box's score words."""
    from skitgubbe.text.pass_words import pass_words
    from skitgubbe.text.table_words import PAGE_KEYS
    from skitgubbe.views.table import words

    sent = set(words("en"))
    assert sent == set(words("sv"))
    # the table's modules that read its words (the entry table.js only dispatches)
    table = ("board.js", "replay.js", "live-table.js", "checker.js", "template.js")
    return {
        **{(f"skitgubbe/views/{module}", "w"): sent for module in table},
        ("skitgubbe/views/live-page.mjs", "w"): sent,
        ("skitgubbe/views/live-page.mjs", "said"): set(PAGE_KEYS),
        ("skitgubbe/views/rules-address.mjs", "said"): set(PAGE_KEYS),
        ("skitgubbe/views/quiz.js", "words"): _quiz_score_keys(),
        # pass and play: its table's words (the model's pass_words) and the panel's seats (its pass-words JSON)
        ("skitgubbe/views/pass-table.js", "p"): set(pass_words("en")),
        ("skitgubbe/views/pass-seats.mjs", "pw"): set(pass_words("en")),
    }


SCRIPT_WORDS = _script_words()


def _script_source(script: str) -> str:
    return (REPO / script).read_text(encoding="utf-8")


def test_the_js_scan_finds_a_wrong_key_and_a_built_one() -> None:
    """The scan's own check on a fixture script: a key the words lack and a key built from pieces both fail;
    comments, other objects' fields and a longer name ending in the same letter are not lookups."""
    snippet = (
        "// w.in_a_comment\n"
        "const a = w.first + w?.last; /* w.in_a_block */\n"
        'h("b", { text: w["pick-up"] || w[\'rules\'] }); // w.trailing\n'
        "const b = w.no_such_key, c = kw.not_words, d = x.w.nor_this, e = /\\{(\\w+)\\}/g;\n"
        "const f = w[`ed_dest_${kind}`] || w[kind];\n"
    )
    keys, built = js_word_keys(snippet, "w")
    assert keys == {"first", "last", "pick-up", "rules", "no_such_key"}
    assert [text.split(" ")[0] for text in built] == ["w[`ed_dest_${kind}`]", "w[kind];"]
    sent = SCRIPT_WORDS[("skitgubbe/views/board.js", "w")]
    problems = _script_problems("fixture.js", snippet, "w", sent)
    assert problems[0] == "fixture.js: w.no_such_key is not among the words it is sent"
    assert len(problems) == 3 and all("a key that is not a literal" in p for p in problems[1:])
    assert not _script_problems("fixture.js", "const a = w.first + w['pick-up'];", "w", sent)


@pytest.mark.parametrize("where", sorted(SCRIPT_WORDS), ids=lambda w: f"{w[0].rsplit('/', 1)[1]}:{w[1]}")
def test_every_key_a_script_reads_is_among_the_words_it_is_sent(where: tuple[str, str]) -> None:
    script, name = where
    source = _script_source(script)
    keys, _ = js_word_keys(source, name)
    assert keys, f"{script}: no {name}.key found: does the script still name its words {name}?"
    problems = _script_problems(script, source, name, SCRIPT_WORDS[where])
    assert not problems, "\n".join(problems)


def test_every_key_of_the_table_is_read_by_a_script_or_the_python() -> None:
    """No dead words in the table's book: each key is read by table.js or the page script, or looked up (by a
    literal key) in the package; the page words are keys of the book."""
    from skitgubbe.text.table_words import PAGE_KEYS, TABLE

    read = {key for (script, name) in SCRIPT_WORDS for key in js_word_keys(_script_source(script), name)[0]}
    where = ("skitgubbe.text.table_words", "TABLE")
    looked_up = {k for _, _, table, key, _ in LOOKUPS if table == where for k in _literal_keys(key) or ()}
    assert looked_up, "the scan finds no lookup of the table's book"
    assert not set(TABLE) - read - looked_up, sorted(set(TABLE) - read - looked_up)
    assert "genitive" in read and "genitive" not in TABLE
    assert set(PAGE_KEYS) <= set(TABLE) and len(PAGE_KEYS) == len(set(PAGE_KEYS))


def test_every_key_of_pass_and_play_is_read_by_a_script_or_the_python() -> None:
    """No dead words in pass and play's book: each key is read by its scripts or looked up in the package."""
    from skitgubbe.text.pass_words import PASS_TABLE

    read = {
        key
        for (script, name) in SCRIPT_WORDS
        if "pass" in script
        for key in js_word_keys(_script_source(script), name)[0]
    }
    where = ("skitgubbe.text.pass_words", "PASS_TABLE")
    looked_up = {k for _, _, table, key, _ in LOOKUPS if table == where for k in _literal_keys(key) or ()}
    assert looked_up and read
    assert not set(PASS_TABLE) - read - looked_up, sorted(set(PASS_TABLE) - read - looked_up)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_each_panel_sends_the_page_script_its_words(lang: str) -> None:
    """The play and the checker panel carry the page words (house rules, the engine's start) as unfilled templates."""
    import json
    import re

    from skitgubbe.text.table_words import PAGE_KEYS, TABLE
    from skitgubbe.views.live.checker_panel import checker_panel
    from skitgubbe.views.live.panel import live_panel

    for html in (live_panel(lang), checker_panel(lang)):
        found = re.findall(r'<script type="application/json" data-role="live-words">(.*?)</script>', html)
        assert len(found) == 1, html
        said = json.loads(found[0])
        assert list(said) == list(PAGE_KEYS)
        assert all(said[key] == TABLE.template(key, lang) for key in PAGE_KEYS)
