"""The live-play panel the play page shows: choices, the Start button and a narration line (HTML only).

The page script (`live-page.mjs`, added by book/_ext/pyodide_runtime.py to pages holding `data-skitgubbe-live`)
wires the Start button; once the engine runs, the reader's table (`table.js`, on a worker-backed model) deals with
the chosen settings and replaces the panel's parts marked `data-live-before`. Nothing here needs the engine in the
browser until the reader presses Start. The page script reads house rules from the address (`#rules=`) and says
them in the `data-role="house-rules"` line, and narrates the engine's start, with the words of the panel's
`live-words` JSON (`page_words`, which the checker's panel carries too; the words are in `text/`).
"""

from __future__ import annotations

import json
from html import escape

from skitgubbe.rules.options import PRESETS
from skitgubbe.text.kind_words import offered_words
from skitgubbe.text.lang import check_lang
from skitgubbe.text.live_words import PLAY_PANEL
from skitgubbe.text.table_words import PAGE_KEYS
from skitgubbe.views.table import words

#: the opponents' kind chosen first
DEFAULT_KIND = "sensible"


def live_panel(lang: str) -> str:
    """The panel's HTML in Swedish (`sv`) or English (`en`); a `LanguageError` for another language."""
    lang = check_lang(lang)
    presets = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in PRESETS)
    players = "".join(f'<option value="{n}"{" selected" if n == 3 else ""}>{n}</option>' for n in range(2, 7))
    kinds = "".join(
        f'<option value="{escape(k)}" title="{escape(said["about"])}"{" selected" if k == DEFAULT_KIND else ""}>'
        f"{escape(said['name'])}</option>"
        for k, said in offered_words(lang).items()
    )
    return (
        f'<div class="skitgubbe-live" data-skitgubbe-live="play" data-lang="{lang}" lang="{lang}">'
        f"<fieldset data-live-before><legend>{escape(PLAY_PANEL.phrase('legend', lang))}</legend>"
        f'<label>{escape(PLAY_PANEL.phrase("rules", lang))} <select name="rules">{presets}</select></label> '
        f'<label>{escape(PLAY_PANEL.phrase("players", lang))} <select name="players">{players}</select></label> '
        f'<label>{escape(PLAY_PANEL.phrase("opponents", lang))} <select name="opponents">{kinds}</select></label> '
        f"<label>{escape(PLAY_PANEL.phrase('seed', lang))} "
        f'<input name="seed" type="number" min="0" value="1" inputmode="numeric"></label>'
        f"</fieldset>"
        f'<p data-live-before><button type="button" data-action="start">{escape(PLAY_PANEL.phrase("start", lang))}'
        f"</button> <small>{escape(PLAY_PANEL.phrase('note', lang))}</small></p>"
        f'<p data-live-before data-role="narration" aria-live="polite"></p>'
        f'<p class="sgt-houserules" data-role="house-rules"></p>'
        f"{page_words(lang)}"
        f'<div data-role="live-table"></div>'
        f"</div>"
    )


def page_words(lang: str) -> str:
    """The words the page script says before the engine runs (`PAGE_KEYS`: house rules read from the address, the
    engine's start), as the panel's `live-words` JSON script element (templates unfilled: the script fills them)."""
    table_words = words(lang)
    wanted = {key: table_words[key] for key in PAGE_KEYS}
    text = json.dumps(wanted, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" data-role="live-words">{text}</script>'
