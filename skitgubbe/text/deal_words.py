"""Words of the stack-the-deck order (`skitgubbe.records.deck_order`, `python -m skitgubbe deal`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: The lines of the printed order.
DEAL: PhraseBook[str] = PhraseBook(
    "deal",
    {
        "title": (
            "Giv nr {seed} för {n} spelare: lägg upp leken så här",
            "Deal no. {seed} for {n} players: stack the pack like this",
        ),
        "pack": ("Leken med baksidan upp, översta kortet först:", "The pack face down, top card first:"),
        "deal": (
            "Given delar ut ett kort i taget medsols med början hos {first} (förhand), tre var. Händerna blir:",
            "The dealer deals one card at a time clockwise starting with {first} (forehand), three each. The hands are:",
        ),
        "turned": (
            "Nästa kort vänds upp och anger trumf: {card}. Det skjuts in under talongen.",
            "The next card is turned up for trump: {card}. It is slid under the talon.",
        ),
        "talon": ("Talongen ({n} kort), översta kortet först:", "The talon ({n} cards), top card first:"),
    },
)
