"""The live-play panel the play page shows: choices, the Start button and a narration line (HTML only).

The page script (`live-page.mjs`, added by book/_ext/pyodide_runtime.py to pages holding `data-skitgubbe-live`)
wires the Start button; once the engine runs, the reader's table (`table.js`, on a worker-backed model) deals with
the chosen settings and replaces the panel's parts marked `data-live-before`. Nothing here needs the engine in the browser until the reader presses Start.
"""

from __future__ import annotations

from html import escape

from skitgubbe.rules.options import PRESETS
from skitgubbe.text.i18n import check_lang

_WORDS = {
    "sv": {
        "legend": "Spela mot datorn i webbläsaren",
        "rules": "Regler",
        "players": "Antal spelare",
        "opponents": "Datorn spelar",
        "seed": "Givnummer",
        "random": "slumpvis",
        "sensible": "förnuftigt",
        "strong": "starkt",
        "start": "Starta motorn och ge",
        "note": "Motorn (Python i webbläsaren, cirka 7 MB) laddas först när du trycker på knappen.",
    },
    "en": {
        "legend": "Play against the computer in the browser",
        "rules": "Rules",
        "players": "Players",
        "opponents": "The computer plays",
        "seed": "Deal number",
        "random": "at random",
        "sensible": "sensibly",
        "strong": "strongly",
        "start": "Start the engine and deal",
        "note": "The engine (Python in the browser, about 7 MB) loads only when you press the button.",
    },
}


def live_panel(lang: str) -> str:
    """The panel's HTML in Swedish (`sv`) or English (`en`)."""
    w = _WORDS[check_lang(lang)]
    presets = "".join(f'<option value="{escape(name)}">{escape(name)}</option>' for name in PRESETS)
    players = "".join(f'<option value="{n}"{" selected" if n == 3 else ""}>{n}</option>' for n in range(2, 7))
    kinds = "".join(
        f'<option value="{k}"{" selected" if k == "sensible" else ""}>{escape(w[k])}</option>'
        for k in ("random", "sensible", "strong")
    )
    return (
        f'<div class="skitgubbe-live" data-skitgubbe-live="play" data-lang="{lang}" lang="{lang}">'
        f"<fieldset data-live-before><legend>{escape(w['legend'])}</legend>"
        f'<label>{escape(w["rules"])} <select name="rules">{presets}</select></label> '
        f'<label>{escape(w["players"])} <select name="players">{players}</select></label> '
        f'<label>{escape(w["opponents"])} <select name="opponents">{kinds}</select></label> '
        f'<label>{escape(w["seed"])} <input name="seed" type="number" min="0" value="1" inputmode="numeric"></label>'
        f"</fieldset>"
        f'<p data-live-before><button type="button" data-action="start">{escape(w["start"])}</button> <small>{escape(w["note"])}</small></p>'
        f'<p data-live-before data-role="narration" aria-live="polite"></p>'
        f'<div data-role="live-table"></div>'
        f"</div>"
    )
