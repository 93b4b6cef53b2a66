"""The rule catalogue: every rule the engine cites, by id, with its sentence in Swedish and English and its sources.

`CATALOGUE` maps each id to its `Rule` (`skitgubbe.rules.rule`): the base game's rules here (`BASE_RULES`), the
variant games' in `skitgubbe.rules.catalogue_variants`. Every legality decision and every event names one of them.
"""

from __future__ import annotations

from collections.abc import Mapping

from skitgubbe.rules.catalogue_variants import VARIANT_RULES
from skitgubbe.rules.rule import Rule

__all__ = ["BASE_RULES", "CATALOGUE", "rule"]

_ALL = ("pagat", "guide", "kortspelsregler", "strikt", "wikipedia")
_P1 = ("pagat", "guide", "kortspelsregler", "strikt", "wikipedia")
_P2 = ("pagat", "guide", "kortspelsregler", "strikt")

#: The rules of the base game (the variant games add theirs, `VARIANT_RULES`).
BASE_RULES: tuple[Rule, ...] = (
    # -- the game as a whole ---------------------------------------------------------------------
    Rule(
        "game.players",
        "Regelmotorn tar två till sex spelare; tre är det vanliga.",
        "The engine takes two to six players; three is usual.",
        ("pagat", "guide", "kortspelsregler", "strikt", "wikipedia"),
        "Ingen källa säger två till sex: de nämner tre, två till fyra eller 'tre eller fler'. Gränsen sex är "
        "regelmotorns eget val.",
        "No source says two to six: they name three, two to four or 'three or more'. The limit of six is the "
        "engine's own choice.",
    ),
    Rule(
        "game.deal",
        "Given ger tre kort var, ett i taget medsols med början hos förhand; resten blir talongen.",
        "The dealer deals three cards each, one at a time clockwise starting with forehand; the rest is the talon.",
        _ALL,
    ),
    Rule(
        "game.turn",
        "Bara den spelare som står på tur får spela; turen går medsols.",
        "Only the player whose turn it is may act; play goes clockwise.",
        _ALL,
    ),
    Rule(
        "game.own-cards",
        "En spelare kan bara spela kort som hen har på handen.",
        "A player can only play cards held in their hand.",
        _ALL,
    ),
    Rule(
        "game.over",
        "När bara en spelare har kort kvar är spelet slut och inga fler drag görs.",
        "Once only one player holds cards the game is over and no more moves are made.",
        _P2,
    ),
    # -- phase 1 -------------------------------------------------------------------------------------
    Rule(
        "p1.lead",
        "I fas 1 spelar förhand, och sedan varje sticks vinnare, ut ett valfritt kort.",
        "In phase 1 forehand, and then each trick's winner, leads any one card.",
        _P1,
    ),
    Rule(
        "p1.answer",
        "Nästa spelare medsols svarar med ett valfritt kort; färgen spelar ingen roll och ingen måste ta sticket.",
        "The next player clockwise answers with any one card; suits do not matter and nobody must win the trick.",
        _P1,
    ),
    Rule(
        "p1.one-card",
        "I fas 1 spelar man ett kort i taget.",
        "In phase 1 a player plays one card at a time.",
        _P1 + ("specialkort",),
    ),
    Rule(
        "p1.no-pick-up",
        "I fas 1 tar man inte upp kort från bordet: man spelar ett kort eller chansar.",
        "In phase 1 nobody picks cards up from the table: you play a card or play chansa.",
        _P1,
    ),
    Rule(
        "p1.higher-wins",
        "Det högre kortet vinner sticket oavsett färg; vinnaren tar alla korten i sticket och spelar ut nästa.",
        "The higher card wins the trick whatever its suit; the winner takes every card in it and leads the next.",
        _P1,
    ),
    Rule(
        "p1.stunsa",
        "Lika valörer stunsar: korten ligger kvar och samma två spelare spelar var sitt kort till, "
        "i samma ordning, tills någon lägger högre.",
        "Equal ranks tie (stunsa): the cards stay and the same two players each play another card, "
        "in the same order, until one is higher.",
        _P1,
    ),
    Rule(
        "p1.draw",
        "Den som har spelat ett kort från handen drar genast ett nytt från talongen, så länge den räcker.",
        "A player who has played a card from hand at once draws a new one from the talon while it lasts.",
        _P1,
    ),
    Rule(
        "p1.chansa",
        "I stället för ett handkort får man chansa: vända talongens översta kort och spela det osett; "
        "då drar man inget kort.",
        "Instead of a hand card a player may play chansa: turn the top talon card and play it unseen; "
        "no card is drawn after it.",
        _P1,
    ),
    Rule(
        "p1.chansa.not-last",
        "Man får bara chansa medan talongen har mer än ett kort.",
        "A player may play chansa only while the talon holds more than one card.",
        ("pagat", "wikipedia"),
        "Pagat säger det uttryckligen, och svenska Wikipedia likaså: den som drar sista kortet får varken titta "
        "på det eller spela det till ett stick. kortspelsregler och den strikta sidan lägger kortet åt sidan "
        "osett och förutsätter det därmed. Sidan med specialkort låter också sista kortet ligga kvar tills resten "
        "är spelat men nämner inte chansning.",
        "Pagat says so outright, and so does Swedish Wikipedia: the player who draws the last card may neither "
        "look at it nor play it to a trick. kortspelsregler and the strict page set the card aside unseen and so "
        "imply it. The special-cards page also keeps the last card back until the rest is played but does not "
        "mention chansa.",
    ),
    Rule(
        "p1.chansa.no-chansa",
        "Med dessa regler får man inte chansa.",
        "Under these rules a player may not play chansa.",
        ("project",),
    ),
    Rule(
        "p1.last-card",
        "Den som står på tur att dra talongens sista kort lägger det osett framför sig; "
        "därefter spelar man vidare med korten på handen.",
        "The player due to draw the talon's last card lays it face down unseen; "
        "play then goes on from the hands alone.",
        _P1,
    ),
    Rule(
        "p1.end.due-player-empty",
        "Fas 1 slutar så snart den spelare som står på tur saknar kort.",
        "Phase 1 ends as soon as the player due to play has no card.",
        ("pagat", "guide"),
    ),
    Rule(
        "p1.end.skip-empty",
        "Spelare utan kort hoppas över, både som utspelare och som svarande; fas 1 slutar när färre än två "
        "spelare har kort kvar.",
        "Players without cards are skipped, as leader and as answerer alike; phase 1 ends when fewer than two "
        "players hold cards.",
        ("wikipedia", "kortspelsregler", "strikt"),
        "Sidan kortspelsregler säger 'så långt det är möjligt med korten på hand' och den strikta sidan att "
        "fasen pågår tills alla handkort är spelade; båda läses här som Wikipedias regel.",
        "kortspelsregler says 'så långt det är möjligt med korten på hand' (as far as possible with the cards in "
        "hand) and the strict page that the phase lasts until every hand card is played; both are read here as "
        "Wikipedia's rule.",
    ),
    Rule(
        "p1.open-trick",
        "Ett stick som inte kan avgöras (ett obesvarat utspel eller en öppen stunsning) går tillbaka till de "
        "spelare som lade korten.",
        "A trick that cannot be settled (an unanswered lead or an open tie) goes back to the players who "
        "played its cards.",
        ("pagat", "guide", "kortspelsregler", "wikipedia"),
        "Korten läggs till spelarens vunna kort; i fas 2 hör de till spelarens kort.",
        "The cards join the player's won cards; in phase 2 they are part of that player's cards.",
    ),
    Rule(
        "p1.transition",
        "När fas 1 är slut tar alla upp sina vunna kort till handen och vänder upp det undanlagda kortet; "
        "dess färg är trumf, och den som har det tar det på handen och spelar ut i fas 2.",
        "When phase 1 ends everyone takes their won cards into hand and the set-aside card is shown; "
        "its suit is trump, and its holder takes it into hand and leads phase 2.",
        ("pagat", "guide", "kortspelsregler", "strikt", "specialkort"),
        "Svenska Wikipedia säger inte vad som händer med det undanlagda kortet, och artikeln har inget avsnitt om fas 2.",
        "Swedish Wikipedia does not say what becomes of the set-aside card, and the article has no section on phase 2.",
    ),
    # -- phase 2 -------------------------------------------------------------------------------------
    Rule(
        "p2.lead",
        "På ett tomt bord spelar den som står på tur ut ett valfritt kort.",
        "On an empty table the player whose turn it is leads any card.",
        _P2 + ("specialkort",),
    ),
    Rule(
        "p2.one-card",
        "I fas 2 spelar man ett kort i taget.",
        "In phase 2 a player plays one card at a time.",
        ("pagat", "guide", "strikt", "specialkort"),
    ),
    Rule(
        "p2.sequence",
        "Man får spela flera kort på en gång om de är i samma färg och i obruten följd; det lägsta måste slå "
        "kortet på bordet.",
        "Several cards may be played at once if they are of one suit in unbroken sequence; the lowest must beat "
        "the card on the table.",
        ("kortspelsregler",),
    ),
    Rule(
        "p2.beat.suit",
        "Ett kort som inte är trumf slås av ett högre i samma färg.",
        "A card that is not a trump is beaten by a higher card of its suit.",
        _P2,
    ),
    Rule(
        "p2.beat.trump",
        "Varje trumf, hur låg den än är, slår ett kort i en annan färg.",
        "Every trump, however low, beats a card of another suit.",
        _P2,
    ),
    Rule(
        "p2.beat.higher-trump",
        "En trumf slås bara av en högre trumf.",
        "A trump is beaten only by a higher trump.",
        _P2,
    ),
    Rule(
        "p2.beat-or-pick-up",
        "Den som står på tur måste slå kortet överst på bordet eller ta upp det; ett kort som inte slår får inte "
        "läggas.",
        "The player whose turn it is must beat the top card on the table or pick up; a card that does not beat "
        "may not be played.",
        _P2,
    ),
    Rule(
        "p2.free-trump",
        "Man får slå med trumf även om man har kort i den utspelade färgen.",
        "A player may beat with a trump even while holding the suit led.",
        ("pagat", "guide"),
    ),
    Rule(
        "p2.follow-suit",
        "Man måste följa den utspelade färgen om man kan; trumfa får man bara om man är renons i den.",
        "A player must follow the suit led if able, and may trump only when void in it.",
        ("kortspelsregler", "strikt"),
    ),
    Rule(
        "p2.pick-up.optional",
        "Man får ta upp i stället för att slå, även om man kan slå.",
        "A player may pick up instead of beating, even when able to beat.",
        ("pagat", "guide", "kortspelsregler"),
    ),
    Rule(
        "p2.must-beat",
        "Den som kan slå måste slå; bara den som inte kan slå får ta upp.",
        "A player who can beat must beat; only a player who cannot beat may pick up.",
        ("strikt",),
        "Den strikta sidan säger också att man inte får krypa, alltså lägga ett lägre kort; det förbjuder redan "
        "p2.beat-or-pick-up. Det den här regeln förbjuder är att ta upp när man kan slå.",
        "The strict page also says a player may not krypa, that is, lay a lower card; p2.beat-or-pick-up already "
        "forbids that. What this rule forbids is picking up when able to beat.",
    ),
    Rule(
        "p2.pick-up.top-card",
        "Den som tar upp tar bara det översta kortet; nästa spelare ställs inför kortet under.",
        "A player who picks up takes only the top card; the next player faces the card beneath it.",
        ("pagat", "guide", "strikt", "specialkort"),
    ),
    Rule(
        "p2.pick-up.last-play",
        "Den som tar upp tar närmast föregående spelares hela drag, alla dess kort.",
        "A player who picks up takes the previous player's whole move, every card of it.",
        ("kortspelsregler",),
    ),
    Rule(
        "p2.pick-up.empty-table",
        "På ett tomt bord finns inget att ta upp: man måste spela ut.",
        "There is nothing to pick up from an empty table: the player must lead.",
        _P2,
    ),
    Rule(
        "p2.table-empty",
        "Om alla kort på bordet har tagits upp spelar nästa spelare ut till ett nytt stick.",
        "If every card on the table has been picked up, the next player leads a new trick.",
        ("pagat", "guide"),
    ),
    Rule(
        "p2.complete.cards",
        "Ett stick är fullt när det ligger lika många kort på bordet som det var spelare med när sticket började; "
        "det vänds bort.",
        "A trick is complete when the cards on the table equal the number of players in the game when it began; "
        "it is turned away.",
        ("pagat", "guide", "strikt"),
    ),
    Rule(
        "p2.complete.plays",
        "Ett stick är fullt när det har gjorts lika många drag till det som det var spelare med när det "
        "började; det vänds bort.",
        "A trick is complete when as many moves have been made to it as there were players when it began; "
        "it is turned away.",
        ("kortspelsregler",),
    ),
    Rule(
        "p2.next-lead",
        "Den som gjorde sista draget till ett fullt stick spelar ut nästa; har hen gått ut, spelar nästa spelare "
        "med kort ut.",
        "Whoever made the last move to a completed trick leads the next; if they are out, the next player still "
        "in leads.",
        ("pagat", "guide", "kortspelsregler"),
        "Den strikta sidan säger inte vem som spelar ut efter ett stick, bara att den sista handen vänder bort "
        "sticket om den kan slå; boken läser det som att den som vände bort sticket spelar ut.",
        "The strict page does not say who leads after a trick, only that the last hand turns the trick away if "
        "able to beat; the book reads it as the player who turned the trick away leading.",
    ),
    Rule(
        "p2.out",
        "Den som blir av med sitt sista kort har gått ut och klarat sig; ett påbörjat stick behöver ändå sitt "
        "antal kort, nästa stick ett mindre.",
        "A player who plays their last card is out (gå ut) and safe (räddad); a trick already begun still needs "
        "its count, the next trick one fewer.",
        ("pagat", "guide"),
    ),
    Rule(
        "p2.out-at-start",
        "Den som börjar fas 2 helt utan kort är ute från början.",
        "A player who begins phase 2 with no cards at all is out from the start.",
        ("project",),
        "Ingen av källorna i boken tar upp fallet; det är bokens läsning av regeln att den som saknar kort har "
        "gått ut.",
        "None of the book's sources deals with the case; it is the book's reading of the rule that a player "
        "with no cards is out.",
    ),
    Rule(
        "p2.loser",
        "Spelet slutar så snart bara en spelare har kort kvar; den spelaren är skitgubbe.",
        "The game ends the moment only one player holds cards; that player is the skitgubbe.",
        _ALL + ("specialkort",),
    ),
    Rule("p2.no-chansa", "Man chansar bara i fas 1.", "Chansa belongs to phase 1 only.", _P2),
)

CATALOGUE: Mapping[str, Rule] = {r.id: r for r in BASE_RULES + VARIANT_RULES}


def rule(rule_id: str) -> Rule:
    """The catalogue rule with that id."""
    return CATALOGUE[rule_id]
