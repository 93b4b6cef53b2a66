"""The reader's table: the front end's files (`table.js`, `table.css`), its words and its data.

The front end (an ES module on the anywidget contract, `export default { render({ model, el }) }`) draws a
Replay, a live game or the checker from JSON. This module gives it what it needs from Python: the words of its
controls in the page's language (`words`), the card pictures drawn by `render` (`deck`, one SVG per card code
and one back, so cards look the same as in the prose), and a Replay's model with its pictures (`replay_data`; the
model itself is `skitgubbe.replay`'s, beside the session). The
static site embeds `replay_data` in the page (`static_html`); the Jupyter widget sets the same keys on its model.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from importlib import resources
from typing import Any

from skitgubbe import replay
from skitgubbe.pictures import deck
from skitgubbe.replay import card_codes
from skitgubbe.text.lang import check_lang
from skitgubbe.text.names import genitive
from skitgubbe.text.table_words import board_words as words

__all__ = ["TAKE_OVER_MARKER", "css", "deck", "esm", "genitive", "replay_data", "static_html", "words"]

#: the attribute of a Replay's mount that "play from here" can continue (book/_ext/pyodide_runtime.py looks for it)
TAKE_OVER_MARKER = "data-skitgubbe-take-over"


def replay_data(
    frames: Sequence[dict[str, Any]], lang: str, *, move_list: bool = False, title: str | None = None
) -> dict[str, Any]:
    """The model of a Replay (`skitgubbe.replay.replay_data`) with the pictures of the cards its frames show."""
    lang = check_lang(lang)
    pictures = deck(lang, card_codes(frames))
    return replay.replay_data(frames, lang, move_list=move_list, title=title, deck=pictures)


def static_html(data: dict[str, Any]) -> str:
    """The static site's form: a mount with the model as JSON, drawn by `table.js` (no kernel, no widgets)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    lang = escape(str(data.get("lang", "en")), quote=True)
    # a Replay that can be continued live: the page gets the browser-live engine's page script (pyodide_runtime)
    marker = f" {TAKE_OVER_MARKER}" if data.get("take_over") else ""
    return (
        f'<div class="sgt-mount" lang="{lang}" data-mode="{escape(str(data["mode"]), quote=True)}"{marker}>'
        f'<script type="application/json" class="sgt-data">{text}</script></div>'
    )


def esm() -> str:
    """The front end as one ES module's text: table.js with the modules it imports inlined (see `views.esm`)."""
    from skitgubbe.views import esm as modules

    return modules.inlined("table.js")


def css() -> str:
    """The front end's stylesheet."""
    return resources.files(__package__).joinpath("table.css").read_text(encoding="utf-8")
