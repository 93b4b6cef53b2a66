"""Every error message's words: each error key (and each `Phrase` key) -> its message in Swedish and English.

An error carries a key and parameters (`skitgubbe.errors`); `skitgubbe.text.error_text` looks the key up here and
fills the template of the language with the parameters, by name. The English is `str(error)`, the CLI's and the
tests' contract, unchanged from the messages the raise sites wrote before they carried keys. tests/test_error_texts.py
scans the raise sites (`ast`) and proves that every key given has its entry with the parameters given.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Error or phrase key -> (Swedish, English), with the parameters named.
ERRORS: PhraseBook[str] = PhraseBook(
    "errors",
    {
        # -- where in a file ---------------------------------------------------------------------------------
        "line": ("rad {line}", "line {line}"),
        "line_column": ("rad {line}, kolumn {column}", "line {line}, column {column}"),
        # -- values shown inside messages (JSON kinds, option types) ------------------------------------------
        "kind_number": ("ett tal ({value})", "a number ({value})"),
        "kind_string": ("en sträng ({value})", "a string ({value})"),
        "kind_huge_number": ("ett tal (ett jättestort heltal)", "a number (a huge integer)"),
        "kind_list": ("en lista", "a list"),
        "kind_object": ("ett objekt", "an object"),
        "kind_true_or_false": ("true eller false", "true or false"),
        "kind_one_of": ("ett av {choices}", "one of {choices}"),
        # -- the fast core (the C search) ---------------------------------------------------------------------
        "fast_core_not_here": (
            "den snabba sökningen (C-koden) finns inte här (inget _csearch.so, ingen kompilator eller "
            "SKITGUBBE_PURE_PYTHON=1): använd spelmotorns spelare (skitgubbe.players.fallback)",
            "the fast search (the C code) is not here (no _csearch.so, no compiler, or SKITGUBBE_PURE_PYTHON=1): "
            "use the engine-based players (skitgubbe.players.fallback)",
        ),
        "fast_core_refuses_option": (
            "den snabba sökningen spelar inte husregeln {option}={value}: använd spelmotorns spelare "
            "(skitgubbe.players.fallback)",
            "the fast search does not play the house rule {option}={value}: use the engine-based players "
            "(skitgubbe.players.fallback)",
        ),
        "fast_core_too_many_moves": (
            "den snabba sökningen mötte en ställning med fler drag än den rymmer (drag {move}): använd spelmotorns "
            "spelare (skitgubbe.players.fallback)",
            "the fast search met a position with more moves than it holds (move {move}): use the engine-based "
            "players (skitgubbe.players.fallback)",
        ),
        # -- moves -------------------------------------------------------------------------------------------
        "move_empty": ("det är tomt", "it is empty"),
        "names_no_card": ("det nämner inget kort", "it names no card"),
        "names_no_card_throw_on": ("det nämner inget kort att slänga på", "it names no card to throw on"),
        "move_not_a_card": ("{card} är inget kort", "{card} is not a card"),
        "card_named_twice": ("ett kort nämns två gånger", "a card is named twice"),
        "player_name_before_empty": (
            "spelarens namn före ':' är tomt",
            "the player's name before ':' is empty",
        ),
        "cards_tuple_card_values": (
            "dess kort måste vara en tuple av Card-värden",
            "its cards must be a tuple of Card values",
        ),
        # -- games and positions -----------------------------------------------------------------------------
        "new_game_needs_seed_explicit": (
            (
                "ett nytt spel behöver ett frö (seed) eller en given kortlek, så att det kan spelas om",
                "a new game needs a seed or an explicit deck, so that it can be replayed",
            )
        ),
        "player_player_name_string": (
            (
                "player: måste vara en spelares namn (en sträng), inte {value}",
                "player: must be a player's name (a string), not {value}",
            )
        ),
        "move_names_but_player_was": (
            "draget nämner {named} men spelaren {given} angavs",
            "the move names {named} but player {given} was given",
        ),
        "unknown_player_players_are": (
            "okänd spelare {player}; spelarna är {players}",
            "unknown player {player}; players are {players}",
        ),
        "explicit_deck_hold_all_52": (
            "en given kortlek måste innehålla alla 52 kort, vart och ett en gång",
            "an explicit deck must hold all 52 cards, each once",
        ),
        "phase_2_position_needs_trump": (
            "en ställning i fas 2 behöver trumffärgen",
            "a phase-2 position needs the trump suit",
        ),
        "phase_2_has_none_give": (
            "fas 2 har ingen; ge alla kort på händerna",
            "phase 2 has none; give every card in hands",
        ),
        "must_be_1_or_2": ("måste vara 1 eller 2, inte {value}", "must be 1 or 2, not {value}"),
        "null_finished_game_position_play": (
            "null: ett avslutat spel är ingen ställning att spela från",
            "null: a finished game is not a position to play from",
        ),
        "appears_twice_also": (
            "{card} förekommer två gånger (även i {other})",
            "{card} appears twice (also in {other})",
        ),
        "phase_1_position_starts_on": (
            "en ställning i fas 1 börjar med tomt bord",
            "a phase-1 position starts on an empty table",
        ),
        "only_given_once_talon_used": (
            "anges bara när talongen är slut",
            "only given once the talon is used up",
        ),
        "empty_so_set_aside_trump": (
            "tom, så det undanlagda trump_card måste anges",
            "empty, so the set-aside trump_card must be given",
        ),
        "disagrees_with_turned_up_trump": (
            "{trump} stämmer inte med det uppvända trumfkortets färg, {suit}",
            "{trump} disagrees with the turned-up trump card's suit, {suit}",
        ),
        "play_on_table_has_at": (
            "ett drag på bordet har minst ett kort",
            "a move on the table has at least one card",
        ),
        "player_listed_twice_player_goes": (
            "en spelare står två gånger; en spelare går ut en gång",
            "a player is listed twice; a player goes out once",
        ),
        "still_holds_cards": ("{player} har fortfarande kort på handen", "{player} still holds cards"),
        "has_no_cards": ("{player} har inga kort", "{player} has no cards"),
        "every_player_needs_different_name": (
            "varje spelare behöver ett eget namn",
            "every player needs a different name",
        ),
        "names_non_empty_contain_no": (
            "namn får inte vara tomma och får inte innehålla ':'",
            "names must be non-empty and contain no ':'",
        ),
        "players_engine_plays_with_rule": (
            (
                "{count} spelare; motorn spelar med {low} till {high} (regel game.players)",
                "{count} players; the engine plays with {low} to {high} (rule game.players)",
            )
        ),
        "players_engine_plays_with_2": (
            (
                "{count} spelare; motorn spelar med 2 till 6 (regel game.players)",
                "{count} players; the engine plays with 2 to 6 (rule game.players)",
            )
        ),
        "not_a_state_object": ("inget ställningsobjekt ({value})", "not a state object ({value})"),
        # -- rules -------------------------------------------------------------------------------------------
        "unknown_rule_option_known_options": (
            "okänt regelval {option}; kända val: {options}",
            "unknown rule option {option}; known options: {options}",
        ),
        "option_wrong_kind": (
            "valet {option} måste vara {kind}, inte {value}",
            "option {option} must be {kind}, not {value}",
        ),
        "option_cannot_choose_one": (
            "valet {option} kan inte vara {value}; välj ett av {choices}",
            "option {option} cannot be {value}; choose one of {choices}",
        ),
        "rules_preset_name_object": (
            "reglerna måste vara ett förval eller ett objekt, inte {value}",
            "rules must be a preset name or an object, not {value}",
        ),
        "unknown_preset_known_presets": (
            "okänt förval {preset}; kända förval: {presets}",
            "unknown preset {preset}; known presets: {presets}",
        ),
        "options_sequences_trick_complete_cards": (
            (
                "valen 'sequences' och trick_complete='cards' går inte ihop: en färgstege kan bli fler kort än sticket rymmer; med färgstegar räknas drag (trick_complete='plays')",
                "options 'sequences' and trick_complete='cards' cannot go together: a sequence can overshoot the card count; with sequences, count moves (trick_complete='plays')",
            )
        ),
        "option_belong_everyone_plays_tricks": (
            (
                "valen {options} hör till stick där alla spelar (phase1_style='everyone'), inte till phase1_style='{style}'",
                "option(s) {options} belong to everyone-plays tricks (phase1_style='everyone'), not phase1_style='{style}'",
            )
        ),
        "phase1_end_finish_trick_variant": (
            (
                "phase1_end='finish-trick' är en variant av stick där alla spelar (phase1_style='everyone'), inte av phase1_style='{style}'",
                "phase1_end='finish-trick' is a variant of everyone-plays tricks (phase1_style='everyone'), not of phase1_style='{style}'",
            )
        ),
        "phase1_end_skip_empty_belongs": (
            (
                "phase1_end='skip-empty' hör till stick med två kort; när alla spelar slutar fas 1 när spelaren som står på tur saknar kort ('due-player-empty') eller efter pågående stick, när talongens sista kort är draget ('finish-trick')",
                "phase1_end='skip-empty' belongs to two-card tricks; with everyone playing, phase 1 ends when a player due to play has no card ('due-player-empty') or after the trick in progress once the talon's last card is taken ('finish-trick')",
            )
        ),
        "phase1_style_has_no_chansa": (
            (
                "phase1_style='{style}' har ingen chansning (regel {rule}); sätt chansa till false",
                "phase1_style='{style}' has no chansa (rule {rule}); set chansa to false",
            )
        ),
        "phase1_style_ends_phase_1": (
            (
                "phase1_style='{style}' avslutar fas 1 när spelaren som ska spela ut saknar kort; phase1_end måste vara 'due-player-empty', inte '{value}'",
                "phase1_style='{style}' ends phase 1 when the player due to lead has no card; phase1_end must be 'due-player-empty', not '{value}'",
            )
        ),
        "options_follow_suit_trump_when": (
            (
                "valen 'follow_suit' och 'trump_when_unable' är två tolkningar av D5 och går inte ihop: välj en",
                "options 'follow_suit' and 'trump_when_unable' are two readings of D5 and cannot go together: choose one",
            )
        ),
        "phase2_style_pile_plays_one": (
            (
                "phase2_style='pile' spelar ett kort i taget på en hög som aldrig blir full: 'sequences' och 'follow_suit' måste vara false och trick_complete 'cards'",
                "phase2_style='pile' plays one card at a time on one pile that is never complete: 'sequences' and 'follow_suit' must be false and trick_complete 'cards'",
            )
        ),
        "pick_up_pile_belongs_pile": (
            (
                "pick_up='pile' hör till spelet med en hög (phase2_style='pile')",
                "pick_up='pile' belongs to the pile game (phase2_style='pile')",
            )
        ),
        "phase2_style_pile_picks_up": (
            (
                "phase2_style='pile' tar upp hela högen ('pile') eller det sista kortet ('top-card'); 'last-play' är där detsamma som 'top-card'",
                "phase2_style='pile' picks up the whole pile ('pile') or the last card ('top-card'); 'last-play' is the same as 'top-card' there",
            )
        ),
        "address_has_no_rules_part": ("adressen har ingen 'rules='-del", "the address has no 'rules=' part"),
        "rules_part_base64url_json": (
            "'rules='-delen är inte JSON i base64url ({problem})",
            "the 'rules=' part is not base64url JSON ({problem})",
        ),
        "rules_part_hold_object": (
            "'rules='-delen måste innehålla ett objekt",
            "the 'rules=' part must hold an object",
        ),
        # -- rules files and --rules -------------------------------------------------------------------------
        "field_preset_preset_known": (
            "{file}: fältet 'preset': {value} är inget förval; kända: {presets}",
            "{file}: field 'preset': {value} is not a preset; known: {presets}",
        ),
        "unknown_field_fields_are_preset": (
            "{file}: okänt fält {field}; fälten är 'preset' och {fields}",
            "{file}: unknown field {field}; fields are 'preset' and {fields}",
        ),
        "field_true_false": (
            "{file}: fältet {field} måste vara true eller false, inte {value}",
            "{file}: field {field} must be true or false, not {value}",
        ),
        "field_cannot_choose_one": (
            "{file}: fältet {field} kan inte vara {value}; välj ett av {choices}",
            "{file}: field {field} cannot be {value}; choose one of {choices}",
        ),
        "rules_file_holds_one_json": (
            "{file}: en regelfil innehåller ett JSON-objekt, inte {value}",
            "{file}: a rules file holds one JSON object, not {value}",
        ),
        "these_options_cannot_go_together": (
            "{file}: de här valen går inte ihop: {problem}",
            "{file}: these options cannot go together: {problem}",
        ),
        "rules_unknown_preset_no_rules": (
            (
                "--rules: okänt förval {preset}, och ingen regelfil (en .json-fil) med det namnet; förvalen är {presets}",
                "--rules: unknown preset {preset}, and no rules file (a .json file) of that name; presets: {presets}",
            )
        ),
        # -- the command line --------------------------------------------------------------------------------
        # -- case and record files ---------------------------------------------------------------------------
        "null_give_preset_name_object": (
            (
                "är null; ange ett förval eller ett objekt med regelval, eller utelämna fältet",
                "is null; give a preset name or an object of options, or leave the field out",
            )
        ),
        "preset_name_string": (
            "måste vara namnet på ett förval (en sträng), inte {value}",
            "must be a preset name (a string), not {value}",
        ),
        "true_false_string": (
            "måste vara true, false eller en sträng, inte {value}",
            "must be true, false or a string, not {value}",
        ),
        "preset_name_object_options": (
            (
                "måste vara ett förval eller ett objekt med regelval, inte {value}",
                "must be a preset name or an object of options, not {value}",
            )
        ),
        "not_preset_or_options": (
            "varken ett förval eller ett objekt med regelval ({problem})",
            "not a preset name or an object of options ({problem})",
        ),
        "card_like_9c": (
            'måste vara ett kort som "9C", inte {value}',
            'must be a card like "9C", not {value}',
        ),
        "list_cards": (
            "måste vara en lista med kort, inte {value}",
            "must be a list of cards, not {value}",
        ),
        "is_empty": ("är tomt", "is empty"),
        "starts_ends_with_space": (
            "{text} börjar eller slutar med ett mellanslag",
            "{text} starts or ends with a space",
        ),
        "holds_which_separates_player_from": (
            "{text} innehåller ':', som skiljer spelaren från draget",
            "{text} holds ':', which separates the player from the move",
        ),
        "holds_invisible_control_character_u": (
            "{text} innehåller det osynliga tecknet eller styrtecknet U+{code}",
            "{text} holds the invisible or control character U+{code}",
        ),
        "holds_white_space_character_u": (
            (
                "{text} innehåller blankstegstecknet U+{code}; använd vanliga mellanslag",
                "{text} holds the white-space character U+{code}; use plain spaces",
            )
        ),
        "longer_than_40_characters": (
            "{start}... är längre än 40 tecken",
            "{start}... is longer than 40 characters",
        ),
        "list_names_seating_order_clockwise": (
            "måste vara en lista med namn i sittordning, medsols",
            "must be a list of names in seating order, clockwise",
        ),
        "empty_give_2_6_names": (
            "är tom; ange 2 till 6 namn i sittordning, medsols",
            "is empty; give 2 to 6 names in seating order, clockwise",
        ),
        "must_be_name": (
            "måste vara ett namn (en sträng), inte {value}",
            "must be a name (a string), not {value}",
        ),
        "named_twice_every_player_needs": (
            "{name} står två gånger; varje spelare behöver ett eget namn",
            "{name} is named twice; every player needs a different name",
        ),
        "name_player_string": (
            "måste vara namnet på en spelare (en sträng), inte {value}",
            "must name a player (a string), not {value}",
        ),
        "list_strings_like_9c": (
            'måste vara en lista med strängar som "A: 9C"',
            'must be a list of strings like "A: 9C"',
        ),
        "string_like_9c": ('måste vara en sträng som "A: 9C"', 'must be a string like "A: 9C"'),
        "names_no_player_write_player": (
            '{move} nämner ingen spelare; skriv "<spelare>: <drag>"',
            '{move} names no player; write "<player>: <move>"',
        ),
        "cannot_read_directory": (
            "kan inte läsa {path}: det är en mapp",
            "cannot read {path}: it is a directory",
        ),
        "cannot_read": ("kan inte läsa {path}: {problem}", "cannot read {path}: {problem}"),
        "file_larger_than_bytes_case": (
            (
                "filen är större än {limit} byte; ett fall eller ett protokoll är några få kilobyte",
                "the file is larger than {limit} bytes; a case or record is a few kilobytes",
            )
        ),
        "file_utf_16_text_save": (
            "filen är UTF-16-text; spara den som UTF-8",
            "the file is UTF-16 text; save it as UTF-8",
        ),
        "not_utf8_at_byte": (
            (
                "inte UTF-8-text (byte 0x{byte} vid position {offset}); spara den som UTF-8",
                "not UTF-8 text (byte 0x{byte} at offset {offset}); save it as UTF-8",
            )
        ),
        "lone_surrogate": (
            "inte text: ett ensamt surrogattecken (U+{code}, halva ett UTF-16-par)",
            "not text: a lone surrogate (U+{code}, half of a UTF-16 pair)",
        ),
        "lists_objects_nest_deeper_than": (
            "listor och objekt är nästlade djupare än {limit} nivåer",
            "lists and objects nest deeper than {limit} levels",
        ),
        "appears_twice_one_object_give": (
            "förekommer två gånger i samma objekt; ange varje fält en gång",
            "appears twice in one object; give each field once",
        ),
        "bad_json": ("felaktig JSON: {problem}", "bad JSON: {problem}"),
        "file_hold_one_json_object": (
            "filen måste innehålla ett JSON-objekt, inte {value}",
            "the file must hold one JSON object, not {value}",
        ),
        "expected_not": ("väntade {expected}, inte {value}", "expected {expected}, not {value}"),
        "unknown_field": ("okänt fält", "unknown field"),
        "give_exactly_one_seed_integer": (
            (
                "ange exakt ett av 'seed' (ett heltal) och 'deck' (52 kort)",
                "give exactly one of 'seed' (an integer) and 'deck' (52 cards)",
            )
        ),
        "must_be_integer": ("måste vara ett heltal, inte {value}", "must be an integer, not {value}"),
        "must_be_0_or_more": ("måste vara 0 eller större, inte {value}", "must be 0 or more, not {value}"),
        "string_object_languages": (
            "måste vara en sträng eller ett objekt med språk, inte {value}",
            "must be a string or an object of languages, not {value}",
        ),
        "unknown_field_case_has": ("okänt fält; ett fall har {fields}", "unknown field; a case has {fields}"),
        "belongs_phase_case_this_case": (
            'hör till ett fall i fas {phase}; det här fallet har "phase": {given}',
            'belongs to a phase-{phase} case; this case has "phase": {given}',
        ),
        "object_player_name_list_cards": (
            (
                "måste vara ett objekt: spelarens namn -> lista med kort, inte {value}",
                "must be an object: player name -> list of cards, not {value}",
            )
        ),
        "missing_name_player_who_acts": (
            "saknas: ange spelaren som är först på tur",
            "missing: name the player who acts first",
        ),
        "player_name_card_card": (
            'måste vara {{"player": namn, "card": kort}}',
            'must be {{"player": name, "card": card}}',
        ),
        "not_a_suit_name": (
            "{text} är ingen färg (C, D, H, S eller ett färgnamn)",
            "{text} is not a suit (C, D, H, S or a suit name)",
        ),
        "missing_phase_2_case_needs": (
            "saknas: ett fall i fas 2 behöver trumffärgen",
            "missing: a phase-2 case needs the trump suit",
        ),
        "list_player_cards_pairs_oldest": (
            (
                "måste vara en lista med par [spelare, [kort]], äldsta först",
                "must be a list of [player, [cards]] pairs, oldest first",
            )
        ),
        "must_be_player_cards": ("måste vara [spelare, [kort]]", "must be [player, [cards]]"),
        "empty_play_on_table_has": (
            "är tomt; ett drag på bordet har minst ett kort",
            "is empty; a move on the table has at least one card",
        ),
        "list_player_names": (
            "måste vara en lista med spelarnamn, inte {value}",
            "must be a list of player names, not {value}",
        ),
        "listed_twice_player_goes_out": (
            "{player} står två gånger; en spelare går ut en gång",
            "{player} is listed twice; a player goes out once",
        ),
        "must_be_sv_en": (
            'måste vara {{"sv": "...", "en": "..."}}',
            'must be {{"sv": "...", "en": "..."}}',
        ),
        "lower_case_id_like_d5": (
            "måste vara ett id med gemener, som 'd5-trump-holding-suit'",
            "must be a lower-case id like 'd5-trump-holding-suit'",
        ),
        "id_not_file_name": ("{id} stämmer inte med filnamnet", "{id} does not match the file name"),
        "must_be_one_of": VOCABULARY["must_be_one_of"],
        # -- languages ---------------------------------------------------------------------------------------
        "unknown_language_use_sv_en": (
            "okänt språk {value}; använd 'sv' eller 'en'",
            "unknown language {value}; use 'sv' or 'en'",
        ),
        "must_be_suit": (
            "måste vara en färg (C, D, H, S eller en färgs namn), inte {value}",
            "must be a suit (C, D, H, S or a suit name), not {value}",
        ),
        "count_2_6_list_names": (
            "måste vara ett antal (2 till 6) eller en lista med namn, inte {value}",
            "must be a count (2 to 6) or a list of names, not {value}",
        ),
        "must_be_integer_0_or_more": (
            "måste vara ett heltal, 0 eller större, inte {value}",
            "must be an integer 0 or more, not {value}",
        ),
        "at_most_2_53_1": (
            "får vara högst {limit} (2**53 - 1), inte {value}",
            "must be at most {limit} (2**53 - 1), not {value}",
        ),
        "player_name_string": (
            "måste vara en spelares namn (en sträng), inte {value}",
            "must be a player's name (a string), not {value}",
        ),
        "mapping_player_name_list_cards": (
            "måste vara en avbildning: spelarens namn -> lista med kort, inte {value}",
            "must be a mapping: player name -> list of cards, not {value}",
        ),
        "list_players_names": (
            "måste vara en lista med spelarnas namn, inte {value}",
            "must be a list of players' names, not {value}",
        ),
        "pair_player_card": (
            "måste vara ett par (spelare, kort), inte {value}",
            "must be a pair (player, card), not {value}",
        ),
        "must_be_card": ("måste vara ett kort, inte {value}", "must be a card, not {value}"),
        "list_player_cards_pairs": (
            "måste vara en lista med par (spelare, kort), inte {value}",
            "must be a list of (player, cards) pairs, not {value}",
        ),
        "pair_player_cards": (
            "måste vara ett par (spelare, kort), inte {value}",
            "must be a pair (player, cards), not {value}",
        ),
        "player_kind_string_such_as": (
            "spelarsort: måste vara en sträng som 'sensible', inte {value}",
            "player kind: must be a string such as 'sensible', not {value}",
        ),
        "unknown_player_kind_choose_from": (
            "okänd sorts spelare {kind}; välj bland {kinds}, strong:<spelningar> eller chansa:<{policies}>",
            "unknown player kind {kind}; choose from {kinds}, strong:<playouts> or chansa:<{policies}>",
        ),
        "player_seed_integer": (
            "spelarens seed: måste vara ett heltal, inte {value}",
            "player seed: must be an integer, not {value}",
        ),
        "rules_preset_preset_name_string": (
            "rules: 'preset' måste vara namnet på ett förval (en sträng), inte {value}",
            "rules: 'preset' must be a preset name (a string), not {value}",
        ),
        "rules_option_name_string": (
            "rules: ett alternativs namn måste vara en sträng, inte {value}",
            "rules: an option's name must be a string, not {value}",
        ),
        "moves_case_record_holds_at": (
            "{count} drag; ett fall eller protokoll rymmer högst {limit}",
            "{count} moves; a case or record holds at most {limit}",
        ),
        "file_problem": ("{file}: {problem}", "{file}: {problem}"),
        "case_json_object_text": (
            "ett fall måste vara ett JSON-objekt eller dess text, inte {value}",
            "a case must be a JSON object or its text, not {value}",
        ),
        "frame_json_object": (
            "en ruta måste vara ett JSON-objekt, inte {value}",
            "a frame must be a JSON object, not {value}",
        ),
        "must_be_object": VOCABULARY["must_be_object"],
        "move_as_text": (
            "måste vara ett drag som text, inte {value}",
            "must be a move as text, not {value}",
        ),
        "must_be_option_name": (
            "måste vara ett alternativs namn, inte {value}",
            "must be an option's name, not {value}",
        ),
        "must_be_true_or_false": (
            "måste vara true eller false, inte {value}",
            "must be true or false, not {value}",
        ),
        "json_come_as_text": (
            "JSON måste komma som text, inte {value}",
            "JSON must come as text, not {value}",
        ),
        "not_a_json_value": ("{kind} är inget JSON-värde", "{kind} is not a JSON value"),
        "text_longer_than_characters": (
            "texten är längre än {limit} tecken",
            "the text is longer than {limit} characters",
        ),
        "integer_more_than_digits": (
            "ett heltal med fler än {limit} siffror",
            "an integer of more than {limit} digits",
        ),
        "not_a_json_number": ("{value} är inget JSON-tal", "{value} is not a JSON number"),
        "field_name_string": (
            "ett fälts namn måste vara en sträng, inte {value}",
            "a field's name must be a string, not {value}",
        ),
        "integer_digits_at_most_are": (
            "ett heltal med {count} siffror; högst {limit} läses",
            "an integer of {count} digits; at most {limit} are read",
        ),
        "number_too_large": ("talet {value} är för stort", "the number {value} is too large"),
        "field_name_double_quotes_expected": (
            "här väntas ett fälts namn inom dubbla citattecken",
            "a field's name in double quotes is expected here",
        ),
        "after_field_name_expected_here": (
            "här väntas ett ':' efter fältets namn",
            "a ':' after the field's name is expected here",
        ),
        "between_two_values_closing_bracket": (
            "här väntas ett ',' mellan två värden (eller den avslutande parentesen)",
            "a ',' between two values (or the closing bracket) is expected here",
        ),
        "value_expected_here": ("här väntas ett värde", "a value is expected here"),
        "string_closed_missing": (
            "en sträng är inte avslutad (ett '\"' saknas)",
            "a string is not closed (a '\"' is missing)",
        ),
        "string_holds_control_character_write": (
            "en sträng innehåller ett styrtecken (skriv en radbrytning som \\n)",
            "a string holds a control character (write a line break as \\n)",
        ),
        "string_holds_bad_u_escape": (
            "en sträng innehåller en felaktig \\u-kod",
            "a string holds a bad \\u escape",
        ),
        "string_holds_bad_backslash_escape": (
            "en sträng innehåller en felaktig kod med omvänt snedstreck",
            "a string holds a bad backslash escape",
        ),
        "there_more_after_json_value": ("det finns mer efter JSON-värdet", "there is more after the JSON value"),
        "stands_before_closing_bracket": (
            "ett ',' står före en avslutande parentes",
            "a ',' stands before a closing bracket",
        ),
        "not_json": ("det här är inte JSON", "this is not JSON"),
        # -- the card and move syntax errors (`CardParseError`, `MoveParseError`) -------------------------
        "not_a_card": (
            "{text} är inget kort; godtagna former: {accepted}",
            "{text} is not a card; accepted forms: {accepted}",
        ),
        "not_a_suit": (
            "{text} är ingen färg; godtagna former: {accepted}",
            "{text} is not a suit; accepted forms: {accepted}",
        ),
        "card_forms": (
            "koder som 9C, 10H, QS, AD (valör 2-10 J Q K A, färg C D H S); "
            "en färgsymbol och en valör med svenska eller engelska bokstäver som ♣9, ♣D (dam), ♣Q, ♣Kn (knekt), ♣E (ess); "
            "eller ord som 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'",
            "canonical codes like 9C, 10H, QS, AD (rank 2-10 J Q K A, suit C D H S); "
            "a suit symbol then a rank in English or Swedish letters like ♣9, ♣Q, ♣D (dam), ♣Kn (knekt), ♣E (ess); "
            "or words like 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'",
        ),
        "not_a_move": ("{text} är inget drag; {hint}", "{text} is not a move; {hint}"),
        "not_a_move_because": ("{text} är inget drag: {detail}; {hint}", "{text} is not a move: {detail}; {hint}"),
        "move_forms": (
            "ett drag är ett eller flera kort ('9C', 'QC KC AC', '♣D'), 'ta upp' (även 'supa', 'pick up'), "
            "'chansa' (även 'våga'), 'släng' och kort ('släng 9C 9D', även 'slänga på', 'throw') eller 'stå över' "
            "(även 'pass'), gärna efter spelarens namn: 'A: 9C'",
            "a move is one or more cards ('9C', 'QC KC AC', '♣D'), 'pick up' (also 'supa', 'ta upp'), "
            "'chansa' (also 'våga'), 'throw' and cards ('throw 9C 9D', also 'släng', 'slänga på') or 'pass' "
            "(also 'stå över'), optionally after the player's name: 'A: 9C'",
        ),
        # -- the C search's refusals (engine/kernel/native.py REFUSALS; csearch.c's codes) --------------------
        "fast_core_refused": (
            "{entry}: C-sökningen vägrade den packade ställningen (kod {code}, {name}): {reason}",
            "{entry}: the C side refused the packed position (code {code}, {name}): {reason}",
        ),
        "fast_core_input": ("ett ord ligger utanför sitt intervall", "a word is out of its range"),
        "fast_core_moves": (
            "ställningen har fler drag än C-sidans dragbuffert rymmer",
            "the position has more moves than the C side's move buffer holds",
        ),
        "fast_core_output": ("utdatabufferten är för liten", "the output buffer is too small"),
        "fast_core_magic": (
            "första ordet är inte det tal som sökningen väntar sig för den här regeltabellen",
            "the first word is not the search's magic number with this rule table's fingerprint",
        ),
        "fast_core_seats": ("antalet spelare är inte 2 till 6", "the number of players is not 2 to 6"),
        "fast_core_cards": (
            "ett kort ligger på två ställen (händer, vunna stick, bordet, talongen, de osedda korten)",
            "a card is in two places (hands, won tricks, the table, the talon, the unseen cards)",
        ),
        "fast_core_candidate": (
            "ett kandidatdrag är inget lagligt drag i ställningen",
            "a candidate is not a legal move of the position",
        ),
        "fast_core_length": (
            "indata är kortare eller längre än dess egna antal säger",
            "the input is shorter or longer than its own counts say",
        ),
        "fast_core_state": (
            "sökläget som lämnades tillbaka är inte ett som sökningen skrev",
            "the search state handed back is not one the search wrote",
        ),
        "fast_core_position": (
            "ställningens ord motsäger varandra (vem som står på tur, trumfen, vilka som har gått ut, högens drag)",
            "the position's words contradict each other (whose turn it is, the trump, who is out, the pile's plays)",
        ),
        "fast_core_unseen": (
            "de osedda korten är inte ställningens dolda kort, talongplatser och undanlagda kort",
            "the unseen cards are not the position's hidden cards, talon places and set-aside card",
        ),
        "fast_core_unknown": ("en okänd kod", "an unknown code"),
        # -- an error passed on whole (`RecordError(where, error)`) -----------------------------------------
        "passed_on": ("{error}", "{error}"),
    },
)
