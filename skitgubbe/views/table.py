"""The reader's table: the front end's files (`table.js`, `table.css`), its words and its data.

The front end (an ES module on the anywidget contract, `export default { render({ model, el }) }`) draws a
Replay, a live game or the checker from JSON. This module gives it what it needs from Python: the words of its
controls in the page's language (`words`), the card pictures drawn by `render` (`deck`, one SVG per card code
and one back, so cards look the same as in the prose), and a Replay's frames as JSON (`replay_data`). The
static site embeds `replay_data` in the page (`static_html`); the Jupyter widget sets the same keys on its model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any

from skitgubbe.engine.cards import DECK
from skitgubbe.views import render

__all__ = ["TAKE_OVER_MARKER", "WORDS", "css", "deck", "esm", "replay_data", "static_html", "words"]

WORDS: dict[str, dict[str, str]] = {
    "sv": {
        "genitive": "sv",
        "first": "Till början",
        "back": "Ett drag bakåt",
        "play": "Spela upp",
        "pause": "Pausa",
        "forward": "Ett drag framåt",
        "last": "Till sista draget",
        "slider": "Drag",
        "counter": "Drag {i} av {n}",
        "start": "Utgångsläge",
        "moves": "Dragen",
        "rule": "Regel",
        "rule_ids": "Visa regel-id (för domare och lärare)",
        "lesson": "Visa det undanlagda kortet (för lektionens skull)",
        "keys": "Stega med knapparna, reglaget eller piltangenterna (Home och End går till början och slutet).",
        "cards": "{n} kort",
        "cards_one": "1 kort",
        "won": "vunna kort: {n}",
        "to_play": "▶ i tur",
        "out": "ute",
        "loser": "skitgubbe",
        "you": "du",
        "table": "Bordet",
        "table_empty": "Bordet är tomt",
        "hand": "{gen} hand",
        "face_down": "dolt kort",
        "talon": "Talongen",
        "board": "Spelbordet",
        "controls": "Stega genom dragen",
        "markers": "● stick avgjort, = stunsning, ◆ fas 2 börjar, ✔ spelare ute, ✖ skitgubbe.",
        # live play
        "thinking": "Datorn tänker…",
        "your_turn": "Din tur: klicka på ett kort i din hand eller på en knapp.",
        "you_are": "Du är {name}.",
        "pick-up": "Ta upp (supa)",
        "chansa": "Chansa",
        "throw": "Släng på",
        "pass": "Stå över",
        "play-selected": "Spela de valda korten",
        "type": "Skriv ett drag",
        "type_hint": "t.ex. 9C, ♣D ♣K, ta upp, chansa",
        "try": "Spela draget",
        "new": "Ny giv",
        "rules": "Regler",
        "players": "Spelare",
        "opponents": "Motspelare",
        "seed": "Giv nr",
        "open_hands": "Öppna händer (visa datorns kort)",
        "needs_new": "Ändringen gäller från nästa giv: tryck på ”Ny giv”.",
        "over": "Spelet är slut.",
        "random": "slumpvis",
        "sensible": "förnuftig",
        "strong": "stark (tänker efter)",
        "live": "Spela mot datorn",
        # checker
        "case": "Fall ur bibliotekset",
        "case_text": "Ställning och drag (JSON, samma format som en fallfil)",
        "check": "Pröva",
        "verdicts": "Domar under varje regeluppsättning",
        "all_legal": "alla drag tillåtna",
        "refused": "drag {i} underkänns",
        "no_setup": "ställningen går inte att ställa upp",
        # checker: the position editor (a block of its own)
        "ed_title": "Bygg en ställning",
        "ed_new": "Ny tom ställning",
        "ed_rules": "Ställningens regler",
        "ed_own": "Egen ställning (ej ur biblioteket)",
        "ed_house": "husreglerna (från länken)",
        "ed_custom": "egna regler (se texten)",
        "ed_players": "Spelare",
        "ed_phase": "Fas",
        "ed_phase1": "1: stick och talong",
        "ed_phase2": "2: bli av med korten",
        "ed_trump": "Trumf",
        "ed_to_play": "I tur först (förhand)",
        "ed_dest": "Lägg korten i",
        "ed_dest_hand": "{gen} hand",
        "ed_dest_won": "{gen} vunna kort",
        "ed_dest_talon": "talongen (sista kortet blir trumfkortet)",
        "ed_dest_trump_card": "trumfkortet, undanlagt hos {name} (talongen slut)",
        "ed_dest_table": "bordet, spelat av {name}",
        "ed_deck": "Kortleken: tryck på ett kort för att lägga det där du valt, på ett lagt kort för att ta tillbaka det.",
        "ed_in": "ligger i {place}",
        "ed_place": "Lägg {card} i {dest}",
        "ed_back": "Ta tillbaka {card} (ligger i {place})",
        "ed_placed": "Ställningen",
        "ed_none": "inga kort",
        "ed_moves": "Dragen",
        "ed_no_moves_yet": "Inga drag än: välj spelare, tryck på korten och lägg till draget, eller skriv det.",
        "ed_mover": "Draget görs av",
        "ed_choose": "{gen} kort: tryck för att välja korten i draget",
        "ed_add_play": "Lägg till draget med de valda korten",
        "ed_undo": "Ångra sista draget",
        "ed_type": "Eller skriv ett drag",
        "ed_type_hint": "t.ex. A: 9C, B: ta upp",
        "ed_add_typed": "Lägg till",
        "ed_inexact": "Ett drag underkänns under ställningens egna regler, så korten här är utgångshänderna minus de spelade korten.",
        "ed_download": "Ladda ner fallfilen",
        "ed_link": "Adressen i webbläsaren innehåller nu fallet: dela den, så ser mottagaren samma ställning och domar.",
        "ed_house_row": "husreglerna",
        "ed_house_base": "husreglerna (utgår från {base})",
        "ed_every_move": "Varje drag under varje regeluppsättning",
        "ed_not_reached": "prövas inte",
        "ed_refused_move": "drag {i} ({move}) underkänns",
        "ed_problem": "Går inte",
        "ed_not_object": "Fallet måste vara ett enda JSON-objekt.",
        "ed_unknown_op": "Okänd begäran: {op}.",
        "ed_no_case": "Biblioteket har inget fall {id}.",
        "ed_fragment_bad": "Adressens del {part} går inte att läsa ({error}); den hoppas över.",
        "ed_fragment_part": "Adressens del {part} är varken case= eller rules=; den hoppas över.",
        "ed_no_house": "Inga husregler är valda: öppna provaren via länken på sidan Husregler.",
        "ed_unknown_field": "Okänt fält i ställningen: {field}.",
        "ed_empty_move": "Skriv ett drag först, till exempel A: 9C.",
        "ed_no_player": "Draget {move} nämner ingen spelare och ingen är i tur: skriv till exempel A: {move}.",
        "ed_bad_move": "Draget {move} går inte att läsa: {error}",
        "ed_unknown_player": "Draget {move} nämner {name}, som inte sitter vid bordet.",
        "ed_no_moves": "Det finns inget drag att ångra.",
        "ed_twice": "{card} ligger på flera ställen: {places}.",
        "ed_no_cards": "Välj först korten i draget: tryck på dem.",
        "ed_suit_C": "♣ klöver",
        "ed_suit_D": "♦ ruter",
        "ed_suit_H": "♥ hjärter",
        "ed_suit_S": "♠ spader",
        # live play: illegal cards, game over, play from here, house rules (issue 15 items 2-3, issue 17)
        "illegal_card": "inte tillåtet nu",
        "your_move": "Ditt senaste drag",
        "dimmed": "Ett nedtonat kort är inte tillåtet nu: klicka ändå, så förklaras vilken regel som hindrar det.",
        "over_loser": "Spelet är slut: {name} är skitgubbe.",
        "final_title": "Hela partiet, drag för drag",
        "download_record": "Ladda ner protokollet",
        "record_help": "Protokollet är en JSON-fil som python -m skitgubbe replay FIL spelar upp.",
        "download_case": "Ladda ner fallfilen",
        "case_help": "Partiet började i en ställning ur boken, inte i en giv, så det finns inget protokoll. Fallfilen "
        "(ställningen och alla drag sedan dess) prövas med python -m skitgubbe check FIL.",
        "no_record": "Det finns inget protokoll: partiet började inte i en giv.",
        "take_over": "Spela härifrån",
        "take_over_title": "Spela vidare från: {frame}",
        "take_over_seat": "Din plats",
        "take_over_start": "Starta motorn och spela härifrån",
        "take_over_help": "Motorn (Python i webbläsaren, cirka 7 MB) laddas först när du trycker. Spela ett annat "
        "drag än boken och se om det är tillåtet under sidans regler, och varför.",
        "take_over_rules": "Regler: {rules}",
        "house_rules": "Husregler",
        "house_rules_text": "Husregler: {rules}",
        "bad_house_rules": "Husreglerna i adressen går inte att läsa ({error}). Spelet ges under det valda förvalet.",
    },
    "en": {
        "genitive": "en",
        "first": "To the start",
        "back": "One move back",
        "play": "Play through",
        "pause": "Pause",
        "forward": "One move forward",
        "last": "To the last move",
        "slider": "Move",
        "counter": "Move {i} of {n}",
        "start": "Starting position",
        "moves": "Moves",
        "rule": "Rule",
        "rule_ids": "Show rule ids (for referees and teachers)",
        "lesson": "Show the set-aside card (for the lesson)",
        "keys": "Step with the buttons, the slider or the arrow keys (Home and End go to the start and the end).",
        "cards": "{n} cards",
        "cards_one": "1 card",
        "won": "cards won: {n}",
        "to_play": "▶ to play",
        "out": "out",
        "loser": "skitgubbe",
        "you": "you",
        "table": "The table",
        "table_empty": "The table is empty",
        "hand": "{gen} hand",
        "face_down": "face-down card",
        "talon": "The talon (talong)",
        "board": "The card table",
        "controls": "Step through the moves",
        "markers": "● trick decided, = tie (stunsa), ◆ phase 2 begins, ✔ player out, ✖ skitgubbe.",
        "thinking": "The computer is thinking…",
        "your_turn": "Your turn: click a card in your hand, or a button.",
        "you_are": "You are {name}.",
        "pick-up": "Pick up (supa)",
        "chansa": "Chansa (play the top talon card)",
        "throw": "Throw on (slänga på)",
        "pass": "Pass",
        "play-selected": "Play the chosen cards",
        "type": "Type a move",
        "type_hint": "e.g. 9C, QC KC, pick up, chansa",
        "try": "Play the move",
        "new": "New deal",
        "rules": "Rules",
        "players": "Players",
        "opponents": "Opponents",
        "seed": "Deal no.",
        "open_hands": "Open hands (show the computer's cards)",
        "needs_new": "The change applies from the next deal: press “New deal”.",
        "over": "The game is over.",
        "random": "random",
        "sensible": "sensible",
        "strong": "strong (thinks ahead)",
        "live": "Play against the computer",
        "case": "Case from the library",
        "case_text": "Position and moves (JSON, the same format as a case file)",
        "check": "Check",
        "verdicts": "Verdicts under every rule set",
        "all_legal": "every move legal",
        "refused": "move {i} refused",
        "no_setup": "the position cannot be set up",
        # checker: the position editor (a block of its own)
        "ed_title": "Build a position",
        "ed_new": "New empty position",
        "ed_rules": "Rules of the position",
        "ed_own": "Your own position (not from the library)",
        "ed_house": "the house rules (from the link)",
        "ed_custom": "rules of its own (see the text)",
        "ed_players": "Players",
        "ed_phase": "Phase",
        "ed_phase1": "1: tricks and talon",
        "ed_phase2": "2: getting rid of the cards",
        "ed_trump": "Trump (trumf)",
        "ed_to_play": "First to act (förhand)",
        "ed_dest": "Put cards in",
        "ed_dest_hand": "{gen} hand",
        "ed_dest_won": "{gen} won cards",
        "ed_dest_talon": "the talon (its last card is the trump card)",
        "ed_dest_trump_card": "the trump card, set aside by {name} (talon used up)",
        "ed_dest_table": "the table, played by {name}",
        "ed_deck": "The deck: tap a card to put it where you chose, tap a placed card to take it back.",
        "ed_in": "in {place}",
        "ed_place": "Put {card} in {dest}",
        "ed_back": "Take {card} back (in {place})",
        "ed_placed": "The position",
        "ed_none": "no cards",
        "ed_moves": "The moves",
        "ed_no_moves_yet": "No moves yet: choose the player, tap the cards and add the move, or type it.",
        "ed_mover": "The move is made by",
        "ed_choose": "{gen} cards: tap to choose the cards of the move",
        "ed_add_play": "Add the move with the chosen cards",
        "ed_undo": "Undo the last move",
        "ed_type": "Or type a move",
        "ed_type_hint": "e.g. A: 9C, B: pick up",
        "ed_add_typed": "Add",
        "ed_inexact": "A move is refused under the position's own rules, so the cards here are the starting hands less the cards played.",
        "ed_download": "Download the case file",
        "ed_link": "The address in your browser now holds the case: share it, and whoever opens it sees the same position and verdicts.",
        "ed_house_row": "the house rules",
        "ed_house_base": "the house rules (based on {base})",
        "ed_every_move": "Every move under every rule set",
        "ed_not_reached": "not reached",
        "ed_refused_move": "move {i} ({move}) refused",
        "ed_problem": "Cannot do that",
        "ed_not_object": "The case must be one JSON object.",
        "ed_unknown_op": "Unknown request: {op}.",
        "ed_no_case": "The library has no case {id}.",
        "ed_fragment_bad": "The address part {part} cannot be read ({error}); it is skipped.",
        "ed_fragment_part": "The address part {part} is neither case= nor rules=; it is skipped.",
        "ed_no_house": "No house rules are chosen: open the checker from the link on the House rules page.",
        "ed_unknown_field": "Unknown field of the position: {field}.",
        "ed_empty_move": "Type a move first, for example A: 9C.",
        "ed_no_player": "The move {move} names no player and nobody is to play: write, for example, A: {move}.",
        "ed_bad_move": "The move {move} cannot be read: {error}",
        "ed_unknown_player": "The move {move} names {name}, who is not at the table.",
        "ed_no_moves": "There is no move to undo.",
        "ed_twice": "{card} is in more than one place: {places}.",
        "ed_no_cards": "Choose the cards of the move first: tap them.",
        "ed_suit_C": "♣ clubs (klöver)",
        "ed_suit_D": "♦ diamonds (ruter)",
        "ed_suit_H": "♥ hearts (hjärter)",
        "ed_suit_S": "♠ spades (spader)",
        # live play: illegal cards, game over, play from here, house rules (issue 15 items 2-3, issue 17)
        "illegal_card": "not legal now",
        "your_move": "Your last move",
        "dimmed": "A dimmed card is not a legal move now: click it anyway to see which rule stops it.",
        "over_loser": "The game is over: {name} is the skitgubbe (loser).",
        "final_title": "The whole game, move by move",
        "download_record": "Download the record",
        "record_help": "The record is a JSON file that python -m skitgubbe replay FILE plays back.",
        "download_case": "Download the case file",
        "case_help": "The game began at a position from the book, not at a deal, so there is no record. The case "
        "file (the position and every move since) is checked with python -m skitgubbe check FILE.",
        "no_record": "There is no record: the game did not begin at a deal.",
        "take_over": "Play from here",
        "take_over_title": "Play on from: {frame}",
        "take_over_seat": "Your seat",
        "take_over_start": "Start the engine and play from here",
        "take_over_help": "The engine (Python in the browser, about 7 MB) loads only when you press the button. Play "
        "another move than the book's and see whether it is legal under this page's rules, and why.",
        "take_over_rules": "Rules: {rules}",
        "house_rules": "House rules",
        "house_rules_text": "House rules: {rules}",
        "bad_house_rules": "The house rules in the address cannot be read ({error}). The game is dealt under the "
        "chosen preset.",
    },
}


#: the attribute of a Replay's mount that "play from here" can continue (book/_ext/pyodide_runtime.py looks for it)
TAKE_OVER_MARKER = "data-skitgubbe-take-over"


def genitive(name: str, lang: str) -> str:
    """`A:s`, `Annas`, `Lars` (sv) / `A's` (en): the `{gen}` of the words (table.js has the same rule)."""
    if lang != "sv":
        return f"{name}'s"
    if re.fullmatch(r"[A-ZÅÄÖ0-9]{1,3}", name):
        return f"{name}:s"
    return name if name[-1:].lower() in ("s", "x", "z") else f"{name}s"


def words(lang: str) -> dict[str, str]:
    """The front end's words in `lang`."""
    return dict(WORDS[render._lang(lang)])


@lru_cache(maxsize=4)
def _full_deck(lang: str) -> dict[str, str]:
    cards = {str(c): render.card_html(c, lang, size="md") for c in DECK}
    back = render.card_html(DECK[0], lang, size="md", face_down=True)
    cards["back"] = back
    return cards


def deck(lang: str, codes: Iterable[str] | None = None) -> dict[str, str]:
    """Card pictures (SVG from `render`) by code, plus `back`; only `codes` (and the back) when given."""
    full = _full_deck(render._lang(lang))
    if codes is None:
        return dict(full)
    wanted = set(codes) | {"back"}
    return {code: svg for code, svg in full.items() if code in wanted}


def _codes_in(frames: Sequence[dict[str, Any]]) -> set[str]:
    seen: set[str] = set()
    for f in frames:
        for hand in f["hands"].values():
            seen.update(hand["cards"] or ())
        for _, play in f["table"]:
            seen.update(play)
        card = f.get("trump_card")
        if card:
            seen.add(card["card"])
            if "lesson" in card:
                seen.add(card["lesson"])
        last = f.get("last")
        if last:
            seen.update(last["cards"])
    return seen


def replay_data(
    frames: Sequence[dict[str, Any]], lang: str, *, move_list: bool = False, title: str | None = None
) -> dict[str, Any]:
    """The model of a Replay: its frames (views from `skitgubbe.session.frame_view`), words and cards."""
    return {
        "mode": "replay",
        "lang": lang,
        "title": title or "",
        "words": words(lang),
        "deck": deck(lang, _codes_in(frames)),
        "frames": list(frames),
        "index": 0,
        "move_list": move_list,
    }


def static_html(data: dict[str, Any]) -> str:
    """The static site's form: a mount with the model as JSON, drawn by `table.js` (no kernel, no widgets)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    lang = escape(str(data.get("lang", "en")), quote=True)
    # a Replay that can be continued live: the page gets the browser-live engine's page script (pyodide_runtime)
    marker = f" {TAKE_OVER_MARKER}" if data.get("take_over") else ""
    return (
        f'<div class="sgt-mount" lang="{lang}" data-mode="{escape(str(data["mode"]), quote=True)}"{marker}>'
        f'<script type="application/json" class="sgt-data">{text}</script></div>'
    )


def esm() -> str:
    """The front end's ES module source."""
    return resources.files(__package__).joinpath("table.js").read_text(encoding="utf-8")


def css() -> str:
    """The front end's stylesheet."""
    return resources.files(__package__).joinpath("table.css").read_text(encoding="utf-8")
