"""Words of the command line (`skitgubbe.cli`): its messages, the `simulate` summary, the `play` prompts and the
help of every command (`CLI_HELP`, in the language of `--lang` or of the locale).

The small words of `check` and `replay` (verdicts, the position's labels) are `i18n.WORDS`, shared with records.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

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
        "hand_one": VOCABULARY["one_card"],
        "hand_count": VOCABULARY["n_cards"],
        "turned_trump": ("{card} uppvänt under talongen", "{card} face up under the talon"),
        # -- play --help and review --help (in the language of CLI_HELP) ------------------------------------------
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

#: The help of every command (`--help`), in the language of a `--lang` among the arguments or of the locale:
#: argparse's own headings, the commands' descriptions and each argument's help.
CLI_HELP: PhraseBook[str] = PhraseBook(
    "cli_help",
    {
        # -- argparse's own words ------------------------------------------------------------------------------
        "usage": ("användning: ", "usage: "),
        "positionals": ("argument", "positional arguments"),
        "options": ("flaggor", "options"),
        "help": ("visa den här hjälpen och avsluta", "show this help message and exit"),
        "command": ("KOMMANDO", "COMMAND"),
        # the placeholder of each argument's value in the usage line (English: argparse's own)
        "m_case": ("fall", "case"),
        "m_record": ("protokoll", "record"),
        "m_rules": ("REGLER", "RULES"),
        "m_players": ("SPELARE", "PLAYERS"),
        "m_opponents": ("MOTSPELARE", "OPPONENTS"),
        "m_seed": ("SEED", "SEED"),
        "m_games": ("PARTIER", "GAMES"),
        "m_max_moves": ("DRAG", "MAX_MOVES"),
        "m_jobs": ("PROCESSER", "JOBS"),
        "m_save": ("FIL", "SAVE"),
        "m_seat": ("PLATS", "SEAT"),
        "m_playouts": ("GIVAR", "PLAYOUTS"),
        "m_seconds": ("SEKUNDER", "SECONDS"),
        "m_host": ("HOST", "HOST"),
        "m_port": ("PORT", "PORT"),
        "m_data": ("MAPP", "DATA"),
        # -- the program --------------------------------------------------------------------------------------
        "description": (
            "Skitgubbe, det svenska kortspelet i två faser: döm omtvistade fall, simulera partier och spela.",
            "Skitgubbe, the Swedish two-phase card game: judge disputed cases, simulate and play games.",
        ),
        "epilog": (
            "Slutkoden: 0 alla drag tillåtna, 1 ett otillåtet drag (check), 2 en felaktig fil eller ett felaktigt "
            "argument; ingen dom: 74 utdata gick inte att skriva, 70 ett internt fel, 130 avbrutet (Ctrl-C). En fil "
            "får anges som '-' för standardinmatningen.",
            "Exit status: 0 every move legal, 1 an illegal move (check), 2 a bad file or argument; not a verdict: "
            "74 the output could not be written, 70 an internal error, 130 interrupted (Ctrl-C). "
            "A FILE may be '-' for standard input.",
        ),
        "lang": ("språk (förvalt en)", "language (default en)"),
        "record": ("protokollfilen; - för standardinmatningen", "the record file; - for standard input"),
        "json_text": ("skriv ut ett JSON-objekt i stället för text", "print one JSON object instead of text"),
        # -- check --------------------------------------------------------------------------------------------
        "check": ("döm dragen i en fil med ett omtvistat fall", "judge the moves of a disputed-case file"),
        "check_description": (
            "Spela upp en ställning och döm vart och ett av dess drag under fallets regler. Stannar vid det första "
            "otillåtna draget. Slutkoden: 0 alla drag tillåtna, 1 ett otillåtet drag, 2 en felaktig fallfil.",
            "Replay a position and judge each of its moves under the case's rules. Stops at the first illegal "
            "move. Exit status: 0 every move legal, 1 an illegal move, 2 a bad case file.",
        ),
        "check_case": (
            "fallfilen (JSON: rules, players, phase, hands, to_play, moves, ...); - för standardinmatningen",
            "the case file (JSON: rules, players, phase, hands, to_play, moves, ...); - for standard input",
        ),
        "check_lang": ("förklaringarnas språk (förvalt en)", "language of explanations (default en)"),
        "check_rules": (
            'döm under det här förvalet, eller under reglerna i den här regelfilen (JSON: {{"preset": ..., '
            "regel: värde}}), i stället för fallets egna regler",
            'judge under this preset, or the rules of this rules file (JSON: {{"preset": ..., option: value}}), '
            "instead of the case's own rules",
        ),
        "check_compare": (
            "döm dragen under alla förval sida vid sida: en rad per drag, en kolumn per förval (slutkoden är 0 om "
            "alla förval finner alla drag tillåtna, 1 om något förval finner ett otillåtet drag)",
            "judge the moves under every preset side by side: a row per move, a column per preset "
            "(exit 0 if every preset finds every move legal, 1 if any finds an illegal move)",
        ),
        # -- simulate -----------------------------------------------------------------------------------------
        "simulate": ("spela många partier mellan datorspelare", "play many seeded games between computer players"),
        "simulate_description": (
            "Spela N partier mellan datorspelare med seed SEED, SEED+1, ...; redovisa förlusterna per plats och per "
            "sorts spelare, partiernas genomsnittliga längd och farten. Partier som når --max-moves stoppas och "
            "listas (reglerna låter spelet gå runt i all evighet).",
            "Play N games between computer players, seeds SEED, SEED+1, ...; report losses by seat and by kind of "
            "player, the mean game length and the speed. Games that reach --max-moves are stopped and listed (the "
            "rules allow play to go round for ever).",
        ),
        "simulate_games": ("antal partier (förvalt 1000)", "number of games (default 1000)"),
        "simulate_players": (
            "sorter av spelare, kommaseparerade, en per plats, 2 till 6 ({kinds}); förvalt random,random,random",
            "comma-separated kinds, one per seat, 2 to 6 ({kinds}); default random,random,random",
        ),
        "simulate_rules": (
            'förval ({presets}) eller en regelfil (JSON: {{"preset": ..., regel: värde}}); förvalt pagat',
            'preset ({presets}) or a rules file (JSON: {{"preset": ..., option: value}}); default pagat',
        ),
        "simulate_seed": ("första seed, 0 eller mer (förvalt 0)", "first seed, 0 or more (default 0)"),
        "simulate_max_moves": (
            "stoppa ett parti efter så här många drag (förvalt {moves})",
            "stop a game after this many moves (default {moves})",
        ),
        "simulate_jobs": (
            "fördela partierna på så här många processer, högst en per parti och per kärna (samma resultat för "
            "samma seed; förvalt 1)",
            "spread the games over this many processes, at most one per game and per core (same results for the "
            "same seeds; default 1)",
        ),
        "simulate_json": ("skriv ut sammanfattningen som JSON", "print the summary as JSON"),
        "simulate_lang": ("sammanfattningens språk (förvalt en)", "language of the summary (default en)"),
        # -- play, replay, review ------------------------------------------------------------------------------
        "play": ("spela ett parti mot datorn i terminalen", "play a game against the computer in the terminal"),
        "replay": ("skriv ut ett sparat parti drag för drag", "print a saved game record move by move"),
        "replay_description": (
            "Spela upp ett sparat parti (JSON: rules, players, seed eller deck, moves) och skriv ut varje drag med "
            "regeln som tillät det och det som följde.",
            "Replay a game record (JSON: rules, players, seed or deck, moves) and print every move with the rule "
            "that allowed it and what followed.",
        ),
        "review": (
            "granska dragen i ett sparat parti med den starka spelarens sökning",
            "review a saved game's moves with the strong player's search",
        ),
        # -- deal ---------------------------------------------------------------------------------------------
        "deal": (
            "skriv ut i vilken ordning leken ska ligga för en giv med seed",
            "print a stack-the-deck card order for a seeded deal",
        ),
        "deal_description": (
            "Skriv ut lekens ordning för given med seed (översta kortet först), händerna som given ger och "
            "talongen, så att samma parti kan läggas upp med en riktig kortlek.",
            "Print the pack order of the seeded deal (top card first), the hands the deal gives and the talon, so "
            "the same game can be laid out with a real pack.",
        ),
        "deal_seed": ("givens seed (som i play och simulate)", "deal seed (as in play and simulate)"),
        "deal_players": ("antal spelare, 2 till 6 (förvalt 3)", "number of players, 2 to 6 (default 3)"),
        "deal_rules": ("förval eller regelfil (förvalt pagat)", "preset or rules file (default pagat)"),
        "deal_json": ("skriv ut ordningen som JSON", "print the order as JSON"),
        # -- serve --------------------------------------------------------------------------------------------
        "serve": (
            "öppna bord för mobiler: vänner eller en klass kring ett parti, med motorn som domare",
            "serve tables for phones: friends or a class at one game, the engine as the judge",
        ),
        "serve_description": (
            "Starta bordsservern (Starlette på uvicorn). Öppna ett bord på http://HOST:PORT/ och visa dess kod, "
            "länk eller QR-kod; spelarna ansluter från mobilens webbläsare. Varje bord sparas under --data medan "
            "det spelas och återupptas när servern startar. Slutkoden är 2 om mappen eller adressen inte går "
            "att använda.",
            "Start the table server (Starlette on uvicorn). Open a table at http://HOST:PORT/, show its code, link "
            "or QR code; players join from a phone's browser. Every table is saved under --data as it goes and "
            "resumed when the server starts. Exit status 2: the folder or the address cannot be used.",
        ),
        "serve_host": (
            "adressen att lyssna på (0.0.0.0: alla nätverk; förvalt 127.0.0.1)",
            "address to listen on (0.0.0.0: every network; default 127.0.0.1)",
        ),
        "serve_port": ("port (förvalt 8765)", "port (default 8765)"),
        "serve_data": (
            "mappen med bordens filer (förvalt ./skitgubbe-tables)",
            "folder of the tables' files (default ./skitgubbe-tables)",
        ),
        "serve_trust_proxy": (
            "bakom en omvänd proxy: ta klientens adress ur X-Forwarded-For när anslutningen kommer från en av de "
            "här kommaseparerade adresserna (förvalt: aldrig; huvudet skulle låta vem som helst slinka förbi "
            "gränserna)",
            "behind a reverse proxy: take the client's address from X-Forwarded-For when the connection comes from "
            "one of these comma-separated addresses (default: never; the header would let anyone dodge the limits)",
        ),
        # -- rules --------------------------------------------------------------------------------------------
        "rules": ("lista förvalen och regelkatalogen", "list the presets and the rule catalogue"),
        "rules_description": (
            "Skriv ut varje förvals inställningar och varje regel i katalogen med dess källor.",
            "Print every preset's options and every catalogue rule with its sources.",
        ),
    },
)
