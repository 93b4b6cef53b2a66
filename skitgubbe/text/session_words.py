"""Words of the live table's engine side (`skitgubbe.session`, driven by `skitgubbe.views.controllers`): the board's status
lines and the refusals said to the reader."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: What a session's views and refusals say, with {placeholders}.
SESSION: PhraseBook[str] = PhraseBook(
    "session",
    {
        "to_play": VOCABULARY["to_play"],
        "loser": VOCABULARY["is_loser"],
        "over": VOCABULARY["game_over_heading"],
        "phase1": VOCABULARY["phase1_title"],
        "phase2": VOCABULARY["phase2_title"],
        "trump": ("Trumf: {suit}", "Trump (trumf): {suit}"),
        "no_trump": ("Trumf: inte känd än", "Trump: not known yet"),
        "talon": ("Talong: {n} kort", "Talon (talong): {n} cards"),
        "talon_empty": ("Talongen är slut", "The talon is used up"),
        "set_aside": ("Sista kortet, lagt åt sidan av {name} (dolt)", "Last card, set aside by {name} (face down)"),
        "completed": (
            "Sticket är färdigt och vänds bort efter detta drag.",
            "The trick is complete and is turned away after this move.",
        ),
        "completed_phase1": (
            "Sticket är avgjort, och vinnaren tar hem korten efter detta drag.",
            "The trick is decided, and the winner takes the cards after this move.",
        ),
        "legal": VOCABULARY["legal"],
        "illegal": VOCABULARY["illegal"],
        "unchanged": VOCABULARY["move_not_made"],
        "no_game": ("Inget parti pågår: börja en ny giv.", "No game is under way: start a new deal."),
        "bad_move": ("Draget går inte att läsa: {error}", "The move cannot be read: {error}"),
        "bad_case": ("Fallet går inte att använda: {error}", "The case cannot be used: {error}"),
        "bad_spec": ("Ogiltigt val: {error}", "Invalid choice: {error}"),
        "bad_seat": ("platsen {seat} är ingen av spelarna", "seat {seat} is not a player"),
        "bad_opponents": ("opponents måste vara en av {kinds}", "opponents must be one of {kinds}"),
        "bad_opponent_seats": (
            "opponents: ange en sorts datorspelare för var och en av platserna {seats}",
            "opponents: give a kind of computer player for each of the seats {seats}",
        ),
        "bad_people": (
            "people: en lista med namnen på de platser som människor spelar, minst ett, vart och ett en gång, "
            "bland {players} (och ingen egen plats för läsaren bredvid)",
            "people: a list of the names of the seats people play, one or more, each once, among {players} "
            "(and no reader's seat beside it)",
        ),
        "covered": (
            "Ingen hand visas nu: lämna över till {name}, som trycker på knappen och visar sin hand först.",
            "No hand is shown now: hand over to {name}, who presses the button and shows their hand first.",
        ),
        "not_covered": (
            "{name} kan inte visa sin hand nu: det är inte den personen som ska få skärmen.",
            "{name} cannot show their hand now: the screen is not to be handed to that person.",
        ),
        "bad_upto": ("upto: måste vara 0 till {n}, inte {upto}", "upto: must be 0 to {n}, not {upto}"),
        "bad_json": ("JSON: {problem} (rad {line}, kolumn {column})", "JSON: {problem} (line {line}, column {column})"),
        "game_over": VOCABULARY["game_over"],
        "not_object": ("{what} måste vara ett JSON-objekt, inte {kind}", "{what} must be a JSON object, not {kind}"),
        "not_text": ("{what} måste vara en sträng, inte {kind}", "{what} must be a string, not {kind}"),
        "unknown_op": ("okänd begäran {op}; kända: {ops}", "unknown op {op}; known: {ops}"),
        "internal": (
            "Ett internt fel i motorn ({kind}); läget är oförändrat.",
            "An internal error in the engine ({kind}); the position is unchanged.",
        ),
    },
)
