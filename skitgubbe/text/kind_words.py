"""The words of the computer players' kinds: a name and what the kind is, by the kind's id in
`skitgubbe.players.registry.KINDS`, and the offered kinds in words for every list that shows them.

A kind declared in the registry has its two entries here (tests/text/test_kind_words.py checks every kind has both,
in both languages); the panels, the CLI's help, the live table's and the table server's scripts all take their
words from `offered_words`, so no list of kinds is written anywhere else.
"""

from __future__ import annotations

from skitgubbe.players import registry
from skitgubbe.text.lang import Lang
from skitgubbe.text.phrases import PhraseBook

#: A kind's name, short enough for a menu and a seat's badge ("förnuftig", "dator C (förnuftig)").
KIND_NAMES: PhraseBook[str] = PhraseBook(
    "kind_names",
    {
        "random": ("slumpvis", "random"),
        "sensible": ("förnuftig", "sensible"),
        "strong": ("stark", "strong"),
        "strong-kernel": ("stark, sökning i C", "strong, search in C"),
    },
)

#: What a kind is and how it plays, in one line (a menu item's title, the CLI's help).
KIND_ABOUT: PhraseBook[str] = PhraseBook(
    "kind_about",
    {
        "random": (
            "väljer vilket tillåtet drag som helst, på måfå",
            "picks any legal move, by chance",
        ),
        "sensible": (
            "spelar som en försiktig nybörjare: lägger lågt, vinner stick billigt, sparar trumf och höga kort",
            "plays like a careful beginner: leads low, wins tricks cheaply, keeps trumps and high cards",
        ),
        "strong": (
            "tänker efter: spelar ut många tänkbara givar av korten den inte ser och väljer draget som förlorar "
            "mest sällan",
            "thinks ahead: plays out many possible deals of the cards it cannot see and picks the move that loses "
            "least often",
        ),
        "strong-kernel": (
            "samma sökning som den starka, i C där den snabba kärnan spelar reglerna",
            "the strong player's search, in C where the fast core plays the rules",
        ),
    },
)


def kind_name(kind: str, lang: Lang) -> str:
    """The name of `kind` in `lang`; the id itself for a kind without words (a `strong:<playouts>` variant)."""
    return KIND_NAMES.phrase(kind, lang) if kind in KIND_NAMES else kind


def offered_words(lang: Lang) -> dict[str, dict[str, str]]:
    """The kinds offered to people, in the registry's order: by id, the `name` and what it is (`about`) in
    `lang`. The data the pages carry for their scripts (`kind_words`) and every Python list of kinds."""
    return {
        kind: {"name": KIND_NAMES.phrase(kind, lang), "about": KIND_ABOUT.phrase(kind, lang)}
        for kind in registry.offered_kinds()
    }
