"""Numbers and seat names as a page shows them, in Swedish or English (decimal comma, thin spaces, percentages)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skitgubbe.text.lang import Lang, check_lang

#: The two-sided 95 % normal quantile: the half-width of an interval is `Z95` standard errors.
Z95 = 1.959963984540054

#: The three seats of a 3-player game, in order (keys of the words for them).
SEAT_NAMES = ("forehand", "second", "dealer")


def fmt_number(x: float, lang: Lang, digits: int = 0) -> str:
    """A number in the page's language: decimal comma and a thin space between thousands in Swedish."""
    lang = check_lang(lang)
    text = f"{x:,.{digits}f}"
    if lang == "sv":
        return text.replace(",", "\u202f").replace(".", ",")
    return text


def fmt_int(n: int, lang: Lang) -> str:
    """A whole number in the page's language: `12\u202f345` (sv) or `12,345` (en)."""
    return fmt_number(n, check_lang(lang), 0)


def fmt_pct(x: float, lang: Lang, digits: int = 1) -> str:
    """A proportion as a percentage: `33,4 %` (sv, with a no-break space) or `33.4%` (en)."""
    lang = check_lang(lang)
    text = fmt_number(100 * x, lang, digits)
    return f"{text}\u00a0%" if lang == "sv" else f"{text}%"


def fmt_pct_interval(p: Mapping[str, Any], lang: Lang, digits: int = 1) -> str:
    """A Wilson interval: `31,7–35,1 %` or `31.7–35.1%`."""
    lang = check_lang(lang)
    low = fmt_number(100 * p["low"], lang, digits)
    high = fmt_pct(p["high"], lang, digits)
    return f"{low}\u2013{high}"


def fmt_mean(m: Mapping[str, Any], lang: Lang, digits: int = 1) -> str:
    """A mean with its 95% half-width: `52,3 ± 0,4`; one more decimal when the half-width would show as 0."""
    lang = check_lang(lang)
    half = Z95 * m["se"]
    if 0 < half < 0.5 * 10**-digits:
        digits += 1
    return f"{fmt_number(m['mean'], lang, digits)}\u00a0±\u00a0{fmt_number(half, lang, digits)}"


def fmt_points(m: Mapping[str, Any], lang: Lang, digits: int = 1) -> str:
    """A difference of proportions in percentage points with its 95% half-width: `+1,5 ± 1,3`."""
    lang = check_lang(lang)
    mean = 100 * m["mean"]
    shown = round(abs(mean), digits)
    sign = "" if shown == 0 else "+" if mean > 0 else "\u2212"
    return f"{sign}{fmt_number(abs(mean), lang, digits)}\u00a0±\u00a0{fmt_number(100 * Z95 * m['se'], lang, digits)}"
