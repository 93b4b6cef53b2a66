"""Words of the book's worked examples (`skitgubbe.views.examples`): each example's title, and the first game's page."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The title of each worked example, by its id (`EXAMPLES`' keys: tests/test_text_tables.py checks both ways).
EXAMPLE_TITLES: PhraseBook[str] = PhraseBook(
    "example_titles",
    {
        # phase 1
        "p1-plain-trick": ("Ett vanligt tvåkortsstick", "A plain two-card trick"),
        "p1-two-eights": ("Två åttor stunsar", "Two eights tie"),
        "p1-chansa": ("Att chansa när man svarar", "Chansa when answering"),
        "p1-last-card": ("Talongens sista kort läggs undan", "The last talon card is set aside"),
        "p1-end-pagat": ("Slutet på fas 1 enligt Pagat", "The end of phase 1 under Pagat"),
        "p1-end-skip": (
            "Slutet på fas 1 när tomma händer hoppas över (strikt)",
            "The end of phase 1 with empty hands skipped (strikt)",
        ),
        "p1-transition": ("Övergången till fas 2", "Into phase 2"),
        # phase 2
        "p2-pick-up": ("Man supar det senaste kortet", "Picking up the latest card"),
        "p2-table-empties": ("Bordet blir tomt", "The table empties"),
        "p2-going-out": ("En spelare går ut", "A player goes out"),
        "klover-9": ("Klöver 9 (kortspelsregler)", "The klöver 9 trick (kortspelsregler)"),
        "klover-9-pagat": ("Klöver 9 enligt Pagat", "The klöver 9 moves under Pagat"),
        "klover-9-pagat-line": ("Klöver 9 spelat på Pagats vis", "The klöver 9 trick played Pagat's way"),
        "klover-9-strikt": ("Klöver 9 enligt de stränga reglerna", "The klöver 9 moves under the strict rules"),
        # variants
        "var-alla-spelar": ("Alla spelar (giv nr 28)", "Everyone plays (deal no. 28)"),
        "var-uppslagen-trumf": ("Uppslagen trumf (giv nr 3)", "Turned-up trump (deal no. 3)"),
        "var-specialkort": ("Specialkort i fas 2", "Special cards in phase 2"),
        # the first game
        "first-game": ("Ett första parti (giv nr 2384)", "A first game (deal no. 2384)"),
    },
)

#: The first game's page (`first_game_deck_html`, `first_game_moves_html`).
FIRST_GAME: PhraseBook[str] = PhraseBook(
    "first_game",
    {
        "deck": ("Leken uppifrån, med baksidan upp", "The pack from the top, face down"),
        "hands": ("Händerna efter given", "The hands after the deal"),
        "talon": ("Talongen uppifrån", "The talon from the top"),
        "hand": VOCABULARY["gen_hand"],
        "phase1": ("Fas 1", "Phase 1"),
        "phase2": ("Fas 2", "Phase 2"),
        "rule": VOCABULARY["rule"],
        "drew": ("{player} drar {cards}.", "{player} draws the {cards}."),
    },
)


#: The "Test yourself" questions of the book (`QUIZZES`), by quiz id: the question, each option in display
#: order (`option1`, `option2`, ...) and the follow-up about the cards (`cards`). `{QH}` / `{QC KC AC}` are card
#: slots, the same in both languages (the book checks it), written out by `records.caselib.say`: a pair is read whole
#: (`QUIZ_TEXTS[key]`), never filled by `phrase`. Each option's claim (what the engine checks) is in the quiz's file,
#: `skitgubbe/records/quizzes/<id>.json`, in the same order.
QUIZ_TEXTS: PhraseBook[str] = PhraseBook(
    "quiz_texts",
    {
        "p1-q1.question": (
            "Är det här tillåtet, och vad händer sedan? B svarar med {3D} fast B har {AS}.",
            "Is this legal, and what happens next? B answers with the {3D} although B holds the {AS}.",
        ),
        "p1-q1.option1": (
            "Tillåtet: B drar {4H}, och A tar {QH 3D} och spelar ut mot B igen.",
            "Legal: B draws the {4H}, and A takes {QH 3D} and leads against B again.",
        ),
        "p1-q1.option2": (
            "Otillåtet: den som kan vinna sticket, som B med {AS}, måste göra det.",
            "Illegal: a player able to win the trick, as B is with the {AS}, must do so.",
        ),
        "p1-q1.option3": (
            "Otillåtet: B har hjärter och måste följa färg med {7H}.",
            "Illegal: B holds hearts and must follow suit with the {7H}.",
        ),
        "p1-q1.cards": (
            "Vilket av B:s kort hade tagit sticket? Tryck på kortet.",
            "Which of B's cards would have taken the trick? Tap the card.",
        ),
        "p1-q2.question": ("Vem tar sticket, och med hur många kort?", "Who takes the trick, and with how many cards?"),
        "p1-q2.option1": ("B, alla sex korten, eftersom B stunsade sist.", "B, all six cards, since B tied last."),
        "p1-q2.option2": ("A, bara de två sista korten ({KS 5D}).", "A, only the last two cards ({KS 5D})."),
        "p1-q2.option3": ("Ingen: A och B tar tillbaka sina egna kort.", "Nobody: A and B take back their own cards."),
        "p1-q2.option4": ("A, alla sex korten ({9S 9H 4C 4D KS 5D}).", "A, all six cards ({9S 9H 4C 4D KS 5D})."),
        "p1-q3.question": (
            "Är det här tillåtet? A har chansat, och bara ett kort är kvar i talongen. Nu vill B också chansa.",
            "Is this legal? A has played chansa, and only one card is left in the talon. Now B would like to play chansa too.",
        ),
        "p1-q3.option1": (
            "Tillåtet: B vänder upp {7D} och lägger det osett i sticket, precis som A gjorde.",
            "Legal: B turns up the {7D} and plays it unseen to the trick, just as A did.",
        ),
        "p1-q3.option2": (
            "Otillåtet: man får bara chansa när man spelar ut, inte när man svarar.",
            "Illegal: chansa is allowed only when leading, never when answering.",
        ),
        "p1-q3.option3": (
            "Otillåtet: talongens sista kort får inte spelas osett; det blir trumfkortet.",
            "Illegal: the last talon card may not be played unseen; it is the trump card.",
        ),
        "p1-q4.question": (
            "Vad händer nu? Talongen är slut och A har trumfkortet. A har spelat ut {7C}, och nu svarar B med {7S}, så att det blir lika.",
            "What happens now? The talon is used up and A holds the trump card. A has led the {7C}, and now B answers with the {7S}, so the two cards tie.",
        ),
        "p1-q4.option1": (
            "B tar båda sjuorna, eftersom A inte har något kort kvar att spela igen.",
            "B takes both sevens, since A has no card left to play again after the tie.",
        ),
        "p1-q4.option2": (
            "Fas 1 slutar: sjuorna går tillbaka till A och B, och A spelar ut i fas 2.",
            "Phase 1 ends: the sevens go back to A and B, and A leads phase 2.",
        ),
        "p1-q4.option3": (
            "C går in i sticket i A:s ställe och spelar {5D} mot B.",
            "C joins the trick in A's place and plays the {5D} against B.",
        ),
        "p1-q5.question": (
            "Hur många kort har B på handen nu? A spelade ut {2S}, och B chansade.",
            "How many cards does B hold now? A led the {2S}, and B played chansa.",
        ),
        "p1-q5.option1": (
            "Fyra: B drar ett kort efter chansningen, som efter varje drag.",
            "Four: B draws a card after the chansa, as after every move.",
        ),
        "p1-q5.option2": (
            "Två: det chansade kortet räknas som ett av B:s tre, så ett kort saknas.",
            "Two: the chansa card counts as one of B's three, so one card is missing.",
        ),
        "p1-q5.option3": (
            "Tre: handen rördes inte, så B drar inget efter chansningen.",
            "Three: the hand was not touched, so B draws nothing after the chansa.",
        ),
        "p1-q6.question": (
            "Hur många kort har A och B på handen nu? A spelade ut {8S} och B svarade {8D}: det blev lika.",
            "How many cards do A and B hold now? A led the {8S} and B answered with the {8D}: a tie.",
        ),
        "p1-q6.option1": (
            "Tre var: båda drog direkt efter sitt kort, stunsning eller inte.",
            "Three each: both drew straight after their card, tie or no tie.",
        ),
        "p1-q6.option2": (
            "Två var: ingen drar förrän sticket till slut är avgjort.",
            "Two each: nobody draws until the trick is finally decided.",
        ),
        "p1-q6.option3": (
            "Fyra var: den som stunsar drar ett extra kort från talongen.",
            "Four each: a player who ties draws an extra card from the talon.",
        ),
        "p1-q7.question": (
            "Vem lägger nästa kort? A spelade ut {8S} och B svarade {8D}, så sticket är lika.",
            "Who lays the next card? A led the {8S} and B answered with the {8D}, so the trick is tied.",
        ),
        "p1-q7.option1": (
            "Otillåtet: B lade det senaste kortet och ska därför börja.",
            "Illegal: B laid the latest card and so should begin.",
        ),
        "p1-q7.option2": (
            "Tillåtet: A spelade ut och lägger därför först igen.",
            "Legal: A led the trick and so lays first again.",
        ),
        "p1-q7.option3": (
            "Otillåtet: C, som inte har spelat, står på tur.",
            "Illegal: C, who has not played yet, is next.",
        ),
        "p2-q1.question": (
            "Är det här tillåtet? Spader är trumf. B lägger {3S} på A:s {9H} fast B har {10H}.",
            "Is this legal? Spades are trump. B lays the {3S} on A's {9H} although B holds the {10H}.",
        ),
        "p2-q1.option1": (
            "Otillåtet: B har {10H} och måste följa färg med den.",
            "Illegal: B holds the {10H} and must follow suit with it.",
        ),
        "p2-q1.option2": (
            "Tillåtet: en trumf slår en annan färg, och Pagat har inget färgtvång.",
            "Legal: a trump beats another suit, and Pagat does not force following suit.",
        ),
        "p2-q1.option3": (
            "Otillåtet: en trea är lägre än en nia och slår den inte, trumf eller ej.",
            "Illegal: a three is lower than a nine and does not beat it, trump or not.",
        ),
        "p2-q2.question": (
            "Vad händer nu? Ruter är trumf, och C supar B:s {9C}.",
            "What happens now? Diamonds are trump, and C picks up B's {9C}.",
        ),
        "p2-q2.option1": (
            "A:s {6C} ligger överst igen: A får slå sitt eget kort eller supa det.",
            "A's {6C} is on top again: A may beat their own card or pick it up.",
        ),
        "p2-q2.option2": (
            "Bordet är tomt, och A spelar ut till ett helt nytt stick med valfritt kort.",
            "The table is empty, and A leads a brand new trick with any card.",
        ),
        "p2-q2.option3": (
            "C tar båda klöverkorten på bordet, och A spelar ut till nästa stick.",
            "C takes both clubs from the table, and A leads the next trick.",
        ),
        "p2-q3.question": (
            "Vad händer nu? Hjärter är trumf. A och B lägger var sitt sista kort.",
            "What happens now? Hearts are trump. A and B each lay their last card.",
        ),
        "p2-q3.option1": (
            "C måste slå {KS} eller supa den, och sticket fortsätter.",
            "C must beat the {KS} or pick it up, and the trick goes on as usual.",
        ),
        "p2-q3.option2": (
            "Sticket är fullt med två kort, och C spelar ut.",
            "The trick is complete with two cards, and C leads.",
        ),
        "p2-q3.option3": (
            "Spelet är slut: bara C har kort kvar och är skitgubbe.",
            "The game is over: only C holds cards and is the skitgubbe.",
        ),
        "p2-q4.question": (
            "Är det här tillåtet? Klöver är trumf, och B har trumfat A:s {7D} med {9C}. Nu vill C lägga {AD}.",
            "Is this legal? Clubs are trump, and B has trumped A's {7D} with the {9C}. Now C would like to play the {AD}.",
        ),
        "p2-q4.option1": (
            "Otillåtet: en trumf ligger överst, och bara en högre trumf slår den.",
            "Illegal: a trump is on top, and only a higher trump beats it.",
        ),
        "p2-q4.option2": (
            "Tillåtet: {AD} är i den utspelade färgen och högre än {7D}.",
            "Legal: the {AD} is in the suit led and higher than the {7D}.",
        ),
        "p2-q4.option3": (
            "Tillåtet: esset är spelets högsta kort och slår vilket kort som helst.",
            "Legal: the ace is the highest card in the game and beats any card.",
        ),
        "p2-q4.cards": (
            "Vilket kort får C lägga i stället? Tryck på kortet.",
            "Which card may C lay instead? Tap the card.",
        ),
        "p2-q5.question": (
            "Vem spelar ut nu? Ruter är trumf. A spelade ut {5S}, och B supar den.",
            "Who leads now? Diamonds are trump. A led the {5S}, and B picks it up.",
        ),
        "p2-q5.option1": (
            "A, eftersom ingen slog A:s kort och sticket aldrig blev fullt.",
            "A, since nobody beat A's card and the trick was never complete.",
        ),
        "p2-q5.option2": (
            "C: bordet är tomt, och nästa spelare spelar ut.",
            "C: the table is empty, and the next player leads.",
        ),
        "p2-q5.option3": ("B, eftersom B tog upp det enda kortet.", "B, since B picked up the only card."),
        "p2-q6.question": (
            "Hur många kort behöver nästa stick? Ruter är trumf. A lägger {8C}, sitt sista kort, B slår med {QC} och C med {KC}.",
            "How many cards does the next trick need? Diamonds are trump. A lays the {8C}, their last card, B beats it with the {QC} and C with the {KC}.",
        ),
        "p2-q6.option1": (
            "Tre: ett per spelare som fanns när partiet började.",
            "Three: one per player who was there when the game began.",
        ),
        "p2-q6.option2": (
            "Ett: C har fyllt sticket och spelar ut ensam.",
            "One: C completed the trick and leads it alone.",
        ),
        "p2-q6.option3": (
            "Två: A har gått ut, så bara B och C är kvar.",
            "Two: A has gone out, so only B and C are left.",
        ),
        "p2-q7.question": (
            "Är det här tillåtet? Hjärter är trumf. A spelar ut {10S}, och B vill bli av med sin {4S}.",
            "Is this legal? Hearts are trump. A leads the {10S}, and B wants to get rid of the {4S}.",
        ),
        "p2-q7.option1": (
            "Otillåtet: ett kort som inte slår får inte läggas; B får slå eller supa.",
            "Illegal: a card that does not beat may not be laid; B may beat or pick up.",
        ),
        "p2-q7.option2": (
            "Tillåtet: B följer färg, och enligt Pagat är ingen tvungen att slå.",
            "Legal: B follows suit, and under Pagat nobody is forced to beat a card.",
        ),
        "p2-q7.option3": (
            "Tillåtet: den som inte vill slå får lägga ett lägre kort i färgen.",
            "Legal: a player who does not wish to beat may lay a lower card of the suit.",
        ),
        "p2-q7.cards": (
            "Vilket kort får B lägga i stället? Tryck på kortet.",
            "Which card may B lay instead? Tap the card.",
        ),
    },
)
