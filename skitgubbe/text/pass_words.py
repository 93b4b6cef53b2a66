"""Words of pass and play, several people at one screen (`skitgubbe.views.pass_play`, `views/pass-table.js`, the
panel `views/live/pass_panel.py` and its page script `views/pass-seats.mjs`).

`PASS_PANEL` is the panel's HTML (looked up here in Python); `PASS_TABLE` goes to the scripts whole, templates
unfilled (`pass_words`): the seats' names and problems before the engine runs, the cover and the end after.
"""

from __future__ import annotations

from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.phrases import PhraseBook

#: The pass-and-play panel before Start: the seats, each a person (a name) or a computer player.
PASS_PANEL: PhraseBook[str] = PhraseBook(
    "pass_panel",
    {
        "legend": ("Flera vid samma skärm: skicka runt telefonen", "Several at one screen: pass the phone round"),
        "seats": ("Antal platser", "Seats"),
        "seat": ("Plats {n}", "Seat {n}"),
        "who": ("Vem spelar", "Who plays"),
        "person": ("en människa", "a person"),
        "computer": ("datorn ({kind})", "the computer ({kind})"),
        "name": ("Namn", "Name"),
        "start": ("Starta motorn och ge till alla vid skärmen", "Start the engine and deal to everyone at the screen"),
    },
)

#: What the scripts say: the seats' names and problems (before Start), the cover between two people, the end.
PASS_TABLE: PhraseBook[str] = PhraseBook(
    "pass_table",
    {
        # the seats (pass-seats.mjs, and the controller's own check of them)
        "default_name": ("Spelare {n}", "Player {n}"),
        "computer_name": ("Dator {n}", "Computer {n}"),
        "no_person": (
            "Minst en plats ska spelas av en människa.",
            "At least one seat must be played by a person.",
        ),
        "name_twice": (
            "Två platser heter {name}: ge var och en ett eget namn.",
            "Two seats are called {name}: give each one a name of its own.",
        ),
        "name_colon": (
            "Plats {n}: ett namn kan inte innehålla kolon (:).",
            "Seat {n}: a name cannot hold a colon (:).",
        ),
        "name_long": (
            "Plats {n}: namnet är längre än {max} tecken.",
            "Seat {n}: the name is longer than {max} characters.",
        ),
        "name_hidden": (
            "Plats {n}: namnet innehåller ett osynligt tecken eller ett styrtecken.",
            "Seat {n}: the name holds an invisible or control character.",
        ),
        "bad_seats": (
            "Platserna går inte att använda: {error}",
            "The seats cannot be used: {error}",
        ),
        "seats_list": (
            "ange 2 till 6 platser, var och en en människa med namn eller en sorts datorspelare",
            "give 2 to 6 seats, each a person with a name or a kind of computer player",
        ),
        # the table (pass-table.js and the controller)
        "dealt": ("Giv {seed}. Vid bordet: {names}.", "Deal {seed}. At the table: {names}."),
        "cover_title": ("Lämna telefonen till {name}", "Pass the phone to {name}"),
        "cover_help": (
            "Ni andra tittar bort medan {name} ser sin hand.",
            "Everyone else looks away while {name} looks at their hand.",
        ),
        "reveal": ("Jag är {name}: visa min hand", "I am {name}: show my hand"),
        "reviewer": ("Granska dragen av", "Review the moves of"),
        "over_open": (
            "Spelet är slut: nu visas alla händer, och hela partiet kan stegas igenom nedan.",
            "The game is over: every hand is shown now, and the whole game can be stepped through below.",
        ),
        "no_open": (
            "Under spelet visas bara handen hos den som har telefonen; när spelet är slut visas alla.",
            "During the game only the hand of the one who has the phone is shown; once it is over, all are.",
        ),
        "not_over": (
            "Granskningen väljer person först när spelet är slut.",
            "The review chooses a person only once the game is over.",
        ),
        "not_person": ("{name} är ingen av människorna vid bordet.", "{name} is not one of the people at the table."),
    },
)


def pass_words(lang: str) -> dict[str, str]:
    """`PASS_TABLE`'s templates in `lang`, unfilled (the scripts fill them); a `LanguageError` for another language."""
    checked: Lang = check_lang(lang)
    return {key: PASS_TABLE.template(key, checked) for key in PASS_TABLE}
