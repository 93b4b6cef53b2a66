"""The checker's panel on the checker page: the Start button and what opening a link does (HTML only).

The page script (`live-page.mjs`, added by book/_ext/pyodide_runtime.py to pages holding `data-skitgubbe-live`)
wires Start; once the engine runs, the reader's table (`table.js` in checker mode, on a worker-backed model of
`views.controllers.CheckerController`) replaces the parts marked `data-live-before`. Opened with an address
fragment (`#case=…`, `#rules=…` or `#case=…&rules=…`, see `views.case_editor`), the page script puts the fragment
into the hidden `fragment` field and starts the engine by itself: the reader followed a link to see a verdict.
"""

from __future__ import annotations

from html import escape

from skitgubbe.text.lang import check_lang
from skitgubbe.text.live_words import CHECKER_PANEL
from skitgubbe.views.live.panel import page_words


def checker_panel(lang: str) -> str:
    """The panel's HTML in Swedish (`sv`) or English (`en`); a `LanguageError` for another language."""
    lang = check_lang(lang)
    return (
        f'<div class="skitgubbe-live" data-skitgubbe-live="checker" data-lang="{lang}" lang="{lang}">'
        f"<p data-live-before><strong>{escape(CHECKER_PANEL.phrase('legend', lang))}</strong></p>"
        f'<p data-role="from-link" hidden>{escape(CHECKER_PANEL.phrase("link", lang))}</p>'
        f'<p data-live-before><input type="hidden" name="fragment" value="">'
        f'<button type="button" data-action="start">{escape(CHECKER_PANEL.phrase("start", lang))}</button> '
        f"<small>{escape(CHECKER_PANEL.phrase('note', lang))}</small></p>"
        f'<p data-live-before data-role="narration" aria-live="polite"></p>'
        f"{page_words(lang)}"
        f'<div data-role="live-table"></div>'
        f"</div>"
    )
