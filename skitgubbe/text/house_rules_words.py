"""Words of the house-rules page (`skitgubbe.text.house_rules`): option and value labels, source labels, the page's
headings, the phase-1 styles as a reason names them, and the Swedish of the engine's reasons for a refused
combination.

The option, value, source and style tables are keyed by the rules' data (an option's name, `(option, value)`, a
source key, a style's value); `tests/test_text_tables.py` checks their keys against `Rules` and the catalogue.
"""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The form's label of each option of `Rules` (plain language).
HOUSE_OPTIONS: PhraseBook[str] = PhraseBook(
    "house_options",
    {
        "phase1_style": ("Vem spelar till sticken i fas 1", "Who plays to a phase-1 trick"),
        "chansa": ("Får man chansa?", "May a player play chansa?"),
        "phase1_end": ("När fas 1 slutar", "When phase 1 ends"),
        "throw_on": ("Slänga på (när alla spelar)", "Throwing on, slänga på (everyone plays)"),
        "motlagg_beats_singles": (
            "Motlägg sticker ensamma valörer (när alla spelar)",
            "A motlägg beats single ranks (everyone plays)",
        ),
        "must_motlagg": ("Tvång att göra motlägg (när alla spelar)", "Must make a motlägg (everyone plays)"),
        "phase2_style": ("Hur fas 2 spelas", "How phase 2 is played"),
        "sequences": ("Får man spela en färgstege?", "May a move be a suit sequence?"),
        "follow_suit": ("Måste man följa färg?", "Must a player follow suit?"),
        "trump_when_unable": ("Trumf bara när man inte kan slå i färgen", "Trump only when unable to beat in the suit"),
        "must_beat": ("Måste den som kan slå också slå?", "Must a player who can beat do so?"),
        "pick_up": ("Vad den som supar tar upp", "What a player who picks up takes"),
        "trick_complete": ("När ett stick i fas 2 är fullt", "When a phase-2 trick is complete"),
    },
)

#: The form's label of each value of an option that is not yes/no, by `(option, value)`.
HOUSE_VALUES: PhraseBook[tuple[str, str]] = PhraseBook(
    "house_values",
    {
        ("phase1_style", "two-card"): VOCABULARY["two_card"],
        ("phase1_style", "everyone"): ("alla spelar (alla spelar till varje stick)", "everyone plays to every trick"),
        ("phase1_style", "turned-trump"): ("uppslagen trumf", "turned-up trump (uppslagen trumf)"),
        ("phase1_style", "beat-or-take"): ("stick över eller ta upp (specialkort)", "beat or take (special cards)"),
        ("phase1_end", "due-player-empty"): ("när den som står på tur saknar kort", "when the player due has no card"),
        ("phase1_end", "skip-empty"): ("spelare utan kort hoppas över", "players without cards are skipped"),
        ("phase1_end", "finish-trick"): (
            "sticket spelas färdigt när talongen är slut",
            "the trick is finished once the talon is used up",
        ),
        ("throw_on", "off"): ("av", "off"),
        ("throw_on", "after-trick"): ("när sticket är avgjort", "once the trick is decided"),
        ("throw_on", "own-rank"): ("bara egen valör, när som helst", "own rank only, any time"),
        ("throw_on", "anytime"): ("vem som helst, när som helst", "anyone, any time"),
        ("phase2_style", "tricks"): ("stick som vänds bort", "tricks that are turned away"),
        ("phase2_style", "pile"): (
            "en hög med specialkort (2, 10, fyra lika)",
            "one pile with special cards (2, 10, four)",
        ),
        ("pick_up", "top-card"): ("det översta kortet", "the top card"),
        ("pick_up", "last-play"): ("förra spelarens hela drag", "the previous player's whole move"),
        ("pick_up", "pile"): ("hela högen", "the whole pile"),
        ("trick_complete", "cards"): ("räkna kort", "count cards"),
        ("trick_complete", "plays"): ("räkna drag", "count moves"),
    },
)

#: The label of a yes/no option's two values.
HOUSE_YES_NO: PhraseBook[bool] = PhraseBook("house_yes_no", {True: ("ja", "yes"), False: ("nej", "no")})

#: How the page names each source of the catalogue.
HOUSE_SOURCES: PhraseBook[str] = PhraseBook(
    "house_sources",
    {
        "pagat": ("Pagat", "Pagat"),
        "guide": ("den moderna guiden (002)", "the modern guide (002)"),
        "kortspelsregler": ("kortspelsregler.com (001)", "kortspelsregler.com (001)"),
        "strikt": ("den strikta, odaterade sidan (004)", "the strict, undated page (004)"),
        "wikipedia": ("Wikipedia (000)", "Wikipedia (000)"),
        "specialkort": ("specialkortssidan (003)", "the special-cards page (003)"),
        "project": ("projektets läsning", "the project's reading"),
    },
)

#: The page's headings and small words (the export gives the form all of them, in this order; the section
#: headings are keyed by `rules.export.SECTIONS`).
HOUSE_WORDS: PhraseBook[str] = PhraseBook(
    "house_words",
    {
        "title": ("Våra regler", "Our rules"),
        "based_on": ("Utgår från förvalet", "Starting from the preset"),
        "setup": ("Förberedelser", "Setting up"),
        "phase1": VOCABULARY["phase1_collecting"],
        "phase2": VOCABULARY["phase2_title"],
        "end": ("Slutet", "The end"),
        "not_in_play": ("Val som inte används med dessa regler", "Options not used under these rules"),
        "differs": ("ändrat", "changed"),
        "dropped": ("Gäller inte längre (förvalets regel)", "No longer holds (the preset's rule)"),
        "same": ("Samma regler som förvalet", "The same rules as the preset"),
        "refused": ("Den här kombinationen går inte", "This combination is not possible"),
        "sources": ("Källor", "Sources"),
        "played_by": ("Spelas av", "Played by"),
        "nobody": ("ingen källa (projektets val)", "no source (the project's choice)"),
        # a house-rules address that cannot be read (the form and the quick reference say which part and why)
        "address_no_rules": ("adressen har ingen del rules=", "the address has no rules= part"),
        "address_not_json": ("delen rules= är inte JSON i base64url", "the rules= part is not base64url JSON"),
        "address_not_object": ("reglerna är inte ett JSON-objekt", "the rules are not a JSON object"),
        "address_preset": ("{preset} är inte namnet på ett förval", "{preset} is not the name of a preset"),
        "address_option": ("{option} är inget val i reglerna", "{option} is not an option of the rules"),
        "address_value": ("valet {option} kan inte vara {value}", "the option {option} cannot be {value}"),
        "address_twice": ("{option} står två gånger", "{option} is given twice"),
        "address_size": ("adressen är för lång", "the address is too long"),
    },
)

#: A phase-1 style as a reason names it, by the style's value.
HOUSE_STYLES: PhraseBook[str] = PhraseBook(
    "house_styles",
    {
        "two-card": VOCABULARY["two_card"],
        "everyone": ("alla spelar", "everyone plays"),
        "turned-trump": ("uppslagen trumf", "turned-up trump"),
        "beat-or-take": ("stick över eller ta upp", "beat or take"),
    },
)

#: The engine's reasons for refusing a combination, worded for the page, by the engine's own key
#: (`skitgubbe.rules.options.COMBINATION_PROBLEMS`; the English is the engine's own message, the English here says
#: the same for a reader of this table).
HOUSE_REASONS: PhraseBook[str] = PhraseBook(
    "house_reasons",
    {
        "option_belong_everyone_plays_tricks": (
            "{options} hör till spelet där alla spelar till sticken (phase1_style='everyone'), inte till {style}.",
            "{options} belong to the game where everyone plays to the tricks (phase1_style='everyone'), not to "
            "{style}.",
        ),
        "phase1_end_finish_trick_variant": (
            "phase1_end='finish-trick' är en variant av spelet där alla spelar, inte av {style}.",
            "phase1_end='finish-trick' is a variant of the game where everyone plays, not of {style}.",
        ),
        "phase1_end_skip_empty_belongs": (
            "phase1_end='skip-empty' hör till stick om två kort; när alla spelar slutar fas 1 när den som står på tur "
            "saknar kort ('due-player-empty') eller efter det pågående sticket när talongen är slut ('finish-trick').",
            "phase1_end='skip-empty' belongs to two-card tricks; when everyone plays, phase 1 ends when the player "
            "due has no card ('due-player-empty') or after the trick in play once the talon is used up "
            "('finish-trick').",
        ),
        "phase1_style_has_no_chansa": (
            "Med {style} chansar man inte (regel {rule}); sätt chansa till nej.",
            "With {style} nobody may play chansa (rule {rule}); set chansa to no.",
        ),
        "phase1_style_ends_phase_1": (
            "Med {style} slutar fas 1 när den som ska spela ut saknar kort: phase1_end måste vara 'due-player-empty'.",
            "With {style} phase 1 ends when the player due to lead has no card: phase1_end must be 'due-player-empty'.",
        ),
        "options_sequences_trick_complete_cards": (
            "En färgstege kan ge fler kort än sticket rymmer: med färgstegar räknar man drag (trick_complete='plays').",
            "A suit sequence can hold more cards than the trick has room for: with them, count moves (trick_complete='plays').",
        ),
        "options_follow_suit_trump_when": (
            "'follow_suit' och 'trump_when_unable' är två sätt att läsa D5 och går inte ihop: välj det ena.",
            "'follow_suit' and 'trump_when_unable' are two readings of D5 and do not go together: choose one.",
        ),
        "phase2_style_pile_plays_one": (
            "Högen (phase2_style='pile') spelas ett kort i taget och blir aldrig full: 'sequences' och 'follow_suit' "
            "måste vara nej och trick_complete 'cards'.",
            "The pile (phase2_style='pile') is played one card at a time and is never full: 'sequences' and "
            "'follow_suit' must be no and trick_complete 'cards'.",
        ),
        "phase2_style_pile_picks_up": (
            "På högen tar man upp hela högen ('pile') eller det sista kortet ('top-card'); 'last-play' är där "
            "detsamma som 'top-card'.",
            "On the pile a player picks up the whole pile ('pile') or the last card ('top-card'); 'last-play' is the "
            "same there as 'top-card'.",
        ),
        "pick_up_pile_belongs_pile": (
            "pick_up='pile' hör till spelet på en hög (phase2_style='pile').",
            "pick_up='pile' belongs to the game on one pile (phase2_style='pile').",
        ),
    },
)

#: A refused combination as the page says it (`house_rules.refusal_words`), by the engine's key: whole sentences that
#: name the options and values as the form shows them (quoted: `{who}`, `{style}`, ... are an option's label or a value's label).
HOUSE_REFUSALS: PhraseBook[str] = PhraseBook(
    "house_refusals",
    {
        "option_belong_everyone_plays_tricks": (
            "Valen {options} gäller bara när alla spelar till sticken i fas 1, men {who} är satt till {style}. "
            "Välj {everyone} där, eller sätt tillbaka valen som förvalet har dem.",
            "The choices {options} apply only when everyone plays to the phase-1 tricks, but {who} is set to {style}. "
            "Choose {everyone} there, or put those choices back as the preset has them.",
        ),
        "phase1_end_finish_trick_variant": (
            "Svaret {finish} på {end} hör bara till spelet där alla spelar till sticken i fas 1, men {who} är satt "
            "till {style}. Välj ett annat svar på {end}, eller {everyone} på {who}.",
            "The answer {finish} to {end} is only for the game where everyone plays to the phase-1 tricks, but {who} "
            "is set to {style}. Choose another answer to {end}, or {everyone} to {who}.",
        ),
        "phase1_end_skip_empty_belongs": (
            "Svaret {skip} på {end} hör till stick med två spelare. När alla spelar, välj {due} eller {finish}.",
            "The answer {skip} to {end} belongs to tricks of two players. When everyone plays, choose {due} or "
            "{finish}.",
        ),
        "phase1_style_has_no_chansa": (
            "Med {style} som svar på {who} får ingen chansa (regel {rule}). Svara {no} på {chansa}.",
            "With {style} as the answer to {who}, nobody may play chansa (rule {rule}). Answer {no} to {chansa}.",
        ),
        "phase1_style_ends_phase_1": (
            "Med {style} som svar på {who} slutar fas 1 när den som ska spela ut saknar kort. Välj {due} som svar "
            "på {end}.",
            "With {style} as the answer to {who}, phase 1 ends when the player due to lead has no card. Choose {due} "
            "as the answer to {end}.",
        ),
        "options_sequences_trick_complete_cards": (
            "Svaret {yes} på {sequences} går inte ihop med {cards} som svar på {complete}: en färgstege kan ge fler kort "
            "än sticket rymmer. Välj {plays} där, eller svara {no} på {sequences}.",
            "Answering {yes} to {sequences} cannot go with {cards} as the answer to {complete}: a suit sequence can hold more "
            "cards than the trick has room for. Choose {plays} there, or answer {no} to {sequences}.",
        ),
        "options_follow_suit_trump_when": (
            "{follow} och {trump} är två sätt att läsa samma regel (D5) och kan inte båda vara {yes}. Svara {no} på "
            "den ena.",
            "{follow} and {trump} are two readings of the same rule (D5) and cannot both be {yes}. Answer {no} to "
            "one of them.",
        ),
        "phase2_style_pile_plays_one": (
            "Med {pile} som svar på {style2} spelas ett kort i taget på en hög som aldrig blir full: svara {no} på "
            "{sequences} och på {follow}, och välj {cards} som svar på {complete}.",
            "With {pile} as the answer to {style2}, cards are played one at a time on a pile that is never full: "
            "answer {no} to {sequences} and to {follow}, and choose {cards} as the answer to {complete}.",
        ),
        "phase2_style_pile_picks_up": (
            "På högen tar den som supar {whole} eller {top}; {last} betyder där samma sak som {top}. Välj ett av de "
            "två som svar på {pick}.",
            "On the pile, a player who picks up takes {whole} or {top}; {last} means the same as {top} there. Choose "
            "one of those two as the answer to {pick}.",
        ),
        "pick_up_pile_belongs_pile": (
            "Svaret {whole} på {pick} hör till spelet på en hög. Välj {pile} som svar på {style2}, eller ett annat "
            "svar på {pick}.",
            "The answer {whole} to {pick} belongs to the game on one pile. Choose {pile} as the answer to {style2}, "
            "or another answer to {pick}.",
        ),
        # the words around the labels: quotation marks and the last "and" of a list
        "quoted": ("”{text}”", "“{text}”"),
        "and": ("och", "and"),
    },
)
