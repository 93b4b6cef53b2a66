"""Words of the board pictures (`skitgubbe.views.render`): cards, hands, talon, table, quiz box."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: The board's labels, captions and badges.
BOARD: PhraseBook[str] = PhraseBook(
    "board",
    {
        "face_down": ("dolt kort", "face-down card"),
        "cards": ("{n} kort", "{n} cards"),
        "cards_one": ("1 kort", "1 card"),
        "talon": ("talong: {n} kort", "talon (talong): {n} cards"),
        "talon_empty": ("talongen är slut", "the talon is used up"),
        "trump_label": ("Trumf:", "Trump:"),
        "to_play": ("på tur", "to play"),
        "to_play_long": ("{name} står på tur", "{name} to play"),
        "out": ("ute", "out"),
        "out_list": ("Ute: {names}", "Out: {names}"),
        "won": ("vunna kort: {n}", "cards won: {n}"),
        "phase1": ("Fas 1: stick och talong", "Phase 1: tricks and talon"),
        "phase2": ("Fas 2: bli av med korten", "Phase 2: getting rid of the cards"),
        "loser": ("skitgubbe", "skitgubbe"),
        "loser_long": ("{name} är skitgubbe", "{name} is the skitgubbe (loser)"),
        "table": ("Bordet", "The table"),
        "table_empty": ("Bordet är tomt", "The table is empty"),
        "play": ("{name}: {cards}", "{name}: {cards}"),
        "set_aside": ("sista kortet, lagt åt sidan av {name}", "last card, set aside by {name}"),
        "set_aside_anon": ("sista kortet, lagt åt sidan", "last card, set aside"),
        "hand_label": ("{name}: {count}", "{name}: {count}"),
        "game_over": ("Spelet är slut", "The game is over"),
        "state": ("Spelläge", "Game state"),
    },
)
