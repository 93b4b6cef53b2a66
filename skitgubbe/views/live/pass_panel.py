"""The pass-and-play panel of the play page: the rules, the deal number and the seats (each a person with a name
or a computer player), the Start button and a narration line (HTML only).

The page script (`live-page.mjs`) shows as many seat rows as the count says (`pass-seats.mjs`), checks the seats on
Start, loads the engine and draws the pass-and-play table (`pass-table.js`) in `data-role="live-table"`. The house
rules of the address (`#rules=`) are offered as on the play panel. The words are the text layer's (`PASS_PANEL`,
and `PASS_TABLE` whole in the `pass-words` JSON for the script).
"""

from __future__ import annotations

import json
from html import escape

from skitgubbe.rules.options import PRESETS
from skitgubbe.text.kind_words import offered_words
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.live_words import PLAY_PANEL
from skitgubbe.text.pass_words import PASS_PANEL, PASS_TABLE, pass_words
from skitgubbe.views.live.panel import page_words

#: the seats shown first: three people and a sensible computer player
FIRST_SEATS = 4
_FIRST_KINDS = ("person", "person", "person", "sensible", "person", "person")


def _option(value: str, text: str, about: str, chosen: str) -> str:
    title = f' title="{escape(about)}"' if about else ""
    selected = " selected" if value == chosen else ""
    return f'<option value="{escape(value)}"{title}{selected}>{escape(text)}</option>'


def _seat(n: int, lang: Lang) -> str:
    chosen = _FIRST_KINDS[n - 1]
    options = _option("person", PASS_PANEL.phrase("person", lang), "", chosen) + "".join(
        _option(kind, PASS_PANEL.phrase("computer", lang, kind=said["name"]), said["about"], chosen)
        for kind, said in offered_words(lang).items()
    )
    seat = escape(PASS_PANEL.phrase("seat", lang, n=n))
    placeholder = escape(PASS_TABLE.phrase("default_name", lang, n=n))
    return (
        f'<li class="skitgubbe-seat" data-seat="{n}"{" hidden" if n > FIRST_SEATS else ""}>'
        f"<fieldset><legend>{seat}</legend>"
        f"<label>{escape(PASS_PANEL.phrase('who', lang))} <select data-seat-kind>{options}</select></label> "
        f"<label data-seat-person>{escape(PASS_PANEL.phrase('name', lang))} "
        f'<input type="text" data-seat-name maxlength="40" autocomplete="off" placeholder="{placeholder}"></label>'
        f"</fieldset></li>"
    )


def pass_panel(lang: str) -> str:
    """The panel's HTML in Swedish (`sv`) or English (`en`); a `LanguageError` for another language."""
    lang = check_lang(lang)
    presets = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in PRESETS)
    counts = "".join(f'<option value="{n}"{" selected" if n == FIRST_SEATS else ""}>{n}</option>' for n in range(2, 7))
    seats = "".join(_seat(n, lang) for n in range(1, 7))
    words = json.dumps(pass_words(lang), ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<div class="skitgubbe-live skitgubbe-pass" data-skitgubbe-live="pass" data-lang="{lang}" lang="{lang}">'
        f"<fieldset data-live-before><legend>{escape(PASS_PANEL.phrase('legend', lang))}</legend>"
        f'<label>{escape(PLAY_PANEL.phrase("rules", lang))} <select name="rules">{presets}</select></label> '
        f"<label>{escape(PLAY_PANEL.phrase('seed', lang))} "
        f'<input name="seed" type="number" min="0" value="1" inputmode="numeric"></label> '
        f"<label>{escape(PASS_PANEL.phrase('seats', lang))} <select data-seat-count>{counts}</select></label>"
        f'<ol class="skitgubbe-seats">{seats}</ol>'
        f"</fieldset>"
        f'<p data-live-before><button type="button" data-action="start">{escape(PASS_PANEL.phrase("start", lang))}'
        f"</button> <small>{escape(PLAY_PANEL.phrase('note', lang))}</small></p>"
        f'<p data-live-before data-role="problem" role="alert"></p>'
        f'<p data-live-before data-role="narration" aria-live="polite"></p>'
        f'<p class="sgt-houserules" data-role="house-rules"></p>'
        f"{page_words(lang)}"
        f'<script type="application/json" data-role="pass-words">{words}</script>'
        f'<div data-role="live-table"></div>'
        f"</div>"
    )
