"""Words of the command line (`skitgubbe.cli`): its messages, the `simulate` summary and the `play` prompts.

The small words of `check` and `replay` (verdicts, the position's labels) are `i18n.WORDS`, shared with records.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: The command line's messages and reports.
CLI: PhraseBook[str] = PhraseBook(
    "cli",
    {
        # -- arguments ----------------------------------------------------------------------------------------
        "not_whole": ("{text} är inget heltal", "{text} is not a whole number"),
        "out_of_range": ("måste vara 1 till {most}, inte {text}", "must be 1 to {most}, not {text}"),
        "negative_seed": (
            "måste vara 0 eller mer, inte {text} (seed n och -n skulle ge samma kort)",
            "must be 0 or more, not {text} (seed n and -n would deal the same cards)",
        ),
        "not_seconds": ("{text} är inget antal sekunder över 0", "{text} is not a number of seconds above 0"),
        "players_count": ("--players: ange 2 till 6 sorter", "--players: give 2 to 6 kinds"),
        "games_count": ("--games: minst 1", "--games: at least 1"),
        # -- statuses that are no verdict -----------------------------------------------------------------------
        "cannot_write": ("skitgubbe: kan inte skriva utdata: {why}", "skitgubbe: cannot write the output: {why}"),
        "interrupted": ("skitgubbe: avbrutet", "skitgubbe: interrupted"),
        "stdin_not_text": (
            "standardinmatningen, rad {line}: inte {encoding}-text (byte 0x{byte}); skriv dragen som {encoding}-text",
            "standard input, line {line}: not {encoding} text (byte 0x{byte}); type the moves as {encoding} text",
        ),
        "internal_error": (
            "skitgubbe: internt fel ({kind}: {error}); rapportera det gärna",
            "skitgubbe: internal error ({kind}: {error}); please report it",
        ),
        # -- simulate -------------------------------------------------------------------------------------------
        "sim_title": (
            "{games} partier enligt {rules}, seed {first}..{last}",
            "{games} games under {rules}, seeds {first}..{last}",
        ),
        "sim_seat": (
            "plats {seat} ({name}, {kind}): förlorade {losses} ({rate})",
            "seat {seat} ({name}, {kind}): lost {losses} ({rate})",
        ),
        "sim_kind": ("{kind} {losses} ({rate})", "{kind} {losses} ({rate})"),
        "sim_by_kind": ("förluster per sort: {kinds}", "losses by kind: {kinds}"),
        "sim_length": ("genomsnittlig längd: {moves} drag", "mean game length: {moves} moves"),
        "sim_capped": (
            "stoppade vid {cap} drag (ingen förlorare): {count} partier, seed {seeds}",
            "stopped at {cap} moves (no loser): {count} games, seeds {seeds}",
        ),
        "sim_speed": ("fart: {speed} partier per sekund", "speed: {speed} games per second"),
        # -- play -----------------------------------------------------------------------------------------------
        "intro": (
            "Du är A. Skriv ett drag (t.ex. 9C, 'supa', 'chansa'), 'drag' för dina tillåtna drag eller 'sluta'.",
            "You are A. Type a move (e.g. 9C, 'pick up', 'chansa'), 'moves' or 'quit'.",
        ),
        "hand_one": ("1 kort", "1 card"),
        "hand_count": ("{n} kort", "{n} cards"),
        "turned_trump": ("{card} uppvänt under talongen", "{card} face up under the talon"),
        # -- play --help (worded in the language of a --lang among the arguments) -----------------------------
        "play_description": (
            "Spela ett parti i terminalen som spelare A mot datorspelare. Du ser din egen hand; av de andras "
            "händer bara antalet kort, och det alla ser (bordet, vunna kort, talongen, ett uppvänt trumfkort). "
            "Skriv ett drag (t.ex. 9C, 'QC KC AC', 'supa', 'chansa'), 'drag' för dina tillåtna drag, "
            "'regler' för reglernas id eller 'sluta'.",
            "Play a game in the terminal as player A against computer players. You see your own hand; of the "
            "others' hands only the number of cards, and what everyone sees (the table, cards won, the talon, a "
            "trump card turned face up). Type a move (e.g. 9C, 'QC KC AC', 'pick up', 'chansa'), 'moves' to list "
            "your legal moves, 'rules' for the rule ids, or 'quit'.",
        ),
        "play_open_help": (
            "visa alla händer öppna, datorspelarnas också (för undervisning och felsökning)",
            "show every hand face up, the computer players' too (for teaching and debugging)",
        ),
        "play_rules_help": (
            'förval ({presets}) eller en regelfil (JSON: {{"preset": ..., regel: värde}}), som för check och '
            "simulate; förvalt pagat",
            'preset ({presets}) or a rules file (JSON: {{"preset": ..., option: value}}), as for check and '
            "simulate; default pagat",
        ),
        "play_opponents_help": (
            "datorspelarnas sorter, kommaseparerade ({kinds}); förvalt sensible,sensible",
            "the computer players' kinds, comma-separated ({kinds}); default sensible,sensible",
        ),
        "play_seed_help": ("givens seed, 0 eller mer (förvalt 1)", "deal seed, 0 or more (default 1)"),
        "play_lang_help": ("språk (förvalt en)", "language (default en)"),
        # -- review ---------------------------------------------------------------------------------------------
        "review_description": (
            "Granska ett sparat parti: varje drag med val för en plats bedöms av den starka spelarens sökning (samma "
            "som sidans granskning), med risken att bli skitgubbe, det bättre draget och hur säkert det är.",
            "Review a saved game: every move with a choice of one seat is judged by the strong player's search (the "
            "same as the page's review), with the chance of being the skitgubbe, the better move and how sure it is.",
        ),
        "review_seat_help": (
            "platsen vars drag granskas (förvalt den första)",
            "the seat whose moves are reviewed (default the first)",
        ),
        "review_playouts_help": (
            "högst så många givar per drag (förvalt 64)",
            "at most this many deals per move (default 64)",
        ),
        "review_seconds_help": (
            "en tidsgräns för hela granskningen i sekunder (förvalt ingen: samma svar varje gång)",
            "a time budget for the whole review in seconds (default none: the same answer every time)",
        ),
        "review_seed_help": ("sökningens seed (förvalt 0)", "the search's seed (default 0)"),
        "review_bad_seat": (
            "--seat: {seat} är ingen av spelarna ({players})",
            "--seat: {seat} is not one of the players ({players})",
        ),
        "play_save_help": (
            "spara partiet som protokollfil (också när du slutar eller trycker Ctrl-C)",
            "save the game as a record file (also when you quit or press Ctrl-C)",
        ),
        "save_is_folder": ("{path} är en mapp; ange ett filnamn", "{path} is a directory; give a file name"),
        "save_no_folder": ("mappen {folder} finns inte", "the folder {folder} does not exist"),
        "save_no_permission": (
            "{path} går inte att skriva (behörighet saknas)",
            "{path} cannot be written (no permission)",
        ),
        "save_failed": (
            "--save: kan inte skriva {path}: {why}; protokollet följer:",
            "--save: cannot write {path}: {why}; the record follows:",
        ),
        "saved": ("sparat: {path}", "saved: {path}"),
    },
)
