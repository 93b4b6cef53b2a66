"""Swedish and English words for cards, moves, events, verdicts and rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from skitgubbe.engine.cards import DECK, Card, Suit
from skitgubbe.engine.events import Event, EventKind, Reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import Chansa, Move, Pass, PickUp, Throw
from skitgubbe.errors import SkitgubbeError
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.error_text import phrase_text, plain_error_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.names import genitive
from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY
from skitgubbe.wording import Phrase

#: each card's symbol form (`♣D`) and its name, by language
_NAMES = {lang: {c.symbol_in(lang): c.name_in(lang) for c in DECK} for lang in ("sv", "en")}


def cards_text(cards: Iterable[Card], lang: Lang) -> str:
    """Cards in symbol form, `♣D ♣K ♣E` (sv) / `♣Q ♣K ♣A` (en)."""
    lang = check_lang(lang)
    return " ".join(c.symbol_in(lang) for c in cards)


def cards_named(text: str, lang: Lang) -> str:
    """`text` with each card written by symbol (`♣9`) put by its name (`klöver 9` / `nine of clubs`), a run of
    them (`cards_text`) as a list: for a page whose card buttons say the names, so a sentence names a card as its
    button does."""
    names = _NAMES[check_lang(lang)]
    out: list[str] = []
    i, run = 0, False  # run: the last thing put out was a card, so a card after one space continues the list
    while i < len(text):
        card = next((t for t in (text[i : i + 3], text[i : i + 2]) if t in names), None)
        if card is None:
            out.append(text[i])
            run = run and text[i] == " " and out[-2:] != [" ", " "]
            i += 1
            continue
        if run and out and out[-1] == " ":
            out[-1] = ", "
        out.append(names[card])
        i, run = i + len(card), True
    return "".join(out)


def move_text(move: Move, lang: Lang) -> str:
    """A move in words: `tar upp (supar)` / `picks up`, `slänger på ♣9` / `throws on ♣9`, or its cards."""
    lang = check_lang(lang)
    if isinstance(move, PickUp):
        return WORDS.phrase("move_pick_up", lang)
    if isinstance(move, Chansa):
        return WORDS.phrase("move_chansa", lang)
    if isinstance(move, Throw):
        return WORDS.phrase("move_throw", lang, cards=cards_text(move.cards, lang))
    if isinstance(move, Pass):
        return WORDS.phrase("move_pass", lang)
    return cards_text(move.cards, lang)


def names_text(names: Iterable[str], lang: Lang) -> str:
    """`A, B och C` / `A, B and C`."""
    lang = check_lang(lang)
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return WORDS.phrase("names", lang, names=", ".join(names[:-1]), last=names[-1])


#: The parameters that name a player, each also given in the genitive as `{<name>_gen}` (`A:s`, `Annas`).
_NAMED = frozenset({"player", "to_play", "loser"})


def _fmt(template: str, lang: Lang, params: Iterable[tuple[str, Any]]) -> str:
    values: dict[str, Any] = {}
    for key, value in params:
        if isinstance(value, Card):
            value = value.symbol_in(lang)
        elif isinstance(value, Suit):
            value = value.name_in(lang)
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            value = cards_text(value, lang)
        values[key] = value
        if key in _NAMED and isinstance(value, str):
            values[f"{key}_gen"] = genitive(value, lang)  # `{player_gen}`: the name in the genitive
    return template.format(**values)


# -- verdicts: why a move is legal or illegal --------------------------------------------------------
_REASONS: PhraseBook[str] = PhraseBook(
    "reasons",
    {
        "not-your-turn": (
            "Det är {to_play_gen} tur, inte {player_gen}.",
            "It is {to_play_gen} turn, not {player_gen}.",
        ),
        "game-over": ("Spelet är slut; {loser} blev skitgubbe.", "The game is over; {loser} is the skitgubbe."),
        "game-over-none": VOCABULARY["game_over"],
        "not-in-hand": ("{player} har inte {cards} på handen.", "{player} does not hold {cards}."),
        "p1-lead": (
            "{player} spelar ut {cards}; i fas 1 får man spela ut vilket kort som helst.",
            "{player} leads {cards}; in phase 1 any card may be led.",
        ),
        "p1-stunsa": (
            "{player} spelar ett nytt kort efter stunsningen; samma två spelare fortsätter.",
            "{player} plays another card after the tie; the same two players go on.",
        ),
        "p1-answer": (
            "{player} svarar med {cards} mot {target}; färgen spelar ingen roll.",
            "{player} answers {target} with {cards}; suits do not matter.",
        ),
        "p1-chansa": (
            "{player} chansar: talongens översta kort spelas osett.",
            "{player} plays chansa: the top talon card is played unseen.",
        ),
        "p1-chansa-last": (
            "{player} får inte chansa: talongen har bara {count} kort kvar.",
            "{player} may not play chansa with so few cards left in the talon ({count}).",
        ),
        "p1-no-chansa": (
            "Med dessa regler får {player} inte chansa.",
            "Under these rules {player} may not play chansa.",
        ),
        "p1-no-pick-up": (
            "I fas 1 kan {player} inte ta upp kort; spela ett kort eller chansa.",
            "In phase 1 {player} cannot pick up; play a card or play chansa.",
        ),
        "p1-one-card": (
            "I fas 1 spelar man ett kort i taget, inte {cards}.",
            "In phase 1 a player plays one card at a time, not {cards}.",
        ),
        "p2-lead": ("{player} spelar ut {cards} på tomt bord.", "{player} leads {cards} to an empty table."),
        "p2-lead-many": ("{player} spelar ut färgstegen {cards}.", "{player} leads the sequence {cards}."),
        "p2-beat-suit": (
            "{cards} slår {target}: högre i samma färg.",
            "{cards} beats {target}: higher in the same suit.",
        ),
        "p2-beat-trump": ("{cards} är trumf och slår {target}.", "{cards} is a trump and beats {target}."),
        "p2-free-trump": (
            "{cards} är trumf och slår {target}; {player} får trumfa fast hen har {suit}.",
            "{cards} is a trump and beats {target}; {player} may trump while holding {suit}.",
        ),
        "p2-trump-void": (
            "{player} är renons i {suit} och får därför trumfa: {cards} slår {target}.",
            "{player} is void in {suit} and so may trump: {cards} beats {target}.",
        ),
        "p2-beat-higher-trump": (
            "{cards} är en högre trumf och slår {target}.",
            "{cards} is a higher trump and beats {target}.",
        ),
        "p2-beat-many": (
            "Färgstegen {cards} är i samma färg och i följd, och dess lägsta kort slår {target}.",
            "The sequence {cards} is one suit in unbroken order, and its lowest card beats {target}.",
        ),
        "p2-pick-up": (
            "{player} tar upp {cards} (supar); det är tillåtet även när man kan slå.",
            "{player} picks up {cards}; that is allowed even when able to beat.",
        ),
        "p2-pick-up-cannot": (
            "{player} kan inte slå {target} och tar upp {cards} (supar).",
            "{player} cannot beat {target} and picks up {cards}.",
        ),
        "p2-pick-up-empty": ("Bordet är tomt: {player} måste spela ut.", "The table is empty: {player} must lead."),
        "p2-must-beat": (
            "{player} kan slå {target} (med {cards}) och måste därför slå; att ta upp är inte tillåtet.",
            "{player} can beat {target} (with {cards}) and so must beat; picking up is not allowed.",
        ),
        "p2-no-chansa": ("Man chansar bara i fas 1.", "Chansa belongs to phase 1 only."),
        "p2-one-card": (
            "I fas 2 spelar man ett kort i taget; {cards} är flera kort.",
            "In phase 2 a player plays one card at a time; {cards} is several.",
        ),
        "p2-not-sequence": (
            "{cards} är ingen färgstege: korten måste vara i samma färg och i obruten följd.",
            "{cards} is not a sequence: the cards must be one suit in unbroken order.",
        ),
        "p2-must-follow": (
            "{player} har {suit} och måste följa färg; {cards} är inte {suit}.",
            "{player} holds {suit} and must follow suit; {cards} is not {suit}.",
        ),
        "p2-needs-higher-trump": (
            "{target} är trumf; bara en högre trumf slår den, inte {cards}.",
            "{target} is a trump; only a higher trump beats it, not {cards}.",
        ),
        "p2-too-low": (
            "{cards} är lägre än {target} och slår inte.",
            "{cards} is lower than {target} and does not beat it.",
        ),
        "p2-wrong-suit": (
            "{cards} är varken högre i samma färg som {target} eller trumf, så det slår inte.",
            "{cards} is neither higher in the suit of {target} nor a trump, so it does not beat it.",
        ),
        "p2-trump-when-able": (
            "{player} kan lägga högre i färgen ({able}) och får därför inte trumfa {target} med {cards}.",
            "{player} can go higher in the suit ({able}) and so may not trump {target} with {cards}.",
        ),
        "p2-trump-unable": (
            "{player} kan inte lägga högre i färgen och får därför trumfa: {cards} slår {target}.",
            "{player} cannot go higher in the suit and so may trump: {cards} beats {target}.",
        ),
        "p2-no-throw-on": ("I fas 2 slänger man inte på kort.", "Nobody throws cards on in phase 2."),
        # -- moves the variants add ---------------------------------------------------------------------------
        "throw-off": (
            "Med dessa regler får {player} inte slänga på kort.",
            "Under these rules {player} may not throw cards on.",
        ),
        "pass-not-allowed": (
            "{player} kan inte stå över här: det går bara när man får slänga på efter ett avgjort stick.",
            "{player} cannot pass here: passing is only for the throw-on window after a decided trick.",
        ),
        # -- phase 1, everyone plays ----------------------------------------------------------------------------
        "p1-all-lead": (
            "{player} spelar ut {cards}; ett utspel får vara ett kort eller flera av en och samma valör.",
            "{player} leads {cards}; one or more cards of one rank may be led.",
        ),
        "p1-all-play": (
            "{player} spelar {cards} till sticket; färgen spelar ingen roll.",
            "{player} plays {cards} to the trick; suits do not matter.",
        ),
        "p1-all-motlagg": (
            "{player} gör motlägg med {cards}: en valör som redan ligger i sticket.",
            "{player} makes a motlägg with {cards}: a rank already played in this trick.",
        ),
        "p1-all-motlagg-forced": (
            "{player} gör motlägg med {cards}, som regeln kräver.",
            "{player} makes a motlägg with {cards}, as the rule requires.",
        ),
        "p1-all-replay": (
            "{player} spelar {cards} i omspelet om sticket.",
            "{player} plays {cards} in the replay for the trick.",
        ),
        "p1-all-one-rank": (
            "Ett drag består av kort av en och samma valör, inte {cards}.",
            "The cards of one move are of a single rank, not {cards}.",
        ),
        "p1-all-must-motlagg": (
            "{player} kan göra motlägg och måste därför spela kort av den valören ({rank}).",
            "{player} can make a motlägg and so must play cards of that rank ({rank}).",
        ),
        "window-pass": ("{player} står över och slänger inte på.", "{player} passes and throws nothing on."),
        "window-throw-or-pass": (
            "Sticket är avgjort för {winner}; innan det vänds kan {player} bara slänga på eller stå över.",
            "The trick is decided for {winner}; before it is turned {player} may only throw on or pass.",
        ),
        "throw-on": (
            "{player} slänger på {cards}; det ändrar inte vem som vinner sticket.",
            "{player} throws on {cards}; that does not change who wins the trick.",
        ),
        "throw-own-rank": (
            "{player} slänger på {cards}, av den valör hen själv spelade.",
            "{player} throws on {cards}, of the rank they played themselves.",
        ),
        "throw-own-not-played": (
            "{player} har inte spelat till sticket (eller ska spela om) och har ingen egen valör att slänga på.",
            "{player} has not played to this trick (or is due to play again) and has no rank of their own to throw on.",
        ),
        "throw-not-own-rank": (
            "{player} får bara slänga på sin egen valör ({rank}), inte {cards}.",
            "{player} may throw on only their own rank ({rank}), not {cards}.",
        ),
        "throw-not-decided": (
            "Man slänger på först när sticket är avgjort; {player} får vänta.",
            "Cards are thrown on only once the trick is decided; {player} must wait.",
        ),
        "throw-window-turn": (
            "Nu är det {to_play_gen} tur att slänga på, inte {player_gen}.",
            "In the throw-on window it is {to_play_gen} turn, not {player_gen}.",
        ),
        "throw-before-lead": (
            "Inget kort är utspelat än, så {player} har inget att slänga på.",
            "No card has been led yet, so {player} has nothing to throw on.",
        ),
        "throw-rank-not-in-trick": (
            "{cards}: den valören finns inte i sticket, så {player} kan inte slänga på den.",
            "{cards}: no card of that rank is in the trick, so {player} cannot throw it on.",
        ),
        # -- phase 1 with a turned-up trump -------------------------------------------------------------------
        "p1-trump-no-chansa": (
            "I spelet med uppslagen trumf chansar man inte.",
            "The turned-up trump game has no chansa.",
        ),
        "p1-nothing-to-take": (
            "Bordet är tomt: {player} har inget kort att ta upp och måste spela ut.",
            "The table is empty: {player} has no card to take and must lead.",
        ),
        "p1-trump-pick-up": (
            "{player} väljer att inte spela och tar upp {cards} på handen.",
            "{player} chooses not to play and takes {cards} into hand.",
        ),
        "p1-trump-pick-up-cannot": (
            "{player} kan varken följa färg eller trumfa och tar upp {cards} på handen.",
            "{player} can neither follow suit nor trump and takes {cards} into hand.",
        ),
        "p1-trump-follow": (
            "{player} följer färg med {cards} mot {target}.",
            "{player} follows suit with {cards} against {target}.",
        ),
        "p1-trump-must-follow": (
            "{player} har {suit} och måste följa färg; {cards} är inte {suit}.",
            "{player} holds {suit} and must follow suit; {cards} is not {suit}.",
        ),
        "p1-trump-trumps": (
            "{player} är renons i {suit} och trumfar med {cards}.",
            "{player} is void in {suit} and trumps with {cards}.",
        ),
        "p1-trump-no-discard": (
            "Man får aldrig saka: {cards} är varken {suit} eller trumf ({trump}); spela {suit} eller trumf, eller ta upp.",
            "Discarding is never allowed: {cards} is neither {suit} nor a trump ({trump}); play {suit} or "
            "a trump, or pick up.",
        ),
        # -- phase 1 of the special-card game ------------------------------------------------------------------
        "p1-beat-no-chansa": ("I specialkortsspelet chansar man inte.", "The special-card game has no chansa."),
        "p1-beat-lead": ("{player} spelar ut {cards}.", "{player} leads {cards}."),
        "p1-beat-beats": (
            "{cards} sticker över {target}: samma valör eller högre, färgen spelar ingen roll.",
            "{cards} beats {target}: the same rank or higher, whatever the suit.",
        ),
        "p1-beat-too-low": (
            "{cards} är lägre än {target}: kortet måste vara av samma valör eller högre.",
            "{cards} is lower than {target}: the card must be of the same rank or higher.",
        ),
        "p1-beat-must-beat": (
            "{player} kan sticka över {target} (med {cards}) och måste därför göra det.",
            "{player} can beat {target} (with {cards}) and so must.",
        ),
        "p1-beat-take": (
            "{player} kan inte sticka över och tar upp {cards} på handen.",
            "{player} cannot beat and takes {cards} into hand.",
        ),
        # -- phase 2 on one pile --------------------------------------------------------------------------------
        "p2-pile-ten-lead": (
            "{player} spelar ut {cards}: en tia bränner högen, även på tomt bord.",
            "{player} leads {cards}: a ten burns the pile, even on an empty table.",
        ),
        "p2-pile-ten": (
            "{cards} är en tia och får läggas på {target}; den bränner högen.",
            "{cards} is a ten and may be laid on {target}; it burns the pile.",
        ),
        "p2-pile-two": (
            "{cards} är en tvåa och får läggas på {target}; den nollställer högen.",
            "{cards} is a two and may be laid on {target}; it resets the pile.",
        ),
        "p2-pile-after-two": (
            "Högen är nollställd av {target}: {player} får lägga vad som helst.",
            "The pile was reset by {target}: {player} may lay anything.",
        ),
        "p2-pile-same-rank": (
            "{cards} har samma valör som {target} och får läggas på.",
            "{cards} is of the same rank as {target} and may be laid on it.",
        ),
        "p2-pile-cannot-lay": (
            "{cards} är varken högre i samma färg som {target}, av samma valör, trumf, tvåa eller tia.",
            "{cards} is neither higher in the suit of {target}, nor of its rank, nor a trump, a two or a ten.",
        ),
        "p2-pile-must-play": (
            "{player} kan lägga ett kort ({cards}) och måste därför lägga; att ta upp är inte tillåtet.",
            "{player} can lay a card ({cards}) and so must; picking up is not allowed.",
        ),
        "p2-pile-pick-up": (
            "{player} kan inte lägga något på {target} och tar upp hela högen: {cards}.",
            "{player} cannot lay anything on {target} and picks up the whole pile: {cards}.",
        ),
    },
)


def reason_templates() -> Mapping[str, tuple[str, str]]:
    """Every reason key with its Swedish and English template (read-only; for checks that all are worded)."""
    return _REASONS


def reason_text(why: Reason, lang: str) -> str:
    """A reason in words. The engine names a rank in both languages (`rank`, `rank_sv`); the templates say `{rank}`."""
    lang = check_lang(lang)
    params = why.params
    if lang == "sv" and any(key == "rank_sv" for key, _ in params):
        params = tuple(("rank", value) if key == "rank_sv" else (key, value) for key, value in params if key != "rank")
    return _fmt(_REASONS.template(why.key, lang), lang, params)


def illegal_text(error: IllegalMove, lang: str) -> str:
    lang = check_lang(lang)
    rule = CATALOGUE[error.rule]
    label = WORDS.phrase("illegal_label", lang)
    return f"{label}: {reason_text(error.reason, lang)} [{rule.id}: {rule.text(lang)}]"


# -- events -------------------------------------------------------------------------------------------
_EVENTS: PhraseBook[EventKind] = PhraseBook(
    "events",
    {
        EventKind.CHANSA_CARD: ("Det vända kortet är {cards}.", "The turned card is {cards}."),
        EventKind.DREW: ("{player} drar ett kort från talongen.", "{player} draws a card from the talon."),
        EventKind.SET_ASIDE: (
            "{player} lägger talongens sista kort osett åt sidan.",
            "{player} lays the talon's last card aside, face down and unseen.",
        ),
        EventKind.TIE: (
            "{cards}: lika valör, stunsning! {player} lägger först igen.",
            "{cards}: equal ranks, a tie (stunsa)! {player} plays again.",
        ),
        EventKind.TRICK_WON: ("{player} vinner sticket och tar {cards}.", "{player} wins the trick and takes {cards}."),
        EventKind.TRICK_RETURNED: (
            "Sticket kan inte avgöras; {player} får tillbaka {cards}.",
            "The trick cannot be settled; {player} gets back {cards}.",
        ),
        EventKind.PHASE1_OVER: ("Fas 1 är slut.", "Phase 1 is over."),
        EventKind.TRUMP_REVEALED: (
            "{player} vänder upp {cards}: {suit} är trumf. {player} spelar ut i fas 2.",
            "{player} shows {cards}: {suit} are trump. {player} leads phase 2.",
        ),
        EventKind.PICKED_UP: ("{player} tar upp {cards}.", "{player} picks up {cards}."),
        EventKind.TABLE_EMPTY: (
            "Bordet är tomt; {player} spelar ut till ett nytt stick.",
            "The table is empty; {player} leads a new trick.",
        ),
        EventKind.TRICK_TURNED: (
            "Sticket är fullt ({count}) och vänds bort: {cards}.",
            "The trick is complete ({count}) and turned away: {cards}.",
        ),
        EventKind.LEADS: ("{player} spelar ut till nästa stick.", "{player} leads the next trick."),
        EventKind.OUT: (
            "{player} har inga kort kvar och är ute, räddad.",
            "{player} has no cards left and is out, safe.",
        ),
        EventKind.LOSER: (
            "{player} sitter kvar med kort och blir skitgubbe!",
            "{player} is left holding cards and is the skitgubbe!",
        ),
        EventKind.REPLAY: (
            "Delad högsta valör ({cards})! {players} spelar till sticket igen, i samma ordning.",
            "A shared lead ({cards})! {players} play to the trick again, in the same order.",
        ),
        EventKind.THROW_WINDOW: (
            "Sticket är avgjort för {player}. Innan det vänds får de som kan slänga på, medsols från vinnaren: {players}.",
            "The trick is decided for {player}. Before it is turned, those able to throw on may, clockwise from the "
            "winner: {players}.",
        ),
        EventKind.THROWN: ("{player} slänger på {cards}.", "{player} throws on {cards}."),
        EventKind.TAKEN: ("{player} tar upp {cards} på handen.", "{player} takes {cards} into hand."),
        EventKind.RESET: (
            "{player} lägger en tvåa: högen är nollställd, nästa spelare får lägga vad som helst.",
            "{player} lays a two: the pile is reset, the next player may lay anything.",
        ),
        EventKind.BURNED: ("Högen bränns och läggs åt sidan: {cards}.", "The pile burns and is set aside: {cards}."),
    },
)

#: Event texts that depend on the rule as well as the kind (the variants word some events differently).
_EVENTS_BY_RULE: PhraseBook[tuple[EventKind, str]] = PhraseBook(
    "events by rule",
    {
        (EventKind.REPLAY, "p1.all.motlagg-beats"): (
            "Motlägg ({cards}) sticker de andra korten! {players} spelar till sticket igen, i samma ordning.",
            "A motlägg ({cards}) beats the other cards! {players} play to the trick again, in the same order.",
        ),
        (EventKind.SET_ASIDE, "p1.trump.last-card"): (
            "{player} står på tur att dra det uppvända trumfkortet {cards}, talongens sista, och lägger det öppet bredvid sig.",
            "{player} is due to draw the turned-up trump {cards}, the talon's last card, and lays it face up beside them.",
        ),
        (EventKind.SET_ASIDE, "p1.beat.last-card"): (
            "{player} skulle dra talongens sista kort; det får ligga kvar tills fas 1 är slut.",
            "{player} would draw the talon's last card; it stays where it is until phase 1 ends.",
        ),
        (EventKind.TRUMP_REVEALED, "p1.trump.phase2-lead"): (
            "{player} tar trumfkortet {cards} på handen; {suit} är fortfarande trumf. {player} spelar ut i fas 2.",
            "{player} takes the trump card {cards} into hand; {suit} are still trump. {player} leads phase 2.",
        ),
        (EventKind.LEADS, "p1.trump.lead-again"): (
            "Utspelet slogs inte; {player} spelar ut igen.",
            "The lead was not beaten; {player} leads again.",
        ),
        (EventKind.LEADS, "p2.pile.ten"): (
            "{player} lägger ut ett nytt kort på tomt bord.",
            "{player} leads a new card to the empty table.",
        ),
        (EventKind.LEADS, "p2.pile.four"): (
            "{player} lägger ut ett nytt kort på tomt bord.",
            "{player} leads a new card to the empty table.",
        ),
        (EventKind.BURNED, "p2.pile.four"): (
            "Fyra lika! Högen bränns och läggs åt sidan: {cards}.",
            "Four of a kind! The pile burns and is set aside: {cards}.",
        ),
        (EventKind.PICKED_UP, "p2.pile.pick-up"): (
            "{player} tar upp hela högen: {cards}.",
            "{player} picks up the whole pile: {cards}.",
        ),
    },
)


def event_templates() -> Mapping[EventKind, tuple[str, str]]:
    """Every event kind with its Swedish and English template (read-only)."""
    return _EVENTS


def event_text(event: Event, lang: str) -> str:
    lang = check_lang(lang)
    by_rule = (event.kind, event.rule)
    if by_rule in _EVENTS_BY_RULE:
        template = _EVENTS_BY_RULE.template(by_rule, lang)
    else:
        template = _EVENTS.template(event.kind, lang)
    if event.kind is EventKind.TRICK_TURNED:
        if event.rule == "p2.complete.plays":
            what = WORDS.phrase("count_plays", lang, n=event.count)
        else:
            what = WORDS.phrase("count_cards", lang, n=event.count)
        template = template.replace("{count}", what)
    suit = event.cards[0].suit if event.cards else None
    params: list[tuple[str, Any]] = [
        ("player", event.player or ""),
        ("cards", event.cards),
        ("players", names_text(event.players, lang)),
    ]
    if suit is not None:
        params.append(("suit", suit))
    return _fmt(template, lang, params)


# -- small words used by the CLI and records -------------------------------------------------------------
WORDS: PhraseBook[str] = PhraseBook(
    "words",
    {
        "legal": VOCABULARY["legal"],
        "illegal": ("EJ TILLÅTET", "ILLEGAL"),
        "rules": VOCABULARY["rules"],
        "phase": VOCABULARY["phase"],
        "to_play": ("På tur", "To play"),
        "trump": ("Trumf", "Trump"),
        "table": VOCABULARY["table"],
        "won": ("Vunna kort", "Won cards"),
        "talon": ("Talong", "Talon"),
        "out": ("Ute", "Out"),
        "loser": ("Skitgubbe", "Skitgubbe (loser)"),
        "stopped": ("Bedömningen stannar vid första otillåtna drag.", "Judging stops at the first illegal move."),
        "set_aside": ("Undanlagt kort", "Set-aside card"),
        "bad_case": ("felaktig fallfil", "bad case file"),
        "bad_record": ("felaktigt protokoll", "bad record"),
        "rules_and_compare": (
            "går inte att kombinera med --compare, som bedömer under alla förval",
            "cannot be combined with --compare, which judges under every preset",
        ),
        # -- words of moves, lists and labels (move_text, names_text, illegal_text, event_text) ------------------
        "move_pick_up": ("tar upp (supar)", "picks up"),
        "move_chansa": ("chansar", "chansa (plays the top talon card)"),
        "move_throw": ("slänger på {cards}", "throws on {cards}"),
        "move_pass": ("står över", "passes"),
        "names": ("{names} och {last}", "{names} and {last}"),
        "illegal_label": ("Ej tillåtet", "Illegal"),
        "count_plays": ("{n} drag", "{n} plays"),
        "count_cards": VOCABULARY["n_cards"],
    },
)


def word(key: str, lang: Lang) -> str:
    """A small word of the CLI and records, by its key in `WORDS` (an unknown key is a `PhraseKeyError`)."""
    return WORDS.phrase(key, check_lang(lang))


def worded(value: object, lang: str) -> str:
    """Any value the engine and the errors carry, in words: what the package root installs in the seam
    `skitgubbe.wording` (an event, a reason, an illegal move, any other error, a `Phrase`)."""
    if isinstance(value, Event):
        return event_text(value, lang)
    if isinstance(value, Reason):
        return reason_text(value, lang)
    if isinstance(value, IllegalMove):
        return illegal_text(value, lang)
    if isinstance(value, SkitgubbeError):
        return plain_error_text(value, lang)
    if isinstance(value, Phrase):
        return phrase_text(value, lang)
    return str(value)
