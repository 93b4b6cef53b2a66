"""Words of the table server (`skitgubbe.table`): what a seat is told when the server refuses a message."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: The server's refusals and notes to one seat, with {placeholders}.
TABLE_SERVER: PhraseBook[str] = PhraseBook(
    "table_server",
    {
        "too_big": (
            "Meddelandet är för stort ({size} byte, högst {limit}).",
            "The message is too big ({size} bytes, at most {limit}).",
        ),
        "bad_message": ("Meddelandet går inte att läsa: {error}", "The message cannot be read: {error}"),
        "unknown_op": ("Okänd begäran {op}; kända: {ops}.", "Unknown op {op}; known: {ops}."),
        "bad_field": (
            "Fältet {field} måste vara {wanted}.",
            "The field {field} must be {wanted}.",
        ),
        "extra_field": ("Okänt fält {field} i {op}.", "Unknown field {field} in {op}."),
        "no_table": ("Det finns inget bord med koden {code}.", "There is no table with the code {code}."),
        "table_full": ("Bordet är fullt: alla platser är tagna.", "The table is full: every seat is taken."),
        "bad_token": ("Platsnyckeln hör inte till detta bord.", "The seat token does not belong to this table."),
        "not_seated": ("Sätt dig först (join eller resume).", "Take a seat first (join or resume)."),
        "seated": ("Du har redan en plats vid bordet.", "You already have a seat at the table."),
        "not_started": ("Värden har inte startat spelet än.", "The host has not started the game yet."),
        "started": ("Spelet är redan igång.", "The game has already started."),
        "not_host": ("Bara värden kan göra det.", "Only the host can do that."),
        "not_your_turn": ("Det är inte din tur: {name} är i tur.", "It is not your turn: {name} is to play."),
        "game_over": ("Spelet är slut.", "The game is over."),
        "bad_seats": ("Ett bord har 2 till 6 platser, inte {n}.", "A table has 2 to 6 seats, not {n}."),
        "bad_computers": ("computers måste vara en av {kinds}.", "computers must be one of {kinds}."),
        "bad_rules": ("Reglerna går inte att använda: {error}", "The rules cannot be used: {error}"),
        "text_1_24": ("en sträng med 1 till 24 tecken", "a string of 1 to 24 characters"),
        "text_1_64": ("en sträng med 1 till 64 tecken", "a string of 1 to 64 characters"),
        "lang_sv_en": ('"sv" eller "en"', '"sv" or "en"'),
        "an_object": ("ett JSON-objekt", "a JSON object"),
    },
)
