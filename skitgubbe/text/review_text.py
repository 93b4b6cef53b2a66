"""The hint and the review in words (`skitgubbe.players.review`'s figures, `review_words`' templates): the live
table and the command line say the same."""

from __future__ import annotations

from skitgubbe.players.review import INACCURACY_GAIN, MISTAKE_GAIN, Budget, Hint, ReviewedMove
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import fmt_int, fmt_number, fmt_pct
from skitgubbe.text.review_words import HINT_REASONS, REVIEW

#: The 95% margin: this many standard errors.
Z95 = 1.96


def reason_text(reason: str, lang: Lang) -> str:
    """A hint's reason key in words."""
    return HINT_REASONS.phrase(reason, check_lang(lang))


def hint_text(hint: Hint, lang: Lang) -> str:
    """The hint's line: the move, why, and (when it was searched) the figure behind it."""
    lang = check_lang(lang)
    line = REVIEW.phrase("hint", lang, move=move_text(hint.move, lang), reason=reason_text(hint.reason, lang))
    if hint.deals:
        odds = REVIEW.phrase("hint_odds", lang, deals=fmt_int(hint.deals, lang), loss=fmt_pct(hint.loss, lang, 0))
        line = f"{line} {odds}"
    return line


def severity_text(severity: str, lang: Lang) -> str:
    """`ok`, `inaccuracy` or `mistake` in words."""
    lang = check_lang(lang)
    if severity == "mistake":
        return REVIEW.phrase("sev_mistake", lang)
    if severity == "inaccuracy":
        return REVIEW.phrase("sev_inaccuracy", lang)
    return REVIEW.phrase("sev_ok", lang)


def _points(x: float, lang: Lang) -> str:
    return fmt_number(100 * x, lang, 0)


def item_heading(item: ReviewedMove, lang: Lang) -> str:
    """`Move 12` (the move's number in the game, from 1)."""
    return REVIEW.phrase("move", check_lang(lang), n=fmt_int(item.index + 1, lang))


def item_text(item: ReviewedMove, lang: Lang) -> str:
    """One reviewed move: what was played, the better move, both chances, the gain with its margin, the deals."""
    lang = check_lang(lang)
    played = move_text(item.played, lang)
    deals = fmt_int(item.deals, lang)
    if item.played == item.best:
        return REVIEW.phrase("same", lang, played=played, loss=fmt_pct(item.played_loss, lang, 0), deals=deals)
    return REVIEW.phrase(
        "better",
        lang,
        played=played,
        best=move_text(item.best, lang),
        played_loss=fmt_pct(item.played_loss, lang, 0),
        best_loss=fmt_pct(item.best_loss, lang, 0),
        gain=_points(item.gain, lang),
        margin=_points(Z95 * item.se, lang),
        deals=deals,
    )


def summary_text(items: tuple[ReviewedMove, ...] | list[ReviewedMove], forced: int, seconds: float, lang: Lang) -> str:
    """How many mistakes and inaccuracies, of how many moves, how many skipped, and the time it took."""
    lang = check_lang(lang)
    if not items:
        return REVIEW.phrase("empty", lang)
    return REVIEW.phrase(
        "summary",
        lang,
        mistakes=fmt_int(sum(1 for i in items if i.severity == "mistake"), lang),
        inaccuracies=fmt_int(sum(1 for i in items if i.severity == "inaccuracy"), lang),
        total=fmt_int(len(items), lang),
        forced=fmt_int(forced, lang),
        seconds=fmt_number(seconds, lang, 1),
    )


def method_text(budget: Budget, lang: Lang) -> str:
    """How the figures are made and what the severities mean (the thresholds)."""
    lang = check_lang(lang)
    return REVIEW.phrase(
        "method",
        lang,
        playouts=fmt_int(budget.playouts, lang),
        mistake=_points(MISTAKE_GAIN, lang),
        inaccuracy=_points(INACCURACY_GAIN, lang),
    )
