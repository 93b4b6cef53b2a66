"""Each page's description (``<meta name="description">``, in the page's language) and the site's favicon.

Search engines show the description under a page's title, and Lighthouse's SEO audit wants one on every page. The
descriptions are written here per page (the same page in both editions, each in its edition's language); a page
missing from `DESCRIPTIONS` is a build warning, so ``-W`` fails when a page is added without one.

The favicon is drawn here (a playing card: a white card with a red heart, as an SVG and as ``/favicon.ico``, which
browsers ask for at the site root whatever the page says): no binary file in the repository and no request that
ends in a 404.
"""

from __future__ import annotations

import struct
import zlib
from html import escape
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: page (the part after book/<lang>/) -> (Swedish, English) description
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "start": (
        "Börja här: vad skitgubbe är, hur boken är ordnad och vilken väg en nybörjare tar genom reglerna.",
        "Start here: what Skitgubbe is, how this rules book is laid out and the path a newcomer takes through it.",
    ),
    "learn": (
        "Lär dig skitgubbe genom att spela: en kort övning per regel, där du gör draget och genast får veta om det var rätt.",
        "Learn Skitgubbe by playing: one short exercise per rule, where you make the move and are told at once if it was right.",
    ),
    "setup": (
        "Kortleken, antalet spelare, given och talongen i skitgubbe, innan första sticket spelas.",
        "The deck, the number of players, the deal and the talong (stock) in Skitgubbe, before the first trick.",
    ),
    "phase1": (
        "Fas 1 i skitgubbe: hur man samlar kort, vem som tar sticket, att stunsa och att dra från talongen.",
        "Phase 1 of Skitgubbe: collecting cards, who takes the trick, stunsa (bouncing) and drawing from the talong.",
    ),
    "phase2": (
        "Fas 2 i skitgubbe: trumf, att följa färg, att supa och hur man blir av med sina kort.",
        "Phase 2 of Skitgubbe: trumf (trumps), following suit, supa (picking up) and getting rid of your cards.",
    ),
    "first-game": (
        "Ett helt parti skitgubbe steg för steg, med varje drag förklarat av regeln som avgör det.",
        "A whole game of Skitgubbe step by step, each move explained by the rule that decides it.",
    ),
    "quickref": (
        "Hela skitgubbe på en sida att skriva ut: faserna, stick, trumf och slutet av spelet i korthet.",
        "All of Skitgubbe on one printable page: the phases, tricks, trumf (trumps) and the end of the game in brief.",
    ),
    "glossary": (
        "Ordlista över skitgubbens termer: stick, talong, stunsa, chansa, supa, förhand, trumf och fler.",
        "Glossary of Skitgubbe's Swedish terms: stick, talong, stunsa, chansa, supa, förhand, trumf and more.",
    ),
    "games": (
        "Stega igenom hela partier skitgubbe drag för drag och se varför varje kort fick eller inte fick spelas.",
        "Step through whole games of Skitgubbe move by move and see why each card could or could not be played.",
    ),
    "play": (
        "Spela skitgubbe mot datorn direkt i webbläsaren, med reglerna förklarade för varje kort du trycker på.",
        "Play Skitgubbe against the computer in the browser, with the rules explained for every card you tap.",
    ),
    "variants": (
        "Varianter av skitgubbe som källorna beskriver, och hur de ändrar spelet från regel till regel.",
        "Variants of Skitgubbe from the sources, and how each one changes the game rule by rule.",
    ),
    "house-rules": (
        "Skriv ner ert sällskaps husregler för skitgubbe och få en regelfil att pröva fall mot.",
        "Write down your table's house rules for Skitgubbe and get a rules file to check cases against.",
    ),
    "disputes": (
        "Omstridda fall i skitgubbe: där källorna säger olika, och vad varje läsning av regeln ger.",
        "Disputed cases in Skitgubbe: where the sources disagree, and what each reading of the rule gives.",
    ),
    "klover9": (
        "Klöver 9 i skitgubbe: ett stick som källorna dömer olika, spelat ut under varje regel.",
        "The klöver 9 (nine of clubs) trick in Skitgubbe: one trick the sources rule on differently, played out.",
    ),
    "checker": (
        "Pröva ett fall: lägg upp en ställning i skitgubbe och se vilka drag reglerna tillåter och varför.",
        "Check a case: set up a Skitgubbe position and see which moves the rules allow, and why.",
    ),
    "sources": (
        "De fem svenska källorna till skitgubbens regler, vad var och en säger och var de skiljer sig åt.",
        "The five Swedish sources for the rules of Skitgubbe, what each says and where they differ.",
    ),
    "history": (
        "Skitgubbens historia och namn: var spelet kommer ifrån och vad det har hetat genom åren.",
        "The history and names of Skitgubbe: where the card game comes from and what it has been called.",
    ),
    "strategy": (
        "Strategi och statistik för skitgubbe: vad som vinner, räknat över tusentals datorspelade partier.",
        "Strategy and statistics for Skitgubbe: what wins, counted over thousands of computer-played games.",
    ),
    "teacher": (
        "För läraren: en lektion i skitgubbe med utskrivbara blad, frågor och facit.",
        "The teacher's kit: a lesson plan for Skitgubbe with printable handouts, a quiz and its answer key.",
    ),
}

#: pages in no edition
OTHER = {
    "book/index": "Skitgubbe, den interaktiva regelboken på svenska och engelska · "
    "Skitgubbe, the interactive rules book in Swedish and English.",
    "search": "Search the English edition of the Skitgubbe rules book.",
    "search-sv": "Sök i den svenska utgåvan av regelboken om skitgubbe.",
    "genindex": "Index of the Skitgubbe rules book.",
}

FAVICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect x="5" y="1.5" width="22" height="29" rx="3" fill="#fff" stroke="#1a1a1a" stroke-width="2"/>'
    '<path d="M16 24 9.6 17.2a4 4 0 0 1 6.4-4.8 4 4 0 0 1 6.4 4.8Z" fill="#c01c28"/></svg>'
)
FAVICON_SVG_NAME = "favicon.svg"


def description(pagename: str) -> str | None:
    """The description of a page (``book/sv/phase1`` -> the Swedish one), or None if it has none."""
    if pagename in OTHER:
        return OTHER[pagename]
    for index, lang in enumerate(("sv", "en")):
        prefix = f"book/{lang}/"
        if pagename.startswith(prefix) and pagename[len(prefix) :] in DESCRIPTIONS:
            return DESCRIPTIONS[pagename[len(prefix) :]][index]
    return None


def _inside(x: float, y: float) -> tuple[int, int, int, int]:
    """The favicon's pixel at (x, y) in a 32-unit square, as RGBA (the SVG's shapes, drawn plainly)."""
    in_card = 5 <= x <= 27 and 1.5 <= y <= 30.5
    if not in_card:
        return (0, 0, 0, 0)
    if x < 7 or x > 25 or y < 3.5 or y > 28.5:
        return (26, 26, 26, 255)
    # the heart: two circles and a triangle below them
    left = (x - 12.8) ** 2 + (y - 14.6) ** 2 <= 3.6**2
    right = (x - 19.2) ** 2 + (y - 14.6) ** 2 <= 3.6**2
    below = 15.5 <= y <= 24 and abs(x - 16) <= (24 - y) * 0.85
    if left or right or below:
        return (192, 28, 40, 255)
    return (255, 255, 255, 255)


def _png(size: int) -> bytes:
    rows = b"".join(
        b"\0" + b"".join(bytes(_inside((i + 0.5) * 32 / size, (j + 0.5) * 32 / size)) for i in range(size))
        for j in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def favicon_ico(size: int = 32) -> bytes:
    """An ICO file holding one PNG image of the favicon."""
    image = _png(size)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 22) + image


def on_html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    text = description(pagename)
    if text is None:
        if doctree is not None:
            logger.warning("page_meta: no description for %s (add it to DESCRIPTIONS)", pagename)
        return
    tag = f'<meta name="description" content="{escape(text)}" />\n'
    context["metatags"] = context.get("metatags", "") + tag
    icon = context["pathto"](f"_static/{FAVICON_SVG_NAME}", 1)
    context["metatags"] += f'<link rel="icon" href="{escape(icon)}" type="image/svg+xml" />\n'


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    (out / "_static").mkdir(exist_ok=True)
    (out / "_static" / FAVICON_SVG_NAME).write_text(FAVICON_SVG, encoding="utf-8")
    (out / "favicon.ico").write_bytes(favicon_ico())


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", on_html_page_context)
    app.connect("build-finished", on_build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
