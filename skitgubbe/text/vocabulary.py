"""The words several screens share, written once: each table that says one of them refers to it here
(`"rules": VOCABULARY["rules"]`), so a word changed here changes on every screen that shows it.

tests/text/test_word_tables.py fails when an identical (Swedish, English) pair is written out in two tables again:
the second one belongs here.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: The shared words, by a name of their own (the tables keep their keys: the scripts read those).
VOCABULARY: PhraseBook[str] = PhraseBook(
    "vocabulary",
    {
        "answers_unreadable": (
            "En del av det som webbläsaren sparat om dina svar gick inte att läsa; resten finns kvar.",
            "Part of what this browser kept of your answers could not be read; the rest is kept.",
        ),
        "cards_won": ("vunna kort: {n}", "cards won: {n}"),
        "engine_note": (
            "Motorn (Python i webbläsaren, cirka 7 MB) laddas först när du trycker på knappen.",
            "The engine (Python in the browser, about 7 MB) loads only when you press the button.",
        ),
        "forehand": ("förhand", "forehand"),
        "game_over": ("Spelet är slut.", "The game is over."),
        "game_over_heading": ("Spelet är slut", "The game is over"),
        "gen_hand": ("{gen} hand", "{gen} hand"),
        "illegal": ("ej tillåtet", "illegal"),
        "is_loser": ("{name} är skitgubbe", "{name} is the skitgubbe (loser)"),
        "legal": ("tillåtet", "legal"),
        "loser": ("skitgubbe", "skitgubbe"),
        "move": ("Drag", "Move"),
        "move_i": ("drag {i}", "move {i}"),
        "move_i_of_n": ("Drag {i} av {n}", "Move {i} of {n}"),
        "move_not_made": ("Draget görs inte: läget är oförändrat.", "The move is not made: the position is unchanged."),
        "must_be_object": ("måste vara ett objekt, inte {value}", "must be an object, not {value}"),
        "must_be_one_of": ("måste vara ett av {choices}, inte {value}", "must be one of {choices}, not {value}"),
        "n_cards": ("{n} kort", "{n} cards"),
        "new_deal": ("Ny giv", "New deal"),
        "no_position": ("ställningen går inte att ställa upp", "the position cannot be set up"),
        "not_reached": ("prövas inte", "not reached"),
        "one_card": ("1 kort", "1 card"),
        "opponents": ("Motspelare", "Opponents"),
        "out": ("ute", "out"),
        "phase": ("Fas", "Phase"),
        "phase1": ("fas 1", "phase 1"),
        "phase1_collecting": ("Fas 1: samla kort", "Phase 1: collecting cards"),
        "phase1_title": ("Fas 1: stick och talong", "Phase 1: tricks and talon"),
        "phase2": ("fas 2", "phase 2"),
        "phase2_title": ("Fas 2: bli av med korten", "Phase 2: getting rid of the cards"),
        "pick_up": ("Ta upp (supa)", "Pick up (supa)"),
        "rule": ("Regel", "Rule"),
        "rules": ("Regler", "Rules"),
        "second_hand": ("efterhand", "second hand"),
        "starting_position": ("Utgångsläge", "Starting position"),
        "table": ("Bordet", "Table"),
        "table_empty": ("Bordet är tomt", "The table is empty"),
        "table_ended": ("Värden har avslutat bordet.", "The host has ended the table."),
        "the_move": ("Draget", "The move"),
        "the_moves": ("Dragen", "The moves"),
        "the_table": ("Bordet", "The table"),
        "to_play": ("{name} står på tur", "{name} to play"),
        "two_card": ("två spelare per stick", "two players per trick"),
    },
)
