"""Words of the statistics chapter's figures and tables (`skitgubbe.views.plots`)."""

from __future__ import annotations

from skitgubbe.text.phrases import PhraseBook
from skitgubbe.text.vocabulary import VOCABULARY

#: Axes, titles, alt texts and captions of the figures.
PLOT: PhraseBook[str] = PhraseBook(
    "plot",
    {
        "loss_rate": ("Andel förluster", "Share of games lost"),
        "fair": ("rättvis andel, 1/3", "fair share, 1/3"),
        "interval": (
            "Strecken visar 95 % konfidensintervall (Wilson).",
            "Bars show 95% confidence intervals (Wilson).",
        ),
        "seats_forehand": VOCABULARY["forehand"],
        "seats_second": VOCABULARY["second_hand"],
        "seats_dealer": ("given", "dealer"),
        "seat_title": (
            "Förluster per plats (Pagat, tre förnuftiga spelare)",
            "Losses by seat (Pagat, three sensible players)",
        ),
        "seat_alt": (
            "Stapeldiagram över andelen förluster per plats i {n} partier: {items}. En streckad linje markerar en tredjedel.",
            "Bar chart of the share of games lost by each seat in {n} games: {items}. A dashed line marks one in three.",
        ),
        "seat_caption": (
            "Andel partier som platsen förlorade, {n} partier med tre förnuftiga spelare enligt Pagat.",
            "Share of games each seat lost, {n} games of three sensible players under Pagat's rules.",
        ),
        "cards_axis": ("Kort på handen när fas 2 börjar", "Cards in hand when phase 2 opens"),
        "trumps_axis": ("Trumfar på handen när fas 2 börjar", "Trumps in hand when phase 2 opens"),
        "players_axis": ("spelare", "players"),
        "opening_title": ("Förluster efter handen när fas 2 börjar", "Losses by the hand held when phase 2 opens"),
        "opening_alt": (
            "Två diagram över andelen förluster. Till vänster efter antal kort på handen när fas 2 börjar: {cards}. Till höger efter antal trumfar: {trumps}. En streckad linje markerar en tredjedel.",
            "Two charts of the share of players who lost. Left, by the number of cards in hand when phase 2 opens: {cards}. Right, by the number of trumps: {trumps}. A dashed line marks one in three.",
        ),
        "opening_caption": (
            "Andel spelare som blev skitgubbe, efter hur många kort (vänster) och trumfar (höger) de hade när fas 2 började; {n} spelare i {games} partier.",
            "Share of players who became the skitgubbe, by how many cards (left) and trumps (right) they held when phase 2 opened; {n} players in {games} games.",
        ),
        "bin": ("{a}–{b}", "{a}–{b}"),
        "bin_low": ("högst {b}", "{b} or fewer"),
        "bin_high": ("{a} eller fler", "{a} or more"),
        "moves_axis": ("Drag per parti (medelvärde)", "Moves per game (mean)"),
        "phase1": VOCABULARY["phase1"],
        "phase2": VOCABULARY["phase2"],
        "length_title": (
            "Partiets längd per regeluppsättning (tre förnuftiga spelare)",
            "Length of a game by rule set (three sensible players)",
        ),
        "length_alt": (
            "Liggande stapeldiagram över genomsnittligt antal drag i fas 1 och fas 2 per regeluppsättning, {n} partier var: {items}.",
            "Horizontal bar chart of the mean number of moves in phase 1 and phase 2 for each rule set, {n} games each: {items}.",
        ),
        "length_item": (
            "{preset} {p1} drag i fas 1 och {p2} i fas 2",
            "{preset} {p1} moves in phase 1 and {p2} in phase 2",
        ),
        "length_caption": (
            "Genomsnittligt antal drag i fas 1 och fas 2, med 95 % konfidensintervall (medelvärde ± 1,96 standardfel). Partier som nådde taket på {cap} drag är inte med.",
            "Mean number of moves in phase 1 and phase 2, with 95% confidence intervals (mean ± 1.96 standard errors). Games that reached the cap of {cap} moves are left out.",
        ),
        "table_preset": VOCABULARY["rules"],
        "table_games": ("Partier", "Games"),
        "table_capped": ("Nådde taket", "Reached the cap"),
        "table_p1": ("Drag i fas 1", "Moves in phase 1"),
        "table_p2": ("Drag i fas 2", "Moves in phase 2"),
        "table_total": ("Drag totalt", "Moves in all"),
        "table_caption": (
            "Drag per parti, medelvärde ± 95 % konfidensintervall, för de partier som tog slut.",
            "Moves per game, mean ± 95% confidence interval, over the games that ended.",
        ),
        "policies_never": ("aldrig", "never"),
        "policies_eager": ("ofta", "often"),
        "policies_always": ("alltid vid utspel", "always when leading"),
        "chansa_axis": ("Hur spelaren chansar", "How the player plays chansa"),
        "chansa_title": (
            "En spelare som chansar på olika sätt mot två förnuftiga",
            "One player playing chansa in different ways against two sensible players",
        ),
        "chansa_alt": (
            "Stapeldiagram över andelen förluster för en spelare som chansar på fyra olika sätt, {n} partier för vart och ett: {items}. En streckad linje markerar en tredjedel.",
            "Bar chart of the share of games lost by a player who plays chansa in four different ways, {n} games for each: {items}. A dashed line marks one in three.",
        ),
        "chansa_caption": (
            "Hur stor andel av partierna spelaren förlorade med vart och ett av sätten att chansa, {n} partier per sätt och samma givar för alla fyra. I snitt chansade spelaren {per_game} gånger per parti.",
            "Share of games lost by the player with the given way of playing chansa, {n} games for each way, the same deals for all four. On average the player played chansa {per_game} times a game.",
        ),
        "each": (" (var)", " (each)"),
        "mixed_three-kinds": ("En av varje sort ({n} partier)", "One of each kind ({n} games)"),
        "mixed_strong-sensible": ("Stark mot två förnuftiga ({n} partier)", "Strong against two sensible ({n} games)"),
        "mixed_alt": (
            "Två stapeldiagram över andelen förluster. Till vänster en stark, en förnuftig och en slumpvis spelare vid samma bord, {n3} partier: {items}. Till höger en stark spelare mot två förnuftiga, {n2} partier: den starka förlorade {strong} (95 % intervall {ci}), varje förnuftig i genomsnitt {sensible}. En streckad linje markerar en tredjedel.",
            "Two bar charts of the share of games lost. Left, a strong, a sensible and a random player at one table, {n3} games: {items}. Right, a strong player against two sensible ones, {n2} games: the strong player lost {strong} (95% interval {ci}), each sensible player {sensible} on average. A dashed line marks one in three.",
        ),
        "mixed_caption": (
            "Andel förluster per slags spelare enligt Pagats regler; platserna växlade, så att varje sort satt lika ofta på varje plats. Till höger är de två förnuftiga spelarnas andel delad lika mellan dem. Den starka spelaren fick {playouts} provpartier per val.",
            "Share of games lost by each kind of player under Pagat's rules; the seats rotated, so that every kind sat in every seat equally often. On the right, the two sensible players' share is split equally between them. The strong player had {playouts} playouts per decision.",
        ),
        "item": ("{label} {rate} (95 % intervall {ci})", "{label} {rate} (95% interval {ci})"),
        "times": ("{label} {x}", "{label} {x}"),
    },
)
