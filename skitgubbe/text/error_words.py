"""Every error message's words: the English template each raise site writes (the key) and the message in Swedish and
English with named placeholders (`skitgubbe.text.error_text` matches a message against the English and words it).

The package's errors are raised in English (`str(error)`, the CLI's and the tests' contract), from an f-string at the
raise site whose values are `{}` in the key; tests/test_error_texts.py scans the raise sites and proves that every
template has its entry, and that each entry's English is its key with the values named.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: English template of a raise site (values as `{}`) -> (Swedish, English) with the values named.
ERRORS: PhraseBook[str] = PhraseBook(
    "errors",
    {
        # -- where in a file ---------------------------------------------------------------------------------
        "line {}": ("rad {line}", "line {line}"),
        "line {}, column {}": ("rad {line}, kolumn {column}", "line {line}, column {column}"),
        "{}: line {}": ("{file}: rad {line}", "{file}: line {line}"),
        # -- values shown inside messages (JSON kinds, option types) ------------------------------------------
        "null": ("null", "null"),
        "a number ({})": ("ett tal ({value})", "a number ({value})"),
        "a string ({})": ("en sträng ({value})", "a string ({value})"),
        "a list": ("en lista", "a list"),
        "an object": ("ett objekt", "an object"),
        "true or false": ("true eller false", "true or false"),
        "one of {}": ("ett av {choices}", "one of {choices}"),
        # -- moves -------------------------------------------------------------------------------------------
        "it is empty": ("det är tomt", "it is empty"),
        "it names no card": ("det nämner inget kort", "it names no card"),
        "it names no card to throw on": ("det nämner inget kort att slänga på", "it names no card to throw on"),
        "{} is not a card": ("{text} är inget kort", "{text} is not a card"),
        "a card is named twice": ("ett kort nämns två gånger", "a card is named twice"),
        "the player's name before ':' is empty": (
            "spelarens namn före ':' är tomt",
            "the player's name before ':' is empty",
        ),
        "its cards must be a tuple of Card values": (
            "dess kort måste vara en tuple av Card-värden",
            "its cards must be a tuple of Card values",
        ),
        # -- games and positions -----------------------------------------------------------------------------
        "a new game needs a seed or an explicit deck, so that it can be replayed": (
            (
                "ett nytt spel behöver ett frö (seed) eller en given kortlek, så att det kan spelas om",
                "a new game needs a seed or an explicit deck, so that it can be replayed",
            )
        ),
        "seed: must be an integer 0 or more, not {}": (
            "seed: måste vara ett heltal, 0 eller större, inte {value}",
            "seed: must be an integer 0 or more, not {value}",
        ),
        "player: must be a player's name (a string), not {}": (
            (
                "player: måste vara en spelares namn (en sträng), inte {value}",
                "player: must be a player's name (a string), not {value}",
            )
        ),
        "the move names {} but player {} was given": (
            "draget nämner {named} men spelaren {given} angavs",
            "the move names {named} but player {given} was given",
        ),
        "unknown player {}; players are {}": (
            "okänd spelare {player}; spelarna är {players}",
            "unknown player {player}; players are {players}",
        ),
        "an explicit deck must hold all 52 cards, each once": (
            "en given kortlek måste innehålla alla 52 kort, vart och ett en gång",
            "an explicit deck must hold all 52 cards, each once",
        ),
        "a phase-2 position needs the trump suit": (
            "en ställning i fas 2 behöver trumffärgen",
            "a phase-2 position needs the trump suit",
        ),
        "phase 2 has none; give every card in hands": (
            "fas 2 har ingen; ge alla kort på händerna",
            "phase 2 has none; give every card in hands",
        ),
        "must be 1 or 2, not {}": ("måste vara 1 eller 2, inte {value}", "must be 1 or 2, not {value}"),
        "null: a finished game is not a position to play from": (
            "null: ett avslutat spel är ingen ställning att spela från",
            "null: a finished game is not a position to play from",
        ),
        "{} appears twice (also in {})": (
            "{card} förekommer två gånger (även i {other})",
            "{card} appears twice (also in {other})",
        ),
        "a phase-1 position starts on an empty table": (
            "en ställning i fas 1 börjar med tomt bord",
            "a phase-1 position starts on an empty table",
        ),
        "only given once the talon is used up": (
            "anges bara när talongen är slut",
            "only given once the talon is used up",
        ),
        "empty, so the set-aside trump_card must be given": (
            "tom, så det undanlagda trump_card måste anges",
            "empty, so the set-aside trump_card must be given",
        ),
        "{} disagrees with the turned-up trump card's suit, {}": (
            "{trump} stämmer inte med det uppvända trumfkortets färg, {suit}",
            "{trump} disagrees with the turned-up trump card's suit, {suit}",
        ),
        "a play on the table has at least one card": (
            "ett drag på bordet har minst ett kort",
            "a play on the table has at least one card",
        ),
        "a player is listed twice; a player goes out once": (
            "en spelare står två gånger; en spelare går ut en gång",
            "a player is listed twice; a player goes out once",
        ),
        "{} still holds cards": ("{player} har fortfarande kort på handen", "{player} still holds cards"),
        "{} has no cards": ("{player} har inga kort", "{player} has no cards"),
        "every player needs a different name": (
            "varje spelare behöver ett eget namn",
            "every player needs a different name",
        ),
        "names must be non-empty and contain no ':'": (
            "namn får inte vara tomma och får inte innehålla ':'",
            "names must be non-empty and contain no ':'",
        ),
        "{} players; the engine plays with {} to {} (rule game.players)": (
            (
                "{count} spelare; motorn spelar med {low} till {high} (regel game.players)",
                "{count} players; the engine plays with {low} to {high} (rule game.players)",
            )
        ),
        "{} players; the engine plays with 2 to 6 (rule game.players)": (
            (
                "{count} spelare; motorn spelar med 2 till 6 (regel game.players)",
                "{count} players; the engine plays with 2 to 6 (rule game.players)",
            )
        ),
        "not a state object ({})": ("inget ställningsobjekt ({value})", "not a state object ({value})"),
        # -- rules -------------------------------------------------------------------------------------------
        "unknown rule option {}; known options: {}": (
            "okänt regelval {option}; kända val: {options}",
            "unknown rule option {option}; known options: {options}",
        ),
        "option {} must be {}, not {}": (
            "valet {option} måste vara {kind}, inte {value}",
            "option {option} must be {kind}, not {value}",
        ),
        "option {} cannot be {}; choose one of {}": (
            "valet {option} kan inte vara {value}; välj ett av {choices}",
            "option {option} cannot be {value}; choose one of {choices}",
        ),
        "rules must be a preset name or an object, not {}": (
            "reglerna måste vara ett förval eller ett objekt, inte {value}",
            "rules must be a preset name or an object, not {value}",
        ),
        "unknown preset {}; known presets: {}": (
            "okänt förval {preset}; kända förval: {presets}",
            "unknown preset {preset}; known presets: {presets}",
        ),
        "options 'sequences' and trick_complete='cards' cannot go together: a sequence can overshoot the card count; "
        "with sequences, count plays (trick_complete='plays')": (
            (
                "valen 'sequences' och trick_complete='cards' går inte ihop: en färgstege kan bli fler kort än sticket rymmer; med färgstegar räknas drag (trick_complete='plays')",
                "options 'sequences' and trick_complete='cards' cannot go together: a sequence can overshoot the card count; with sequences, count plays (trick_complete='plays')",
            )
        ),
        "option(s) {} belong to everyone-plays tricks (phase1_style='everyone'), not phase1_style={}": (
            (
                "valen {options} hör till stick där alla spelar (phase1_style='everyone'), inte till phase1_style={style}",
                "option(s) {options} belong to everyone-plays tricks (phase1_style='everyone'), not phase1_style={style}",
            )
        ),
        "phase1_end='finish-trick' is a variant of everyone-plays tricks (phase1_style='everyone'), "
        "not of phase1_style={}": (
            (
                "phase1_end='finish-trick' är en variant av stick där alla spelar (phase1_style='everyone'), inte av phase1_style={style}",
                "phase1_end='finish-trick' is a variant of everyone-plays tricks (phase1_style='everyone'), not of phase1_style={style}",
            )
        ),
        "phase1_end='skip-empty' belongs to two-card tricks; with everyone playing, phase 1 ends when a player due "
        "to play has no card ('due-player-empty') or after the trick in progress once the talon's last card is "
        "taken ('finish-trick')": (
            (
                "phase1_end='skip-empty' hör till stick med två kort; när alla spelar slutar fas 1 när spelaren som står på tur saknar kort ('due-player-empty') eller efter pågående stick, när talongens sista kort är draget ('finish-trick')",
                "phase1_end='skip-empty' belongs to two-card tricks; with everyone playing, phase 1 ends when a player due to play has no card ('due-player-empty') or after the trick in progress once the talon's last card is taken ('finish-trick')",
            )
        ),
        "phase1_style={} has no chansa (rule {}); set chansa to false": (
            (
                "phase1_style={style} har ingen chansning (regel {rule}); sätt chansa till false",
                "phase1_style={style} has no chansa (rule {rule}); set chansa to false",
            )
        ),
        "phase1_style={} ends phase 1 when the player due to lead has no card; phase1_end must be "
        "'due-player-empty', not {}": (
            (
                "phase1_style={style} avslutar fas 1 när spelaren som ska spela ut saknar kort; phase1_end måste vara 'due-player-empty', inte {value}",
                "phase1_style={style} ends phase 1 when the player due to lead has no card; phase1_end must be 'due-player-empty', not {value}",
            )
        ),
        "options 'follow_suit' and 'trump_when_unable' are two readings of D5 and cannot go together: choose one": (
            (
                "valen 'follow_suit' och 'trump_when_unable' är två tolkningar av D5 och går inte ihop: välj en",
                "options 'follow_suit' and 'trump_when_unable' are two readings of D5 and cannot go together: choose one",
            )
        ),
        "phase2_style='pile' plays one card at a time on one pile that is never complete: 'sequences' and "
        "'follow_suit' must be false and trick_complete 'cards'": (
            (
                "phase2_style='pile' spelar ett kort i taget på en hög som aldrig blir full: 'sequences' och 'follow_suit' måste vara false och trick_complete 'cards'",
                "phase2_style='pile' plays one card at a time on one pile that is never complete: 'sequences' and 'follow_suit' must be false and trick_complete 'cards'",
            )
        ),
        "pick_up='pile' belongs to the pile game (phase2_style='pile')": (
            (
                "pick_up='pile' hör till spelet med en hög (phase2_style='pile')",
                "pick_up='pile' belongs to the pile game (phase2_style='pile')",
            )
        ),
        "phase2_style='pile' picks up the whole pile ('pile') or the last card ('top-card'); 'last-play' is the "
        "same as 'top-card' there": (
            (
                "phase2_style='pile' tar upp hela högen ('pile') eller det sista kortet ('top-card'); 'last-play' är där detsamma som 'top-card'",
                "phase2_style='pile' picks up the whole pile ('pile') or the last card ('top-card'); 'last-play' is the same as 'top-card' there",
            )
        ),
        "the address has no 'rules=' part": ("adressen har ingen 'rules='-del", "the address has no 'rules=' part"),
        "the 'rules=' part is not base64url JSON ({})": (
            "'rules='-delen är inte JSON i base64url ({problem})",
            "the 'rules=' part is not base64url JSON ({problem})",
        ),
        "the 'rules=' part must hold an object": (
            "'rules='-delen måste innehålla ett objekt",
            "the 'rules=' part must hold an object",
        ),
        # -- rules files and --rules -------------------------------------------------------------------------
        "{}: field 'preset': {} is not a preset; known: {}": (
            "{file}: fältet 'preset': {value} är inget förval; kända: {presets}",
            "{file}: field 'preset': {value} is not a preset; known: {presets}",
        ),
        "{}: unknown field {}; fields are 'preset' and {}": (
            "{file}: okänt fält {field}; fälten är 'preset' och {fields}",
            "{file}: unknown field {field}; fields are 'preset' and {fields}",
        ),
        "{}: field {} must be true or false, not {}": (
            "{file}: fältet {field} måste vara true eller false, inte {value}",
            "{file}: field {field} must be true or false, not {value}",
        ),
        "{}: field {} cannot be {}; choose one of {}": (
            "{file}: fältet {field} kan inte vara {value}; välj ett av {choices}",
            "{file}: field {field} cannot be {value}; choose one of {choices}",
        ),
        "{}: a rules file holds one JSON object, not {}": (
            "{file}: en regelfil innehåller ett JSON-objekt, inte {value}",
            "{file}: a rules file holds one JSON object, not {value}",
        ),
        "{}: these options cannot go together: {}": (
            "{file}: de här valen går inte ihop: {problem}",
            "{file}: these options cannot go together: {problem}",
        ),
        "{}: cannot read the rules file ({})": (
            "{file}: kan inte läsa regelfilen ({problem})",
            "{file}: cannot read the rules file ({problem})",
        ),
        "{}: not UTF-8 text": ("{file}: inte UTF-8-text", "{file}: not UTF-8 text"),
        "{}: not JSON (line {}, column {}: {})": (
            "{file}: inte JSON (rad {line}, kolumn {column}: {problem})",
            "{file}: not JSON (line {line}, column {column}: {problem})",
        ),
        "--rules: unknown preset {}, and no rules file (a .json file) of that name; presets: {}": (
            (
                "--rules: okänt förval {preset}, och ingen regelfil (en .json-fil) med det namnet; förvalen är {presets}",
                "--rules: unknown preset {preset}, and no rules file (a .json file) of that name; presets: {presets}",
            )
        ),
        # -- the command line --------------------------------------------------------------------------------
        "--players: give 2 to 6 kinds": ("--players: ange 2 till 6 sorters spelare", "--players: give 2 to 6 kinds"),
        "--games: at least 1": ("--games: minst 1", "--games: at least 1"),
        # -- case and record files ---------------------------------------------------------------------------
        "is null; give a preset name or an object of options, or leave the field out": (
            (
                "är null; ange ett förval eller ett objekt med regelval, eller utelämna fältet",
                "is null; give a preset name or an object of options, or leave the field out",
            )
        ),
        "must be a preset name (a string), not {}": (
            "måste vara namnet på ett förval (en sträng), inte {value}",
            "must be a preset name (a string), not {value}",
        ),
        "must be true, false or a string, not {}": (
            "måste vara true, false eller en sträng, inte {value}",
            "must be true, false or a string, not {value}",
        ),
        "must be a preset name or an object of options, not {}": (
            (
                "måste vara ett förval eller ett objekt med regelval, inte {value}",
                "must be a preset name or an object of options, not {value}",
            )
        ),
        "not a preset name or an object of options ({})": (
            "varken ett förval eller ett objekt med regelval ({problem})",
            "not a preset name or an object of options ({problem})",
        ),
        'must be a card like "9C", not {}': (
            'måste vara ett kort som "9C", inte {value}',
            'must be a card like "9C", not {value}',
        ),
        "must be a list of cards, not {}": (
            "måste vara en lista med kort, inte {value}",
            "must be a list of cards, not {value}",
        ),
        "is empty": ("är tomt", "is empty"),
        "{} starts or ends with a space": (
            "{text} börjar eller slutar med ett mellanslag",
            "{text} starts or ends with a space",
        ),
        "{} holds ':', which separates the player from the move": (
            "{text} innehåller ':', som skiljer spelaren från draget",
            "{text} holds ':', which separates the player from the move",
        ),
        "{} holds the invisible or control character U+{}": (
            "{text} innehåller det osynliga tecknet eller styrtecknet U+{code}",
            "{text} holds the invisible or control character U+{code}",
        ),
        "{} holds the white-space character U+{}; use plain spaces": (
            (
                "{text} innehåller blankstegstecknet U+{code}; använd vanliga mellanslag",
                "{text} holds the white-space character U+{code}; use plain spaces",
            )
        ),
        "{}... is longer than 40 characters": (
            "{start}... är längre än 40 tecken",
            "{start}... is longer than 40 characters",
        ),
        "must be a list of names in seating order, clockwise": (
            "måste vara en lista med namn i sittordning, medsols",
            "must be a list of names in seating order, clockwise",
        ),
        "is empty; give 2 to 6 names in seating order, clockwise": (
            "är tom; ange 2 till 6 namn i sittordning, medsols",
            "is empty; give 2 to 6 names in seating order, clockwise",
        ),
        "must be a name (a string), not {}": (
            "måste vara ett namn (en sträng), inte {value}",
            "must be a name (a string), not {value}",
        ),
        "{} is named twice; every player needs a different name": (
            "{name} står två gånger; varje spelare behöver ett eget namn",
            "{name} is named twice; every player needs a different name",
        ),
        "must name a player (a string), not {}": (
            "måste vara namnet på en spelare (en sträng), inte {value}",
            "must name a player (a string), not {value}",
        ),
        'must be a list of strings like "A: 9C"': (
            'måste vara en lista med strängar som "A: 9C"',
            'must be a list of strings like "A: 9C"',
        ),
        'must be a string like "A: 9C"': ('måste vara en sträng som "A: 9C"', 'must be a string like "A: 9C"'),
        '{} names no player; write "<player>: <move>"': (
            '{move} nämner ingen spelare; skriv "<spelare>: <drag>"',
            '{move} names no player; write "<player>: <move>"',
        ),
        "cannot read {}: it is a directory": (
            "kan inte läsa {path}: det är en mapp",
            "cannot read {path}: it is a directory",
        ),
        "cannot read {}: {}": ("kan inte läsa {path}: {problem}", "cannot read {path}: {problem}"),
        "the file is larger than {} bytes; a case or record is a few kilobytes": (
            (
                "filen är större än {limit} byte; ett fall eller ett protokoll är några få kilobyte",
                "the file is larger than {limit} bytes; a case or record is a few kilobytes",
            )
        ),
        "the file is UTF-16 text; save it as UTF-8": (
            "filen är UTF-16-text; spara den som UTF-8",
            "the file is UTF-16 text; save it as UTF-8",
        ),
        "not UTF-8 text (byte 0x{} at offset {}); save it as UTF-8": (
            (
                "inte UTF-8-text (byte 0x{byte} vid position {offset}); spara den som UTF-8",
                "not UTF-8 text (byte 0x{byte} at offset {offset}); save it as UTF-8",
            )
        ),
        "lists and objects nest deeper than {} levels": (
            "listor och objekt är nästlade djupare än {limit} nivåer",
            "lists and objects nest deeper than {limit} levels",
        ),
        "appears twice in one object; give each field once": (
            "förekommer två gånger i samma objekt; ange varje fält en gång",
            "appears twice in one object; give each field once",
        ),
        "bad JSON: {}": ("felaktig JSON: {problem}", "bad JSON: {problem}"),
        "the file must hold one JSON object, not {}": (
            "filen måste innehålla ett JSON-objekt, inte {value}",
            "the file must hold one JSON object, not {value}",
        ),
        "the text must hold one JSON object": (
            "texten måste innehålla ett JSON-objekt",
            "the text must hold one JSON object",
        ),
        "expected {}, not {}": ("väntade {expected}, inte {value}", "expected {expected}, not {value}"),
        "unknown field": ("okänt fält", "unknown field"),
        "give exactly one of 'seed' (an integer) and 'deck' (52 cards)": (
            (
                "ange exakt ett av 'seed' (ett heltal) och 'deck' (52 kort)",
                "give exactly one of 'seed' (an integer) and 'deck' (52 cards)",
            )
        ),
        "must be an integer, not {}": ("måste vara ett heltal, inte {value}", "must be an integer, not {value}"),
        "must be 0 or more, not {}": ("måste vara 0 eller större, inte {value}", "must be 0 or more, not {value}"),
        "must be a string or an object of languages, not {}": (
            "måste vara en sträng eller ett objekt med språk, inte {value}",
            "must be a string or an object of languages, not {value}",
        ),
        "unknown field; a case has {}": ("okänt fält; ett fall har {fields}", "unknown field; a case has {fields}"),
        'belongs to a phase-{} case; this case has "phase": {}': (
            'hör till ett fall i fas {phase}; det här fallet har "phase": {given}',
            'belongs to a phase-{phase} case; this case has "phase": {given}',
        ),
        "must be an object: player name -> list of cards, not {}": (
            (
                "måste vara ett objekt: spelarens namn -> lista med kort, inte {value}",
                "must be an object: player name -> list of cards, not {value}",
            )
        ),
        "missing: name the player who acts first": (
            "saknas: ange spelaren som är först på tur",
            "missing: name the player who acts first",
        ),
        'must be {"player": name, "card": card}': (
            'måste vara {{"player": namn, "card": kort}}',
            'must be {{"player": name, "card": card}}',
        ),
        "{} is not a suit (C, D, H, S or a suit name)": (
            "{text} är ingen färg (C, D, H, S eller ett färgnamn)",
            "{text} is not a suit (C, D, H, S or a suit name)",
        ),
        "missing: a phase-2 case needs the trump suit": (
            "saknas: ett fall i fas 2 behöver trumffärgen",
            "missing: a phase-2 case needs the trump suit",
        ),
        "must be a list of [player, [cards]] pairs, oldest first": (
            (
                "måste vara en lista med par [spelare, [kort]], äldsta först",
                "must be a list of [player, [cards]] pairs, oldest first",
            )
        ),
        "must be [player, [cards]]": ("måste vara [spelare, [kort]]", "must be [player, [cards]]"),
        "is empty; a play on the table has at least one card": (
            "är tomt; ett drag på bordet har minst ett kort",
            "is empty; a play on the table has at least one card",
        ),
        "must be a list of player names, not {}": (
            "måste vara en lista med spelarnamn, inte {value}",
            "must be a list of player names, not {value}",
        ),
        "{} is listed twice; a player goes out once": (
            "{player} står två gånger; en spelare går ut en gång",
            "{player} is listed twice; a player goes out once",
        ),
        'must be {"sv": "...", "en": "..."}': (
            'måste vara {{"sv": "...", "en": "..."}}',
            'must be {{"sv": "...", "en": "..."}}',
        ),
        "must be a lower-case id like 'd5-trump-holding-suit'": (
            "måste vara ett id med gemener, som 'd5-trump-holding-suit'",
            "must be a lower-case id like 'd5-trump-holding-suit'",
        ),
        "{} does not match the file name": ("{id} stämmer inte med filnamnet", "{id} does not match the file name"),
        "must be one of {}, not {}": (
            "måste vara ett av {choices}, inte {value}",
            "must be one of {choices}, not {value}",
        ),
        # -- languages ---------------------------------------------------------------------------------------
        "unknown language {}; use 'sv' or 'en'": (
            "okänt språk {value}; använd 'sv' eller 'en'",
            "unknown language {value}; use 'sv' or 'en'",
        ),
        "must be a suit (C, D, H, S or a suit name), not {}": (
            "måste vara en färg (C, D, H, S eller en färgs namn), inte {value}",
            "must be a suit (C, D, H, S or a suit name), not {value}",
        ),
        "must be a count (2 to 6) or a list of names, not {}": (
            "måste vara ett antal (2 till 6) eller en lista med namn, inte {value}",
            "must be a count (2 to 6) or a list of names, not {value}",
        ),
        "must be an integer 0 or more, not {}": (
            "måste vara ett heltal, 0 eller större, inte {value}",
            "must be an integer 0 or more, not {value}",
        ),
        "seed: must be at most {} (2**53 - 1), not {}": (
            "seed: får vara högst {limit} (2**53 - 1), inte {value}",
            "seed: must be at most {limit} (2**53 - 1), not {value}",
        ),
        "must be at most {} (2**53 - 1), not {}": (
            "får vara högst {limit} (2**53 - 1), inte {value}",
            "must be at most {limit} (2**53 - 1), not {value}",
        ),
        "must be a player's name (a string), not {}": (
            "måste vara en spelares namn (en sträng), inte {value}",
            "must be a player's name (a string), not {value}",
        ),
        "must be a mapping: player name -> list of cards, not {}": (
            "måste vara en avbildning: spelarens namn -> lista med kort, inte {value}",
            "must be a mapping: player name -> list of cards, not {value}",
        ),
        "must be a list of players' names, not {}": (
            "måste vara en lista med spelarnas namn, inte {value}",
            "must be a list of players' names, not {value}",
        ),
        "must be a pair (player, card), not {}": (
            "måste vara ett par (spelare, kort), inte {value}",
            "must be a pair (player, card), not {value}",
        ),
        "must be a card, not {}": ("måste vara ett kort, inte {value}", "must be a card, not {value}"),
        "must be a list of (player, cards) pairs, not {}": (
            "måste vara en lista med par (spelare, kort), inte {value}",
            "must be a list of (player, cards) pairs, not {value}",
        ),
        "must be a pair (player, cards), not {}": (
            "måste vara ett par (spelare, kort), inte {value}",
            "must be a pair (player, cards), not {value}",
        ),
        "player kind: must be a string such as 'sensible', not {}": (
            "spelarsort: måste vara en sträng som 'sensible', inte {value}",
            "player kind: must be a string such as 'sensible', not {value}",
        ),
        "unknown player kind {}; choose from {}, strong:<playouts> or chansa:<{}>": (
            "okänd sorts spelare {kind}; välj bland {kinds}, strong:<spelningar> eller chansa:<{policies}>",
            "unknown player kind {kind}; choose from {kinds}, strong:<playouts> or chansa:<{policies}>",
        ),
        "player seed: must be an integer, not {}": (
            "spelarens seed: måste vara ett heltal, inte {value}",
            "player seed: must be an integer, not {value}",
        ),
        "rules: 'preset' must be a preset name (a string), not {}": (
            "rules: 'preset' måste vara namnet på ett förval (en sträng), inte {value}",
            "rules: 'preset' must be a preset name (a string), not {value}",
        ),
        "rules: an option's name must be a string, not {}": (
            "rules: ett alternativs namn måste vara en sträng, inte {value}",
            "rules: an option's name must be a string, not {value}",
        ),
        "{} moves; a case or record holds at most {}": (
            "{count} drag; ett fall eller protokoll rymmer högst {limit}",
            "{count} moves; a case or record holds at most {limit}",
        ),
        "{}: {}": ("{file}: {problem}", "{file}: {problem}"),
        "a case must be a JSON object or its text, not {}": (
            "ett fall måste vara ett JSON-objekt eller dess text, inte {value}",
            "a case must be a JSON object or its text, not {value}",
        ),
        "a frame must be a JSON object, not {}": (
            "en ruta måste vara ett JSON-objekt, inte {value}",
            "a frame must be a JSON object, not {value}",
        ),
        "must be an object, not {}": ("måste vara ett objekt, inte {value}", "must be an object, not {value}"),
        "must be a move as text, not {}": (
            "måste vara ett drag som text, inte {value}",
            "must be a move as text, not {value}",
        ),
        "must be an option's name, not {}": (
            "måste vara ett alternativs namn, inte {value}",
            "must be an option's name, not {value}",
        ),
        "must be true or false, not {}": (
            "måste vara true eller false, inte {value}",
            "must be true or false, not {value}",
        ),
        "JSON must come as text, not {}": (
            "JSON måste komma som text, inte {value}",
            "JSON must come as text, not {value}",
        ),
        "{} is not a JSON value": ("{kind} är inget JSON-värde", "{kind} is not a JSON value"),
        "the text is longer than {} characters": (
            "texten är längre än {limit} tecken",
            "the text is longer than {limit} characters",
        ),
        "an integer of more than {} digits": (
            "ett heltal med fler än {limit} siffror",
            "an integer of more than {limit} digits",
        ),
        "{} is not a JSON number": ("{value} är inget JSON-tal", "{value} is not a JSON number"),
        "a field's name must be a string, not {}": (
            "ett fälts namn måste vara en sträng, inte {value}",
            "a field's name must be a string, not {value}",
        ),
        "an integer of {} digits; at most {} are read": (
            "ett heltal med {count} siffror; högst {limit} läses",
            "an integer of {count} digits; at most {limit} are read",
        ),
        "the number {} is too large": ("talet {value} är för stort", "the number {value} is too large"),
        "a field's name in double quotes is expected here": (
            "här väntas ett fälts namn inom dubbla citattecken",
            "a field's name in double quotes is expected here",
        ),
        "a ':' after the field's name is expected here": (
            "här väntas ett ':' efter fältets namn",
            "a ':' after the field's name is expected here",
        ),
        "a ',' between two values (or the closing bracket) is expected here": (
            "här väntas ett ',' mellan två värden (eller den avslutande parentesen)",
            "a ',' between two values (or the closing bracket) is expected here",
        ),
        "a value is expected here": ("här väntas ett värde", "a value is expected here"),
        "a string is not closed (a '\"' is missing)": (
            "en sträng är inte avslutad (ett '\"' saknas)",
            "a string is not closed (a '\"' is missing)",
        ),
        "a string holds a control character (write a line break as \\n)": (
            "en sträng innehåller ett styrtecken (skriv en radbrytning som \\n)",
            "a string holds a control character (write a line break as \\n)",
        ),
        "a string holds a bad \\u escape": (
            "en sträng innehåller en felaktig \\u-kod",
            "a string holds a bad \\u escape",
        ),
        "a string holds a bad backslash escape": (
            "en sträng innehåller en felaktig kod med omvänt snedstreck",
            "a string holds a bad backslash escape",
        ),
        "there is more after the JSON value": ("det finns mer efter JSON-värdet", "there is more after the JSON value"),
        "a ',' stands before a closing bracket": (
            "ett ',' står före en avslutande parentes",
            "a ',' stands before a closing bracket",
        ),
        "this is not JSON": ("det här är inte JSON", "this is not JSON"),
    },
)

#: The card and move syntax errors, whole (their English is `CardParseError`'s and `MoveParseError`'s own message:
#: tests/test_error_texts.py proves each English here gives exactly `str(error)`).
ERROR_PARTS: PhraseBook[str] = PhraseBook(
    "error_parts",
    {
        "not_a_card": (
            "{text} är inget kort; godtagna former: {accepted}",
            "{text} is not a card; accepted forms: {accepted}",
        ),
        "not_a_suit": (
            "{text} är ingen färg; godtagna former: {accepted}",
            "{text} is not a suit; accepted forms: {accepted}",
        ),
        "accepted": (
            "koder som 9C, 10H, QS, AD (valör 2-10 J Q K A, färg C D H S); "
            "en färgsymbol och en valör med svenska eller engelska bokstäver som ♣9, ♣D (dam), ♣Q, ♣Kn (knekt), ♣E (ess); "
            "eller ord som 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'",
            "canonical codes like 9C, 10H, QS, AD (rank 2-10 J Q K A, suit C D H S); "
            "a suit symbol then a rank in English or Swedish letters like ♣9, ♣Q, ♣D (dam), ♣Kn (knekt), ♣E (ess); "
            "or words like 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'",
        ),
        "not_a_move": ("{text} är inget drag; {hint}", "{text} is not a move; {hint}"),
        "not_a_move_because": ("{text} är inget drag: {detail}; {hint}", "{text} is not a move: {detail}; {hint}"),
        "hint": (
            "ett drag är ett eller flera kort ('9C', 'QC KC AC', '♣D'), 'ta upp' (även 'supa', 'pick up'), "
            "'chansa' (även 'våga'), 'släng' och kort ('släng 9C 9D', även 'slänga på', 'throw') eller 'stå över' "
            "(även 'pass'), gärna efter spelarens namn: 'A: 9C'",
            "a move is one or more cards ('9C', 'QC KC AC', '♣D'), 'pick up' (also 'supa', 'ta upp'), "
            "'chansa' (also 'våga'), 'throw' and cards ('throw 9C 9D', also 'släng', 'slänga på') or 'pass' "
            "(also 'stå över'), optionally after the player's name: 'A: 9C'",
        ),
    },
)
