"""A computer-player kind is declared once (`skitgubbe.players.registry.KINDS`, its words in
`skitgubbe.text.kind_words`) and every list that offers kinds is made from that declaration.

The first test declares a kind of its own (a registry entry and its words, monkeypatched) and finds it offered
everywhere a person chooses a kind: the live panel, the pass-and-play panel, the CLI's help and its players, the
live table's model, the controllers' and the table server's checks, and the table server's pages (their JSON for
the scripts). The scans below fail where a list of kinds is written by hand again: in a script, in a word table or
in a Python literal of the layers that offer kinds.
"""

from __future__ import annotations

import ast
import json
import re
from html import unescape
from pathlib import Path

import pytest
from helpers import REPO

from skitgubbe import cli as cli_module
from skitgubbe.players import registry
from skitgubbe.players.bots import RandomPlayer
from skitgubbe.players.registry import KINDS, Kind, make_player, offered_kinds
from skitgubbe.table import pages
from skitgubbe.table.room import Room
from skitgubbe.text import kind_words
from skitgubbe.text.kind_words import KIND_ABOUT, KIND_NAMES, offered_words
from skitgubbe.text.phrases import PhraseBook
from skitgubbe.views.controllers import PlayController
from skitgubbe.views.live.panel import live_panel
from skitgubbe.views.live.pass_panel import pass_panel
from skitgubbe.views.pass_play import PassController

PACKAGE = REPO / "skitgubbe"
NEW = "careful"
NEW_NAME = ("omsorgsfull", "careful")
NEW_ABOUT = ("provar varje drag noga innan den spelar", "tries every move with care before it plays")


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind of the test's own, declared as a contributor would: a registry entry and its words."""
    monkeypatch.setitem(registry.KINDS, NEW, Kind(RandomPlayer))
    monkeypatch.setattr(kind_words, "KIND_NAMES", PhraseBook("kind_names", {**KIND_NAMES, NEW: NEW_NAME}))
    monkeypatch.setattr(kind_words, "KIND_ABOUT", PhraseBook("kind_about", {**KIND_ABOUT, NEW: NEW_ABOUT}))
    pages.host_page.cache_clear()
    yield
    pages.host_page.cache_clear()


def _config(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="sgs-config">(.*?)</script>', page, re.S)
    assert found, "the page carries no configuration"
    return json.loads(found.group(1))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("lang", "index"), [("sv", 0), ("en", 1)])
@pytest.mark.usefixtures("declared")
def test_a_declared_kind_is_offered_everywhere(lang: str, index: int) -> None:
    name, about = NEW_NAME[index], NEW_ABOUT[index]
    assert offered_kinds()[-1] == NEW and offered_words(lang)[NEW] == {"name": name, "about": about}  # type: ignore[arg-type]
    # the live panel and the pass-and-play panel: an option with its name and what it is
    panel = unescape(live_panel(lang))
    assert f'<option value="{NEW}" title="{about}">{name}</option>' in panel
    seats = unescape(pass_panel(lang))
    assert seats.count(f'<option value="{NEW}" title="{about}">') == 6 and f"({name})</option>" in seats
    # the CLI: its help says what the kind is, and it plays
    parser = cli_module._parser(lang)  # type: ignore[arg-type]
    helps = " ".join(" ".join(p.format_help().split()) for p in _subparsers(parser).values())
    named = NEW if name == NEW else f"{NEW} ({name})"
    assert f"{named}: {' '.join(about.split())}" in helps
    assert isinstance(make_player(NEW, 1), RandomPlayer)
    # the live table's model: its list and its words, and the controllers take it
    state = PlayController(lang, {"rules": "pagat", "players": 3, "seed": 1, "opponents": NEW}).state()
    assert state["kinds"][-1] == NEW and state["kind_words"][NEW] == {"name": name, "about": about}
    seated = PassController(lang, {"seats": [{"person": "Anna"}, {"computer": NEW}]}).state()
    assert seated["kind_words"][NEW]["name"] == name
    # the table server: the host page's list and words, the phone page's words, and a table's check
    host = _config(pages.host_page(lang))  # type: ignore[arg-type]
    assert host["kinds"] == offered_kinds() and host["kind_words"] == offered_words(lang)  # type: ignore[arg-type]
    phone = _config(pages.phone_page(lang, "ABCDEF"))  # type: ignore[arg-type]
    assert phone["kind_words"] == offered_words(lang)  # type: ignore[arg-type]
    assert Room(seats=2, seed=1, computers=NEW).computers == NEW


def _subparsers(parser: object) -> dict[str, object]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_a_kind_not_declared_is_refused_and_the_refusal_names_the_offered_kinds() -> None:
    with pytest.raises(Exception, match=", ".join(offered_kinds())):
        Room(seats=2, seed=1, computers="careful")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_every_kind_has_a_name_and_what_it_is_in_both_languages(lang: str) -> None:
    """Every declared kind (offered or not) has both words, and the words name only declared kinds."""
    assert set(KIND_NAMES) == set(KINDS) == set(KIND_ABOUT)
    for kind in KINDS:
        name, about = KIND_NAMES.phrase(kind, lang), KIND_ABOUT.phrase(kind, lang)  # type: ignore[arg-type]
        assert name.strip() and about.strip() and len(name) <= 24, (kind, name)
    assert KIND_NAMES["sensible"][0] != KIND_NAMES["sensible"][1] and KIND_ABOUT["strong"][0] != KIND_ABOUT["strong"][1]


# -- no list of kinds written by hand ---------------------------------------------------------------------------

#: Where kinds may be named together: the declaration, its words, and the studies, whose tables seat fixed kinds
#: (an experiment's design, not a choice offered to people) and whose figures colour them.
DECLARED_IN = {"skitgubbe/players/registry.py", "skitgubbe/text/kind_words.py"}
STUDIES = {"skitgubbe/views/plots.py"}


def _kind_mentions(text: str, kinds: list[str]) -> set[str]:
    """The kinds a script names as data: a string literal, an object key, or a word looked up (`w.strong`); an
    element's tag (`h("strong", ...)`) is not a kind."""
    found = set()
    for kind in kinds:
        k = re.escape(kind)
        if re.search(rf"""(?<!h\()(?<!el\()["']{k}["']|(?:^|[{{,\s]){k}\s*:|\bw\.{k}\b""", text, re.M):
            found.add(kind)
    return found


def _scripts() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".js", ".mjs") and p.is_file())


def test_no_script_writes_a_list_of_kinds() -> None:
    kinds = offered_kinds()
    listed = {}
    for path in _scripts():
        named = _kind_mentions(path.read_text(encoding="utf-8"), kinds)
        if len(named) > 1 or re.search(r"\bw\.(" + "|".join(map(re.escape, kinds)) + r")\b", path.read_text()):
            listed[str(path.relative_to(REPO))] = sorted(named)
    assert not listed, f"scripts that list kinds by hand (take them from `kind_words`): {listed}"


def test_the_script_scan_finds_a_hand_written_list() -> None:
    kinds = offered_kinds()
    assert _kind_mentions("const kinds = { random: w.random, sensible: w.sensible };", kinds) == {"random", "sensible"}
    assert _kind_mentions('for (const k of ["strong", "random"]) go(k);', kinds) == {"strong", "random"}
    assert _kind_mentions('computers.value = "sensible"; // the random one', kinds) == {"sensible"}
    assert _kind_mentions('h("strong", { text: w.title }), el("strong", {})', kinds) == set()


def _python_lists(tree: ast.AST, kinds: set[str]) -> list[int]:
    """The lines of a tuple, list, set or dict literal that names two kinds or more."""
    lines = []
    for node in ast.walk(tree):
        items: list[ast.expr | None] = []
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        strings = {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)}
        nested = {
            e.value
            for i in items
            if isinstance(i, ast.Tuple) and i.elts
            for e in i.elts[:1]
            if isinstance(e, ast.Constant) and isinstance(e.value, str)
        }
        if len((strings | nested) & kinds) > 1:
            lines.append(node.lineno)
    return lines


def test_no_python_module_writes_a_list_of_kinds() -> None:
    kinds = set(offered_kinds())
    listed = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = str(path.relative_to(REPO))
        if relative in DECLARED_IN | STUDIES or relative.startswith("skitgubbe/studies/"):
            continue
        lines = _python_lists(ast.parse(path.read_text(encoding="utf-8")), kinds)
        if lines:
            listed[relative] = lines
    assert not listed, f"modules that list kinds by hand (use `offered_kinds` / `offered_words`): {listed}"


def test_the_python_scan_finds_a_hand_written_list() -> None:
    kinds = set(offered_kinds())
    code = 'X = (("random", "slumpvis"), ("sensible", "förnuftig"))\nY = {"strong": 1, "random": 2}\nZ = ["sensible"]\n'
    assert _python_lists(ast.parse(code), kinds) == [1, 2]


def test_no_other_word_table_words_a_kind() -> None:
    """A kind's words are in `kind_words` only: no other table of the text layer has a kind's id as a key."""
    kinds = set(KINDS)
    books = {}
    for path in sorted((PACKAGE / "text").glob("*.py")):
        module = __import__(f"skitgubbe.text.{path.stem}", fromlist=["_"])
        books.update({id(v): v for v in vars(module).values() if isinstance(v, PhraseBook)})
    tables = {
        book.name: sorted(set(book) & kinds)
        for book in books.values()
        if book not in (KIND_NAMES, KIND_ABOUT) and set(book) & kinds
    }
    assert not tables, f"word tables that word kinds again: {tables}"
