"""The teacher's kit: printable handouts (one per phase, diagram drawn by `render`) and the quiz with its key.

Each printable block is a `<section class="sg-printable" data-printable="...">` sized for one A4 page; the
teacher page's script (`book/_ext/house_rules/teacher.js`) prints one block at a time. The quiz questions are the
chapters' own (`examples.QUIZZES`), with the answers the engine computes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape

from skitgubbe.engine.cards import parse_cards
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import split_player_move
from skitgubbe.rules.export import active_rules
from skitgubbe.rules.options import CATALOGUE, PRESETS
from skitgubbe.text.i18n import cards_text, move_text
from skitgubbe.views import render
from skitgubbe.views.examples import QUIZZES, Quiz

_W: Mapping[str, Mapping[str, str]] = {
    "sv": {
        "print": "Skriv ut bladet",
        "handout": "Elevblad",
        "phase1": "Fas 1: samla kort",
        "phase2": "Fas 2: bli av med korten",
        "rules": "Reglerna (Pagat, bokens förval)",
        "look": "Titta efter",
        "quiz": "Testa dig själv: frågor",
        "quiz_phase1": "fas 1",
        "quiz_phase2": "fas 2",
        "key": "Facit",
        "hands": "Händer",
        "table": "Bordet",
        "talon": "talong",
        "won": "tagna",
        "trump": "trumf",
        "trump_card": "trumfkortet hos",
        "empty": "tomt",
        "name": "Namn:",
        "legal": "tillåtet",
        "illegal": "otillåtet",
        "rule": "regel",
        "move": "Draget",
    },
    "en": {
        "print": "Print this sheet",
        "handout": "Handout",
        "phase1": "Phase 1: collecting cards",
        "phase2": "Phase 2: getting rid of the cards",
        "rules": "The rules (Pagat, the book's preset)",
        "look": "Look for",
        "quiz": "Test yourself: questions",
        "quiz_phase1": "phase 1",
        "quiz_phase2": "phase 2",
        "key": "Answer key",
        "hands": "Hands",
        "table": "Table",
        "talon": "talon",
        "won": "won",
        "trump": "trump",
        "trump_card": "trump card held by",
        "empty": "empty",
        "name": "Name:",
        "legal": "legal",
        "illegal": "illegal",
        "rule": "rule",
        "move": "The move",
    },
}

#: what to watch for at the table, per phase (the teacher's own words)
_LOOK: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "phase1": {
        "sv": (
            "Färgen spelar ingen roll i fas 1: bara valören avgör sticket.",
            "Den som spelade ett kort från handen drar genast ett nytt; den som chansade drar inte.",
            "Vid stunsning spelar samma två igen, i samma ordning, och vinnaren tar alla korten.",
            "Talongens sista kort läggs osett åt sidan: det blir trumf i fas 2.",
        ),
        "en": (
            "Suits do not matter in phase 1: only the rank decides the trick.",
            "Whoever played a card from hand draws at once; whoever chose chansa does not draw.",
            "In a tie (stunsa) the same two play again, in the same order, and the winner takes every card.",
            "The talon's last card is laid aside unseen: it gives the trump (trumf) of phase 2.",
        ),
    },
    "phase2": {
        "sv": (
            "Slå det översta kortet, inte det första i sticket.",
            "Den som supar tar bara det översta kortet; nästa spelare möter kortet under.",
            "Ett stick är fullt när korten är lika många som spelarna var när det började.",
            "Spelet slutar i samma ögonblick som bara en spelare har kort: skitgubben.",
        ),
        "en": (
            "Beat the top card, not the first card of the trick.",
            "Whoever picks up (supa) takes only the top card; the next player faces the card beneath.",
            "A trick is complete when its cards equal the number of players when it began.",
            "The game ends the moment only one player holds cards: the skitgubbe.",
        ),
    },
}

#: the position each handout draws: a chapter quiz's position (every move but the asked one)
_DIAGRAM = {"phase1": "p1-q2", "phase2": "p2-q4"}
_CAPTION: Mapping[str, Mapping[str, str]] = {
    "phase1": {
        "sv": "A och B har stunsat två gånger; nu har A spelat ut {KS}. B svarar med ett kort, och högst valör tar "
        "alla sex korten.",
        "en": "A and B have tied twice; now A has led the {KS}. B answers with one card, and the higher rank takes "
        "all six cards.",
    },
    "phase2": {
        "sv": "Klöver är trumf. B har trumfat A:s {7D} med {9C}; C måste slå trumfen med en högre trumf eller supa.",
        "en": "Clubs are trump. B has trumped A's {7D} with the {9C}; C must beat the trump with a higher trump or "
        "pick up.",
    },
}


def _say(text: str, lang: str) -> str:
    return re.sub(r"\{([^{}]+)\}", lambda m: cards_text(parse_cards(m.group(1)), lang), text)


def _button(block: str, lang: str) -> str:
    return (
        f'<p class="sg-print-button"><button type="button" data-action="print-sheet" data-target="{block}">'
        f"{escape(_W[lang]['print'])}</button></p>"
    )


def handout_html(phase: str, lang: str) -> str:
    """One A4 handout for `phase` ("phase1" or "phase2"): the rules of the preset, a diagram, what to look for."""
    w = _W[lang]
    rules = active_rules(PRESETS["pagat"])
    ids = rules["setup"][1:2] + rules[phase] if phase == "phase1" else rules["phase2"] + rules["end"][:2]
    items = "".join(f"<li>{escape(CATALOGUE[r].text(lang))} <code>{escape(r)}</code></li>" for r in ids)
    look = "".join(f"<li>{escape(t)}</li>" for t in _LOOK[phase][lang])
    quiz = QUIZZES[_DIAGRAM[phase]]
    diagram = render.state_html(quiz.position().state, lang, size="sm", caption=_say(_CAPTION[phase][lang], lang))
    block = f"handout-{phase}"
    return (
        f'<section class="sg-printable sg-handout" data-printable="{block}" lang="{lang}" '
        f'aria-label="{escape(w["handout"])}: {escape(w[phase])}">'
        f"{_button(block, lang)}"
        f'<h3 class="sg-handout__title">{escape(w["handout"])}: {escape(w[phase])}</h3>'
        f'<p class="sg-handout__sub">{escape(w["rules"])}</p><ol class="sg-handout__rules">{items}</ol>'
        f"{diagram}"
        f'<h4>{escape(w["look"])}</h4><ul class="sg-handout__look">{look}</ul></section>'
    )


def _position_text(game: Game, lang: str) -> str:
    w = _W[lang]
    s = game.state
    hands = "; ".join(f"{n}: {cards_text(s.hands[n], lang) or '–'}" for n in s.players)
    parts = [f"{w['hands']}: {hands}"]
    if s.phase == 1:
        won = ", ".join(f"{n} {len(s.won[n])}" for n in s.players if s.won[n])
        extra = f"{w['talon']} {len(s.talon)}"
        if won:
            extra += f"; {w['won']}: {won}"
        if s.trump_card:
            extra += f"; {w['trump_card']} {s.trump_card[0]}"
        parts.append(extra)
    else:
        assert s.trump is not None
        parts.append(f"{w['trump']}: {s.trump.name_in(lang)}")
    table = "  ".join(f"{n}: {cards_text(c, lang)}" for n, c in s.table) or w["empty"]
    parts.append(f"{w['table']}: {table}")
    return " · ".join(parts)


def quiz_sheets_html(lang: str) -> str:
    """The chapter questions as two A4 sheets, phase 1's and phase 2's, each with the engine's answer key."""
    return "".join(
        quiz_sheet_html(lang, [q for q in QUIZZES.values() if q.id.startswith(prefix)], block=f"quiz-{phase}")
        for prefix, phase in (("p1-", "phase1"), ("p2-", "phase2"))
    )


def quiz_sheet_html(lang: str, quizzes: Sequence[Quiz] | None = None, *, block: str = "quiz") -> str:
    """Chapter questions on one A4 page (positions as text), the engine's answer key at the foot.

    `block` names the sheet for printing; "quiz-phase1" / "quiz-phase2" add the phase to its title."""
    w = _W[lang]
    quizzes = list(QUIZZES.values()) if quizzes is None else list(quizzes)
    phase = block.removeprefix("quiz-")
    title = w["quiz"] + (f" ({w['quiz_' + phase]})" if phase in ("phase1", "phase2") else "")
    questions = []
    key = []
    for _i, quiz in enumerate(quizzes, 1):
        game = quiz.position()
        name, move = split_player_move(quiz.asked_move())
        opts = "".join(f"<li>{escape(o)}</li>" for o in quiz.options.get(lang, ()))
        questions.append(
            f'<li class="sg-quiz-sheet__q"><p><strong>{escape(quiz.question[lang])}</strong></p>'
            f'<p class="sg-quiz-sheet__pos">{escape(_position_text(game, lang))}. '
            f"<strong>{escape(w['move'])}: {escape(name or '')}: {escape(move_text(move, lang))}</strong></p>"
            f"<ol>{opts}</ol></li>"
        )
        answer = quiz.answer()
        letter = str(quiz.correct + 1) if quiz.correct is not None else "–"
        verdict = w["legal"] if answer.legal else w["illegal"]
        key.append(
            f"<li><strong>{letter}</strong> ({verdict}; {w['rule']} <code>{escape(answer.rule)}</code>) "
            f"{escape(CATALOGUE[answer.rule].text(lang))}</li>"
        )
    return (
        f'<section class="sg-printable sg-quiz-sheet" data-printable="{block}" lang="{lang}" '
        f'aria-label="{escape(title)}">{_button(block, lang)}'
        f'<h3>{escape(title)}</h3><p class="sg-quiz-sheet__name">{escape(w["name"])} ____________________</p>'
        f'<ol class="sg-quiz-sheet__list">{"".join(questions)}</ol>'
        f'<div class="sg-quiz-sheet__key"><h4>{escape(w["key"])}</h4><ol>{"".join(key)}</ol></div></section>'
    )


def quiz_answers(lang: str = "en") -> list[tuple[str, str, bool, str]]:
    """(quiz id, number of the right option, legal, deciding rule) for each question: what the key prints."""
    out = []
    for quiz in QUIZZES.values():
        answer = quiz.answer()
        letter = str(quiz.correct + 1) if quiz.correct is not None else ""
        out.append((quiz.id, letter, answer.legal, answer.rule))
    return out
