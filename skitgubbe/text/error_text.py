"""Every error message in Swedish and English: the Swedish rendering of each English message template.

The package's errors are raised in English (`str(error)`, the CLI's and the tests' contract). Each message comes
from a template at its raise site, an f-string whose values are shown as `{}` here; `SWEDISH` gives the same
message in Swedish for every template (tests/test_error_texts.py scans the source with `ast` and proves that none
is missing). A message is worded by matching it against the English templates (the most specific first) and
filling the Swedish one with the same values, each value worded in turn (a JSON kind such as `a list`, or the
message of an error it passes on). Values that are data (names, cards, field paths, numbers) are kept as they are;
so are the texts of Python and the operating system (`bad JSON: Expecting value`).

`error_text(error, lang)` is the one entry point; importing this module registers it with `skitgubbe.errors`,
so that `error.message(lang)` works for every `SkitgubbeError`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from skitgubbe.errors import (
    CardParseError,
    IllegalMove,
    MoveParseError,
    PositionError,
    RecordError,
    SkitgubbeError,
    set_error_wording,
)
from skitgubbe.text.lang import check_lang

#: How cards may be written, in Swedish (the English is `CardParseError.ACCEPTED`).
ACCEPTED_SV = (
    "koder som 9C, 10H, QS, AD (valör 2-10 J Q K A, färg C D H S); "
    "en färgsymbol och en valör med svenska eller engelska bokstäver som ♣9, ♣D (dam), ♣Q, ♣Kn (knekt), ♣E (ess); "
    "eller ord som 'klöver 9', 'hjärter dam', 'nine of clubs', 'queen of hearts'"
)
#: How moves may be written, in Swedish (the English is `MoveParseError.HINT`).
HINT_SV = (
    "ett drag är ett eller flera kort ('9C', 'QC KC AC', '♣D'), 'ta upp' (även 'supa', 'pick up'), "
    "'chansa' (även 'våga'), 'släng' och kort ('släng 9C 9D', även 'slänga på', 'throw') eller 'stå över' "
    "(även 'pass'), gärna efter spelarens namn: 'A: 9C'"
)
_WHAT_SV = {"card": "inget kort", "suit": "ingen färg"}

#: English template -> Swedish template, a `str.format` string (`{}` in order, `{0}`, `{1}` where Swedish puts the
#: values in another order; a literal brace doubled).
SWEDISH: Mapping[str, str] = MappingProxyType(
    {
        # -- where in a file ---------------------------------------------------------------------------------
        "line {}": "rad {}",
        "line {}, column {}": "rad {}, kolumn {}",
        "{}: line {}": "{}: rad {}",
        # -- values shown inside messages (JSON kinds, option types) ------------------------------------------
        "null": "null",
        "a number ({})": "ett tal ({})",
        "a string ({})": "en sträng ({})",
        "a list": "en lista",
        "an object": "ett objekt",
        "true or false": "true eller false",
        "one of {}": "ett av {}",
        # -- moves -------------------------------------------------------------------------------------------
        "it is empty": "det är tomt",
        "it names no card": "det nämner inget kort",
        "it names no card to throw on": "det nämner inget kort att slänga på",
        "{} is not a card": "{} är inget kort",
        "a card is named twice": "ett kort nämns två gånger",
        "the player's name before ':' is empty": "spelarens namn före ':' är tomt",
        "its cards must be a tuple of Card values": "dess kort måste vara en tuple av Card-värden",
        # -- games and positions -----------------------------------------------------------------------------
        "a new game needs a seed or an explicit deck, so that it can be replayed": (
            "ett nytt spel behöver ett frö (seed) eller en given kortlek, så att det kan spelas om"
        ),
        "seed: must be an integer 0 or more, not {}": "seed: måste vara ett heltal, 0 eller större, inte {}",
        "player: must be a player's name (a string), not {}": (
            "player: måste vara en spelares namn (en sträng), inte {}"
        ),
        "the move names {} but player {} was given": "draget nämner {} men spelaren {} angavs",
        "unknown player {}; players are {}": "okänd spelare {}; spelarna är {}",
        "an explicit deck must hold all 52 cards, each once": "en given kortlek måste innehålla alla 52 kort, vart och ett en gång",
        "a phase-2 position needs the trump suit": "en ställning i fas 2 behöver trumffärgen",
        "phase 2 has none; give every card in hands": "fas 2 har ingen; ge alla kort på händerna",
        "must be 1 or 2, not {}": "måste vara 1 eller 2, inte {}",
        "null: a finished game is not a position to play from": "null: ett avslutat spel är ingen ställning att spela från",
        "{} appears twice (also in {})": "{} förekommer två gånger (även i {})",
        "a phase-1 position starts on an empty table": "en ställning i fas 1 börjar med tomt bord",
        "only given once the talon is used up": "anges bara när talongen är slut",
        "empty, so the set-aside trump_card must be given": "tom, så det undanlagda trump_card måste anges",
        "{} disagrees with the turned-up trump card's suit, {}": "{} stämmer inte med det uppvända trumfkortets färg, {}",
        "a play on the table has at least one card": "ett drag på bordet har minst ett kort",
        "a player is listed twice; a player goes out once": "en spelare står två gånger; en spelare går ut en gång",
        "{} still holds cards": "{} har fortfarande kort på handen",
        "{} has no cards": "{} har inga kort",
        "every player needs a different name": "varje spelare behöver ett eget namn",
        "names must be non-empty and contain no ':'": "namn får inte vara tomma och får inte innehålla ':'",
        "{} players; the engine plays with {} to {} (rule game.players)": (
            "{} spelare; motorn spelar med {} till {} (regel game.players)"
        ),
        "{} players; the engine plays with 2 to 6 (rule game.players)": (
            "{} spelare; motorn spelar med 2 till 6 (regel game.players)"
        ),
        "not a state object ({})": "inget ställningsobjekt ({})",
        # -- rules -------------------------------------------------------------------------------------------
        "unknown rule option {}; known options: {}": "okänt regelval {}; kända val: {}",
        "option {} must be {}, not {}": "valet {} måste vara {}, inte {}",
        "option {} cannot be {}; choose one of {}": "valet {} kan inte vara {}; välj ett av {}",
        "rules must be a preset name or an object, not {}": "reglerna måste vara ett förval eller ett objekt, inte {}",
        "unknown preset {}; known presets: {}": "okänt förval {}; kända förval: {}",
        "options 'sequences' and trick_complete='cards' cannot go together: a sequence can overshoot the card count; "
        "with sequences, count plays (trick_complete='plays')": (
            "valen 'sequences' och trick_complete='cards' går inte ihop: en färgstege kan bli fler kort än sticket "
            "rymmer; med färgstegar räknas drag (trick_complete='plays')"
        ),
        "option(s) {} belong to everyone-plays tricks (phase1_style='everyone'), not phase1_style={}": (
            "valen {} hör till stick där alla spelar (phase1_style='everyone'), inte till phase1_style={}"
        ),
        "phase1_end='finish-trick' is a variant of everyone-plays tricks (phase1_style='everyone'), "
        "not of phase1_style={}": (
            "phase1_end='finish-trick' är en variant av stick där alla spelar (phase1_style='everyone'), "
            "inte av phase1_style={}"
        ),
        "phase1_end='skip-empty' belongs to two-card tricks; with everyone playing, phase 1 ends when a player due "
        "to play has no card ('due-player-empty') or after the trick in progress once the talon's last card is "
        "taken ('finish-trick')": (
            "phase1_end='skip-empty' hör till stick med två kort; när alla spelar slutar fas 1 när spelaren som står "
            "på tur saknar kort ('due-player-empty') eller efter pågående stick, när talongens sista kort är draget "
            "('finish-trick')"
        ),
        "phase1_style={} has no chansa (rule {}); set chansa to false": (
            "phase1_style={} har ingen chansning (regel {}); sätt chansa till false"
        ),
        "phase1_style={} ends phase 1 when the player due to lead has no card; phase1_end must be "
        "'due-player-empty', not {}": (
            "phase1_style={} avslutar fas 1 när spelaren som ska spela ut saknar kort; phase1_end måste vara "
            "'due-player-empty', inte {}"
        ),
        "options 'follow_suit' and 'trump_when_unable' are two readings of D5 and cannot go together: choose one": (
            "valen 'follow_suit' och 'trump_when_unable' är två tolkningar av D5 och går inte ihop: välj en"
        ),
        "phase2_style='pile' plays one card at a time on one pile that is never complete: 'sequences' and "
        "'follow_suit' must be false and trick_complete 'cards'": (
            "phase2_style='pile' spelar ett kort i taget på en hög som aldrig blir full: 'sequences' och "
            "'follow_suit' måste vara false och trick_complete 'cards'"
        ),
        "pick_up='pile' belongs to the pile game (phase2_style='pile')": (
            "pick_up='pile' hör till spelet med en hög (phase2_style='pile')"
        ),
        "phase2_style='pile' picks up the whole pile ('pile') or the last card ('top-card'); 'last-play' is the "
        "same as 'top-card' there": (
            "phase2_style='pile' tar upp hela högen ('pile') eller det sista kortet ('top-card'); 'last-play' är "
            "där detsamma som 'top-card'"
        ),
        "the address has no 'rules=' part": "adressen har ingen 'rules='-del",
        "the 'rules=' part is not base64url JSON ({})": "'rules='-delen är inte JSON i base64url ({})",
        "the 'rules=' part must hold an object": "'rules='-delen måste innehålla ett objekt",
        # -- rules files and --rules -------------------------------------------------------------------------
        "{}: field 'preset': {} is not a preset; known: {}": "{}: fältet 'preset': {} är inget förval; kända: {}",
        "{}: unknown field {}; fields are 'preset' and {}": "{}: okänt fält {}; fälten är 'preset' och {}",
        "{}: field {} must be true or false, not {}": "{}: fältet {} måste vara true eller false, inte {}",
        "{}: field {} cannot be {}; choose one of {}": "{}: fältet {} kan inte vara {}; välj ett av {}",
        "{}: a rules file holds one JSON object, not {}": "{}: en regelfil innehåller ett JSON-objekt, inte {}",
        "{}: these options cannot go together: {}": "{}: de här valen går inte ihop: {}",
        "{}: cannot read the rules file ({})": "{}: kan inte läsa regelfilen ({})",
        "{}: not UTF-8 text": "{}: inte UTF-8-text",
        "{}: not JSON (line {}, column {}: {})": "{}: inte JSON (rad {}, kolumn {}: {})",
        "--rules: unknown preset {}, and no rules file (a .json file) of that name; presets: {}": (
            "--rules: okänt förval {}, och ingen regelfil (en .json-fil) med det namnet; förvalen är {}"
        ),
        # -- the command line --------------------------------------------------------------------------------
        "--players: give 2 to 6 kinds": "--players: ange 2 till 6 sorters spelare",
        "--games: at least 1": "--games: minst 1",
        # -- case and record files ---------------------------------------------------------------------------
        "is null; give a preset name or an object of options, or leave the field out": (
            "är null; ange ett förval eller ett objekt med regelval, eller utelämna fältet"
        ),
        "must be a preset name (a string), not {}": "måste vara namnet på ett förval (en sträng), inte {}",
        "must be true, false or a string, not {}": "måste vara true, false eller en sträng, inte {}",
        "must be a preset name or an object of options, not {}": (
            "måste vara ett förval eller ett objekt med regelval, inte {}"
        ),
        "not a preset name or an object of options ({})": "varken ett förval eller ett objekt med regelval ({})",
        'must be a card like "9C", not {}': 'måste vara ett kort som "9C", inte {}',
        "must be a list of cards, not {}": "måste vara en lista med kort, inte {}",
        "is empty": "är tomt",
        "{} starts or ends with a space": "{} börjar eller slutar med ett mellanslag",
        "{} holds ':', which separates the player from the move": "{} innehåller ':', som skiljer spelaren från draget",
        "{} holds the invisible or control character U+{}": "{} innehåller det osynliga tecknet eller styrtecknet U+{}",
        "{} holds the white-space character U+{}; use plain spaces": (
            "{} innehåller blankstegstecknet U+{}; använd vanliga mellanslag"
        ),
        "{}... is longer than 40 characters": "{}... är längre än 40 tecken",
        "must be a list of names in seating order, clockwise": "måste vara en lista med namn i sittordning, medsols",
        "is empty; give 2 to 6 names in seating order, clockwise": "är tom; ange 2 till 6 namn i sittordning, medsols",
        "must be a name (a string), not {}": "måste vara ett namn (en sträng), inte {}",
        "{} is named twice; every player needs a different name": "{} står två gånger; varje spelare behöver ett eget namn",
        "must name a player (a string), not {}": "måste vara namnet på en spelare (en sträng), inte {}",
        'must be a list of strings like "A: 9C"': 'måste vara en lista med strängar som "A: 9C"',
        'must be a string like "A: 9C"': 'måste vara en sträng som "A: 9C"',
        '{} names no player; write "<player>: <move>"': '{} nämner ingen spelare; skriv "<spelare>: <drag>"',
        "cannot read {}: it is a directory": "kan inte läsa {}: det är en mapp",
        "cannot read {}: {}": "kan inte läsa {}: {}",
        "the file is larger than {} bytes; a case or record is a few kilobytes": (
            "filen är större än {} byte; ett fall eller ett protokoll är några få kilobyte"
        ),
        "the file is UTF-16 text; save it as UTF-8": "filen är UTF-16-text; spara den som UTF-8",
        "not UTF-8 text (byte 0x{} at offset {}); save it as UTF-8": (
            "inte UTF-8-text (byte 0x{} vid position {}); spara den som UTF-8"
        ),
        "lists and objects nest deeper than {} levels": "listor och objekt är nästlade djupare än {} nivåer",
        "appears twice in one object; give each field once": "förekommer två gånger i samma objekt; ange varje fält en gång",
        "bad JSON: {}": "felaktig JSON: {}",
        "the file must hold one JSON object, not {}": "filen måste innehålla ett JSON-objekt, inte {}",
        "the text must hold one JSON object": "texten måste innehålla ett JSON-objekt",
        "expected {}, not {}": "väntade {}, inte {}",
        "unknown field": "okänt fält",
        "give exactly one of 'seed' (an integer) and 'deck' (52 cards)": (
            "ange exakt ett av 'seed' (ett heltal) och 'deck' (52 kort)"
        ),
        "must be an integer, not {}": "måste vara ett heltal, inte {}",
        "must be 0 or more, not {}": "måste vara 0 eller större, inte {}",
        "must be a string or an object of languages, not {}": "måste vara en sträng eller ett objekt med språk, inte {}",
        "unknown field; a case has {}": "okänt fält; ett fall har {}",
        'belongs to a phase-{} case; this case has "phase": {}': 'hör till ett fall i fas {}; det här fallet har "phase": {}',
        "must be an object: player name -> list of cards, not {}": (
            "måste vara ett objekt: spelarens namn -> lista med kort, inte {}"
        ),
        "missing: name the player who acts first": "saknas: ange spelaren som är först på tur",
        'must be {"player": name, "card": card}': 'måste vara {{"player": namn, "card": kort}}',
        "{} is not a suit (C, D, H, S or a suit name)": "{} är ingen färg (C, D, H, S eller ett färgnamn)",
        "missing: a phase-2 case needs the trump suit": "saknas: ett fall i fas 2 behöver trumffärgen",
        "must be a list of [player, [cards]] pairs, oldest first": (
            "måste vara en lista med par [spelare, [kort]], äldsta först"
        ),
        "must be [player, [cards]]": "måste vara [spelare, [kort]]",
        "is empty; a play on the table has at least one card": "är tomt; ett drag på bordet har minst ett kort",
        "must be a list of player names, not {}": "måste vara en lista med spelarnamn, inte {}",
        "{} is listed twice; a player goes out once": "{} står två gånger; en spelare går ut en gång",
        'must be {"sv": "...", "en": "..."}': 'måste vara {{"sv": "...", "en": "..."}}',
        "must be a lower-case id like 'd5-trump-holding-suit'": "måste vara ett id med gemener, som 'd5-trump-holding-suit'",
        "{} does not match the file name": "{} stämmer inte med filnamnet",
        "must be one of {}, not {}": "måste vara ett av {}, inte {}",
        # -- languages ---------------------------------------------------------------------------------------
        "unknown language {}; use 'sv' or 'en'": "okänt språk {}; använd 'sv' eller 'en'",
    }
)


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each English template as a pattern (its values as groups), the most specific (longest literal) first."""
    compiled = []
    for english, swedish in SWEDISH.items():
        parts = english.split("{}")
        pattern = re.compile("(.*?)".join(re.escape(part) for part in parts), re.DOTALL)
        compiled.append((len(english) - 2 * (len(parts) - 1), pattern, swedish))
    compiled.sort(key=lambda item: -item[0])
    return tuple((pattern, swedish) for _, pattern, swedish in compiled)


def swedish(text: str) -> str:
    """An English message (or a value inside one) in Swedish; text no template matches is data and kept."""
    for pattern, template in _patterns():
        found = pattern.fullmatch(text)
        if found:
            return template.format(*(swedish(value) for value in found.groups()))
    return text


def _inner(error: SkitgubbeError, problem: str) -> SkitgubbeError | None:
    """The error this one passes on (raised while handling it, its message given as this one's problem)."""
    context = error.__context__
    if isinstance(context, SkitgubbeError) and problem in (str(context), getattr(context, "problem", None)):
        return context
    return None


def _problem(error: SkitgubbeError, problem: str, lang: str) -> str:
    inner = _inner(error, problem)
    if inner is None:
        return swedish(problem)
    if isinstance(inner, (PositionError, RecordError)) and problem == inner.problem:
        return _problem(inner, problem, lang)
    return error_text(inner, lang)


def error_text(error: BaseException, lang: str) -> str:
    """The message of any error in Swedish (`sv`) or English (`en`, which is `str(error)`)."""
    if check_lang(lang) == "en" or isinstance(error, IllegalMove):
        return error.message(lang) if isinstance(error, IllegalMove) else str(error)
    if isinstance(error, CardParseError):
        return f"{error.text!r} är {_WHAT_SV.get(error.what, error.what)}; godtagna former: {ACCEPTED_SV}"
    if isinstance(error, MoveParseError):
        detail = swedish(error.detail)
        return f"{error.text!r} är inget drag{': ' + detail if detail else ''}; {HINT_SV}"
    if isinstance(error, (PositionError, RecordError)):
        problem = _problem(error, error.problem, lang)
        return f"{swedish(error.where)}: {problem}" if error.where else problem
    if isinstance(error, SkitgubbeError):
        inner = _inner(error, str(error))
        if inner is not None:
            return error_text(inner, lang)
    return swedish(str(error))


def _message(error: SkitgubbeError, lang: str) -> str:
    return error_text(error, lang)


set_error_wording(_message)
