"""Words of the reader's table (`skitgubbe.views.table`, drawn by `views/table.js`): a Replay's controls, the live
game, the checker and its position editor, "play from here", and the browser engine's start (`live-page.mjs`).

The templates go to the front end unfilled (`board_words`): table.js fills `{i}`, `{n}`, `{name}`,
`{card}`, ... itself, and `{gen}` with a name in the genitive of the page's language (`GENITIVE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Which genitive rule fills `{gen}` (`A:s`, `Annas`, `Lars` in Swedish; `A's` in English): a language marker the
#: front end reads as `words.genitive`, not a word (`skitgubbe.views.table.genitive` is the same rule in Python).
GENITIVE: Mapping[Lang, str] = MappingProxyType({"sv": "sv", "en": "en"})

#: Every word the table's front end shows, with {placeholders} (the keys are the ones table.js reads).
TABLE: PhraseBook[str] = PhraseBook(
    "table",
    {
        "first": ("Till början", "To the start"),
        "back": ("Ett drag bakåt", "One move back"),
        "play": ("Spela upp", "Play through"),
        "pause": ("Pausa", "Pause"),
        "forward": ("Ett drag framåt", "One move forward"),
        "last": ("Till sista draget", "To the last move"),
        "slider": VOCABULARY["move"],
        "counter": VOCABULARY["move_i_of_n"],
        "start": VOCABULARY["starting_position"],
        "moves": ("Dragen", "Moves"),
        "rule": VOCABULARY["rule"],
        "rule_ids": ("Visa regel-id (för domare och lärare)", "Show rule ids (for referees and teachers)"),
        "lesson": ("Visa det undanlagda kortet (för lektionens skull)", "Show the set-aside card (for the lesson)"),
        "keys": (
            "Stega med knapparna, reglaget eller piltangenterna (Home och End går till början och slutet).",
            "Step with the buttons, the slider or the arrow keys (Home and End go to the start and the end).",
        ),
        "cards": VOCABULARY["n_cards"],
        "cards_one": VOCABULARY["one_card"],
        "won": ("vunna kort: {n}", "cards won: {n}"),
        "to_play": ("▶ på tur", "▶ to play"),
        "out": ("ute", "out"),
        "loser": ("skitgubbe", "skitgubbe"),
        "you": ("du", "you"),
        "table": VOCABULARY["the_table"],
        "table_empty": ("Bordet är tomt", "The table is empty"),
        "hand": VOCABULARY["gen_hand"],
        "board": ("Spelbordet", "The card table"),
        "controls": ("Stega genom dragen", "Step through the moves"),
        "markers": (
            "● stick avgjort, = stunsning, ◆ fas 2 börjar, ✔ spelare ute, ✖ skitgubbe.",
            "● trick decided, = tie (stunsa), ◆ phase 2 begins, ✔ player out, ✖ skitgubbe.",
        ),
        # live play
        "thinking": ("Datorn tänker…", "The computer is thinking…"),
        "your_turn": ("Din tur.", "Your turn."),
        "you_are": ("Du är {name}.", "You are {name}."),
        "pick-up": VOCABULARY["pick_up"],
        "chansa": ("Chansa", "Chansa (play the top talon card)"),
        "throw": ("Släng på", "Throw on (slänga på)"),
        "pass": ("Stå över", "Pass"),
        "play-selected": ("Spela de valda korten", "Play the chosen cards"),
        "type": ("Skriv ett drag", "Type a move"),
        "type_hint": ("t.ex. 9C, ♣D ♣K, ta upp, chansa", "e.g. 9C, QC KC, pick up, chansa"),
        "try": ("Spela draget", "Play the move"),
        "new": VOCABULARY["new_deal"],
        "rules": VOCABULARY["rules"],
        "players": ("Spelare", "Players"),
        "opponents": VOCABULARY["opponents"],
        "seed": ("Giv nr", "Deal no."),
        "open_hands": ("Öppna händer (visa datorns kort)", "Open hands (show the computer's cards)"),
        "needs_new": (
            "Ändringen gäller från nästa giv: tryck på ”Ny giv”.",
            "The change applies from the next deal: press “New deal”.",
        ),
        "over": VOCABULARY["game_over"],
        "live": ("Spela mot datorn", "Play against the computer"),
        # checker
        "case": ("Fall ur biblioteket", "Case from the library"),
        "case_text": (
            "Ställning och drag (JSON, samma format som en fallfil)",
            "Position and moves (JSON, the same format as a case file)",
        ),
        "check": ("Pröva", "Check"),
        "verdicts": ("Domar under varje regeluppsättning", "Verdicts under every rule set"),
        "all_legal": ("alla drag tillåtna", "every move legal"),
        "no_setup": VOCABULARY["no_position"],
        # checker: the position editor (a block of its own)
        "ed_title": ("Bygg en ställning", "Build a position"),
        "ed_new": ("Ny tom ställning", "New empty position"),
        "ed_rules": ("Ställningens regler", "Rules of the position"),
        "ed_own": ("Egen ställning (ej ur biblioteket)", "Your own position (not from the library)"),
        "ed_house": ("husreglerna (från länken)", "the house rules (from the link)"),
        "ed_custom": ("egna regler (se texten)", "rules of its own (see the text)"),
        "ed_players": ("Spelare", "Players"),
        "ed_phase": VOCABULARY["phase"],
        "ed_phase1": ("1: stick och talong", "1: tricks and talon"),
        "ed_phase2": ("2: bli av med korten", "2: getting rid of the cards"),
        "ed_trump": ("Trumf", "Trump (trumf)"),
        "ed_to_play": ("På tur först (förhand)", "First to act (förhand)"),
        "ed_dest": ("Lägg korten i", "Put cards in"),
        "ed_dest_hand": VOCABULARY["gen_hand"],
        "ed_dest_won": ("{gen} vunna kort", "{gen} won cards"),
        "ed_dest_talon": ("talongen (sista kortet blir trumfkortet)", "the talon (its last card is the trump card)"),
        "ed_dest_trump_card": (
            "trumfkortet, undanlagt hos {name} (talongen slut)",
            "the trump card, set aside by {name} (talon used up)",
        ),
        "ed_dest_table": ("bordet, spelat av {name}", "the table, played by {name}"),
        "ed_deck": (
            "Kortleken: tryck på ett kort för att lägga det där du valt, på ett lagt kort för att ta tillbaka det.",
            "The deck: tap a card to put it where you chose, tap a placed card to take it back.",
        ),
        "ed_place": ("Lägg {card} i {dest}", "Put {card} in {dest}"),
        "ed_back": ("Ta tillbaka {card} (ligger i {place})", "Take {card} back (in {place})"),
        "ed_placed": ("Ställningen", "The position"),
        "ed_none": ("inga kort", "no cards"),
        "ed_moves": VOCABULARY["the_moves"],
        "ed_no_moves_yet": (
            "Inga drag än: välj spelare, tryck på korten och lägg till draget, eller skriv det.",
            "No moves yet: choose the player, tap the cards and add the move, or type it.",
        ),
        "ed_mover": ("Draget görs av", "The move is made by"),
        "ed_choose": (
            "{gen} kort: tryck för att välja korten i draget",
            "{gen} cards: tap to choose the cards of the move",
        ),
        "ed_add_play": ("Lägg till draget med de valda korten", "Add the move with the chosen cards"),
        "ed_undo": ("Ångra sista draget", "Undo the last move"),
        "ed_type": ("Eller skriv ett drag", "Or type a move"),
        "ed_type_hint": ("t.ex. A: klöver 9, B: ta upp", "e.g. A: 9C, B: pick up"),
        "ed_add_typed": ("Lägg till", "Add"),
        "ed_inexact": (
            "Ett drag underkänns under ställningens egna regler, så korten här är utgångshänderna minus de spelade korten.",
            "A move is refused under the position's own rules, so the cards here are the starting hands less the cards played.",
        ),
        "ed_download": ("Ladda ner fallfilen", "Download the case file"),
        "ed_link": (
            "Adressen i webbläsaren innehåller nu fallet: dela den, så ser mottagaren samma ställning och domar.",
            "The address in your browser now holds the case: share it, and whoever opens it sees the same position and verdicts.",
        ),
        "ed_house_row": ("husreglerna", "the house rules"),
        "ed_house_base": ("husreglerna (utgår från {base})", "the house rules (based on {base})"),
        "ed_every_move": ("Varje drag under varje regeluppsättning", "Every move under every rule set"),
        "ed_not_reached": VOCABULARY["not_reached"],
        "ed_refused_move": ("drag {i} ({move}) underkänns", "move {i} ({move}) refused"),
        "ed_problem": ("Går inte", "Cannot do that"),
        "ed_not_object": ("Fallet måste vara ett enda JSON-objekt.", "The case must be one JSON object."),
        "ed_unknown_op": ("Okänd begäran: {op}.", "Unknown request: {op}."),
        "ed_no_case": ("Biblioteket har inget fall {id}.", "The library has no case {id}."),
        "ed_fragment_bad": (
            "Adressens del {part} går inte att läsa ({error}); den hoppas över.",
            "The address part {part} cannot be read ({error}); it is skipped.",
        ),
        "ed_fragment_part": (
            "Adressens del {part} är varken case= eller rules=; den hoppas över.",
            "The address part {part} is neither case= nor rules=; it is skipped.",
        ),
        "ed_no_house": (
            "Inga husregler är valda: öppna provaren via länken på sidan Husregler.",
            "No house rules are chosen: open the checker from the link on the House rules page.",
        ),
        "ed_unknown_field": ("Okänt fält i ställningen: {field}.", "Unknown field of the position: {field}."),
        "ed_empty_move": (
            "Skriv ett drag först, till exempel A: klöver 9 eller B: ta upp.",
            "Type a move first, for example A: 9C or B: pick up.",
        ),
        "ed_no_player": (
            "Draget {move} nämner ingen spelare och ingen står på tur: skriv till exempel A: {move}.",
            "The move {move} names no player and nobody is to play: write, for example, A: {move}.",
        ),
        "ed_bad_move": ("Draget {move} går inte att läsa: {error}", "The move {move} cannot be read: {error}"),
        "ed_unknown_player": (
            "Draget {move} nämner {name}, som inte sitter vid bordet.",
            "The move {move} names {name}, who is not at the table.",
        ),
        "ed_no_moves": ("Det finns inget drag att ångra.", "There is no move to undo."),
        "ed_twice": ("{card} ligger på flera ställen: {places}.", "{card} is in more than one place: {places}."),
        "ed_no_cards": ("Välj först korten i draget: tryck på dem.", "Choose the cards of the move first: tap them."),
        "ed_suit_C": ("♣ klöver", "♣ clubs (klöver)"),
        "ed_suit_D": ("♦ ruter", "♦ diamonds (ruter)"),
        "ed_suit_H": ("♥ hjärter", "♥ hearts (hjärter)"),
        "ed_suit_S": ("♠ spader", "♠ spades (spader)"),
        # the checker's strict reading, links and limits (issue 24 classes 1, 5, 8, 10; issue 30 item 6)
        "ed_link_base64": ("inte base64url", "not base64url"),
        "ed_link_not_object": ("inte ett enda JSON-objekt", "not one JSON object"),
        "ed_link_failed": ("Länken kunde inte öppnas.", "The link could not be opened."),
        "ed_too_many_moves": (
            "Fallet har {count} drag; provaren prövar högst {limit} drag i ett fall.",
            "The case has {count} moves; the checker judges at most {limit} moves in a case.",
        ),
        "ed_bad_value": (
            "Fältet {field} kan inte vara {value}: välj {low} till {high}.",
            "The field {field} cannot be {value}: choose {low} to {high}.",
        ),
        "ed_copy_link": ("Kopiera länken", "Copy link"),
        "ed_copied": ("Länken är kopierad.", "The link is copied."),
        "ed_copy_failed": (
            "Länken kunde inte kopieras: markera adressen ovan och kopiera den.",
            "The link could not be copied: select the address above and copy it.",
        ),
        "table_failed": (
            "Motorn är igång, men svaret kunde inte visas: {error}",
            "The engine runs, but its answer could not be shown: {error}",
        ),
        "bad_house_rules_value": (
            "rules=: {option} ska vara ett ord eller ja/nej, inte en lista eller ett objekt",
            "rules=: {option} must be a word or yes/no, not a list or an object",
        ),
        "bad_house_rules_twice": ("rules=: {option} står två gånger", "rules=: {option} is given twice"),
        "bad_house_rules_size": ("rules=: adressen är för lång", "rules=: the address is too long"),
        "ed_failed": (
            "Svaret kunde inte visas ({error}); inga domar visas. Öppna ett annat fall eller en annan länk.",
            "The answer could not be shown ({error}); no verdicts are shown. Open another case or link.",
        ),
        # live play: illegal cards, game over, play from here, house rules (issue 15 items 2-3, issue 17)
        "illegal_card": ("inte tillåtet nu", "not legal now"),
        "legal_card": ("tillåtet nu", "legal now"),
        "your_move": ("Ditt senaste drag", "Your last move"),
        "dimmed": (
            "Tryck på ett kort i handen för att spela det, eller på en knapp. Ett nedtonat kort med ✕ är inte "
            "tillåtet nu: tryck ändå, så förklaras vilken regel som hindrar det.",
            "Tap or click a card of your hand to play it, or a button. A dimmed card marked ✕ is not a legal move "
            "now: tap it anyway to see which rule stops it.",
        ),
        "hand_keys": (
            "Med tangentbordet: Tab går till handen, piltangenterna mellan korten (Home och End till första och "
            "sista), Enter spelar kortet.",
            "With a keyboard: Tab reaches the hand, the arrow keys move between its cards (Home and End to the first "
            "and the last), Enter plays the card.",
        ),
        "drawn": ("Nytt i din hand: {cards}.", "New in your hand: {cards}."),
        "over_loser": ("Spelet är slut: {name} är skitgubbe.", "The game is over: {name} is the skitgubbe (loser)."),
        "final_title": ("Hela partiet, drag för drag", "The whole game, move by move"),
        "download_record": ("Ladda ner protokollet", "Download the record"),
        "record_help": (
            "Protokollet är en JSON-fil som python -m skitgubbe replay FIL spelar upp.",
            "The record is a JSON file that python -m skitgubbe replay FILE plays back.",
        ),
        "download_case": ("Ladda ner fallfilen", "Download the case file"),
        "case_help": (
            "Partiet började i en ställning ur boken, inte i en giv, så det finns inget protokoll. Fallfilen (ställningen och alla drag sedan dess) prövas med python -m skitgubbe check FIL.",
            "The game began at a position from the book, not at a deal, so there is no record. The case file (the position and every move since) is checked with python -m skitgubbe check FILE.",
        ),
        "no_record": (
            "Det finns inget protokoll: partiet började inte i en giv.",
            "There is no record: the game did not begin at a deal.",
        ),
        # the end of a live game (issue 30)
        "play_again": ("Spela igen (nästa giv)", "Play again (the next deal)"),
        "watch_replay": ("Se partiet drag för drag", "Watch the game move by move"),
        "take_over": ("Spela härifrån", "Play from here"),
        "take_over_title": ("Spela vidare från: {frame}", "Play on from: {frame}"),
        "take_over_seat": ("Din plats", "Your seat"),
        "take_over_start": ("Starta motorn och spela härifrån", "Start the engine and play from here"),
        "take_over_help": (
            "Motorn (Python i webbläsaren, cirka 7 MB) laddas först när du trycker. Spela ett annat drag än boken och se om det är tillåtet under sidans regler, och varför.",
            "The engine (Python in the browser, about 7 MB) loads only when you press the button. Play another move than the book's and see whether it is legal under this page's rules, and why.",
        ),
        "take_over_rules": ("Regler: {rules}", "Rules: {rules}"),
        "house_rules": ("Husregler", "House rules"),
        "house_rules_text": ("Husregler: {rules}", "House rules: {rules}"),
        "bad_house_rules": (
            "Husreglerna i adressen går inte att läsa ({error}). Spelet ges under det valda förvalet.",
            "The house rules in the address cannot be read ({error}). The game is dealt under the chosen preset.",
        ),
        "bad_house_rules_json": ("rules=: inte JSON i base64url", "rules=: not base64url JSON"),
        "bad_house_rules_bytes": (
            "rules=: adressen innehåller byte som inte är UTF-8-text",
            "rules=: the address holds bytes that are not UTF-8 text",
        ),
        "bad_house_rules_object": ("rules=: inte ett JSON-objekt", "rules=: not a JSON object"),
        "bad_house_rules_preset": (
            "rules=: 'preset' ska vara namnet på ett förval",
            "rules=: 'preset' must be a preset's name",
        ),
        # the hint and the review of a game (issue 28)
        "hint": ("Tips", "Hint"),
        "hint_thinking": ("Den starka spelaren tänker …", "The strong player is thinking …"),
        "review": ("Granska mitt parti", "Review my game"),
        "review_title": ("Granskning av dina drag", "Review of your moves"),
        "review_progress": ("Granskar drag {done} av {total}", "Reviewing move {done} of {total}"),
        "review_progress_label": ("Granskningens förlopp", "Review progress"),
        "review_show": ("Visa ställningen", "Show the position"),
        "review_play_here": ("Spela härifrån", "Play from here"),
        # the page script (live-page.mjs): starting the engine in the browser
        "engine_loading": (
            "Laddar spelmotorn (Python i webbläsaren, några MB första gången, sedan från cachen) …",
            "Loading the game engine (Python in your browser: a few MB the first time, then from the cache) …",
        ),
        "engine_ready": ("Motorn är klar.", "The engine is ready."),
        "engine_failed": ("Motorn kunde inte startas: {error}", "The engine could not start: {error}"),
    },
)

#: The words the page script (live-page.mjs) says before the engine runs: house rules read from the address and
#: the engine's start. Each panel sends them in its `live-words` JSON (`skitgubbe.views.live.panel.page_words`).
PAGE_KEYS: tuple[str, ...] = (
    "house_rules",
    "house_rules_text",
    "bad_house_rules",
    "bad_house_rules_json",
    "bad_house_rules_bytes",
    "bad_house_rules_object",
    "bad_house_rules_preset",
    "engine_loading",
    "engine_ready",
    "engine_failed",
    "table_failed",
    "bad_house_rules_value",
    "bad_house_rules_twice",
    "bad_house_rules_size",
)


def board_words(lang: str) -> dict[str, str]:
    """The front end's words in `lang` (a `LanguageError` for another): the `TABLE` templates unfilled, and the
    `genitive` marker first (table.js fills the placeholders itself)."""
    checked = check_lang(lang)
    return {"genitive": GENITIVE[checked], **{key: TABLE.template(key, checked) for key in TABLE}}
