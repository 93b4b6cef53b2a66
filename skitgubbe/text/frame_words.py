"""Words of the step-through frames (`skitgubbe.views.frames`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: Headings and verdicts of a frame.
FRAME: PhraseBook[str] = PhraseBook(
    "frame",
    {
        "start": ("Utgångsläge", "Starting position"),
        "move": ("Drag {i} av {n}", "Move {i} of {n}"),
        "legal": ("tillåtet", "legal"),
        "illegal": ("ej tillåtet", "illegal"),
        "rule": ("Regel", "Rule"),
        "illegal_note": ("Draget görs inte: läget är oförändrat.", "The move is not made: the position is unchanged."),
    },
)
