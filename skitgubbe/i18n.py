"""Swedish and English words for cards, moves, events, verdicts and rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .cards import Card, Suit
from .events import Event, EventKind, Reason
from .moves import Chansa, Move, PickUp

if TYPE_CHECKING:
    from .events import IllegalMove

LANGUAGES = ("sv", "en")


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; use 'sv' or 'en'")
    return lang


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """Cards in symbol form, `♣D ♣K ♣E` (sv) / `♣Q ♣K ♣A` (en)."""
    return " ".join(c.symbol_in(lang) for c in cards)


def move_text(move: Move, lang: str) -> str:
    if isinstance(move, PickUp):
        return "tar upp (supar)" if lang == "sv" else "picks up"
    if isinstance(move, Chansa):
        return "chansar" if lang == "sv" else "chansa (plays the top talon card)"
    return cards_text(move.cards, lang)


def suit_text(suit: Suit, lang: str) -> str:
    return suit.name_in(lang)


def _fmt(template: str, lang: str, params: Iterable[tuple[str, Any]]) -> str:
    values: dict[str, Any] = {}
    for key, value in params:
        if isinstance(value, Card):
            value = value.symbol_in(lang)
        elif isinstance(value, Suit):
            value = value.name_in(lang)
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            value = cards_text(value, lang)
        values[key] = value
    return template.format(**values)


# -- verdicts: why a move is legal or illegal --------------------------------------------------------
_REASONS: dict[str, tuple[str, str]] = {
    "not-your-turn": ("Det är {to_play}s tur, inte {player}s.", "It is {to_play}'s turn, not {player}'s."),
    "game-over": ("Spelet är slut; {loser} blev skitgubbe.", "The game is over; {loser} is the skitgubbe."),
    "game-over-none": ("Spelet är slut.", "The game is over."),
    "not-in-hand": ("{player} har inte {cards} på handen.", "{player} does not hold {cards}."),
    "p1-lead": ("{player} spelar ut {cards}; i fas 1 får man spela ut vilket kort som helst.",
                "{player} leads {cards}; in phase 1 any card may be led."),
    "p1-stunsa": ("{player} spelar ett nytt kort efter stunsningen; samma två spelare fortsätter.",
                  "{player} plays another card after the tie; the same two players go on."),
    "p1-answer": ("{player} svarar med {cards} mot {target}; färgen spelar ingen roll.",
                  "{player} answers {target} with {cards}; suits do not matter."),
    "p1-chansa": ("{player} chansar: talongens översta kort spelas osett.",
                  "{player} chansas: the top talon card is played unseen."),
    "p1-chansa-last": ("{player} får inte chansa: talongen har bara {count} kort kvar.",
                       "{player} may not chansa: the talon holds only {count} card(s)."),
    "p1-no-chansa": ("Med dessa regler får {player} inte chansa.", "Under these rules {player} may not chansa."),
    "p1-no-pick-up": ("I fas 1 kan {player} inte ta upp kort; spela ett kort eller chansa.",
                      "In phase 1 {player} cannot pick up; play a card or chansa."),
    "p1-one-card": ("I fas 1 spelar man ett kort i taget, inte {cards}.",
                    "In phase 1 each play is one card, not {cards}."),
    "p2-lead": ("{player} spelar ut {cards} på tomt bord.", "{player} leads {cards} to an empty table."),
    "p2-lead-many": ("{player} spelar ut färgstegen {cards}.", "{player} leads the sequence {cards}."),
    "p2-beat-suit": ("{cards} slår {target}: högre i samma färg.", "{cards} beats {target}: higher in the same suit."),
    "p2-beat-trump": ("{cards} är trumf och slår {target}.", "{cards} is a trump and beats {target}."),
    "p2-free-trump": ("{cards} är trumf och slår {target}; {player} får trumfa fast hen har {suit}.",
                      "{cards} is a trump and beats {target}; {player} may trump while holding {suit}."),
    "p2-trump-void": ("{player} är renons i {suit} och får därför trumfa: {cards} slår {target}.",
                      "{player} is void in {suit} and so may trump: {cards} beats {target}."),
    "p2-beat-higher-trump": ("{cards} är en högre trumf och slår {target}.",
                             "{cards} is a higher trump and beats {target}."),
    "p2-beat-many": ("Färgstegen {cards} är i samma färg och i följd, och dess lägsta kort slår {target}.",
                     "The sequence {cards} is one suit in unbroken order, and its lowest card beats {target}."),
    "p2-pick-up": ("{player} tar upp {cards} (supar); det är tillåtet även när man kan slå.",
                   "{player} picks up {cards}; that is allowed even when able to beat."),
    "p2-pick-up-cannot": ("{player} kan inte slå {target} och tar upp {cards} (supar).",
                          "{player} cannot beat {target} and picks up {cards}."),
    "p2-pick-up-empty": ("Bordet är tomt: {player} måste spela ut.", "The table is empty: {player} must lead."),
    "p2-must-beat": ("{player} kan slå {target} (med {cards}) och måste därför slå; att krypa är förbjudet.",
                     "{player} can beat {target} (with {cards}) and so must beat; picking up is not allowed."),
    "p2-no-chansa": ("Man chansar bara i fas 1.", "Chansa belongs to phase 1 only."),
    "p2-one-card": ("I fas 2 spelar man ett kort i taget; {cards} är flera kort.",
                    "In phase 2 each play is one card; {cards} is several."),
    "p2-not-sequence": ("{cards} är ingen färgstege: korten måste vara i samma färg och i obruten följd.",
                        "{cards} is not a sequence: the cards must be one suit in unbroken order."),
    "p2-must-follow": ("{player} har {suit} och måste följa färg; {cards} är inte {suit}.",
                       "{player} holds {suit} and must follow suit; {cards} is not {suit}."),
    "p2-needs-higher-trump": ("{target} är trumf; bara en högre trumf slår den, inte {cards}.",
                              "{target} is a trump; only a higher trump beats it, not {cards}."),
    "p2-too-low": ("{cards} är lägre än {target} och slår inte.", "{cards} is lower than {target} and does not beat it."),
    "p2-wrong-suit": ("{cards} är varken högre i samma färg som {target} eller trumf, så det slår inte.",
                      "{cards} is neither higher in the suit of {target} nor a trump, so it does not beat it."),
}


def reason_text(why: Reason, lang: str) -> str:
    check_lang(lang)
    sv, en = _REASONS[why.key]
    return _fmt(sv if lang == "sv" else en, lang, why.params)


def illegal_text(error: "IllegalMove", lang: str) -> str:
    from .rules import CATALOGUE
    rule = CATALOGUE[error.rule]
    label = "Ej tillåtet" if lang == "sv" else "Illegal"
    return f"{label}: {reason_text(error.reason, lang)} [{rule.id}: {rule.text(lang)}]"


# -- events -------------------------------------------------------------------------------------------
_EVENTS: dict[EventKind, tuple[str, str]] = {
    EventKind.CHANSA_CARD: ("Det vända kortet är {cards}.", "The turned card is {cards}."),
    EventKind.DREW: ("{player} drar ett kort från talongen.", "{player} draws a card from the talon."),
    EventKind.SET_ASIDE: ("{player} lägger talongens sista kort osett åt sidan.",
                          "{player} lays the talon's last card aside, face down and unseen."),
    EventKind.TIE: ("{cards}: lika valör, stunsning! {player} spelar ut igen.",
                    "{cards}: equal ranks, a tie (stunsa)! {player} plays again."),
    EventKind.TRICK_WON: ("{player} vinner sticket och tar {cards}.", "{player} wins the trick and takes {cards}."),
    EventKind.TRICK_RETURNED: ("Sticket kan inte avgöras; {player} får tillbaka {cards}.",
                               "The trick cannot be settled; {player} gets back {cards}."),
    EventKind.PHASE1_OVER: ("Fas 1 är slut.", "Phase 1 is over."),
    EventKind.TRUMP_REVEALED: ("{player} vänder upp {cards}: {suit} är trumf. {player} spelar ut i fas 2.",
                               "{player} shows {cards}: {suit} are trumps. {player} leads phase 2."),
    EventKind.PICKED_UP: ("{player} tar upp {cards}.", "{player} picks up {cards}."),
    EventKind.TABLE_EMPTY: ("Bordet är tomt; {player} spelar ut till ett nytt stick.",
                            "The table is empty; {player} leads a new trick."),
    EventKind.TRICK_TURNED: ("Sticket är fullt ({count}) och vänds bort: {cards}.",
                             "The trick is complete ({count}) and turned away: {cards}."),
    EventKind.LEADS: ("{player} spelar ut till nästa stick.", "{player} leads the next trick."),
    EventKind.OUT: ("{player} har inga kort kvar och är ute, räddad.", "{player} has no cards left and is out, safe."),
    EventKind.LOSER: ("{player} sitter kvar med kort och blir skitgubbe!",
                      "{player} is left holding cards and is the skitgubbe!"),
}


def event_text(event: Event, lang: str) -> str:
    check_lang(lang)
    sv, en = _EVENTS[event.kind]
    template = sv if lang == "sv" else en
    if event.kind is EventKind.TRICK_TURNED:
        plays = event.rule == "p2.complete.plays"
        what = ("spel" if plays else "kort") if lang == "sv" else ("plays" if plays else "cards")
        template = template.replace("{count}", f"{event.count} {what}")
    suit = event.cards[0].suit if event.cards else None
    params: list[tuple[str, Any]] = [("player", event.player or ""), ("cards", event.cards)]
    if suit is not None:
        params.append(("suit", suit))
    return _fmt(template, lang, params)


# -- small words used by the CLI and records -------------------------------------------------------------
WORDS: dict[str, tuple[str, str]] = {
    "legal": ("tillåtet", "legal"),
    "illegal": ("EJ TILLÅTET", "ILLEGAL"),
    "rules": ("Regler", "Rules"),
    "phase": ("Fas", "Phase"),
    "to_play": ("På tur", "To play"),
    "trump": ("Trumf", "Trump"),
    "table": ("Bordet", "Table"),
    "hands": ("Händer", "Hands"),
    "won": ("Tagna kort", "Won cards"),
    "talon": ("Talong", "Talon"),
    "out": ("Ute", "Out"),
    "loser": ("Skitgubbe", "Skitgubbe (loser)"),
    "none": ("inga", "none"),
    "empty": ("tomt", "empty"),
    "stopped": ("Bedömningen stannar vid första otillåtna drag.", "Judging stops at the first illegal move."),
    "set_aside": ("Undanlagt kort", "Set-aside card"),
}


def word(key: str, lang: str) -> str:
    sv, en = WORDS[key]
    return sv if lang == "sv" else en
