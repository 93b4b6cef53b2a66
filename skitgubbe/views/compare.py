"""Judge one case under several rule sets side by side: a row per move, a column per preset.

`skitgubbe.records.compare.compare` judges (the data); `comparison_html` and `comparison_text` show the result (the book's tables, `check --compare`);
`case_html` draws a library case with its table, and `gallery_html` every case of the library.
"""

from __future__ import annotations

from html import escape

from skitgubbe.records.caselib import LibraryCase, by_point, library
from skitgubbe.records.compare import Comparison, compare
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import PRESETS
from skitgubbe.session import move_label
from skitgubbe.text.compare_words import COMPARE, OVERVIEW
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.views.board import static_board


def _breakable(text: str) -> str:
    """Escaped text that may wrap after a dot or a hyphen (rule ids, preset names in narrow columns)."""
    return escape(text).replace(".", ".<wbr>").replace("-", "-<wbr>").replace("kortspelsregler", "kortspels&shy;regler")


def _explanations_html(comparison: Comparison, lang: Lang, open_: bool) -> str:
    parts = []
    for preset in comparison.presets:
        if preset in comparison.errors:
            parts.append(
                f"<li><strong>{escape(preset)}</strong>: {escape(COMPARE.phrase('no_position', lang))} "
                f"({escape(comparison.errors[preset])})</li>"
            )
            continue
        items = []
        for i, verdict in enumerate(comparison.judgements[preset].verdicts):
            kind = "legal" if verdict.legal else "illegal"
            mark = "✓" if verdict.legal else "✗"
            items.append(
                f'<li><span class="sg-verdict sg-verdict--{kind}">{mark}</span> '
                f"{escape(move_label(comparison.moves[i], lang))}: {escape(verdict.explanation)} "
                f"<code>{escape(verdict.rule)}</code></li>"
            )
        parts.append(f"<li><strong>{escape(preset)}</strong><ol>{''.join(items)}</ol></li>")
    return (
        f'<details class="sg-compare__why"{" open" if open_ else ""}><summary>{COMPARE.phrase("why", lang)}</summary>'
        f"<ul>{''.join(parts)}</ul></details>"
    )


def comparison_html(
    comparison: Comparison,
    lang: Lang,
    *,
    explain: bool = False,
    open_explanations: bool = False,
    caption: str | None = None,
) -> str:
    """The side-by-side table as HTML (a cell per move and preset: verdict and rule id).

    Each cell's tooltip holds the explanation; `explain=True` adds every explanation below the table in a
    `<details>` element (open with `open_explanations=True`).
    """
    lang = check_lang(lang)
    head = "".join(f'<th scope="col">{_breakable(p)}</th>' for p in comparison.presets)
    rows = []
    for i, move in enumerate(comparison.moves):
        cells = []
        for preset in comparison.presets:
            verdict = comparison.cell(preset, i)
            if preset in comparison.errors:
                cells.append(
                    f'<td class="sg-verdict sg-verdict--illegal" '
                    f'title="{escape(comparison.errors[preset])}">✗ {COMPARE.phrase("no_position", lang)}</td>'
                    if i == 0
                    else f'<td class="sg-verdict sg-verdict--none">— {COMPARE.phrase("stopped", lang)}</td>'
                )
            elif verdict is None:
                cells.append(f'<td class="sg-verdict sg-verdict--none">— {COMPARE.phrase("stopped", lang)}</td>')
            else:
                kind = "legal" if verdict.legal else "illegal"
                mark = "✓" if verdict.legal else "✗"
                said = COMPARE.phrase("legal", lang) if verdict.legal else COMPARE.phrase("illegal", lang)
                cells.append(
                    f'<td class="sg-verdict sg-verdict--{kind}" title="{escape(verdict.explanation)}">'
                    f"{mark}&nbsp;{said}<br><code>{_breakable(verdict.rule)}</code></td>"
                )
        rows.append(f'<tr><th scope="row">{escape(move_label(move, lang))}</th>{"".join(cells)}</tr>')
    table = (
        f'<table class="sg-compare" lang="{lang}" style="font-size: 0.85em">'
        f"<caption>{escape(caption or COMPARE.phrase('caption', lang))}</caption>"
        f'<thead><tr><th scope="col">{COMPARE.phrase("move", lang)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    # a wide table scrolls sideways inside its own box: focusable and named, so keyboard users can scroll it too
    label = escape(caption or COMPARE.phrase("caption", lang))
    html = f'<div class="sg-compare-wrap" style="overflow-x: auto" tabindex="0" role="region" aria-label="{label}">'
    html += f"{table}</div>"
    if explain:
        html += _explanations_html(comparison, lang, open_explanations)
    return html


def comparison_text(comparison: Comparison, lang: Lang) -> str:
    """The side-by-side table as plain text for a terminal: a row per move, a column per preset."""
    lang = check_lang(lang)
    presets = comparison.presets
    header = [COMPARE.phrase("move", lang)] + list(presets)
    body: list[list[tuple[str, str]]] = []
    for i, move in enumerate(comparison.moves):
        row = [(move_label(move, lang), "")]
        for preset in presets:
            verdict = comparison.cell(preset, i)
            if preset in comparison.errors:
                row.append(
                    ("✗ " + COMPARE.phrase("no_position", lang), "")
                    if i == 0
                    else ("— " + COMPARE.phrase("stopped", lang), "")
                )
            elif verdict is None:
                row.append(("— " + COMPARE.phrase("stopped", lang), ""))
            else:
                said = "✓ " + COMPARE.phrase("legal", lang) if verdict.legal else "✗ " + COMPARE.phrase("illegal", lang)
                row.append((said, verdict.rule))
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
        out.append(COMPARE.phrase("all_legal", lang))
        return "\n".join(out)
    out.append(COMPARE.phrase("refused", lang))
    for preset in refused:
        if preset in comparison.errors:
            out.append(f"  {preset}: {COMPARE.phrase('no_position', lang)}: {comparison.errors[preset]}")
            continue
        index = comparison.first_illegal(preset)
        assert index is not None
        verdict = comparison.judgements[preset].verdicts[index]
        out.append(
            f"  {preset}, {COMPARE.phrase('move_no', lang, i=index + 1)} ({move_label(comparison.moves[index], lang)}): "
            f"{verdict.explanation} [{verdict.rule}: {CATALOGUE[verdict.rule].text(lang)}]"
        )
    out.append(COMPARE.phrase("illegal_under", lang, names=", ".join(refused)))
    return "\n".join(out)


# -- the library's cases as HTML ------------------------------------------------------------------------------
def case_html(
    case: LibraryCase,
    lang: Lang,
    *,
    explain: bool = True,
    comparison: Comparison | None = None,
) -> str:
    """A library case for a book page: its title, question, starting position drawn by the engine (under the
    case's own rules), the moves, the side-by-side verdicts (computed now) and its notes."""
    lang = check_lang(lang)
    start = case.load().start().state
    comparison = comparison or compare(case, lang=lang)
    moves = " · ".join(escape(move_label(m, lang)) for m in comparison.moves)
    notes = case.text("notes", lang)
    parts = [
        f'<div class="sg-case" lang="{lang}" data-case="{escape(case.id)}">',
        f'<p class="sg-case__title"><strong>{escape(case.text("title", lang))}</strong> '
        f'<code class="sg-case__id">{escape(case.id)}</code></p>',
        f'<p class="sg-case__question">{escape(case.text("question", lang))}</p>',
        static_board(start, lang, caption=COMPARE.phrase("start", lang)),
        f'<p class="sg-case__moves">{COMPARE.phrase("moves", lang)}: {moves}</p>',
        comparison_html(comparison, lang, explain=explain),
    ]
    if notes:
        parts.append(f'<p class="sg-case__notes"><em>{COMPARE.phrase("notes", lang)}:</em> {escape(notes)}</p>')
    parts.append("</div>")
    return "".join(parts)


def gallery_html(lang: str, *, point: str | None = None) -> str:
    """Every library case (or one point's) with its question, case file, command line and verdict table."""
    lang = check_lang(lang)
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
            f'<details class="sg-gallery__file"><summary>{COMPARE.phrase("case_file", lang)}: <code>{escape(case.file_name)}'
            f"</code></summary><pre>{escape(case.case_json())}</pre></details>"
            f'<p class="sg-gallery__run">{COMPARE.phrase("run", lang)} <code>{escape(command)}</code></p>'
            f"</section>"
        )
    parts.append("</div>")
    return "".join(parts)


def overview_html(lang: Lang, *, anchor: str = "{lang}-dispute-{point}") -> str:
    """One row per library case, one column per preset: ✓ if every move is legal, else ✗ and the first illegal
    move's number. The point links to `#` + `anchor` (a page label such as `en-dispute-d5`)."""
    lang = check_lang(lang)
    rows = []
    presets = list(PRESETS)
    for case in library().values():
        comparison = compare(case, presets, lang=lang)
        cells = []
        for preset in presets:
            index = comparison.first_illegal(preset)
            if preset in comparison.errors:
                cells.append(
                    f'<td class="sg-verdict sg-verdict--illegal" title="{OVERVIEW.phrase("no_position", lang)}">✗</td>'
                )
            elif index is None:
                cells.append(f'<td class="sg-verdict sg-verdict--legal" title="{OVERVIEW.phrase("all", lang)}">✓</td>')
            else:
                verdict = comparison.judgements[preset].verdicts[index]
                title = escape(f"{move_label(comparison.moves[index], lang)}: {verdict.explanation}")
                cells.append(
                    f'<td class="sg-verdict sg-verdict--illegal" title="{title}" '
                    f'aria-label="{OVERVIEW.phrase("move", lang, i=index + 1)}">✗&nbsp;{index + 1}</td>'
                )
        target = anchor.format(lang=lang, point=case.point.lower())
        rows.append(
            f'<tr><th scope="row"><a href="#{escape(target)}">{escape(case.point)}</a> '
            f"{escape(case.text('title', lang))}</th>{''.join(cells)}</tr>"
        )
    head = "".join(f'<th scope="col">{_breakable(p)}</th>' for p in presets)
    return (
        f'<div class="sg-compare-wrap" style="overflow-x: auto" tabindex="0" role="region" '
        f'aria-label="{escape(OVERVIEW.phrase("caption", lang))}"><table class="sg-compare sg-overview" '
        f'lang="{lang}" style="font-size: 0.85em"><caption>{OVERVIEW.phrase("caption", lang)}</caption><thead><tr>'
        f'<th scope="col">{OVERVIEW.phrase("case", lang)}</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )
