"""Words of the table server (`skitgubbe.table`): what a seat is told when the server refuses a message."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The server's refusals and notes to one seat, with {placeholders}.
TABLE_SERVER: PhraseBook[str] = PhraseBook(
    "table_server",
    {
        "too_big": (
            "Meddelandet är för stort ({size} byte, högst {limit}).",
            "The message is too big ({size} bytes, at most {limit}).",
        ),
        "bad_message": ("Meddelandet går inte att läsa: {error}", "The message cannot be read: {error}"),
        "bad_move": ("Draget går inte att läsa: {error}", "That move cannot be read: {error}"),
        "unknown_op": ("Okänd begäran {op}; kända: {ops}.", "Unknown op {op}; known: {ops}."),
        "bad_field": (
            "Fältet {field} måste vara {wanted}.",
            "The field {field} must be {wanted}.",
        ),
        "extra_field": ("Okänt fält {field} i {op}.", "Unknown field {field} in {op}."),
        "no_table": ("Det finns inget bord med koden {code}.", "There is no table with the code {code}."),
        "table_full": ("Bordet är fullt: alla platser är tagna.", "The table is full: every seat is taken."),
        "bad_token": ("Platsnyckeln hör inte till detta bord.", "The seat token does not belong to this table."),
        "not_seated": ("Sätt dig vid bordet först.", "Take a seat first (join or resume)."),
        "seated": ("Du har redan en plats vid bordet.", "You already have a seat at the table."),
        "not_started": ("Värden har inte startat spelet än.", "The host has not started the game yet."),
        "started": ("Spelet är redan igång.", "The game has already started."),
        "not_host": ("Bara värden kan göra det.", "Only the host can do that."),
        "not_your_turn": ("Det är inte din tur: {name} står på tur.", "It is not your turn: {name} is to play."),
        "game_over": VOCABULARY["game_over"],
        "too_fast": ("För många meddelanden; vänta lite.", "Too many messages; wait a moment."),
        "too_many_guesses": (
            "För många okända koder härifrån; försök igen om en stund.",
            "Too many unknown table codes from here; try again in a while.",
        ),
        "bad_turn_seconds": (
            "turn_seconds måste vara ett heltal från 1 till 600, inte {value}.",
            "turn_seconds must be a whole number from 1 to 600, not {value}.",
        ),
        "ended": VOCABULARY["table_ended"],
        "no_seat": (
            "Det finns ingen plats {seat}; platserna är {seats}.",
            "There is no seat {seat}; the seats are {seats}.",
        ),
        "record_hidden": (
            "Protokollet visar alla kort och kan hämtas först när spelet är slut.",
            "The record shows every card, so it can be downloaded only once the game is over.",
        ),
        "replay_later": (
            "Spelet kan spelas upp igen först när det är slut.",
            "The game can be replayed only once it is over.",
        ),
        "bad_seats": ("Ett bord har 2 till 6 platser, inte {n}.", "A table has 2 to 6 seats, not {n}."),
        "bad_computers": ("Okänd sorts datorspelare; välj en av {kinds}.", "computers must be one of {kinds}."),
        "bad_rules": ("Reglerna går inte att använda: {error}", "The rules cannot be used: {error}"),
        "serving": (
            "Bordsservern lyssnar på {url} ({tables} bord sparade i {folder}). Avsluta med Ctrl-C.",
            "The table server listens on {url} ({tables} tables kept in {folder}). Stop it with Ctrl-C.",
        ),
        "bad_port": ("Porten måste vara 1 till 65535, inte {port}.", "The port must be 1 to 65535, not {port}."),
        "bad_data": (
            "Mappen {folder} går inte att använda för borden: {why}",
            "The folder {folder} cannot hold the tables: {why}",
        ),
        "bad_address": (
            "Servern kan inte lyssna på {host}:{port}: {why}",
            "The server cannot listen on {host}:{port}: {why}",
        ),
        "too_many_tables": (
            "Härifrån är redan {n} bord öppna; avsluta ett först.",
            "{n} tables are already open from here; end one first.",
        ),
        "too_many_sockets": (
            "För många anslutningar härifrån (högst {n}); stäng några flikar.",
            "Too many connections from here (at most {n}); close some tabs.",
        ),
        "seat_gone": (
            "Platsen är inte din längre: värden gav den till datorn, eller du lämnade den.",
            "The seat is no longer yours: the host gave it to the computer, or you left it.",
        ),
        "seat_elsewhere": (
            "Din plats har öppnats på en annan flik eller telefon; den här anslutningen stängs.",
            "Your seat was opened in another tab or phone; this connection closes.",
        ),
        "expired": (
            "Bordet har stängts: det var avslutat eller orört för länge.",
            "The table has been closed: it had ended or stood untouched too long.",
        ),
        "binary": (
            "Binära meddelanden tas inte emot; skicka JSON som text.",
            "Binary messages are not accepted; send JSON as text.",
        ),
        "bad_name": ("Namnet går inte att använda: {error}", "That name cannot be used: {error}"),
        "why_private": (
            "Bara {player} får veta varför draget är tillåtet: det kan bero på vad {player} har på handen.",
            "Only {player} is told why the move is allowed: it can depend on what {player} holds.",
        ),
        "text_1_24": ("en sträng med 1 till 24 tecken", "a string of 1 to 24 characters"),
        "text_1_64": ("en sträng med 1 till 64 tecken", "a string of 1 to 64 characters"),
        "lang_sv_en": ('"sv" eller "en"', '"sv" or "en"'),
        "an_object": ("ett JSON-objekt", "a JSON object"),
    },
)

#: The words of the server's pages (the host's and a phone's), sent whole to their scripts (`skitgubbe.table.pages`);
#: tests/table/test_words.py checks every key the scripts read.
PAGE: PhraseBook[str] = PhraseBook(
    "table_server_page",
    {
        "other_lang": ("Svenska", "English"),
        "host_title": ("Öppna ett bord", "Open a table"),
        "phone_title": ("Skitgubbe vid bordet", "Skitgubbe at the table"),
        "rules": VOCABULARY["rules"],
        "house": (
            "Husregler (valfritt): en regelfil från husreglernas sida, eller ett förvalsnamn",
            "House rules (optional): a rules file from the house-rules page, or a preset name",
        ),
        "seats": ("Platser", "Seats"),
        "computers": ("Datorspelare på lediga platser", "Computer players in free seats"),
        "teacher": ("För undervisning: visa alla händer för alla", "Teacher view: show every hand to everyone"),
        "turn_seconds": ("Sekunder per drag (tomt: ingen gräns)", "Seconds a turn (empty: no limit)"),
        "open": ("Öppna bordet", "Open the table"),
        "code": ("Bordets kod: {code}", "The table's code: {code}"),
        "link": ("Länk för telefonerna", "Link for the phones"),
        "qr": ("QR-kod till bordet {code}", "QR code of the table {code}"),
        "start": ("Starta spelet", "Start the game"),
        "restart": VOCABULARY["new_deal"],
        "end": ("Avsluta bordet", "End the table"),
        "hand_over": ("Ge platsen till datorn", "Give the seat to the computer"),
        "record": ("Hämta protokollet", "Download the record"),
        "seat_line": ("Plats {seat}: {who}", "Seat {seat}: {who}"),
        "free": ("ledig", "free"),
        "computer": ("dator ({kind})", "computer ({kind})"),
        "computer_seat": ("dator {seat}", "computer {seat}"),
        "computer_named": ("{name} ({kind})", "{name} ({kind})"),
        "name": ("Ditt namn", "Your name"),
        "lang": ("Språk", "Language"),
        "join": ("Sätt dig", "Take a seat"),
        "leave": ("Lämna bordet (datorn spelar vidare)", "Leave the table (the computer plays on)"),
        "you_are": ("Du sitter på plats {seat}.", "You are in seat {seat}."),
        "waiting": ("Väntar på att värden startar spelet.", "Waiting for the host to start the game."),
        "teacher_on": (
            "För undervisning visas alla händer för alla.",
            "Teacher view: every hand is shown to everyone.",
        ),
        "ended": VOCABULARY["table_ended"],
        "left": ("Du har lämnat bordet.", "You have left the table."),
        "lost": ("Förbindelsen bröts; ansluter igen …", "The connection dropped; connecting again …"),
        "loser": ("{name} blev skitgubbe.", "{name} is the skitgubbe."),
        "over": VOCABULARY["game_over"],
        "result_out": ("{who}: ute som nummer {place}", "{who}: out, place {place}"),
        "result_loser": ("{who}: skitgubbe", "{who}: the skitgubbe"),
        "board_title": VOCABULARY["the_table"],
        "seat_list": ("Platserna", "The seats"),
        "record_help": (
            "Filen rymmer hela partiet, drag för drag; uppspelningen här nedanför visar det.",
            "The file holds the whole game, move by move; the Replay below steps through it.",
        ),
        "to_join": ("Har du en kod? Sätt dig vid ett bord", "Got a code? Join a table"),
        "join_title": ("Sätt dig vid ett bord", "Join a table"),
        "code_label": ("Bordets kod", "The table's code"),
        "code_help": (
            "Koden har {n} tecken och står på projektorn eller hos den som öppnade bordet.",
            "The code has {n} characters; it is on the projector or with whoever opened the table.",
        ),
        "code_go": ("Till bordet", "Go to the table"),
        "code_unknown": (
            "Det finns inget bord med koden {code}. Kontrollera koden på projektorn och skriv den igen.",
            "There is no table with the code {code}. Check the code on the projector and type it again.",
        ),
        "code_malformed": (
            "{code} är ingen bordskod: en kod har {n} bokstäver och siffror (utan I, O, 0 och 1).",
            "{code} is not a table code: a code has {n} letters and digits (no I, O, 0 or 1).",
        ),
        "code_missing": ("Skriv bordets kod.", "Type the table's code."),
        "set_aside": ("Lagt åt sidan av {name}", "Set aside by {name}"),
        "moves_title": ("De senaste dragen", "The last moves"),
        "no_table_here": ("Skriv en annan kod", "Type another code"),
    },
)
