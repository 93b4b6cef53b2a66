"""Words of the "Test yourself" quizzes (`skitgubbe.views.quiz`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Every word the quiz shows, with {placeholders}.
QUIZ: PhraseBook[str] = PhraseBook(
    "quiz",
    {
        "title": ("Testa dig själv", "Test yourself"),
        "before": ("Läget", "The position"),
        "after": ("Läget efteråt", "The position afterwards"),
        "asked": VOCABULARY["the_move"],
        "talon": (
            "Talongen uppifrån (för att lägga upp läget med riktiga kort)",
            "The talon from the top (to lay the position out with real cards)",
        ),
        "cards": ("{gen} kort", "{gen} cards"),
        "right": ("Rätt!", "Right!"),
        "wrong": ("Fel.", "Wrong."),
        "correct": ("Rätt svar: nummer {number}.", "Correct answer: number {number}."),
        "correct_cards": ("Rätt kort: {cards}.", "The right card: {cards}."),
        "chosen": ("Ditt svar: nummer {number}.", "Your answer: number {number}."),
        "chosen_card": ("Du valde {card}.", "You chose the {card}."),
        "yes": ("Ja, draget är tillåtet.", "Yes, the move is legal."),
        "no": ("Nej, draget är inte tillåtet.", "No, the move is illegal."),
        "card_legal": ("{card} får läggas här.", "The {card} may be laid here."),
        "card_illegal": ("{card} får inte läggas här.", "The {card} may not be laid here."),
        "card_wins": ("{card} hade tagit sticket.", "The {card} would have taken the trick."),
        "card_loses": ("{card} hade inte tagit sticket.", "The {card} would not have taken the trick."),
        "rule": ("Regel {id}: {text}", "Rule {id}: {text}"),
        "score": ("{right} av {answered} rätt på den här sidan", "{right} of {answered} right on this page"),
        "score_total": ("({total} frågor)", "({total} questions)"),
        "reset": ("Börja om", "Start again"),
        "unreadable": VOCABULARY["answers_unreadable"],
        "reset_label": ("Börja om: glöm svaren på den här sidan", "Start again: forget the answers on this page"),
    },
)
