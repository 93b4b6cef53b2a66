"""The checker's panel on the checker page: the Start button and what opening a link does (HTML only).

The page script (`live-page.mjs`, added by book/_ext/pyodide_runtime.py to pages holding `data-skitgubbe-live`)
wires Start; once the engine runs, the reader's table (`table.js` in checker mode, on a worker-backed model of
`views.controllers.CheckerController`) replaces the parts marked `data-live-before`. Opened with an address
fragment (`#case=…`, `#rules=…` or `#case=…&rules=…`, see `views.case_editor`), the page script puts the fragment
into the hidden `fragment` field and starts the engine by itself: the reader followed a link to see a verdict.
"""

from __future__ import annotations

from html import escape

from skitgubbe.text.i18n import check_lang

_WORDS = {
    "sv": {
        "legend": "Provaren i webbläsaren",
        "start": "Starta motorn och öppna provaren",
        "note": "Motorn (Python i webbläsaren, cirka 7 MB) laddas först när du trycker på knappen.",
        "link": "Du kom hit via en länk till ett fall: motorn startar av sig själv och visar fallets domar under "
        "alla regeluppsättningar.",
    },
    "en": {
        "legend": "The checker in the browser",
        "start": "Start the engine and open the checker",
        "note": "The engine (Python in the browser, about 7 MB) loads only when you press the button.",
        "link": "You followed a link to a case: the engine starts by itself and shows the case's verdicts under "
        "every rule set.",
    },
}


def checker_panel(lang: str) -> str:
    """The panel's HTML in Swedish (`sv`) or English (`en`)."""
    w = _WORDS[check_lang(lang)]
    return (
        f'<div class="skitgubbe-live" data-skitgubbe-live="checker" data-lang="{lang}" lang="{lang}">'
        f"<p data-live-before><strong>{escape(w['legend'])}</strong></p>"
        f'<p data-role="from-link" hidden>{escape(w["link"])}</p>'
        f'<p data-live-before><input type="hidden" name="fragment" value="">'
        f'<button type="button" data-action="start">{escape(w["start"])}</button> <small>{escape(w["note"])}</small></p>'
        f'<p data-live-before data-role="narration" aria-live="polite"></p>'
        f'<div data-role="live-table"></div>'
        f"</div>"
    )
