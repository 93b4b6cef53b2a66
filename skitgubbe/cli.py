"""Command line: `python -m skitgubbe check|simulate|play|replay|review|deal|serve|rules` (see --help of each,
in Swedish with `--lang sv` or a Swedish locale)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from skitgubbe.engine.cards import sort_hand
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.state import GameState
from skitgubbe.errors import MoveParseError, PositionError, RecordError, RulesError
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.records.record import Case, GameRecord, judge_case, parse_json, read_source
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS, Rules
from skitgubbe.rules.rules_file import resolve_rules
from skitgubbe.studies.simulate import DEFAULT_MAX_MOVES, simulate
from skitgubbe.text.cli_words import CLI, CLI_HELP
from skitgubbe.text.error_text import error_text
from skitgubbe.text.i18n import cards_text, move_text, word
from skitgubbe.text.kind_words import offered_words
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import fmt_int, fmt_number, fmt_pct

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2
#: Not a verdict: the output could not be written (a full disk), the program failed (a bug), Ctrl-C.
EXIT_OUTPUT_ERROR, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED = 74, 70, 130
#: The most games one `simulate` run may ask for, the most moves per game.
MAX_GAMES, MAX_MOVES_CAP = 10**9, 10**7

#: The language of the argument errors argparse reports while it parses (before `--lang` is known); every message
#: after parsing is in the language of the command's `--lang`, and `--help` in that of `_help_lang`.
EN: Lang = "en"


def _positive(name: str, most: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(CLI.phrase("not_whole", EN, text=repr(text))) from None
        if not 1 <= value <= most:
            raise argparse.ArgumentTypeError(CLI.phrase("out_of_range", EN, most=f"{most:,}", text=text))
        return value

    parse.__name__ = name
    return parse


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(CLI.phrase("not_whole", EN, text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(CLI.phrase("negative_seed", EN, text=text))
    return value


def _seconds(text: str) -> float:
    """A time budget in seconds: a number above 0, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(CLI.phrase("not_seconds", EN, text=repr(text))) from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(CLI.phrase("not_seconds", EN, text=repr(text)))
    return value


def _help_lang(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> Lang:
    """The language of `--help`: the `--lang` among the arguments (read before parsing), else the locale's
    (LC_ALL, LC_MESSAGES, LANG: the first one set; `sv_SE.UTF-8` is Swedish), else English."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("sv", "en"):
            return check_lang(argv[i + 1])
        if arg in ("--lang=sv", "--lang=en"):
            return check_lang(arg.removeprefix("--lang="))
    env = os.environ if environ is None else environ
    locale = next((value for key in ("LC_ALL", "LC_MESSAGES", "LANG") if (value := env.get(key))), "")
    return "sv" if locale.lower().startswith("sv") else EN


def _formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    """argparse's help layout with its "usage: " in `lang`."""
    prefix = CLI_HELP.phrase("usage", lang)

    class Formatter(argparse.HelpFormatter):
        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[Any],
            prefix_given: str | None = None,
        ) -> None:
            super().add_usage(usage, actions, groups, prefix if prefix_given is None else prefix_given)

    return Formatter


def _worded(parser: argparse.ArgumentParser, lang: Lang) -> argparse.ArgumentParser:
    """`parser` with argparse's own headings and its `-h/--help` in `lang` (it was made with add_help=False)."""
    parser._positionals.title = CLI_HELP.phrase("positionals", lang)
    parser._optionals.title = CLI_HELP.phrase("options", lang)
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=CLI_HELP.phrase("help", lang))
    return parser


def _kind_help(kind: str, said: dict[str, str]) -> str:
    """A kind as the help says it: its id (what `--players` takes), its name where that differs, what it is."""
    named = kind if said["name"] == kind else f"{kind} ({said['name']})"
    return f"{named}: {said['about']}"


def _parser(help_lang: Lang = EN) -> argparse.ArgumentParser:
    """The command line's parser, every word of its help in `help_lang`."""
    lang = help_lang

    presets = ", ".join(PRESETS)
    kinds = "; ".join(_kind_help(kind, said) for kind, said in offered_words(lang).items())
    shape: dict[str, Any] = {"add_help": False, "formatter_class": _formatter(lang)}
    parser = _worded(
        argparse.ArgumentParser(
            prog="python -m skitgubbe",
            description=CLI_HELP.phrase("description", lang),
            epilog=CLI_HELP.phrase("epilog", lang),
            **shape,
        ),
        lang,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar=CLI_HELP.phrase("command", lang))

    def command(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return _worded(sub.add_parser(name, help=help, description=description, **shape), lang)

    check = command("check", CLI_HELP.phrase("check", lang), CLI_HELP.phrase("check_description", lang))
    check.add_argument("case", help=CLI_HELP.phrase("check_case", lang))
    check.add_argument("--json", action="store_true", help=CLI_HELP.phrase("json_text", lang))
    check.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("check_lang", lang))
    check.add_argument("--rules", help=CLI_HELP.phrase("check_rules", lang))
    check.add_argument("--compare", action="store_true", help=CLI_HELP.phrase("check_compare", lang))

    sim = command("simulate", CLI_HELP.phrase("simulate", lang), CLI_HELP.phrase("simulate_description", lang))
    sim.add_argument(
        "-n", "--games", type=_positive("games", MAX_GAMES), default=1000, help=CLI_HELP.phrase("simulate_games", lang)
    )
    sim.add_argument(
        "--players", default="random,random,random", help=CLI_HELP.phrase("simulate_players", lang, kinds=kinds)
    )
    sim.add_argument("--rules", default=DEFAULT_PRESET, help=CLI_HELP.phrase("simulate_rules", lang, presets=presets))
    sim.add_argument("--seed", type=_seed, default=0, help=CLI_HELP.phrase("simulate_seed", lang))
    sim.add_argument(
        "--max-moves",
        type=_positive("max-moves", MAX_MOVES_CAP),
        default=DEFAULT_MAX_MOVES,
        help=CLI_HELP.phrase("simulate_max_moves", lang, moves=DEFAULT_MAX_MOVES),
    )
    sim.add_argument("--jobs", type=_positive("jobs", 1024), default=1, help=CLI_HELP.phrase("simulate_jobs", lang))
    sim.add_argument("--json", action="store_true", help=CLI_HELP.phrase("simulate_json", lang))
    sim.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("simulate_lang", lang))

    play = command("play", CLI_HELP.phrase("play", lang), CLI.phrase("play_description", lang))
    play.add_argument("--rules", default=DEFAULT_PRESET, help=CLI.phrase("play_rules_help", lang, presets=presets))
    play.add_argument(
        "--opponents", default="sensible,sensible", help=CLI.phrase("play_opponents_help", lang, kinds=kinds)
    )
    play.add_argument("--seed", type=_seed, default=1, help=CLI.phrase("play_seed_help", lang))
    play.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))
    play.add_argument("--save", help=CLI.phrase("play_save_help", lang))
    play.add_argument("--open", action="store_true", help=CLI.phrase("play_open_help", lang))

    replay = command("replay", CLI_HELP.phrase("replay", lang), CLI_HELP.phrase("replay_description", lang))
    replay.add_argument("record", help=CLI_HELP.phrase("record", lang))
    replay.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))

    review = command("review", CLI_HELP.phrase("review", lang), CLI.phrase("review_description", lang))
    review.add_argument("record", help=CLI_HELP.phrase("record", lang))
    review.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))
    review.add_argument("--seat", help=CLI.phrase("review_seat_help", lang))
    review.add_argument(
        "--playouts", type=_positive("playouts", 100_000), default=64, help=CLI.phrase("review_playouts_help", lang)
    )
    review.add_argument("--seconds", type=_seconds, default=None, help=CLI.phrase("review_seconds_help", lang))
    review.add_argument("--seed", type=_seed, default=0, help=CLI.phrase("review_seed_help", lang))

    deal = command("deal", CLI_HELP.phrase("deal", lang), CLI_HELP.phrase("deal_description", lang))
    deal.add_argument("--seed", type=int, required=True, help=CLI_HELP.phrase("deal_seed", lang))
    deal.add_argument("--players", type=int, default=3, help=CLI_HELP.phrase("deal_players", lang))
    deal.add_argument("--rules", default=DEFAULT_PRESET, help=CLI_HELP.phrase("deal_rules", lang))
    deal.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))
    deal.add_argument("--json", action="store_true", help=CLI_HELP.phrase("deal_json", lang))

    serve = command("serve", CLI_HELP.phrase("serve", lang), CLI_HELP.phrase("serve_description", lang))
    serve.add_argument("--host", default="127.0.0.1", help=CLI_HELP.phrase("serve_host", lang))
    serve.add_argument("--port", type=int, default=8765, help=CLI_HELP.phrase("serve_port", lang))
    serve.add_argument("--data", default="skitgubbe-tables", help=CLI_HELP.phrase("serve_data", lang))
    serve.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))
    serve.add_argument(
        "--trust-proxy", metavar="ADDRESSES", default=None, help=CLI_HELP.phrase("serve_trust_proxy", lang)
    )

    rules = command("rules", CLI_HELP.phrase("rules", lang), CLI_HELP.phrase("rules_description", lang))
    rules.add_argument("--lang", choices=("sv", "en"), default="en", help=CLI_HELP.phrase("lang", lang))
    metavars = {
        "case": CLI_HELP.phrase("m_case", lang),
        "record": CLI_HELP.phrase("m_record", lang),
        "rules": CLI_HELP.phrase("m_rules", lang),
        "players": CLI_HELP.phrase("m_players", lang),
        "opponents": CLI_HELP.phrase("m_opponents", lang),
        "seed": CLI_HELP.phrase("m_seed", lang),
        "games": CLI_HELP.phrase("m_games", lang),
        "max_moves": CLI_HELP.phrase("m_max_moves", lang),
        "jobs": CLI_HELP.phrase("m_jobs", lang),
        "save": CLI_HELP.phrase("m_save", lang),
        "seat": CLI_HELP.phrase("m_seat", lang),
        "playouts": CLI_HELP.phrase("m_playouts", lang),
        "seconds": CLI_HELP.phrase("m_seconds", lang),
        "host": CLI_HELP.phrase("m_host", lang),
        "port": CLI_HELP.phrase("m_port", lang),
        "data": CLI_HELP.phrase("m_data", lang),
    }
    for made in sub.choices.values():
        for action in made._actions:
            if action.dest in metavars:
                action.metavar = metavars[action.dest]
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one command. Output goes to `out` (default: standard output); never a traceback: a closed pipe ends
    quietly, text the output's encoding cannot show is replaced, a failed write or a bug has its own exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    args = _parser(_help_lang(given)).parse_args(given)
    lang = check_lang(getattr(args, "lang", EN))  # the statuses below speak the command's language
    command = {
        "check": _check,
        "simulate": _simulate,
        "play": _play,
        "replay": _replay,
        "review": _review,
        "rules": _rules,
        "deal": _deal,
        "serve": _serve,
    }
    if out is not None:
        return _guarded(lambda: command[args.command](args, out), lang)
    _tolerant_streams()
    if args.command in ("play", "serve"):  # interactive or long-running: print as it goes
        return _guarded(lambda: command[args.command](args, sys.stdout), lang, flush=sys.stdout)
    buffer = io.StringIO()
    status = _guarded(lambda: command[args.command](args, buffer), lang)
    try:
        sys.stdout.write(buffer.getvalue())
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    except OSError as error:
        _silence_stdout()
        _err(CLI.phrase("cannot_write", lang, why=error.strerror or error))
        return EXIT_OUTPUT_ERROR
    return status


def _guarded(run: Callable[[], int], lang: Lang, flush: TextIO | None = None) -> int:
    try:
        status = run()
        if flush is not None:
            flush.flush()
        return status
    except KeyboardInterrupt:
        _err("\n" + CLI.phrase("interrupted", lang))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_LEGAL
    except OSError as error:
        _silence_stdout()
        _err(CLI.phrase("cannot_write", lang, why=error.strerror or error))
        return EXIT_OUTPUT_ERROR
    except Exception as error:  # a bug: say so, in one line, with a status that is no verdict
        _err(CLI.phrase("internal_error", lang, kind=type(error).__name__, error=error))
        return EXIT_INTERNAL_ERROR


def _err(text: str = "") -> None:
    """Say `text` on standard error; when that cannot be written (closed, full), go on quietly: the exit status
    still tells what happened (2 a bad input, never 1, the status of an illegal move)."""
    if sys.stderr is None:  # closed when Python started: print would fall back to standard output
        return
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        _silence(sys.stderr)


def _silence(stream: TextIO | None) -> None:
    """Point a stream's file at /dev/null so that no later write (nor Python's exit flush) can fail."""
    try:
        if stream is None:
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def _tolerant_streams() -> None:
    """Standard output and error replace what their encoding cannot show (e.g. ♣ under cp1252) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")


def _silence_stdout() -> None:
    """After a closed pipe: point standard output at /dev/null so that Python's exit flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def _rules_arg(value: str, lang: Lang) -> Rules | None:
    """The rules of a `--rules` argument (a preset name or a rules file), the one reading every command shares; on a
    bad name or file, say why on standard error (naming the file and the field) and return None (exit 2)."""
    try:
        return resolve_rules(value)
    except RulesError as error:
        shown = error_text(error, lang)
        _err(shown if str(error).startswith("--rules") else f"--rules: {shown}")
        return None


def _load_case_data(path: str) -> dict[str, Any]:
    """The case file's JSON object, read once (a pipe or FIFO works; `-` is standard input)."""
    return parse_json(read_source(path))


# -- check ------------------------------------------------------------------------------------------------
def _check(args: argparse.Namespace, out: TextIO) -> int:
    if args.compare:
        return _check_compare(args, out)
    rules = None
    if args.rules is not None:
        rules = _rules_arg(args.rules, check_lang(args.lang))
        if rules is None:
            return EXIT_BAD_INPUT
    try:
        data = _load_case_data(args.case)
        case = Case.load(data, rules=rules)
    except RecordError as error:
        _err(f"{args.case}: {word('bad_case', args.lang)}: {error_text(error, args.lang)}")
        return EXIT_BAD_INPUT
    lang = check_lang(args.lang)
    problem = _exercise_problem(args.case, data, lang) if "exercise" in data else None
    if problem is not None:
        _err(problem)
        return EXIT_BAD_INPUT
    judgement = judge_case(case, lang)
    if args.json:
        json.dump(judgement.to_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
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


def _exercise_problem(path: str, data: Mapping[str, Any], lang: Lang) -> str | None:
    """What is wrong with a learning-path exercise's `exercise` block (the file `path` names the place), or None."""
    # imported when the command reads an exercise: the views layer would slow the start of every other command
    from skitgubbe.views.exercise_data import ExerciseFileError, load_exercise

    try:
        load_exercise(Path(path).stem, data, where=path)
    except ExerciseFileError as error:
        return error.message(lang)
    return None


def _check_compare(args: argparse.Namespace, out: TextIO) -> int:
    """`check --compare`: the case's moves under every preset, one table."""
    # imported when the command runs: the views layer would slow the start of every other command
    from skitgubbe.records.caselib import say
    from skitgubbe.records.compare import compare
    from skitgubbe.views.compare import comparison_text

    if args.rules:
        _err(f"--rules: {word('rules_and_compare', args.lang)}")
        return EXIT_BAD_INPUT
    try:
        data = _load_case_data(args.case)
        case = Case.load(data)
        comparison = compare(data, lang=args.lang)
    except RecordError as error:
        _err(f"{args.case}: {word('bad_case', args.lang)}: {error_text(error, args.lang)}")
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(comparison.to_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        lang = check_lang(args.lang)
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


def _print_state(
    state: GameState, lang: Lang, out: TextIO, *, player: str | None = None, open_hands: bool = True
) -> None:
    """The position as text. `check` and `replay` show every hand; `play` passes its `player`, and unless
    `open_hands` (`play --open`) every other hand is only its number of cards, with what all players can see:
    the table, cards won, the talon's count, a trump card turned face up, who holds the set-aside card."""
    print(
        f"{word('phase', lang)} {state.phase}"
        + (f" · {word('trump', lang)}: {state.trump.name_in(lang)}" if state.trump else ""),
        file=out,
    )
    for name in state.players:
        marker = "*" if name == state.to_play else " "
        hand = state.hands[name]
        if open_hands or name == player:
            shown = cards_text(sort_hand(hand, state.trump), lang) or "-"  # the one hand order (render.py, table.js)
        elif len(hand) == 1:
            shown = CLI.phrase("hand_one", lang)
        else:
            shown = CLI.phrase("hand_count", lang, n=fmt_int(len(hand), lang))
        line = f"{marker} {name}: {shown}"
        if state.phase == 1 and state.won[name]:
            line += f"   ({word('won', lang)}: {len(state.won[name])})"
        print(line, file=out)
    if state.table:
        plays = "  ".join(f"{n}: {cards_text(c, lang)}" for n, c in state.table)
        print(f"{word('table', lang)}: {plays}", file=out)
    # with a turned-up trump (phase 1 and a trump suit) the trump card lies face up: under the talon, then aside
    face_up = player is not None and state.phase == 1 and state.trump is not None
    if state.phase == 1:
        talon = f"{word('talon', lang)}: {len(state.talon)}"
        if face_up and state.talon:
            talon += "   (" + CLI.phrase("turned_trump", lang, card=cards_text(state.talon[-1:], lang)) + ")"
        print(talon, file=out)
        if state.trump_card:
            holder, card = state.trump_card
            shown = f"{holder} ({cards_text((card,), lang)})" if face_up else holder
            print(f"{word('set_aside', lang)}: {shown}", file=out)
    if state.out:
        print(f"{word('out', lang)}: {', '.join(state.out)}", file=out)
    if state.loser:
        print(f"{word('loser', lang)}: {state.loser}", file=out)
    elif state.to_play:
        print(f"{word('to_play', lang)}: {state.to_play}", file=out)


# -- simulate ---------------------------------------------------------------------------------------------
def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    lang = check_lang(args.lang)
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    rules = _rules_arg(args.rules, lang)
    if rules is None:
        return EXIT_BAD_INPUT
    try:
        for kind in kinds:
            make_player(kind, 0)
        if not 2 <= len(kinds) <= 6:
            raise ValueError(CLI.phrase("players_count", lang))
        if args.games < 1:
            raise ValueError(CLI.phrase("games_count", lang))
    except (RulesError, ValueError) as error:
        _err(error_text(error, lang))
        return EXIT_BAD_INPUT
    summary = simulate(kinds, rules, args.games, args.seed, max_moves=args.max_moves, jobs=args.jobs).to_dict()
    summary["rules"] = args.rules
    if args.json:
        json.dump(summary, out, indent=1)
        out.write("\n")
        return 0
    for line in _summary_lines(summary, args.seed, args.max_moves, lang):
        print(line, file=out)
    return 0


def _summary_lines(summary: dict[str, Any], first: int, cap: int, lang: Lang) -> list[str]:
    """The `simulate` summary as lines of text in `lang`: numbers as the package writes them in that language
    (`text.numbers`), the kinds of player as `--players` names them."""
    games = summary["games"]
    finished = games - len(summary["capped_games"])

    def rate(losses: int) -> str:
        return fmt_pct(losses / finished, lang) if finished else "-"

    last = first + games - 1
    lines = [CLI.phrase("sim_title", lang, games=fmt_int(games, lang), rules=summary["rules"], first=first, last=last)]
    for p in summary["players"]:
        seat = CLI.phrase(
            "sim_seat",
            lang,
            seat=p["seat"],
            name=p["name"],
            kind=p["kind"],
            losses=fmt_int(p["losses"], lang),
            rate=rate(p["losses"]),
        )
        lines.append(f"  {seat}")
    kinds = ", ".join(
        CLI.phrase("sim_kind", lang, kind=kind, losses=fmt_int(losses, lang), rate=rate(losses))
        for kind, losses in summary["losses_by_kind"].items()
    )
    lines.append(f"  {CLI.phrase('sim_by_kind', lang, kinds=kinds)}")
    lines.append(f"  {CLI.phrase('sim_length', lang, moves=fmt_number(summary['mean_moves'], lang, 1))}")
    capped = summary["capped_games"]
    if capped:
        seeds = ", ".join(map(str, capped[:20])) + (" ..." if len(capped) > 20 else "")
        count = fmt_int(len(capped), lang)
        lines.append(f"  {CLI.phrase('sim_capped', lang, cap=fmt_int(cap, lang), count=count, seeds=seeds)}")
    speed = summary["games_per_second"]
    lines.append(f"  {CLI.phrase('sim_speed', lang, speed='-' if speed is None else fmt_number(speed, lang, 1))}")
    return lines


# -- play -------------------------------------------------------------------------------------------------
def _save_problem(path: str, lang: Lang) -> str:
    """Why a record cannot be saved at `path`, or '' if it can (checked before the game starts)."""
    target = Path(path)
    if target.is_dir():
        return CLI.phrase("save_is_folder", lang, path=path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        return CLI.phrase("save_no_folder", lang, folder=folder)
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return CLI.phrase("save_no_permission", lang, path=path)
    return ""


def _save_game(game: Game, seed: int, path: str, lang: Lang, out: TextIO) -> int:
    """Save the record; if that fails, print it so that the game is not lost."""
    record = GameRecord.of(game, seed=seed)
    try:
        record.save(path)
    except OSError as error:
        _err(CLI.phrase("save_failed", lang, path=path, why=error.strerror or error))
        print(record.to_json(), file=out)
        return EXIT_OUTPUT_ERROR
    print(CLI.phrase("saved", lang, path=path), file=out)
    return 0


def _play(args: argparse.Namespace, out: TextIO) -> int:
    lang = check_lang(args.lang)
    if args.save:
        problem = _save_problem(args.save, lang)
        if problem:
            _err(f"--save: {problem}")
            return EXIT_BAD_INPUT
    kinds = [k.strip() for k in args.opponents.split(",") if k.strip()]
    rules = _rules_arg(args.rules, lang)
    if rules is None:
        return EXIT_BAD_INPUT
    try:
        game = Game.deal(1 + len(kinds), rules=rules, seed=args.seed)
        bots = {
            name: make_player(kind, args.seed * 7 + i) for i, (name, kind) in enumerate(zip(game.players[1:], kinds))
        }
    except (RulesError, PositionError, ValueError) as error:
        _err(error_text(error, lang))
        return EXIT_BAD_INPUT
    me = game.players[0]
    try:
        print(CLI.phrase("intro", lang), file=out)
        status = _play_loop(game, me, bots, lang, out, open_hands=args.open)
    except KeyboardInterrupt:
        _err("\n" + CLI.phrase("interrupted", lang))
        status = EXIT_INTERRUPTED
    except NotText as error:  # a bad file's status; the moves before that line are saved
        _err(error.message(lang))
        status = EXIT_BAD_INPUT
    except OSError as error:  # the output cannot be written: the game is saved all the same
        _err(CLI.phrase("cannot_write", lang, why=error.strerror or error))
        status = EXIT_OUTPUT_ERROR
    except Exception as error:  # a bug: said in one line, and the game is saved all the same
        _err(CLI.phrase("internal_error", lang, kind=type(error).__name__, error=error))
        status = EXIT_INTERNAL_ERROR
    if args.save and game.moves:
        saved = _save_game(game, args.seed, args.save, lang, out)
        status = status or saved
    return status


class NotText(Exception):
    """A line of standard input that is not text in its encoding: which line, the first byte that is not."""

    def __init__(self, line: int, byte: int, encoding: str) -> None:
        super().__init__(f"line {line}: byte 0x{byte:02x} is not {encoding}")
        self.line, self.byte, self.encoding = line, byte, encoding

    def message(self, lang: Lang) -> str:
        """The one line that says so, in `lang`."""
        encoding = "UTF-8" if self.encoding.replace("-", "").lower() == "utf8" else self.encoding
        return CLI.phrase("stdin_not_text", lang, line=self.line, byte=f"{self.byte:02x}", encoding=encoding)


class _Lines:
    """The lines `play` reads, each decoded on its own in standard input's encoding (a bad byte in line 5 cannot
    spoil lines 1 to 4, as a decoder that reads ahead would); `NotText` for a line that is not text."""

    def __init__(self, out: TextIO) -> None:
        self.count = 0
        self.out = out
        stream = sys.stdin
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        buffer = getattr(stream, "buffer", None)
        # a terminal keeps input()'s line editing; a pipe or file is read as bytes
        self.buffer = None if buffer is None or _isatty(stream) else buffer

    def read(self, prompt: str) -> str:
        """The next line without its end; `EOFError` at the end of input."""
        self.count += 1
        if self.buffer is None:
            try:
                text = input(prompt)
            except UnicodeDecodeError as error:
                raise NotText(self.count, error.object[error.start], self.encoding) from None
        else:
            print(prompt, end="", file=self.out, flush=True)
            raw = self.buffer.readline()
            if not raw:
                raise EOFError
            try:
                text = raw.decode(self.encoding).rstrip("\r\n")
            except UnicodeDecodeError as error:
                raise NotText(self.count, raw[error.start], self.encoding) from None
        escaped = next((c for c in text if "\udc80" <= c <= "\udcff"), None)  # a terminal's surrogateescape
        if escaped is not None:
            raise NotText(self.count, ord(escaped) - 0xDC00, self.encoding)
        return text


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (ValueError, OSError):
        return False


def _play_loop(game: Game, me: str, bots: dict[str, Any], lang: Lang, out: TextIO, *, open_hands: bool) -> int:
    """The terminal game: the position before each of `me`'s moves, every other hand a count unless `open_hands`."""
    lines = _Lines(out)
    while True:
        play_out(game, bots, until=lambda g: g.to_play == me, on_step=lambda _, step: _print_step(step, lang, out))
        if game.over:
            break
        print(file=out)
        _print_state(game.state, lang, out, player=me, open_hands=open_hands)
        try:
            text = lines.read("> ").strip()
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
            print(f"  {error_text(error, lang)}", file=out)
    _print_state(game.state, lang, out, player=me, open_hands=open_hands)
    return 0


def _print_step(step: Step, lang: Lang, out: TextIO) -> None:
    print(f"{step.player}: {move_text(step.move, lang)}  [{step.rule}] {step.explanation(lang)}", file=out)
    for event in step.events:
        print(f"   → {event.text(lang)}  [{event.rule}]", file=out)


# -- replay and rules ----------------------------------------------------------------------------------------
def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        record = GameRecord.load(parse_json(read_source(args.record)))
    except RecordError as error:
        _err(f"{args.record}: {word('bad_record', args.lang)}: {error_text(error, args.lang)}")
        return EXIT_BAD_INPUT
    game = record.replay()
    lang = check_lang(args.lang)
    for i, step in enumerate(game.history, 1):
        print(f"{i}. ", end="", file=out)
        _print_step(step, lang, out)
    _print_state(game.state, lang, out)
    return 0


def _review(args: argparse.Namespace, out: TextIO) -> int:
    """The strong search's review of one seat's moves (`skitgubbe.players.review`), as the live page words it."""
    from skitgubbe.players.review import Budget, Review  # the strong search: only for this command
    from skitgubbe.text.review_text import item_heading, item_text, method_text, severity_text, summary_text
    from skitgubbe.text.review_words import REVIEW
    from skitgubbe.text.search_text import search_note

    lang = check_lang(args.lang)
    try:
        record = GameRecord.load(parse_json(read_source(args.record)))
    except RecordError as error:
        _err(f"{args.record}: {word('bad_record', lang)}: {error_text(error, lang)}")
        return EXIT_BAD_INPUT
    game = record.replay()
    seat = args.seat if args.seat is not None else game.players[0]
    if seat not in game.players:
        _err(CLI.phrase("review_bad_seat", lang, seat=repr(seat), players=", ".join(game.players)))
        return EXIT_BAD_INPUT
    budget = Budget(playouts=args.playouts, seconds=args.seconds)
    run = Review(game, seat, budget, seed=args.seed)
    print(REVIEW.phrase("cli_title", lang, seat=seat), file=out)
    note = search_note(game.rules, lang)
    if note is not None:  # the search runs on the engine here: on fewer deals, and it says why
        print(note, file=out)
    for item in run.run():
        print(f"{item_heading(item, lang)} [{severity_text(item.severity, lang)}]: {item_text(item, lang)}", file=out)
    print(summary_text(run.items, run.forced, run.elapsed, lang), file=out)
    print(method_text(budget, lang), file=out)
    return 0


def _rules(args: argparse.Namespace, out: TextIO) -> int:
    for name, rules in PRESETS.items():
        print(f"{name}: {json.dumps(rules.to_dict())}", file=out)
    print(file=out)
    for rule in CATALOGUE.values():
        print(f"{rule.id} ({', '.join(rule.sources)}): {rule.text(args.lang)}", file=out)
    return 0


# -- serve ------------------------------------------------------------------------------------------------------
def _serve(args: argparse.Namespace, out: TextIO) -> int:
    from skitgubbe.table.serve import serve  # when the command runs: the server's stack loads only here

    return serve(args.host, args.port, args.data, check_lang(args.lang), out, args.trust_proxy)


# -- deal -------------------------------------------------------------------------------------------------------
def _deal(args: argparse.Namespace, out: TextIO) -> int:
    from skitgubbe.records.deck_order import deck_order  # when the command runs: start-up cost of the others

    rules = _rules_arg(args.rules, check_lang(args.lang))
    if rules is None:
        return EXIT_BAD_INPUT
    try:
        order = deck_order(args.seed, args.players, rules)
    except (RulesError, PositionError, ValueError) as error:
        _err(error_text(error, args.lang))
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(order.to_dict(), out, indent=1)
        out.write("\n")
    else:
        print(order.text(check_lang(args.lang)), file=out)
    return 0
