"""Words of the step-through frames (`skitgubbe.views.frames`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Headings and verdicts of a frame.
FRAME: PhraseBook[str] = PhraseBook(
    "frame",
    {
        "start": VOCABULARY["starting_position"],
        "move": VOCABULARY["move_i_of_n"],
        "legal": VOCABULARY["legal"],
        "illegal": VOCABULARY["illegal"],
        "rule": VOCABULARY["rule"],
        "illegal_note": VOCABULARY["move_not_made"],
    },
)
