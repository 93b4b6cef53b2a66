"""The factual slips of issue 25, one test per fact that a test can hold, in both editions: each reads the pages'
sources (the Markdown of `book/<lang>/*.md` and the Markdown cells of the notebooks) or the package's strings.
(Fact 4, the quiz key, is tests/views/test_quiz_key.py.)"""

from __future__ import annotations

import json
import re
from functools import cache

from language import REPO

from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.views.examples import EXAMPLES
from skitgubbe.views.frames import frames_json, frames_of_case


@cache
def page(lang: str, stem: str) -> str:
    """The prose of one page's source, line breaks as spaces (a phrase may wrap)."""
    path = next((REPO / "book" / lang).glob(f"{stem}.*"))
    if path.suffix == ".md":
        text = path.read_text(encoding="utf-8")
    else:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


def section(lang: str, stem: str, start: str, end: str) -> str:
    text = page(lang, stem)
    return text[text.index(start) : text.index(end, text.index(start) + len(start))]


def test_fact1_the_special_cards_page_holds_the_last_card_back() -> None:
    never = {"sv": ("lägger aldrig undan", "lägger inte undan kortet", "kortet läggs inte undan", "undanlagt kort)"),
             "en": ("never sets the card aside", "does not set the card aside", "the card is not set aside",
                    "nor a set-aside card")}  # fmt: skip
    waits = {"sv": "tills resten är spelat", "en": "until the rest is played"}
    for lang in ("sv", "en"):
        for stem in ("phase1", "disputes", "sources"):
            text = page(lang, stem)
            assert not [p for p in never[lang] if p in text], (lang, stem)
        assert page(lang, "phase1").count(waits[lang]) >= 1 and page(lang, "disputes").count(waits[lang]) >= 2
        assert waits[lang] in page(lang, "sources")
    rule = CATALOGUE["p1.chansa.not-last"]
    assert "tills resten är spelat" in rule.note_sv and "until the rest is played" in rule.note_en
    assert "nämner varken chansning eller ett undanlagt" not in rule.note_sv


def test_fact2_d4_marks_the_lowest_card_as_the_engines_reading() -> None:
    sv = section("sv", "disputes", "D4 · Flera kort", '<a id="sv-dispute-d5">')
    en = section("en", "disputes", "D4 · Several cards", '<a id="en-dispute-d5">')
    assert "det lägsta av dem måste slå kortet under" not in sv and "motorns läsning" in sv
    assert "the lowest of them must beat the card below" not in en and "the engine's reading" in en


def test_fact3_myllymatti_is_the_probable_ancestor() -> None:
    assert "Spelets troliga finska förfader" in page("sv", "glossary")
    assert "The likely Finnish ancestor" in page("en", "glossary")
    assert "känt som *myllymatti* 1808" not in page("sv", "history")
    assert "known as *myllymatti* in 1808" not in page("en", "history")
    assert "troliga förfader *myllymatti*" in page("sv", "history")
    assert "likely ancestor *myllymatti*" in page("en", "history")


def test_fact5_phase1_replays_do_not_turn_a_trick_away() -> None:
    for lang, away in (("sv", "vänds bort"), ("en", "turned away")):
        frames = frames_json(frames_of_case(EXAMPLES["first-game"].load(), lang), lang)
        done = [(f["phase"], f["completed_text"]) for f in frames if f["completed"]]
        phase1 = [text for phase, text in done if phase == 1]
        assert phase1 and not [t for t in phase1 if away in t]
        klover = frames_json(frames_of_case(EXAMPLES["klover-9"].load(), lang), lang)
        assert [f for f in klover if f["completed"] and away in f["completed_text"]]


def test_fact6_pagat_says_nothing_here_about_koira() -> None:
    for lang in ("sv", "en"):
        line = next(s for s in re.split(r"(?<=\.) ", page(lang, "history")) if "koira" in s)
        assert "Pagat" not in line and "Wikipedia" in line


def test_fact7_the_simulation_sets_the_move_limit_not_the_engine() -> None:
    assert "Motorn stoppar därför varje parti" not in page("sv", "strategy")
    assert "The engine therefore stops every game" not in page("en", "strategy")
    assert "Regelmotorn sätter ingen gräns" in page("sv", "strategy") and "simuleringen" in page("sv", "strategy")
    assert "The rules engine sets no limit" in page("en", "strategy")
    assert "Gränsen sätts av en datorsimulering" in page("sv", "phase2")
    assert "A limit is set by a computer simulation" in page("en", "phase2")


def test_fact8_the_teacher_page_claims_nothing_the_sources_do_not_say() -> None:
    sv, en = page("sv", "teacher"), page("en", "teacher")
    assert "boken och motorn tillåter" not in sv and "skitgubben ger" not in sv
    assert "the book and its engine allow" not in en and "skitgubbe to deal" not in en
    assert "motorns eget val" in sv and "the engine's own choice" in en


def test_fact9_mas_occurs_mostly_there_and_the_source_is_named() -> None:
    assert "the usual name precisely" not in page("en", "start") and "occurs mostly" in page("en", "start")
    mas = section("en", "history", "## Mas or skitgubbe?", "##")
    assert "mas (Swedish Wikipedia)" in mas and "most common" not in mas
    assert "framför allt" in section("sv", "history", "## Mas eller skitgubbe?", "##")


def test_fact10_d6_keeps_the_books_advice_apart_from_the_sources() -> None:
    sv = section("sv", "disputes", "Får den som kan slå det översta kortet supa", '<a id="sv-dispute-d7">')
    en = section("en", "disputes", "**What the sources say.** Pagat and the guide say yes", '<a id="en-dispute-d7">')
    assert "säger ja: man får alltid supa, och ibland" not in sv and "bokens råd, inte källornas" in sv
    assert "pick up, and sometimes" not in en and "the book's advice, not the sources'" in en


def test_fact11_citations_say_what_the_sources_say() -> None:
    rule = CATALOGUE["p1.chansa.not-last"]
    assert "wikipedia" in rule.sources and "guide" not in rule.sources
    assert "betonar samma finska härkomst" not in page("sv", "history")
    assert "stresses the same Finnish descent" not in page("en", "history")
    assert "Färgen spelar roll bara i fas 2. |" not in page("sv", "glossary")
    assert "uppslagen trumf spelar den roll redan i fas 1" in page("sv", "glossary")
    assert "Suits matter only in phase 2. |" not in page("en", "glossary")


def test_teaching_the_start_page_promises_one_thing_and_lists_every_chapter() -> None:
    for lang, promise in (("sv", "Efter kapitel 4"), ("en", "after chapter 4")):
        text = page(lang, "start")
        assert text.lower().count(promise.lower()) == 2
        assert "(house-rules.md)" in text and "(teacher.ipynb)" in text
    assert "Efter de två regelkapitlen kan du spela" not in page("sv", "start")
    assert "play after the two rules chapters." not in page("en", "start")


def test_fact12_the_strategy_page_explains_why_two_rule_sets_show_the_same_figures() -> None:
    # the figures themselves are checked against the games in the page's own hidden cell
    assert "inget fel i tabellen" in page("sv", "strategy") and "no slip in the table" in page("en", "strategy")
    for lang in ("sv", "en"):
        path = REPO / "book" / lang / "strategy.ipynb"
        code = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
        assert [c for c in code if "k_moves[x][0] == s_moves[x][0]" in "".join(c["source"])]
