"""Words of the card pictures (`skitgubbe.views.render`): a card face down, a row's count. The board's words
(seats, talon, table) are the reader's table's (`table_words.TABLE`), in every mode (docs/board.md)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The card pictures' labels.
BOARD: PhraseBook[str] = PhraseBook(
    "board",
    {
        "face_down": ("dolt kort", "face-down card"),
        "cards": VOCABULARY["n_cards"],
        "cards_one": VOCABULARY["one_card"],
    },
)
