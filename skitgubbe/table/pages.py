"""The server's pages: the host's (open a table, show its code, link and QR code, start, restart, end) and a
phone's (join with a name and a language, then the board), each in Swedish or English from its `lang` attribute.

Both pages load one module script from the server itself (`/static/table-host.mjs`, `/static/table-client.mjs`);
the phone's draws the board with the site's renderer (`skitgubbe/views/table.js`, served as `/board/table.js`),
its card pictures and its words, which the page carries as JSON. Nothing comes from another host.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from html import escape
from importlib import resources

import segno

from skitgubbe.pictures import deck
from skitgubbe.players.registry import offered_kinds
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS
from skitgubbe.table.codes import CODE_LENGTH
from skitgubbe.text.kind_words import offered_words
from skitgubbe.text.lang import Lang
from skitgubbe.text.table_server_words import PAGE
from skitgubbe.text.table_words import board_words

__all__ = ["board_file", "host_page", "join_page", "join_problem", "page_words", "phone_page", "qr_svg", "typed_code"]

#: the board renderer's files the pages may load (its entry `table.js`, any module it imports beside it, its CSS)
BOARD_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}


def board_file(name: str) -> tuple[str, str]:
    """The text and media type of one of the board renderer's files in `skitgubbe/views/` (a script or a
    stylesheet, no folder); a `KeyError` for any other name."""
    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in BOARD_TYPES or not re.fullmatch(r"[a-z0-9_-]+\.[a-z]+", name):
        raise KeyError(name)
    path = resources.files("skitgubbe.views").joinpath(name)
    if not path.is_file():
        raise KeyError(name)
    return path.read_text(encoding="utf-8"), BOARD_TYPES[suffix]


def page_words(lang: Lang) -> dict[str, str]:
    """Every word of the server's pages in `lang` (the scripts fill their placeholders)."""
    return {key: PAGE.template(key, lang) for key in PAGE}


def qr_svg(link: str) -> str:
    """The link as a QR code, an SVG drawn here (segno, pure Python)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False, title=link)
    return out.getvalue().decode("utf-8")


def _json(value: object) -> str:
    """JSON safe inside a `<script type="application/json">` (no `</` can close it)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def _page(lang: Lang, title: str, script: str | None, config: Mapping[str, object], body: str, query: str = "") -> str:
    other: Lang = "en" if lang == "sv" else "sv"
    scripts = (
        f"""<script type="application/json" id="sgs-config">{_json(config)}</script>
<script type="module" src="/static/{script}"></script>
"""
        if script
        else ""
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/board/table.css">
<link rel="stylesheet" href="/static/table-server.css">
</head>
<body>
<main class="sgs">
<p class="sgs-lang"><a href="?lang={other}{query}" hreflang="{other}" lang="{other}">{escape(PAGE.phrase("other_lang", other))}</a></p>
<h1>{escape(title)}</h1>
{body}
</main>
{scripts}</body>
</html>
"""


@lru_cache(maxsize=2)
def host_page(lang: Lang) -> str:
    """The host's page in `lang`."""
    config = {
        "lang": lang,
        "words": page_words(lang),
        "presets": sorted(PRESETS),
        "default": DEFAULT_PRESET,
        "kinds": offered_kinds(),
        "kind_words": offered_words(lang),
        "board": {"words": board_words(lang), "deck": deck(lang)},
    }
    join = f'<p class="sgs-tojoin"><a href="/join?lang={lang}">{escape(PAGE.phrase("to_join", lang))}</a></p>'
    return _page(lang, PAGE.phrase("host_title", lang), "table-host.mjs", config, f'{join}<div id="sgs-host"></div>')


def phone_page(lang: Lang, code: str) -> str:
    """A phone's page in `lang` for the table `code` (the code is checked when the phone connects)."""
    words = {**board_words(lang), "record_help": PAGE.phrase("record_help", lang)}  # plain words, no command
    config = {
        "lang": lang,
        "code": code[:16],
        "words": page_words(lang),
        "kind_words": offered_words(lang),
        "board": {"words": words, "deck": deck(lang)},
    }
    return _page(lang, PAGE.phrase("phone_title", lang), "table-client.mjs", config, '<div id="sgs-phone"></div>')


def join_page(lang: Lang, code: str = "", problem: str = "") -> str:
    """The page where a phone types a table's code (a form that works without a script: `GET /join?code=`), with
    the reason a code was not found, if one was typed."""
    shown = escape(code[:32], quote=True)
    error = f'<p class="sgs-problem" id="sgs-code-problem" role="alert">{escape(problem)}</p>' if problem else ""
    described = ' aria-describedby="sgs-code-problem" aria-invalid="true"' if problem else ""
    body = f"""<form class="sgs-join" method="get" action="/join">
<input type="hidden" name="lang" value="{lang}">
<label for="sgs-code">{escape(PAGE.phrase("code_label", lang))}</label>
<input type="text" id="sgs-code" name="code" value="{shown}" required maxlength="{CODE_LENGTH + 4}" inputmode="text"
 autocapitalize="characters" autocomplete="off" autocorrect="off" spellcheck="false" enterkeyhint="go"{described}>
{error}<p class="sgs-help">{escape(PAGE.phrase("code_help", lang, n=CODE_LENGTH))}</p>
<p><button type="submit" data-action="go">{escape(PAGE.phrase("code_go", lang))}</button></p>
</form>"""
    query = f"&amp;code={escape(code[:32], quote=True)}" if code else ""
    return _page(lang, PAGE.phrase("join_title", lang), None, {}, body, query)


def typed_code(text: str) -> str:
    """A code as a phone typed it, read kindly: spaces and dashes dropped, any case."""
    return "".join(text.split()).replace("-", "").upper()


def join_problem(lang: Lang, typed: str, why: str) -> str:
    """Why the code `typed` leads to no table, in `lang`: `missing` (nothing typed), `malformed` (not written like
    a code) or `unknown` (no such table)."""
    shown = typed.strip()[:32]
    if why == "missing":
        return PAGE.phrase("code_missing", lang)
    if why == "malformed":
        return PAGE.phrase("code_malformed", lang, code=shown, n=CODE_LENGTH)
    return PAGE.phrase("code_unknown", lang, code=shown)
