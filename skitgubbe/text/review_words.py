"""Words of the hint and the game review (`skitgubbe.players.review`, worded by `skitgubbe.text.review_text`): the
reason of a hint, each reviewed move, the summary and how the figures are made."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook

#: Why the strong player makes the hinted move, by the reason key of `skitgubbe.players.review.REASONS`.
HINT_REASONS: PhraseBook[str] = PhraseBook(
    "hint_reasons",
    {
        "only_move": ("Det är det enda tillåtna draget.", "It is the only legal move."),
        "chansa": (
            "Handen är svag: låt talongens översta kort spela åt dig.",
            "Your hand is weak: let the talon's top card play for you.",
        ),
        "pick_up_nothing_beats": (
            "Inget av dina kort slår: ta upp (supa).",
            "Nothing you hold beats it: pick up (supa).",
        ),
        "pick_up_keeps": (
            "Hellre ta upp än offra ett högt kort nu.",
            "Better to pick up now than to give away a high card.",
        ),
        "throw_low": (
            "Släng på ett lågt kort på någon annans stick.",
            "Throw a low card on someone else's trick (slänga på).",
        ),
        "pass": ("Behåll korten: avstå.", "Keep your cards: pass."),
        "lowest_beats": ("Det lägsta kortet som slår.", "The lowest card that beats."),
        "keeps_trumps": (
            "Slår utan trumf, så du behåller dina trumfar.",
            "Beats without a trump, so you keep your trumps (trumf).",
        ),
        "ties": ("Samma valör: det stunsar.", "The same rank: a tie (stunsa)."),
        "lowest_loses": (
            "Sticket är inte värt att ta: släpp ditt lägsta kort.",
            "The trick is not worth winning: give up your lowest card.",
        ),
        "leads_low": ("Spela ut lågt och spara de höga korten.", "Lead low and keep your high cards."),
        "sheds_several": ("Bli av med flera kort på en gång.", "Get rid of several cards at once."),
        "sheds_highest": ("Bli av med ditt högsta kort medan det går.", "Get rid of your highest card while you can."),
        "best_odds": (
            "Det draget förlorar minst ofta i de simulerade givarna.",
            "That move loses least often in the playouts.",
        ),
    },
)

#: The hint's line, each reviewed move's line, the summary and the method.
REVIEW: PhraseBook[str] = PhraseBook(
    "review",
    {
        "hint": ("Tips: {move}. {reason}", "Hint: {move}. {reason}"),
        "hint_odds": (
            "I {deals} simulerade givar med det draget blev du skitgubbe i {loss}.",
            "In {deals} deals played out with that move you were the skitgubbe in {loss}.",
        ),
        "hint_over": ("Spelet är slut: inget drag att tipsa om.", "The game is over: no move to hint."),
        "hint_not_yours": ("Det är inte din tur.", "It is not your turn."),
        "move": ("Drag {n}", "Move {n}"),
        "same": (
            "Ditt drag: {played}, samma som den starka spelarens. Risk att bli skitgubbe: {loss} ({deals} givar).",
            "Your move: {played}, the strong player's too. Chance of being the skitgubbe: {loss} ({deals} deals).",
        ),
        "better": (
            "Ditt drag: {played}; bättre: {best}. Risk att bli skitgubbe {played_loss} mot {best_loss}: "
            "{gain} ± {margin} procentenheter bättre ({deals} givar per drag).",
            "Your move: {played}; better: {best}. Chance of being the skitgubbe {played_loss} against {best_loss}: "
            "{gain} ± {margin} percentage points better ({deals} deals per move).",
        ),
        "summary": (
            "{mistakes} misstag och {inaccuracies} tveksamma drag bland {total} granskade drag; {forced} drag utan "
            "val hoppades över. Tid: {seconds} s.",
            "{mistakes} mistakes and {inaccuracies} inaccuracies among {total} reviewed moves; {forced} moves with no "
            "choice were skipped. Time: {seconds} s.",
        ),
        "method": (
            "Så räknas det: varje tillåtet drag spelas ut på samma nya givar av de kort du inte ser (högst {playouts} "
            "per drag, inom tidsgränsen), till spelets slut med förnuftiga spelare. Risken är andelen givar där du "
            "blev skitgubbe. ± är en felmarginal på 95 % (1,96 standardfel, räknat försiktigt). Misstag: minst "
            "{mistake} procentenheter sämre och minst två standardfel; tveksamt: minst {inaccuracy} procentenheter "
            "och minst ett standardfel.",
            "How it is worked out: every legal move is played out on the same fresh deals of the cards you cannot see "
            "(at most {playouts} per move, within the time budget), to the end of the game with sensible players. "
            "The chance is the share of deals in which you were the skitgubbe. ± is a 95% margin of error (1.96 "
            "standard errors, reckoned on the wide side). Mistake: at least {mistake} percentage points worse and at "
            "least two standard errors; inaccuracy: at least {inaccuracy} percentage points and at least one "
            "standard error.",
        ),
        "empty": ("Du hade inga drag med val att granska.", "You had no moves with a choice to review."),
        "not_over": ("Granskningen börjar när spelet är slut.", "The review starts when the game is over."),
        "cli_title": ("Granskning av dragen för {seat}", "Review of the moves of {seat}"),
        "sev_ok": ("bra", "fine"),
        "sev_inaccuracy": ("tveksamt", "inaccuracy"),
        "sev_mistake": ("misstag", "mistake"),
    },
)

#: Why the strong search (the computer's strong opponent, the hint, the review) runs on the engine, slower and so on
#: fewer deals, by the refusal key of `skitgubbe.engine.kernel.support` (`players.fallback.search_note_key`).
SEARCH_NOTES: PhraseBook[str] = PhraseBook(
    "search_notes",
    {
        "fast_core_throws_out_of_turn": (
            "Den snabba sökningen spelar inte med regeln att slänga på utan tur: den starka motspelaren, tipset och "
            "granskningen räknar därför med spelmotorn, på färre givar, och kan spela något svagare.",
            "The fast search does not play throwing on out of turn: the strong opponent, the hint and the review "
            "work on the game engine here, on fewer deals, so they may play a little weaker.",
        ),
        "fast_core_not_here": (
            "Den snabba sökningen finns inte på den här datorn: den starka motspelaren, tipset och granskningen "
            "räknar med spelmotorn, på färre givar, och kan därför spela något svagare.",
            "The fast search is not on this machine: the strong opponent, the hint and the review work on the game "
            "engine, on fewer deals, so they may play a little weaker.",
        ),
    },
)
