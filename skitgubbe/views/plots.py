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

from skitgubbe.text.numbers import SEAT_NAMES, fmt_int, fmt_mean, fmt_number, fmt_pct, fmt_pct_interval

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

TEXT: Mapping[str, Mapping[str, Any]] = {
    "sv": {
        "loss_rate": "Andel förluster",
        "fair": "rättvis andel, 1/3",
        "interval": "Strecken visar 95 % konfidensintervall (Wilson).",
        "seats": {"forehand": "förhand", "second": "efterhand", "dealer": "given"},
        "seat_title": "Förluster per plats (Pagat, tre förnuftiga spelare)",
        "seat_alt": "Stapeldiagram över andelen förluster per plats i {n} partier: {items}. "
        "En streckad linje markerar en tredjedel.",
        "seat_caption": "Andel partier som platsen förlorade, {n} partier med tre förnuftiga spelare enligt Pagat.",
        "cards_axis": "Kort på handen när fas 2 börjar",
        "trumps_axis": "Trumfer på handen när fas 2 börjar",
        "players_axis": "spelare",
        "opening_title": "Förluster efter handen när fas 2 börjar",
        "opening_alt": "Två diagram över andelen förluster. Till vänster efter antal kort på handen när fas 2 börjar: "
        "{cards}. Till höger efter antal trumfer: {trumps}. En streckad linje markerar en tredjedel.",
        "opening_caption": "Andel spelare som blev skitgubbe, efter hur många kort (vänster) och trumfer (höger) de "
        "hade när fas 2 började; {n} spelare i {games} partier.",
        "bin": "{a}–{b}",
        "bin_low": "högst {b}",
        "bin_high": "{a} eller fler",
        "moves_axis": "Drag per parti (medelvärde)",
        "phase1": "fas 1",
        "phase2": "fas 2",
        "length_title": "Partiets längd per regeluppsättning (tre förnuftiga spelare)",
        "length_alt": "Liggande stapeldiagram över genomsnittligt antal drag i fas 1 och fas 2 per "
        "regeluppsättning, {n} partier var: {items}.",
        "length_item": "{preset} {p1} drag i fas 1 och {p2} i fas 2",
        "length_caption": "Genomsnittligt antal drag i fas 1 och fas 2, med 95 % konfidensintervall (medelvärde "
        "± 1,96 standardfel). Partier som nådde taket på {cap} drag är inte med.",
        "table_preset": "Regler",
        "table_games": "Partier",
        "table_capped": "Nådde taket",
        "table_p1": "Drag i fas 1",
        "table_p2": "Drag i fas 2",
        "table_total": "Drag totalt",
        "table_caption": "Drag per parti, medelvärde ± 95 % konfidensintervall, för de partier som tog slut.",
        "policies": {"never": "aldrig", "sensible": "förnuftig", "eager": "ofta", "always": "alltid vid utspel"},
        "chansa_axis": "Hur spelaren chansar",
        "chansa_title": "En spelare som chansar på olika sätt mot två förnuftiga",
        "chansa_alt": "Stapeldiagram över andelen förluster för en spelare som chansar på fyra olika sätt, "
        "{n} partier för vart och ett: {items}. En streckad linje markerar en tredjedel.",
        "chansa_caption": "Andel förluster för spelaren med det givna sättet att chansa, {n} partier per sätt, "
        "samma givar för alla fyra. I snitt chansade spelaren {per_game} gånger per parti.",
        "kinds": {"strong": "stark", "sensible": "förnuftig", "random": "slumpvis"},
        "each": " (var)",
        "mixed_three-kinds": "En av varje sort ({n} partier)",
        "mixed_strong-sensible": "Stark mot två förnuftiga ({n} partier)",
        "mixed_alt": "Två stapeldiagram över andelen förluster. Till vänster en stark, en förnuftig och en slumpvis "
        "spelare vid samma bord, {n3} partier: {items}. Till höger en stark spelare mot två "
        "förnuftiga, {n2} partier: den starka förlorade {strong} (95 % intervall {ci}), varje "
        "förnuftig i genomsnitt {sensible}. En streckad linje markerar en tredjedel.",
        "mixed_caption": "Andel förluster per slags spelare enligt Pagats regler; platserna växlade, så att varje "
        "sort satt lika ofta på varje plats. Till höger är de två förnuftiga spelarnas andel "
        "delad lika mellan dem. Den starka spelaren fick {playouts} provpartier per val.",
        "item": "{label} {rate} (95 % intervall {ci})",
        "times": "{label} {x}",
    },
    "en": {
        "loss_rate": "Share of games lost",
        "fair": "fair share, 1/3",
        "interval": "Bars show 95% confidence intervals (Wilson).",
        "seats": {"forehand": "forehand", "second": "second hand", "dealer": "dealer"},
        "seat_title": "Losses by seat (Pagat, three sensible players)",
        "seat_alt": "Bar chart of the share of games lost by each seat in {n} games: {items}. "
        "A dashed line marks one in three.",
        "seat_caption": "Share of games each seat lost, {n} games of three sensible players under Pagat's rules.",
        "cards_axis": "Cards in hand when phase 2 opens",
        "trumps_axis": "Trumps in hand when phase 2 opens",
        "players_axis": "players",
        "opening_title": "Losses by the hand held when phase 2 opens",
        "opening_alt": "Two charts of the share of players who lost. Left, by the number of cards in hand when "
        "phase 2 opens: {cards}. Right, by the number of trumps: {trumps}. A dashed line marks one "
        "in three.",
        "opening_caption": "Share of players who became the skitgubbe, by how many cards (left) and trumps (right) "
        "they held when phase 2 opened; {n} players in {games} games.",
        "bin": "{a}–{b}",
        "bin_low": "{b} or fewer",
        "bin_high": "{a} or more",
        "moves_axis": "Moves per game (mean)",
        "phase1": "phase 1",
        "phase2": "phase 2",
        "length_title": "Length of a game by rule set (three sensible players)",
        "length_alt": "Horizontal bar chart of the mean number of moves in phase 1 and phase 2 for each rule set, "
        "{n} games each: {items}.",
        "length_item": "{preset} {p1} moves in phase 1 and {p2} in phase 2",
        "length_caption": "Mean number of moves in phase 1 and phase 2, with 95% confidence intervals (mean ± 1.96 "
        "standard errors). Games that reached the cap of {cap} moves are left out.",
        "table_preset": "Rules",
        "table_games": "Games",
        "table_capped": "Reached the cap",
        "table_p1": "Moves in phase 1",
        "table_p2": "Moves in phase 2",
        "table_total": "Moves in all",
        "table_caption": "Moves per game, mean ± 95% confidence interval, over the games that ended.",
        "policies": {"never": "never", "sensible": "sensible", "eager": "often", "always": "always when leading"},
        "chansa_axis": "How the player chansas",
        "chansa_title": "One player chansaing in different ways against two sensible players",
        "chansa_alt": "Bar chart of the share of games lost by a player who chansas in four different ways, {n} "
        "games for each: {items}. A dashed line marks one in three.",
        "chansa_caption": "Share of games lost by the player with the given way of chansaing, {n} games for each "
        "way, the same deals for all four. On average the player chansaed {per_game} times a game.",
        "kinds": {"strong": "strong", "sensible": "sensible", "random": "random"},
        "each": " (each)",
        "mixed_three-kinds": "One of each kind ({n} games)",
        "mixed_strong-sensible": "Strong against two sensible ({n} games)",
        "mixed_alt": "Two bar charts of the share of games lost. Left, a strong, a sensible and a random player at "
        "one table, {n3} games: {items}. Right, a strong player against two sensible ones, {n2} "
        "games: the strong player lost {strong} (95% interval {ci}), each sensible player {sensible} "
        "on average. A dashed line marks one in three.",
        "mixed_caption": "Share of games lost by each kind of player under Pagat's rules; the seats rotated, so that "
        "every kind sat in every seat equally often. On the right, the two sensible players' share "
        "is split equally between them. The strong player had {playouts} playouts per decision.",
        "item": "{label} {rate} (95% interval {ci})",
        "times": "{label} {x}",
    },
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
    t: Mapping[str, Any],
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
    ax.axhline(100 / 3, color=_GREY, linestyle="--", linewidth=1, label=t["fair"])
    ax.set_xticks(list(xs), labels)
    ax.set_ylabel(t["loss_rate"] + " (%)")
    ax.set_ylim(0, max(100 * (p["rate"] if p["high"] is None else p["high"]) for p in props) * 1.15 + 2)
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.legend(loc="upper right", frameon=False, fontsize=9)


def _items(t: Mapping[str, Any], labels: Sequence[str], props: Sequence[Mapping[str, Any]], lang: str) -> str:
    return "; ".join(
        t["item"].format(label=label, rate=fmt_pct(p["rate"], lang), ci=fmt_pct_interval(p, lang))
        for label, p in zip(labels, props)
    )


def _draw(fig_fn: Callable[[], Figure]) -> Figure:
    with matplotlib.rc_context(_style()):
        return fig_fn()


def seat_figure(result: Mapping[str, Any], lang: str) -> str:
    t = TEXT[lang]
    labels = [t["seats"][name] for name in SEAT_NAMES[: len(result["seats"])]]
    props = result["seats"]

    def draw() -> Figure:
        fig, ax = _figure(6, 3.4)
        _rate_bars(ax, labels, props, [OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["green"]], t)
        ax.set_title(t["seat_title"])
        return fig

    n = fmt_int(result["finished"], lang)
    return figure_html(
        _draw(draw),
        t["seat_alt"].format(n=n, items=_items(t, labels, props, lang)),
        t["seat_caption"].format(n=n) + " " + t["interval"],
    )


def _bin_label(b: Mapping[str, Any], t: Mapping[str, Any], first: bool, lang: str) -> str:
    if b["to"] is None:
        return str(t["bin_high"].format(a=fmt_int(b["from"], lang)))
    if first and b["from"] == 0 and b["to"] > 0:
        return str(t["bin_low"].format(b=fmt_int(b["to"], lang)))
    if b["from"] == b["to"]:
        return fmt_int(b["from"], lang)
    return str(t["bin"].format(a=fmt_int(b["from"], lang), b=fmt_int(b["to"], lang)))


def opening_figure(result: Mapping[str, Any], lang: str) -> str:
    t = TEXT[lang]
    opening = result["opening"]
    panels = []
    for axis, colour in (("cards", OKABE_ITO["vermillion"]), ("trumps", OKABE_ITO["blue"])):
        bins = [b for b in opening[axis] if b["n"]]
        labels = [_bin_label(b, t, i == 0, lang) for i, b in enumerate(bins)]
        panels.append((axis, bins, labels, colour))

    def draw() -> Figure:
        fig, axes = _figure(9, 3.6, cols=2)
        for ax, (axis, bins, labels, colour) in zip(axes, panels):
            _rate_bars(ax, labels, bins, [colour] * len(bins), t, t[f"{axis}_axis"])
            ax.tick_params(axis="x", labelsize=8.5)
        fig.suptitle(t["opening_title"], fontsize=11)
        return fig

    def summary(bins: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> str:
        return "; ".join(
            f"{label}: {fmt_pct(b['rate'], lang)} ({fmt_int(b['n'], lang)} {t['players_axis']})"
            for label, b in zip(labels, bins)
        )

    alt = t["opening_alt"].format(cards=summary(panels[0][1], panels[0][2]), trumps=summary(panels[1][1], panels[1][2]))
    caption = t["opening_caption"].format(n=fmt_int(opening["players"], lang), games=fmt_int(result["finished"], lang))
    return figure_html(_draw(draw), alt, caption + " " + t["interval"])


def length_figure(result: Mapping[str, Any], lang: str) -> str:
    t = TEXT[lang]
    per = result["presets"]
    names = list(per)

    def draw() -> Figure:
        fig, ax = _figure(7.5, 0.55 * len(names) + 1.4)
        ys = list(range(len(names)))[::-1]
        height = 0.38
        for offset, phase, colour in (
            (height / 2, "phase1", OKABE_ITO["sky"]),
            (-height / 2, "phase2", OKABE_ITO["vermillion"]),
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
                label=t[phase],
                capsize=3,
                error_kw={"elinewidth": 1, "ecolor": OKABE_ITO["black"]},
            )
        ax.set_yticks(ys, names)
        ax.set_xlabel(t["moves_axis"])
        ax.legend(loc="lower right", frameon=True, fontsize=9)
        ax.set_title(t["length_title"])
        return fig

    items = "; ".join(
        t["length_item"].format(
            preset=p, p1=fmt_number(per[p]["phase1"]["mean"], lang, 1), p2=fmt_number(per[p]["phase2"]["mean"], lang, 1)
        )
        for p in names
    )
    alt = t["length_alt"].format(n=fmt_int(result["params"]["games"], lang), items=items)
    return figure_html(_draw(draw), alt, t["length_caption"].format(cap=fmt_int(result["params"]["cap"], lang)))


def length_table(result: Mapping[str, Any], lang: str) -> str:
    """An HTML table: games, capped games and mean moves in each phase per preset."""
    t = TEXT[lang]
    pad = "padding:0.25em 0.5em"
    left, right = f'style="{pad};text-align:left"', f'style="{pad};text-align:right;white-space:nowrap"'
    head = f"<th {left}>{escape(t['table_preset'])}</th>" + "".join(
        f'<th style="{pad};text-align:right">{escape(t[k])}</th>'
        for k in ("table_games", "table_capped", "table_p1", "table_p2", "table_total")
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
        f'<div style="overflow-x:auto" tabindex="0" role="region" aria-label="{escape(t["table_caption"])}">'
        f'<table class="skitgubbe-stats-table" '
        f'style="margin:1em auto;border-collapse:collapse"><caption>{escape(t["table_caption"])}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def chansa_figure(result: Mapping[str, Any], lang: str) -> str:
    t = TEXT[lang]
    policies = result["policies"]
    names = list(policies)
    labels = [t["policies"][p] for p in names]
    props = [policies[p] for p in names]
    colours = [OKABE_ITO[c] for c in ("blue", "green", "orange", "vermillion")][: len(names)]

    def draw() -> Figure:
        fig, ax = _figure(6.5, 3.4)
        _rate_bars(ax, labels, props, colours, t, t["chansa_axis"])
        ax.set_title(t["chansa_title"])
        return fig

    n = fmt_int(result["params"]["games"], lang)
    per_game = ", ".join(
        t["times"].format(label=label, x=fmt_number(policies[p]["chansas"]["mean"], lang, 1))
        for label, p in zip(labels, names)
    )
    return figure_html(
        _draw(draw),
        t["chansa_alt"].format(n=n, items=_items(t, labels, props, lang)),
        t["chansa_caption"].format(n=n, per_game=per_game) + " " + t["interval"],
    )


def mixed_figure(result: Mapping[str, Any], lang: str) -> str:
    """Two panels: the table with one player of each kind, and the strong player against two sensible ones."""
    t = TEXT[lang]
    colours = {"strong": OKABE_ITO["blue"], "sensible": OKABE_ITO["green"], "random": OKABE_ITO["orange"]}
    panels = []
    for table in ("three-kinds", "strong-sensible"):
        kinds = result["tables"][table]["kinds"]
        names = list(kinds)
        labels = [t["kinds"][k] + (t["each"] if kinds[k]["players"] > 1 else "") for k in names]
        panels.append((table, labels, [kinds[k] for k in names], [colours.get(k, OKABE_ITO["purple"]) for k in names]))

    def draw() -> Figure:
        fig, axes = _figure(9, 3.6, cols=2)
        for ax, (table, labels, props, cols) in zip(axes, panels):
            _rate_bars(ax, labels, props, cols, t)
            games = result["tables"][table]["games"] - result["tables"][table]["capped"]
            ax.set_title(t[f"mixed_{table}"].format(n=fmt_int(games, lang)), fontsize=10)
        return fig

    three, two = (result["tables"][k] for k in ("three-kinds", "strong-sensible"))
    n3, n2 = fmt_int(three["games"] - three["capped"], lang), fmt_int(two["games"] - two["capped"], lang)
    strong = two["kinds"]["strong"]
    alt = t["mixed_alt"].format(
        n3=n3,
        items=_items(t, panels[0][1], panels[0][2], lang),
        n2=n2,
        strong=fmt_pct(strong["rate"], lang),
        ci=fmt_pct_interval(strong, lang),
        sensible=fmt_pct(two["kinds"]["sensible"]["rate"], lang),
    )
    caption = t["mixed_caption"].format(playouts=fmt_int(result["params"]["playouts"], lang))
    return figure_html(_draw(draw), alt, caption + " " + t["interval"])
