"""Judge one case under several rule sets side by side: a row per move, a column per preset.

`compare` judges (its data: `skitgubbe.records.compare`); `comparison_html` and `comparison_text` show the result (the book's tables, `check --compare`);
`case_html` draws a library case with its table, and `gallery_html` every case of the library.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from skitgubbe.engine.moves import split_player_move
from skitgubbe.errors import MoveParseError
from skitgubbe.records.caselib import LibraryCase
from skitgubbe.records.compare import Comparison as Comparison  # the data; re-exported for the views' callers
from skitgubbe.records.compare import compare as compare
from skitgubbe.records.compare import verdict_table as verdict_table
from skitgubbe.rules.options import CATALOGUE, PRESETS
from skitgubbe.text.i18n import move_text
from skitgubbe.views import render

_WORDS = {
    "sv": {
        "move": "Drag",
        "legal": "tillåtet",
        "illegal": "ej tillåtet",
        "stopped": "prövas inte",
        "caption": "Samma drag under olika regler",
        "no_position": "ställningen går inte att ställa upp",
        "why": "Varför? Alla motiveringar, regel för regel",
        "refused": "Där reglerna stoppar ett drag:",
        "all_legal": "Alla regeluppsättningar godtar alla drag.",
        "illegal_under": "Något drag underkänns av: {names}.",
        "move_no": "drag {i}",
        "start": "Utgångsläget",
        "moves": "Dragen",
        "notes": "Att notera",
        "case_file": "Fallfilen",
        "run": "Pröva själv:",
    },
    "en": {
        "move": "Move",
        "legal": "legal",
        "illegal": "illegal",
        "stopped": "not reached",
        "caption": "The same moves under different rules",
        "no_position": "the position cannot be set up",
        "why": "Why? Every explanation, rule set by rule set",
        "refused": "Where the rules stop a move:",
        "all_legal": "Every rule set finds every move legal.",
        "illegal_under": "Some move is illegal under: {names}.",
        "move_no": "move {i}",
        "start": "The starting position",
        "moves": "The moves",
        "notes": "Note",
        "case_file": "The case file",
        "run": "Try it yourself:",
    },
}


def _breakable(text: str) -> str:
    """Escaped text that may wrap after a dot or a hyphen (rule ids, preset names in narrow columns)."""
    return escape(text).replace(".", ".<wbr>").replace("-", "-<wbr>").replace("kortspelsregler", "kortspels&shy;regler")


def _move_label(text: str, lang: str) -> str:
    """`B: QC KC AC` written in the language (`B: ♣D ♣K ♣E`); unreadable text is shown as it is."""
    try:
        name, move = split_player_move(text)
        return f"{name}: {move_text(move, lang)}"
    except (MoveParseError, ValueError):
        return text


def _explanations_html(comparison: Comparison, lang: str, words: Mapping[str, str], open_: bool) -> str:
    parts = []
    for preset in comparison.presets:
        if preset in comparison.errors:
            parts.append(
                f"<li><strong>{escape(preset)}</strong>: {escape(words['no_position'])} "
                f"({escape(comparison.errors[preset])})</li>"
            )
            continue
        items = []
        for i, verdict in enumerate(comparison.judgements[preset].verdicts):
            kind = "legal" if verdict.legal else "illegal"
            mark = "✓" if verdict.legal else "✗"
            items.append(
                f'<li><span class="sg-verdict sg-verdict--{kind}">{mark}</span> '
                f"{escape(_move_label(comparison.moves[i], lang))}: {escape(verdict.explanation)} "
                f"<code>{escape(verdict.rule)}</code></li>"
            )
        parts.append(f"<li><strong>{escape(preset)}</strong><ol>{''.join(items)}</ol></li>")
    return (
        f'<details class="sg-compare__why"{" open" if open_ else ""}><summary>{words["why"]}</summary>'
        f"<ul>{''.join(parts)}</ul></details>"
    )


def comparison_html(
    comparison: Comparison,
    lang: str,
    *,
    explain: bool = False,
    open_explanations: bool = False,
    caption: str | None = None,
) -> str:
    """The side-by-side table as HTML (a cell per move and preset: verdict and rule id).

    Each cell's tooltip holds the explanation; `explain=True` adds every explanation below the table in a
    `<details>` element (open with `open_explanations=True`).
    """
    words = _WORDS[lang]
    head = "".join(f'<th scope="col">{_breakable(p)}</th>' for p in comparison.presets)
    rows = []
    for i, move in enumerate(comparison.moves):
        cells = []
        for preset in comparison.presets:
            verdict = comparison.cell(preset, i)
            if preset in comparison.errors:
                cells.append(
                    f'<td class="sg-verdict sg-verdict--illegal" '
                    f'title="{escape(comparison.errors[preset])}">✗ {words["no_position"]}</td>'
                    if i == 0
                    else f'<td class="sg-verdict sg-verdict--none">— {words["stopped"]}</td>'
                )
            elif verdict is None:
                cells.append(f'<td class="sg-verdict sg-verdict--none">— {words["stopped"]}</td>')
            else:
                kind = "legal" if verdict.legal else "illegal"
                mark = "✓" if verdict.legal else "✗"
                cells.append(
                    f'<td class="sg-verdict sg-verdict--{kind}" title="{escape(verdict.explanation)}">'
                    f"{mark}&nbsp;{words[kind]}<br><code>{_breakable(verdict.rule)}</code></td>"
                )
        rows.append(f'<tr><th scope="row">{escape(_move_label(move, lang))}</th>{"".join(cells)}</tr>')
    table = (
        f'<table class="sg-compare" lang="{lang}" style="font-size: 0.85em">'
        f"<caption>{escape(caption or words['caption'])}</caption>"
        f'<thead><tr><th scope="col">{words["move"]}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    # a wide table scrolls sideways inside its own box: focusable and named, so keyboard users can scroll it too
    label = escape(caption or words["caption"])
    html = f'<div class="sg-compare-wrap" style="overflow-x: auto" tabindex="0" role="region" aria-label="{label}">'
    html += f"{table}</div>"
    if explain:
        html += _explanations_html(comparison, lang, words, open_explanations)
    return html


def comparison_text(comparison: Comparison, lang: str) -> str:
    """The side-by-side table as plain text for a terminal: a row per move, a column per preset."""
    words = _WORDS[lang]
    presets = comparison.presets
    header = [words["move"]] + list(presets)
    body: list[list[tuple[str, str]]] = []
    for i, move in enumerate(comparison.moves):
        row = [(_move_label(move, lang), "")]
        for preset in presets:
            verdict = comparison.cell(preset, i)
            if preset in comparison.errors:
                row.append(("✗ " + words["no_position"], "") if i == 0 else ("— " + words["stopped"], ""))
            elif verdict is None:
                row.append(("— " + words["stopped"], ""))
            else:
                row.append(
                    (("✓ " if verdict.legal else "✗ ") + words["legal" if verdict.legal else "illegal"], verdict.rule)
                )
        body.append(row)
    widths = [max([len(header[c])] + [max(len(r[c][0]), len(r[c][1])) for r in body]) for c in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(text.ljust(width) for text, width in zip(cells, widths)).rstrip()

    out = [line(header), line(["-" * w for w in widths])]
    for row in body:
        out.append(line([first for first, _ in row]))
        if any(second for _, second in row):
            out.append(line([second for _, second in row]))
    out.append("")
    refused = [p for p in presets if not comparison.all_legal(p)]
    if not refused:
        out.append(words["all_legal"])
        return "\n".join(out)
    out.append(words["refused"])
    for preset in refused:
        if preset in comparison.errors:
            out.append(f"  {preset}: {words['no_position']}: {comparison.errors[preset]}")
            continue
        index = comparison.first_illegal(preset)
        assert index is not None
        verdict = comparison.judgements[preset].verdicts[index]
        out.append(
            f"  {preset}, {words['move_no'].format(i=index + 1)} ({_move_label(comparison.moves[index], lang)}): "
            f"{verdict.explanation} [{verdict.rule}: {CATALOGUE[verdict.rule].text(lang)}]"
        )
    out.append(words["illegal_under"].format(names=", ".join(refused)))
    return "\n".join(out)


# -- the library's cases as HTML ------------------------------------------------------------------------------
def case_html(
    case: LibraryCase,
    lang: str,
    *,
    size: render.Size = "sm",
    explain: bool = True,
    comparison: Comparison | None = None,
) -> str:
    """A library case for a book page: its title, question, starting position drawn by the engine (under the
    case's own rules), the moves, the side-by-side verdicts (computed now) and its notes."""
    words = _WORDS[lang]
    start = case.load().start().state
    comparison = comparison or compare(case, lang=lang)
    moves = " · ".join(escape(_move_label(m, lang)) for m in comparison.moves)
    notes = case.text("notes", lang)
    parts = [
        f'<div class="sg-case" lang="{lang}" data-case="{escape(case.id)}">',
        f'<p class="sg-case__title"><strong>{escape(case.text("title", lang))}</strong> '
        f'<code class="sg-case__id">{escape(case.id)}</code></p>',
        f'<p class="sg-case__question">{escape(case.text("question", lang))}</p>',
        render.state_html(start, lang, size=size, caption=words["start"]),
        f'<p class="sg-case__moves">{words["moves"]}: {moves}</p>',
        comparison_html(comparison, lang, explain=explain),
    ]
    if notes:
        parts.append(f'<p class="sg-case__notes"><em>{words["notes"]}:</em> {escape(notes)}</p>')
    parts.append("</div>")
    return "".join(parts)


def gallery_html(lang: str, *, point: str | None = None) -> str:
    """Every library case (or one point's) with its question, case file, command line and verdict table."""
    from skitgubbe.records.caselib import by_point, library

    words = _WORDS[lang]
    cases = by_point(point) if point else list(library().values())
    parts = [f'<div class="sg-gallery" lang="{lang}">']
    for case in cases:
        comparison = compare(case, lang=lang)
        command = f"python -m skitgubbe check --compare {case.file_name} --lang {lang}"
        parts.append(
            f'<section class="sg-gallery__case" data-case="{escape(case.id)}">'
            f'<p class="sg-case__title"><strong>{escape(case.point)} · {escape(case.text("title", lang))}</strong> '
            f'<code class="sg-case__id">{escape(case.id)}</code></p>'
            f'<p class="sg-case__question">{escape(case.text("question", lang))}</p>'
            f"{comparison_html(comparison, lang, explain=True)}"
            f'<details class="sg-gallery__file"><summary>{words["case_file"]}: <code>{escape(case.file_name)}'
            f"</code></summary><pre>{escape(case.case_json())}</pre></details>"
            f'<p class="sg-gallery__run">{words["run"]} <code>{escape(command)}</code></p>'
            f"</section>"
        )
    parts.append("</div>")
    return "".join(parts)


_OVERVIEW = {
    "sv": {
        "case": "Fall",
        "caption": "Varje fall i kapitlet: godtar regeluppsättningen alla "
        "dragen (✓), eller vid vilket drag säger den nej (✗ och dragets nummer)?",
        "move": "drag {i}",
        "all": "alla dragen tillåtna",
        "no_position": "ställningen går inte att ställa upp",
    },
    "en": {
        "case": "Case",
        "caption": "Every case in the chapter: does the rule set accept all "
        "its moves (✓), or at which move does it say no (✗ and the move's number)?",
        "move": "move {i}",
        "all": "every move legal",
        "no_position": "the position cannot be set up",
    },
}


def overview_html(lang: str, *, anchor: str = "{lang}-dispute-{point}") -> str:
    """One row per library case, one column per preset: ✓ if every move is legal, else ✗ and the first illegal
    move's number. The point links to `#` + `anchor` (a page label such as `en-dispute-d5`)."""
    from skitgubbe.records.caselib import library

    words = _OVERVIEW[lang]
    rows = []
    presets = list(PRESETS)
    for case in library().values():
        comparison = compare(case, presets, lang=lang)
        cells = []
        for preset in presets:
            index = comparison.first_illegal(preset)
            if preset in comparison.errors:
                cells.append(f'<td class="sg-verdict sg-verdict--illegal" title="{words["no_position"]}">✗</td>')
            elif index is None:
                cells.append(f'<td class="sg-verdict sg-verdict--legal" title="{words["all"]}">✓</td>')
            else:
                verdict = comparison.judgements[preset].verdicts[index]
                title = escape(f"{_move_label(comparison.moves[index], lang)}: {verdict.explanation}")
                cells.append(
                    f'<td class="sg-verdict sg-verdict--illegal" title="{title}" '
                    f'aria-label="{words["move"].format(i=index + 1)}">✗&nbsp;{index + 1}</td>'
                )
        target = anchor.format(lang=lang, point=case.point.lower())
        rows.append(
            f'<tr><th scope="row"><a href="#{escape(target)}">{escape(case.point)}</a> '
            f"{escape(case.text('title', lang))}</th>{''.join(cells)}</tr>"
        )
    head = "".join(f'<th scope="col">{_breakable(p)}</th>' for p in presets)
    return (
        f'<div class="sg-compare-wrap" style="overflow-x: auto" tabindex="0" role="region" '
        f'aria-label="{escape(words["caption"])}"><table class="sg-compare sg-overview" '
        f'lang="{lang}" style="font-size: 0.85em"><caption>{words["caption"]}</caption><thead><tr>'
        f'<th scope="col">{words["case"]}</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )
