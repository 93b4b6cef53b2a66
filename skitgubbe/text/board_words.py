"""Words of the board pictures (`skitgubbe.views.render`): cards, hands, talon, table, quiz box."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The board's labels, captions and badges.
BOARD: PhraseBook[str] = PhraseBook(
    "board",
    {
        "face_down": ("dolt kort", "face-down card"),
        "cards": VOCABULARY["n_cards"],
        "cards_one": VOCABULARY["one_card"],
        "talon": ("talong: {n} kort", "talon (talong): {n} cards"),
        "talon_empty": ("talongen är slut", "the talon is used up"),
        "trump_label": ("Trumf:", "Trump:"),
        "to_play": ("på tur", "to play"),
        "to_play_long": VOCABULARY["to_play"],
        "out": VOCABULARY["out"],
        "out_list": ("Ute: {names}", "Out: {names}"),
        "won": VOCABULARY["cards_won"],
        "phase1": VOCABULARY["phase1_title"],
        "phase2": VOCABULARY["phase2_title"],
        "loser": VOCABULARY["loser"],
        "loser_long": VOCABULARY["is_loser"],
        "table": VOCABULARY["the_table"],
        "table_empty": VOCABULARY["table_empty"],
        "play": ("{name}: {cards}", "{name}: {cards}"),
        "set_aside": ("sista kortet, lagt åt sidan av {name}", "last card, set aside by {name}"),
        "set_aside_anon": ("sista kortet, lagt åt sidan", "last card, set aside"),
        "hand_label": ("{name}: {count}", "{name}: {count}"),
        "game_over": VOCABULARY["game_over_heading"],
        "state": ("Spelläge", "Game state"),
    },
)
