"""Words of the side-by-side comparison tables and the case gallery (`skitgubbe.views.compare`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The comparison table, its explanations and the case pages.
COMPARE: PhraseBook[str] = PhraseBook(
    "compare",
    {
        "move": VOCABULARY["move"],
        "legal": VOCABULARY["legal"],
        "illegal": VOCABULARY["illegal"],
        "stopped": VOCABULARY["not_reached"],
        "caption": ("Samma drag under olika regler", "The same moves under different rules"),
        "no_position": VOCABULARY["no_position"],
        "why": ("Varför? Alla motiveringar, regel för regel", "Why? Every explanation, rule set by rule set"),
        "refused": ("Där reglerna stoppar ett drag:", "Where the rules stop a move:"),
        "all_legal": ("Alla regeluppsättningar godtar alla drag.", "Every rule set finds every move legal."),
        "illegal_under": ("Något drag underkänns av: {names}.", "Some move is illegal under: {names}."),
        "move_no": VOCABULARY["move_i"],
        "start": ("Utgångsläget", "The starting position"),
        "moves": VOCABULARY["the_moves"],
        "notes": ("Att notera", "Note"),
        "case_file": ("Fallfilen", "The case file"),
        "run": ("Pröva själv:", "Try it yourself:"),
    },
)

#: The overview of every library case under every preset.
OVERVIEW: PhraseBook[str] = PhraseBook(
    "overview",
    {
        "case": ("Fall", "Case"),
        "caption": (
            "Varje fall i kapitlet: godtar regeluppsättningen alla dragen (✓), eller vid vilket drag säger den nej (✗ och dragets nummer)?",
            "Every case in the chapter: does the rule set accept all its moves (✓), or at which move does it say no (✗ and the move's number)?",
        ),
        "move": VOCABULARY["move_i"],
        "all": ("alla dragen tillåtna", "every move legal"),
        "no_position": VOCABULARY["no_position"],
    },
)
