"""Words of the learning path (`skitgubbe.views.exercises`): the page's controls, the lessons, the feedback per
outcome, each exercise's task, and the messages about a bad exercise file."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: The path's controls and headings.
EXERCISE: PhraseBook[str] = PhraseBook(
    "exercise",
    {
        "path": ("Lär dig genom att spela", "Learn by playing"),
        "exercise": ("Övning {number}", "Exercise {number}"),
        "options": ("Välj ett drag för {name}", "Choose a move for {name}"),
        "your_move": ("{name} ska göra draget.", "{name} is to move."),
        "pick_up": VOCABULARY["pick_up"],
        "chansa": ("Chansa", "Chansa"),
        "right": ("✓ Rätt!", "✓ Right!"),
        "wrong": ("✗ Fel svar.", "✗ Wrong answer."),
        "chosen": ("Du valde: {move}.", "You chose: {move}."),
        "answer": ("Rätt svar: {moves}.", "The right answer: {moves}."),
        "or": ("eller", "or"),
        "rule": ("Regeln: {text}", "The rule: {text}"),
        "teaches": ("Övningen gäller regeln: {text}", "This exercise is about the rule: {text}"),
        "rules": ("Regler: {preset}", "Rules: {preset}"),
        "again": ("Försök igen", "Try again"),
        # the board's help after an answer, by the reader's pointer: a finger (no keys to speak of) or a mouse and keys
        "steps_touch": (
            "Tryck på stegknapparna eller dra i reglaget för att se läget före och efter draget.",
            "Tap the step buttons or drag the slider to see the position before and after the move.",
        ),
        "steps_keys": (
            "Stega med knapparna eller reglaget, eller med piltangenterna (Home och End går till början och slutet).",
            "Step with the buttons or the slider, or with the arrow keys (Home and End go to the start and the end).",
        ),
        "again_label": ("Försök igen: övning {number}", "Try again: exercise {number}"),
        "progress": (
            "{done} av {total} övningar gjorda, {right} rätt",
            "{done} of {total} exercises done, {right} right",
        ),
        "finished": (
            "Du har gjort alla {total} övningar. Nu kan du spela!",
            "You have done all {total} exercises. Now you can play!",
        ),
        "reset": ("Börja om från början", "Start over"),
        "unreadable": VOCABULARY["answers_unreadable"],
        "reset_label": ("Börja om från början: glöm alla svar", "Start over: forget every answer"),
        "no_script": (
            "Övningarna behöver JavaScript för att visa bordet och svaren.",
            "The exercises need JavaScript to show the table and the answers.",
        ),
        "sheet": ("Arbetsblad", "Worksheet"),
        "sheet_task": ("Ringa in rätt drag.", "Circle the right move."),
        "key": ("Facit (räknat av bokens regelmotor)", "Answer key (worked out by the book's rules engine)"),
        "key_wrong": ("Fel svar:", "Wrong answers:"),
        "lesson": ("Lektion {number}: {title}", "Lesson {number}: {title}"),
        "open_lesson": ("Öppna lektionen bland övningarna", "Open the lesson among the exercises"),
    },
)

#: The lessons (`exercise_data.SETS`), their titles.
SET_TITLES: PhraseBook[str] = PhraseBook(
    "exercise_sets",
    {
        "phase1": ("Fas 1: samla kort i stick", "Phase 1: collecting cards in tricks"),
        "phase2": ("Fas 2: slå eller ta upp", "Phase 2: beat or pick up"),
        "variants": ("Andra regler: förvalen skiljer sig", "Other rules: how the presets differ"),
    },
)

#: What an option did, by outcome tag (`exercise_data.TAGS`): the feedback's first sentence. {move} is the move.
FEEDBACK: PhraseBook[str] = PhraseBook(
    "exercise_feedback",
    {
        "refused": ("{move} är inte tillåtet här.", "{move} is not allowed here."),
        "leads": ("{move} spelas ut: sticket börjar.", "{move} is led: the trick begins."),
        "beats": ("{move} slår kortet överst på bordet.", "{move} beats the top card on the table."),
        "wins": ("{move} tar sticket.", "{move} takes the trick."),
        "loses": ("{move} är tillåtet men tar inte sticket.", "{move} is allowed but does not take the trick."),
        "ties": ("{move} ger lika: det stunsar.", "{move} is the same rank: a tie (stunsa)."),
        "drew": ("Efter {move} drar spelaren från talongen.", "After {move} the player draws from the talon."),
        "chansa": (
            "{move}: talongens översta kort vänds och spelas osett.",
            "{move}: the talon's top card is turned and played unseen.",
        ),
        "set-aside": (
            "Efter {move} läggs talongens sista kort undan med baksidan upp.",
            "After {move} the talon's last card is laid aside face down.",
        ),
        "phase1-over": ("{move} avslutar fas 1.", "{move} ends phase 1."),
        "picked-up": ("{move}: korten tas upp från bordet.", "{move}: the cards are picked up from the table."),
        "trick-turned": (
            "{move} fyller sticket: det vänds bort.",
            "{move} completes the trick: it is turned away.",
        ),
        "out": (
            "Med {move} blir spelaren av med sitt sista kort och går ut.",
            "With {move} the player sheds their last card and goes out.",
        ),
        "loser": ("{move} avgör spelet: nu finns en skitgubbe.", "{move} ends the game: there is a skitgubbe."),
        "burned": ("{move} bränner högen.", "{move} burns the pile."),
    },
)

#: A bad exercise file: what is wrong (the place is written before it).
EXERCISE_ERRORS: PhraseBook[str] = PhraseBook(
    "exercise_errors",
    {
        "must_be_object": VOCABULARY["must_be_object"],
        "unknown_key": ("okänd nyckel {name}", "unknown key {name}"),
        "missing_key": ("nyckeln {name} saknas", "the key {name} is missing"),
        "must_be_one_of": VOCABULARY["must_be_one_of"],
        "unknown_rule": ("{rule} finns inte i regelkatalogen", "{rule} is not in the rule catalogue"),
        "at_least_two_options": ("behöver minst två alternativ", "needs at least two options"),
        "option_shape": (
            'ett alternativ är ett objekt med "move" och "says"',
            'an option is an object with "move" and "says"',
        ),
        "must_be_string": ("måste vara en text, inte {value}", "must be a text, not {value}"),
        "not_a_move_here": ("{move} är inget drag här: {why}", "{move} is not a move here: {why}"),
        "engine_finds": (
            "filen säger {says}, men regelmotorn finner: {found}",
            "the file says {says}, but the rules engine finds: {found}",
        ),
        "engine_refuses_by": (
            "filen anger regeln {given}, men regelmotorn vägrar draget enligt {rule}",
            "the file gives the rule {given}, but the rules engine refuses the move by {rule}",
        ),
        "rule_only_refused": (
            'en regel anges bara för ett vägrat drag ("says": "refused")',
            'a rule is given only for a refused move ("says": "refused")',
        ),
        "right_says_goal": (
            "ett rätt alternativ ska säga {goal} och ett fel alternativ något annat, inte {says}",
            "a right option must say {goal} and a wrong one something else, not {says}",
        ),
        "one_right_one_wrong": (
            "minst ett alternativ ska ge {goal} och minst ett inte",
            "at least one option must give {goal} and at least one must not",
        ),
        "illegal_move": ("draget {move} är inte tillåtet i läget", "the move {move} is not legal in the position"),
        "game_over_no_one": ("spelet är slut: ingen ska göra något drag", "the game is over: nobody is to move"),
        "bad_case": ("läget går inte att använda: {why}", "the position cannot be used: {why}"),
        "no_task": ("uppgiften saknas i exercise_words.TASKS", "the task is missing from exercise_words.TASKS"),
    },
)

#: Why an exercise offers fewer moves than its position allows, by exercise id (every other exercise offers every
#: move the engine allows there, and a test checks both); `{count}` is the number of moves the position allows.
SHOWN_FEWER: PhraseBook[str] = PhraseBook(
    "exercise_shown_fewer",
    {
        "v-01-sequence": (
            "B får göra {count} drag här. Av färgstegarna visas bara den längsta: de kortare och de enskilda "
            "klövern slår också, men blir av med färre kort, och B får ta upp.",
            "B may make {count} moves here. Of the suit sequences only the longest is shown: the shorter ones and "
            "the single clubs beat too but shed fewer cards, and B may pick up.",
        ),
        "v-06-everyone-one-rank": (
            "A får spela ut på {count} sätt här. Två utspel med två kort visas: ett enda kort får också spelas "
            "ut, och A får chansa.",
            "A may lead in {count} ways here. Two leads of two cards are shown: a single card may be led as "
            "well, and A may play chansa.",
        ),
    },
)

#: Each exercise's task, by its id (`exercise_data.exercises()`' keys; tests check both ways). `{QH}` / `{QC KC AC}`
#: are card slots, written out in the page's language by `records.caselib.say`: a pair is read whole
#: (`TASKS[key]`), never filled by `phrase`.
TASKS: PhraseBook[str] = PhraseBook(
    "exercise_tasks",
    {
        # phase 1
        "p1-01-lead": (
            "A är förhand och spelar ut till första sticket. Välj ett drag som A får göra.",
            "A is forehand (förhand) and leads to the first trick. Choose a move A may make.",
        ),
        "p1-02-higher-wins": (
            "A har spelat ut {QH}. Ta sticket åt B.",
            "A has led the {QH}. Take the trick for B.",
        ),
        "p1-03-any-suit": (
            "A har spelat ut {9S}. B har bara en låg spader. Ta ändå sticket åt B.",
            "A has led the {9S}. B holds only a low spade. Take the trick for B all the same.",
        ),
        "p1-04-no-need-to-win": (
            "A har spelat ut {AS}, och B kan inte slå det. Välj ett drag som B får göra.",
            "A has led the {AS} and B cannot beat it. Choose a move B may make.",
        ),
        "p1-05-stunsa": (
            "A har spelat ut {8S}. Låt sticket stunsa.",
            "A has led the {8S}. Make the trick a tie (stunsa).",
        ),
        "p1-06-stunsa-again": (
            "{8S} och {8D} stunsade, och A har spelat {JC} ovanpå. Ta alla fyra korten åt B.",
            "The {8S} and the {8D} tied, and A has played the {JC} on top. Take all four cards for B.",
        ),
        "p1-07-draw": (
            "Talongens översta kort är {AS} (läget är upplagt med kända kort). Välj ett drag som ger A det kortet på handen.",
            "The talon's top card is the {AS} (the position is laid out with known cards). Choose a move that brings it into A's hand.",
        ),
        "p1-08-chansa": (
            "A har spelat ut {KH}. B:s kort på handen är alla lägre. Talongens översta kort är {AS}. Ta sticket åt B.",
            "A has led the {KH}. All of B's hand cards are lower. The talon's top card is the {AS}. Take the trick for B.",
        ),
        "p1-09-chansa-limit": (
            "A har spelat ut {KH}, och talongen har bara ett kort kvar. Ta sticket åt B: chansa eller ett kort från handen?",
            "A has led the {KH} and the talon holds only one card. Take the trick for B: chansa, or a card from the hand?",
        ),
        "p1-10-last-card": (
            "Talongen har bara ett kort kvar, och A ska spela ut. Välj ett drag som gör att A lägger det kortet åt sidan.",
            "The talon holds only one card, and A is to lead. Choose a move that makes A lay that card aside.",
        ),
        "p1-11-end": (
            "Talongen är slut och C har inga kort. A har spelat ut sitt sista kort, {KC}. Vilket svar avslutar fas 1?",
            "The talon is used up and C holds no cards. A has led the last card in hand, the {KC}. Which answer ends phase 1?",
        ),
        "p1-12-no-draw-after-chansa": (
            "A har spelat ut {9H}. Välj ett drag som ger B ett nytt kort från talongen.",
            "A has led the {9H}. Choose a move that gives B a new card from the talon.",
        ),
        # phase 2
        "p2-01-lead": (
            "Fas 2 börjar med tomt bord, hjärter är trumf och A ska spela ut. Välj ett drag som A får göra.",
            "Phase 2 begins on an empty table, hearts are trump and A is to lead. Choose a move A may make.",
        ),
        "p2-02-beat-suit": (
            "A har spelat ut {9C} och hjärter är trumf. Slå kortet åt B.",
            "A has led the {9C} and hearts are trump. Beat it for B.",
        ),
        "p2-03-beat-trump": (
            "A har spelat ut {KS}. B har inga spader, och hjärter är trumf. Slå kortet åt B.",
            "A has led the {KS}. B holds no spades, and hearts are trump. Beat it for B.",
        ),
        "p2-04-higher-trump": (
            "A har spelat ut trumfen {9H}. Slå den åt B.",
            "A has led the trump {9H}. Beat it for B.",
        ),
        "p2-05-cannot-beat": (
            "A har spelat ut {AS}. B har varken spader eller trumf: B kan inte slå. Vad nu?",
            "A has led the {AS}. B holds neither spades nor trumps: B cannot beat. What now?",
        ),
        "p2-06-pick-up-optional": (
            "A har spelat ut {10S}. B kan slå med trumfen {AH} men vill spara den. Vad får B göra i stället?",
            "A has led the {10S}. B could beat it with the trump {AH} but wants to keep it. What may B do instead?",
        ),
        "p2-07-top-card": (
            "A spelade {7S}, B slog med {JS}, och C tog upp det. Nu är det A:s tur. Slå det kort som ligger överst.",
            "A played the {7S}, B beat it with the {JS}, and C picked up. Now it is A's turn. Beat the card on top.",
        ),
        "p2-08-table-empty": (
            "A spelade ut {5S} och B tog upp det. Bordet är tomt och C ska göra något. Välj ett drag som C får göra.",
            "A led the {5S} and B picked it up. The table is empty and C is to act. Choose a move C may make.",
        ),
        "p2-09-complete": (
            "Tre spelare är med, och två kort ligger på bordet. Fyll sticket åt C.",
            "Three players are in, and two cards lie on the table. Complete the trick for C.",
        ),
        "p2-10-next-lead": (
            "Två kort ligger på bordet. C vill fylla sticket och spela ut nästa stick. Välj ett drag som gör det.",
            "Two cards lie on the table. C wants to complete the trick and lead the next one. Choose a move that does that.",
        ),
        "p2-11-out": (
            "A har ett enda kort kvar, {QS}, och C har spelat ut {10S}. Gå ut med A.",
            "A holds a single card, the {QS}, and C has led the {10S}. Go out with A.",
        ),
        "p2-12-trick-count": (
            "A spelade ut sitt sista kort, {8C}, och är ute. B slog med {QC}. Räknas sticket fullt nu, eller behövs ett kort till? Fyll sticket åt C.",
            "A led the last card in hand, the {8C}, and is out. B beat it with the {QC}. Is the trick complete now, or does it need another card? Complete it for C.",
        ),
        "p2-13-loser": (
            "C är redan ute. B har spelat ut {9S}, och A har bara {KS} kvar. Vilket drag avgör vem som blir skitgubbe?",
            "C is already out. B has led the {9S}, and A holds only the {KS}. Which move decides who is the skitgubbe?",
        ),
        # the presets' differences
        "v-01-sequence": (
            "Enligt kortspelsregler: A har spelat ut {9C}. Bli av med så många klöver som möjligt i ett drag åt B.",
            "Under kortspelsregler: A has led the {9C}. Shed as many clubs as you can in one move for B.",
        ),
        "v-02-one-card": (
            "Samma läge enligt Pagat: A har spelat ut {9C}. Slå kortet åt B.",
            "The same position under Pagat: A has led the {9C}. Beat it for B.",
        ),
        "v-03-follow-suit": (
            "Enligt kortspelsregler: A har spelat ut {9C}, och hjärter är trumf. Slå kortet åt B.",
            "Under kortspelsregler: A has led the {9C}, and hearts are trump. Beat it for B.",
        ),
        "v-04-pick-up-play": (
            "Enligt kortspelsregler: B har slagit {9C} med {QC KC AC}. C kan inte slå. Vad gör C?",
            "Under kortspelsregler: B has beaten the {9C} with {QC KC AC}. C cannot beat. What does C do?",
        ),
        "v-05-must-beat": (
            "Enligt de stränga reglerna (strikt): A har spelat ut {9S}, och B har {JS}. Vad får B göra?",
            "Under the strict rules (strikt): A has led the {9S}, and B holds the {JS}. What may B do?",
        ),
        "v-06-everyone-one-rank": (
            "Alla spelar i fas 1 (alla-spelar): A spelar ut. Vilket utspel är tillåtet?",
            "Everyone plays in phase 1 (alla-spelar): A leads. Which lead is allowed?",
        ),
        "v-07-turned-trump-follow": (
            "Med uppslagen trumf (hjärter): A har spelat ut {9S}. Vilket kort får B lägga?",
            "With a turned-up trump (hearts): A has led the {9S}. Which card may B lay?",
        ),
        "v-08-ten-burns": (
            "Med specialkort: A har lagt {KS} på högen. B har inget högre i spader. Vad gör B?",
            "With special cards (specialkort): A has laid the {KS} on the pile. B holds nothing higher in spades. What does B do?",
        ),
    },
)
