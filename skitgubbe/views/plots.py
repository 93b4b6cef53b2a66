"""Figures and tables of the chapter "Strategy and statistics", in Swedish or English.

Only the book's notebooks import this module (it needs matplotlib); the engine never does. Every figure is drawn
with matplotlib's object API (no pyplot, so no global state and no backend), rendered to SVG in memory and returned
as an HTML `<figure>` holding an `<img>` with a data URI, alt text and a caption in the page's language: the page
loads nothing from anywhere. Colours are the Okabe–Ito palette, which readers with colour-blindness can tell apart.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import matplotlib  # type: ignore[import-not-found, unused-ignore]
from matplotlib.figure import Figure  # type: ignore[import-not-found, unused-ignore]

from skitgubbe.text.kind_words import kind_name
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import SEAT_NAMES, fmt_int, fmt_mean, fmt_number, fmt_pct, fmt_pct_interval
from skitgubbe.text.plot_words import PLOT

# Okabe & Ito (2008), "Color Universal Design"
OKABE_ITO = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}
_GREY = "#555555"


def _seat_names(lang: Lang) -> dict[str, str]:
    """The seats (`SEAT_NAMES`) as the figures label them."""
    return {
        "forehand": PLOT.phrase("seats_forehand", lang),
        "second": PLOT.phrase("seats_second", lang),
        "dealer": PLOT.phrase("seats_dealer", lang),
    }


def _policy_names(lang: Lang) -> dict[str, str]:
    """The ways of playing chansa (the chansa study's policies) as the figures label them."""
    return {
        "never": PLOT.phrase("policies_never", lang),
        "sensible": kind_name("sensible", lang),  # the sensible player's own way
        "eager": PLOT.phrase("policies_eager", lang),
        "always": PLOT.phrase("policies_always", lang),
    }


def _style() -> Any:  # an rcParams dict (typed loosely: matplotlib types its keys as literals)
    return {
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.fonttype": "path",
        "svg.hashsalt": "skitgubbe",
        "axes.titlesize": 11,
    }


def _figure(width: float, height: float, cols: int = 1) -> tuple[Figure, Any]:
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, cols)
    return fig, axes


def figure_html(fig: Figure, alt: str, caption: str, css_class: str = "skitgubbe-stats-figure") -> str:
    """The figure as `<figure><img src="data:image/svg+xml;base64,..." alt=...><figcaption>...</figure>`."""
    buffer = io.BytesIO()
    with matplotlib.rc_context(_style()):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return (
        f'<figure class="{css_class}" style="margin:1em 0">'
        f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}" style="max-width:100%;height:auto">'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def _rate_bars(
    ax: Any,
    labels: Sequence[str],
    props: Sequence[Mapping[str, Any]],
    colours: Sequence[str],
    lang: Lang,
    xlabel: str | None = None,
) -> None:
    rates = [100 * p["rate"] for p in props]
    low = [math.nan if p["low"] is None else max(0.0, 100 * (p["rate"] - p["low"])) for p in props]
    high = [math.nan if p["high"] is None else max(0.0, 100 * (p["high"] - p["rate"])) for p in props]
    xs = range(len(props))
    ax.bar(
        xs,
        rates,
        color=colours,
        edgecolor=OKABE_ITO["black"],
        linewidth=0.6,
        yerr=[low, high],
        capsize=4,
        error_kw={"elinewidth": 1.2, "ecolor": OKABE_ITO["black"]},
    )
    ax.axhline(100 / 3, color=_GREY, linestyle="--", linewidth=1, label=PLOT.phrase("fair", lang))
    ax.set_xticks(list(xs), labels)
    ax.set_ylabel(PLOT.phrase("loss_rate", lang) + " (%)")
    ax.set_ylim(0, max(100 * (p["rate"] if p["high"] is None else p["high"]) for p in props) * 1.15 + 2)
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.legend(loc="upper right", frameon=False, fontsize=9)


def _items(labels: Sequence[str], props: Sequence[Mapping[str, Any]], lang: Lang) -> str:
    return "; ".join(
        PLOT.phrase("item", lang, label=label, rate=fmt_pct(p["rate"], lang), ci=fmt_pct_interval(p, lang))
        for label, p in zip(labels, props)
    )


def _draw(fig_fn: Callable[[], Figure]) -> Figure:
    with matplotlib.rc_context(_style()):
        return fig_fn()


def seat_figure(result: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    seats = _seat_names(lang)
    labels = [seats[name] for name in SEAT_NAMES[: len(result["seats"])]]
    props = result["seats"]

    def draw() -> Figure:
        fig, ax = _figure(6, 3.4)
        _rate_bars(ax, labels, props, [OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["green"]], lang)
        ax.set_title(PLOT.phrase("seat_title", lang))
        return fig

    n = fmt_int(result["finished"], lang)
    return figure_html(
        _draw(draw),
        PLOT.phrase("seat_alt", lang, n=n, items=_items(labels, props, lang)),
        PLOT.phrase("seat_caption", lang, n=n) + " " + PLOT.phrase("interval", lang),
    )


def _bin_label(b: Mapping[str, Any], first: bool, lang: Lang) -> str:
    if b["to"] is None:
        return str(PLOT.phrase("bin_high", lang, a=fmt_int(b["from"], lang)))
    if first and b["from"] == 0 and b["to"] > 0:
        return str(PLOT.phrase("bin_low", lang, b=fmt_int(b["to"], lang)))
    if b["from"] == b["to"]:
        return fmt_int(b["from"], lang)
    return str(PLOT.phrase("bin", lang, a=fmt_int(b["from"], lang), b=fmt_int(b["to"], lang)))


def opening_figure(result: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    opening = result["opening"]
    panels = []
    axes_of = (
        ("cards", PLOT.phrase("cards_axis", lang), OKABE_ITO["vermillion"]),
        ("trumps", PLOT.phrase("trumps_axis", lang), OKABE_ITO["blue"]),
    )
    for axis, axis_label, colour in axes_of:
        bins = [b for b in opening[axis] if b["n"]]
        labels = [_bin_label(b, i == 0, lang) for i, b in enumerate(bins)]
        panels.append((axis_label, bins, labels, colour))

    def draw() -> Figure:
        fig, axes = _figure(9, 3.6, cols=2)
        for ax, (axis_label, bins, labels, colour) in zip(axes, panels):
            _rate_bars(ax, labels, bins, [colour] * len(bins), lang, axis_label)
            ax.tick_params(axis="x", labelsize=8.5)
        fig.suptitle(PLOT.phrase("opening_title", lang), fontsize=11)
        return fig

    def summary(bins: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> str:
        return "; ".join(
            f"{label}: {fmt_pct(b['rate'], lang)} ({fmt_int(b['n'], lang)} {PLOT.phrase('players_axis', lang)})"
            for label, b in zip(labels, bins)
        )

    alt = PLOT.phrase(
        "opening_alt", lang, cards=summary(panels[0][1], panels[0][2]), trumps=summary(panels[1][1], panels[1][2])
    )
    caption = PLOT.phrase(
        "opening_caption", lang, n=fmt_int(opening["players"], lang), games=fmt_int(result["finished"], lang)
    )
    return figure_html(_draw(draw), alt, caption + " " + PLOT.phrase("interval", lang))


def length_figure(result: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    per = result["presets"]
    names = list(per)

    def draw() -> Figure:
        fig, ax = _figure(7.5, 0.55 * len(names) + 1.4)
        ys = list(range(len(names)))[::-1]
        height = 0.38
        for offset, phase, phase_label, colour in (
            (height / 2, "phase1", PLOT.phrase("phase1", lang), OKABE_ITO["sky"]),
            (-height / 2, "phase2", PLOT.phrase("phase2", lang), OKABE_ITO["vermillion"]),
        ):
            means = [per[p][phase]["mean"] for p in names]
            errs = [1.96 * per[p][phase]["se"] for p in names]
            ax.barh(
                [y + offset for y in ys],
                means,
                height=height,
                xerr=errs,
                color=colour,
                edgecolor=OKABE_ITO["black"],
                linewidth=0.5,
                label=phase_label,
                capsize=3,
                error_kw={"elinewidth": 1, "ecolor": OKABE_ITO["black"]},
            )
        ax.set_yticks(ys, names)
        ax.set_xlabel(PLOT.phrase("moves_axis", lang))
        ax.legend(loc="lower right", frameon=True, fontsize=9)
        ax.set_title(PLOT.phrase("length_title", lang))
        return fig

    items = "; ".join(
        PLOT.phrase(
            "length_item",
            lang,
            preset=p,
            p1=fmt_number(per[p]["phase1"]["mean"], lang, 1),
            p2=fmt_number(per[p]["phase2"]["mean"], lang, 1),
        )
        for p in names
    )
    alt = PLOT.phrase("length_alt", lang, n=fmt_int(result["params"]["games"], lang), items=items)
    return figure_html(
        _draw(draw), alt, PLOT.phrase("length_caption", lang, cap=fmt_int(result["params"]["cap"], lang))
    )


def length_table(result: Mapping[str, Any], lang: Lang) -> str:
    """An HTML table: games, capped games and mean moves in each phase per preset."""
    lang = check_lang(lang)
    pad = "padding:0.25em 0.5em"
    left, right = f'style="{pad};text-align:left"', f'style="{pad};text-align:right;white-space:nowrap"'
    head = f"<th {left}>{escape(PLOT.phrase('table_preset', lang))}</th>" + "".join(
        f'<th style="{pad};text-align:right">{escape(label)}</th>'
        for label in (
            PLOT.phrase("table_games", lang),
            PLOT.phrase("table_capped", lang),
            PLOT.phrase("table_p1", lang),
            PLOT.phrase("table_p2", lang),
            PLOT.phrase("table_total", lang),
        )
    )
    rows = []
    for preset, v in result["presets"].items():
        cells = [
            f"<td {left}><code>{escape(preset)}</code></td>",
            f"<td {right}>{fmt_int(v['games'], lang)}</td>",
            f"<td {right}>{fmt_int(v['capped'], lang)}</td>",
        ]
        cells += [f"<td {right}>{escape(fmt_mean(v[phase], lang))}</td>" for phase in ("phase1", "phase2", "total")]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<div style="overflow-x:auto" tabindex="0" role="region" aria-label="{escape(PLOT.phrase("table_caption", lang))}">'
        f'<table class="skitgubbe-stats-table" '
        f'style="margin:1em auto;border-collapse:collapse"><caption>{escape(PLOT.phrase("table_caption", lang))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def chansa_figure(result: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    policies = result["policies"]
    names = list(policies)
    policy_names = _policy_names(lang)
    labels = [policy_names[p] for p in names]
    props = [policies[p] for p in names]
    colours = [OKABE_ITO[c] for c in ("blue", "green", "orange", "vermillion")][: len(names)]

    def draw() -> Figure:
        fig, ax = _figure(6.5, 3.4)
        _rate_bars(ax, labels, props, colours, lang, PLOT.phrase("chansa_axis", lang))
        ax.set_title(PLOT.phrase("chansa_title", lang))
        return fig

    n = fmt_int(result["params"]["games"], lang)
    per_game = ", ".join(
        PLOT.phrase("times", lang, label=label, x=fmt_number(policies[p]["chansas"]["mean"], lang, 1))
        for label, p in zip(labels, names)
    )
    return figure_html(
        _draw(draw),
        PLOT.phrase("chansa_alt", lang, n=n, items=_items(labels, props, lang)),
        PLOT.phrase("chansa_caption", lang, n=n, per_game=per_game) + " " + PLOT.phrase("interval", lang),
    )


def mixed_figure(result: Mapping[str, Any], lang: Lang) -> str:
    """Two panels: the table with one player of each kind, and the strong player against two sensible ones."""
    lang = check_lang(lang)
    colours = {"strong": OKABE_ITO["blue"], "sensible": OKABE_ITO["green"], "random": OKABE_ITO["orange"]}
    panels = []
    for table in ("three-kinds", "strong-sensible"):
        kinds = result["tables"][table]["kinds"]
        names = list(kinds)
        labels = [kind_name(k, lang) + (PLOT.phrase("each", lang) if kinds[k]["players"] > 1 else "") for k in names]
        panels.append((table, labels, [kinds[k] for k in names], [colours.get(k, OKABE_ITO["purple"]) for k in names]))

    def draw() -> Figure:
        fig, axes = _figure(9, 3.6, cols=2)
        for ax, (table, labels, props, cols) in zip(axes, panels):
            _rate_bars(ax, labels, props, cols, lang)
            games = result["tables"][table]["games"] - result["tables"][table]["capped"]
            n = fmt_int(games, lang)
            title = (
                PLOT.phrase("mixed_three-kinds", lang, n=n)
                if table == "three-kinds"
                else PLOT.phrase("mixed_strong-sensible", lang, n=n)
            )
            ax.set_title(title, fontsize=10)
        return fig

    three, two = (result["tables"][k] for k in ("three-kinds", "strong-sensible"))
    n3, n2 = fmt_int(three["games"] - three["capped"], lang), fmt_int(two["games"] - two["capped"], lang)
    strong = two["kinds"]["strong"]
    alt = PLOT.phrase(
        "mixed_alt",
        lang,
        n3=n3,
        items=_items(panels[0][1], panels[0][2], lang),
        n2=n2,
        strong=fmt_pct(strong["rate"], lang),
        ci=fmt_pct_interval(strong, lang),
        sensible=fmt_pct(two["kinds"]["sensible"]["rate"], lang),
    )
    caption = PLOT.phrase("mixed_caption", lang, playouts=fmt_int(result["params"]["playouts"], lang))
    return figure_html(_draw(draw), alt, caption + " " + PLOT.phrase("interval", lang))
