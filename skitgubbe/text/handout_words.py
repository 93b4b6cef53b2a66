"""Words of the teacher's kit (`skitgubbe.views.handouts`): handouts, quiz sheets, answer key."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Titles and labels of the printable sheets.
HANDOUT: PhraseBook[str] = PhraseBook(
    "handout",
    {
        "print": ("Skriv ut bladet", "Print this sheet"),
        "handout": ("Elevblad", "Handout"),
        "phase1": VOCABULARY["phase1_collecting"],
        "phase2": VOCABULARY["phase2_title"],
        "rules": ("Reglerna (Pagat, bokens förval)", "The rules (Pagat, the book's preset)"),
        "look": ("Titta efter", "Look for"),
        "quiz": ("Testa dig själv: frågor", "Test yourself: questions"),
        "quiz_phase1": VOCABULARY["phase1"],
        "quiz_phase2": VOCABULARY["phase2"],
        "key": ("Facit", "Answer key"),
        "hands": ("Händer", "Hands"),
        "table": VOCABULARY["table"],
        "talon": ("talong", "talon"),
        "talon_order": ("överst först", "top first"),
        "won": ("vunna kort", "won"),
        "trump": ("trumf", "trump"),
        "trump_card": ("trumfkortet hos", "trump card held by"),
        "empty": ("tomt", "empty"),
        "name": ("Namn:", "Name:"),
        "legal": VOCABULARY["legal"],
        "illegal": ("otillåtet", "illegal"),
        "rule": ("regel", "rule"),
        "move": VOCABULARY["the_move"],
    },
)

#: What to watch for at the table, per phase (the teacher's own words).
LOOK: PhraseBook[str] = PhraseBook(
    "look",
    {
        "look_phase1_rank": (
            "Färgen spelar ingen roll i fas 1: bara valören avgör sticket.",
            "Suits do not matter in phase 1: only the rank decides the trick.",
        ),
        "look_phase1_draw": (
            "Den som spelade ett kort från handen drar genast ett nytt; den som chansade drar inte.",
            "Whoever played a card from hand draws at once; whoever chose chansa does not draw.",
        ),
        "look_phase1_tie": (
            "Vid stunsning spelar samma två igen, i samma ordning, och vinnaren tar alla korten.",
            "In a tie (stunsa) the same two play again, in the same order, and the winner takes every card.",
        ),
        "look_phase1_last": (
            "Talongens sista kort läggs osett åt sidan: det blir trumf i fas 2.",
            "The talon's last card is laid aside unseen: it gives the trump (trumf) of phase 2.",
        ),
        "look_phase2_top": (
            "Slå det översta kortet, inte det första i sticket.",
            "Beat the top card, not the first card of the trick.",
        ),
        "look_phase2_supa": (
            "Den som supar tar bara det översta kortet; nästa spelare möter kortet under.",
            "Whoever picks up (supa) takes only the top card; the next player faces the card beneath.",
        ),
        "look_phase2_full": (
            "Ett stick är fullt när korten är lika många som spelarna var när det började.",
            "A trick is complete when its cards equal the number of players when it began.",
        ),
        "look_phase2_end": (
            "Spelet slutar i samma ögonblick som bara en spelare har kort: skitgubben.",
            "The game ends the moment only one player holds cards: the skitgubbe.",
        ),
    },
)

#: The handouts' diagram captions; `{KS}` marks a card (filled by `say`, not `phrase`).
CAPTION: PhraseBook[str] = PhraseBook(
    "caption",
    {
        "caption_phase1": (
            "A och B har stunsat två gånger; nu har A spelat ut {KS}. B svarar med ett kort, och högst valör tar alla sex korten.",
            "A and B have tied twice; now A has led the {KS}. B answers with one card, and the higher rank takes all six cards.",
        ),
        "caption_phase2": (
            "Klöver är trumf. B har trumfat A:s {7D} med {9C}; C måste slå trumfen med en högre trumf eller supa.",
            "Clubs are trump. B has trumped A's {7D} with the {9C}; C must beat the trump with a higher trump or pick up.",
        ),
    },
)
