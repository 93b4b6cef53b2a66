"""Command line: `python -m skitgubbe check|simulate|play|replay` (see --help of each)."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.state import GameState
from skitgubbe.errors import IllegalMove, MoveParseError, PositionError, RecordError, RulesError
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import PLAYER_KINDS, make_player
from skitgubbe.records.record import Case, GameRecord, judge_case
from skitgubbe.rules.options import CATALOGUE, PRESETS, Rules
from skitgubbe.studies.simulate import DEFAULT_MAX_MOVES, simulate
from skitgubbe.text.i18n import cards_text, move_text, word

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m skitgubbe",
        description="Skitgubbe, the Swedish two-phase card game: judge disputed cases, simulate and play games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = sub.add_parser(
        "check",
        help="judge the moves of a disputed-case file",
        description="Replay a position and judge each of its moves under the case's rules. Stops at the first "
        "illegal move. Exit status: 0 every move legal, 1 an illegal move, 2 a bad case file.",
    )
    check.add_argument("case", help="the case file (JSON: rules, players, phase, hands, to_play, moves, ...)")
    check.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    check.add_argument("--lang", choices=("sv", "en"), default="en", help="language of explanations (default en)")
    check.add_argument("--rules", help="judge under this preset instead of the file's own rules")
    check.add_argument(
        "--compare",
        action="store_true",
        help="judge the moves under every preset side by side: a row per move, a column per preset "
        "(exit 0 if every preset finds every move legal, 1 if any finds an illegal move)",
    )

    sim = sub.add_parser(
        "simulate",
        help="play many seeded games between computer players",
        description="Play N games between computer players, seeds SEED, SEED+1, ...; report losses by seat and by "
        "kind of player, the mean game length and the speed. Games that reach --max-moves are "
        "stopped and listed (the rules allow play to go round for ever).",
    )
    sim.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument(
        "--players",
        default="random,random,random",
        help=f"comma-separated kinds, one per seat, 2 to 6 ({', '.join(PLAYER_KINDS)}); default random,random,random",
    )
    sim.add_argument("--rules", default="pagat", help=f"preset ({', '.join(PRESETS)}); default pagat")
    sim.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    sim.add_argument(
        "--max-moves",
        type=int,
        default=DEFAULT_MAX_MOVES,
        help=f"stop a game after this many moves (default {DEFAULT_MAX_MOVES})",
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="spread the games over this many processes (same results for the same seeds; default 1)",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    play = sub.add_parser(
        "play",
        help="play a game against the computer in the terminal",
        description="Play a game in the terminal as player A against computer players. Type a move (e.g. 9C, "
        "'QC KC AC', 'pick up', 'chansa'), 'moves' to list your legal moves, 'rules' for the rule ids, "
        "or 'quit'.",
    )
    play.add_argument("--rules", default="pagat", help="preset (default pagat)")
    play.add_argument(
        "--opponents", default="sensible,sensible", help="comma-separated kinds (default sensible,sensible)"
    )
    play.add_argument("--seed", type=int, default=1, help="deal seed (default 1)")
    play.add_argument("--lang", choices=("sv", "en"), default="en")
    play.add_argument("--save", help="save the finished game as a record file")

    replay = sub.add_parser(
        "replay",
        help="print a saved game record move by move",
        description="Replay a game record (JSON: rules, players, seed or deck, moves) and print every move with "
        "the rule that allowed it and what followed.",
    )
    replay.add_argument("record", help="the record file")
    replay.add_argument("--lang", choices=("sv", "en"), default="en")

    rules = sub.add_parser(
        "rules",
        help="list the presets and the rule catalogue",
        description="Print every preset's options and every catalogue rule with its sources.",
    )
    rules.add_argument("--lang", choices=("sv", "en"), default="en")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    command = {"check": _check, "simulate": _simulate, "play": _play, "replay": _replay, "rules": _rules}
    return command[args.command](args, out)


# -- check ------------------------------------------------------------------------------------------------
def _check(args: argparse.Namespace, out: TextIO) -> int:
    if args.compare:
        return _check_compare(args, out)
    try:
        case = Case.load(args.case, rules=args.rules)
    except RecordError as error:
        print(f"{args.case}: bad case file: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RulesError as error:
        print(f"--rules: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    judgement = judge_case(case, args.lang)
    if args.json:
        json.dump(judgement.to_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        lang = args.lang
        name = case.rules.preset_name or json.dumps(case.rules.to_dict())
        title = case.extra.get("title")
        if isinstance(title, dict):
            title = title.get(lang)
        if title:
            print(title, file=out)
        print(f"{word('rules', lang)}: {name}", file=out)
        for i, v in enumerate(judgement.verdicts, 1):
            verdict = word("legal" if v.legal else "illegal", lang)
            print(f"{i}. {v.player}: {v.move}  {verdict}  [{v.rule}]", file=out)
            print(f"   {v.explanation}", file=out)
            if not v.legal:
                print(f"   {CATALOGUE[v.rule].id}: {CATALOGUE[v.rule].text(lang)}", file=out)
            elif v.step is not None:
                for event in v.step.events:
                    print(f"   → {event.text(lang)}  [{event.rule}]", file=out)
        if not judgement.all_legal:
            print(word("stopped", lang), file=out)
        print(file=out)
        _print_state(judgement.game.state, lang, out)
    return EXIT_LEGAL if judgement.all_legal else EXIT_ILLEGAL


def _check_compare(args: argparse.Namespace, out: TextIO) -> int:
    """`check --compare`: the case's moves under every preset, one table."""
    from skitgubbe.records.caselib import say
    from skitgubbe.views.compare import compare, comparison_text

    if args.rules:
        print("--rules: cannot be combined with --compare, which judges under every preset", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        case = Case.load(args.case)
        comparison = compare(args.case, lang=args.lang)
    except RecordError as error:
        print(f"{args.case}: bad case file: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(comparison.to_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        lang = args.lang
        for key in ("title", "question"):
            text = case.extra.get(key)
            if isinstance(text, dict):
                text = text.get(lang)
            if isinstance(text, str) and text:
                with contextlib.suppress(ValueError):
                    text = say(text, lang)
                print(text, file=out)
        if case.extra.get("title") or case.extra.get("question"):
            print(file=out)
        print(comparison_text(comparison, lang), file=out)
    return EXIT_LEGAL if comparison.everywhere_legal else EXIT_ILLEGAL


def _print_state(state: GameState, lang: str, out: TextIO) -> None:
    print(
        f"{word('phase', lang)} {state.phase}"
        + (f" · {word('trump', lang)}: {state.trump.name_in(lang)}" if state.trump else ""),
        file=out,
    )
    for name in state.players:
        marker = "*" if name == state.to_play else " "
        line = f"{marker} {name}: {cards_text(state.hands[name], lang) or '-'}"
        if state.phase == 1 and state.won[name]:
            line += f"   ({word('won', lang)}: {len(state.won[name])})"
        print(line, file=out)
    if state.table:
        plays = "  ".join(f"{n}: {cards_text(c, lang)}" for n, c in state.table)
        print(f"{word('table', lang)}: {plays}", file=out)
    if state.phase == 1:
        print(f"{word('talon', lang)}: {len(state.talon)}", file=out)
        if state.trump_card:
            print(f"{word('set_aside', lang)}: {state.trump_card[0]}", file=out)
    if state.out:
        print(f"{word('out', lang)}: {', '.join(state.out)}", file=out)
    if state.loser:
        print(f"{word('loser', lang)}: {state.loser}", file=out)
    elif state.to_play:
        print(f"{word('to_play', lang)}: {state.to_play}", file=out)


# -- simulate ---------------------------------------------------------------------------------------------
def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    try:
        rules = Rules.from_spec(args.rules)
        for kind in kinds:
            make_player(kind, 0)
        if not 2 <= len(kinds) <= 6:
            raise ValueError("--players: give 2 to 6 kinds")
        if args.games < 1:
            raise ValueError("--games: at least 1")
    except (RulesError, ValueError) as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    summary = simulate(kinds, rules, args.games, args.seed, max_moves=args.max_moves, jobs=args.jobs).to_dict()
    summary["rules"] = args.rules
    if args.json:
        json.dump(summary, out, indent=1)
        out.write("\n")
        return 0
    print(f"{summary['games']} games under {args.rules}, seeds {args.seed}..{args.seed + args.games - 1}", file=out)
    for p in summary["players"]:
        rate = "-" if p["loss_rate"] is None else f"{100 * p['loss_rate']:.1f}%"
        print(f"  seat {p['seat']} ({p['name']}, {p['kind']}): lost {p['losses']} ({rate})", file=out)
    print(f"  losses by kind: {summary['losses_by_kind']}", file=out)
    print(f"  mean game length: {summary['mean_moves']} moves", file=out)
    if summary["capped_games"]:
        shown = ", ".join(map(str, summary["capped_games"][:20]))
        more = " ..." if len(summary["capped_games"]) > 20 else ""
        print(
            f"  stopped at {args.max_moves} moves (no loser): {len(summary['capped_games'])} games, "
            f"seeds {shown}{more}",
            file=out,
        )
    print(f"  speed: {summary['games_per_second']} games per second", file=out)
    return 0


# -- play -------------------------------------------------------------------------------------------------
def _play(args: argparse.Namespace, out: TextIO) -> int:
    lang = args.lang
    kinds = [k.strip() for k in args.opponents.split(",") if k.strip()]
    try:
        game = Game.deal(1 + len(kinds), rules=args.rules, seed=args.seed)
        bots = {
            name: make_player(kind, args.seed * 7 + i) for i, (name, kind) in enumerate(zip(game.players[1:], kinds))
        }
    except (RulesError, PositionError, ValueError) as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    me = game.players[0]
    intro = (
        "Du är A. Skriv ett drag (t.ex. 9C, 'pick up', 'chansa'), 'moves' eller 'quit'."
        if lang == "sv"
        else "You are A. Type a move (e.g. 9C, 'pick up', 'chansa'), 'moves' or 'quit'."
    )
    print(intro, file=out)
    while True:
        play_out(game, bots, until=lambda g: g.to_play == me, on_step=lambda _, step: _print_step(step, lang, out))
        if game.over:
            break
        print(file=out)
        _print_state(game.state, lang, out)
        try:
            text = input("> ").strip()
        except EOFError:
            return 0
        if text in ("quit", "q", "sluta"):
            return 0
        if text in ("moves", "drag"):
            print("  " + ", ".join(move_text(m, lang) + f" [{m}]" for m in game.legal_moves()), file=out)
            continue
        if text in ("rules", "regler"):
            for rule in CATALOGUE.values():
                print(f"  {rule.id}: {rule.text(lang)}", file=out)
            continue
        try:
            _print_step(game.play(text, me), lang, out)
        except IllegalMove as error:
            print("  " + error.message(lang), file=out)
        except (MoveParseError, ValueError) as error:
            print(f"  {error}", file=out)
    _print_state(game.state, lang, out)
    if args.save:
        GameRecord.of(game, seed=args.seed).save(args.save)
    return 0


def _print_step(step: Step, lang: str, out: TextIO) -> None:
    print(f"{step.player}: {move_text(step.move, lang)}  [{step.rule}] {step.explanation(lang)}", file=out)
    for event in step.events:
        print(f"   → {event.text(lang)}  [{event.rule}]", file=out)


# -- replay and rules ----------------------------------------------------------------------------------------
def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = GameRecord.load(args.record)
    except RecordError as error:
        print(f"{args.record}: bad record: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    game = record.replay()
    for i, step in enumerate(game.history, 1):
        print(f"{i}. ", end="", file=out)
        _print_step(step, args.lang, out)
    _print_state(game.state, args.lang, out)
    return 0


def _rules(args: argparse.Namespace, out: TextIO) -> int:
    for name, rules in PRESETS.items():
        print(f"{name}: {json.dumps(rules.to_dict())}", file=out)
    print(file=out)
    for rule in CATALOGUE.values():
        print(f"{rule.id} ({', '.join(rule.sources)}): {rule.text(args.lang)}", file=out)
    return 0
