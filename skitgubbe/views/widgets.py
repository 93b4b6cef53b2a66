"""ipywidgets views built on `render` and `frames`: the only module that imports ipywidgets.

`replay(...)` works in the static site (every frame embedded, the controls linked in the browser with
`jslink`) and in a live kernel alike. `LivePlay` and `Checker` need a kernel; in the static site they show a
note saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from skitgubbe.engine.game import Game
from skitgubbe.records.record import Case, GameRecord
from skitgubbe.views import render
from skitgubbe.views.frames import Frame, frames_html, frames_of_case, frames_of_game, frames_of_record

_WORDS = {
    "sv": {
        "step": "Drag",
        "play": "Spela upp",
        "moves": "Dragen",
        "keys": "Stega med piltangenterna när reglaget har fokus, eller tryck på uppspelningsknappen.",
        "list": "Stega med piltangenterna när reglaget har fokus, eller välj ett drag i listan. "
        "● stick avgjort, = stunsning, ◆ fas 2 börjar, ✔ spelare ute, ✖ skitgubbe.",
    },
    "en": {
        "step": "Move",
        "play": "Play through",
        "moves": "Moves",
        "keys": "Step with the arrow keys when the slider has focus, or press the play button.",
        "list": "Step with the arrow keys when the slider has focus, or pick a move in the list. "
        "● trick decided, = tie, ◆ phase 2 begins, ✔ player out, ✖ skitgubbe.",
    },
}


def _frames(source: Game | GameRecord | Case | Sequence[Frame], lang: str) -> list[Frame]:
    if isinstance(source, Game):
        return frames_of_game(source)
    if isinstance(source, GameRecord):
        return frames_of_record(source)
    if isinstance(source, Case):
        return frames_of_case(source, lang)
    return list(source)


def replay(
    source: Game | GameRecord | Case | Sequence[Frame],
    lang: str,
    *,
    title: str | None = None,
    size: render.Size = "sm",
    move_list: bool = False,
    interval_ms: int = 1500,
) -> widgets.VBox:
    """A step-through Replay: a Play button and a slider linked in the browser to a Stack of frames.

    `move_list=True` adds a list of every move (with markers for tricks, the phase change and players going out)
    linked to the same slider, for whole games.
    """
    words = _WORDS[lang]
    frames = _frames(source, lang)
    pages = [widgets.HTML(value=html) for html in frames_html(frames, lang, size=size, title=title)]
    stack = widgets.Stack(children=pages, selected_index=0, layout=widgets.Layout(width="100%"))
    last = len(pages) - 1
    play = widgets.Play(
        value=0, min=0, max=last, step=1, interval=interval_ms, description=words["play"], tooltip=words["play"]
    )
    slider = widgets.IntSlider(
        value=0,
        min=0,
        max=last,
        step=1,
        description=words["step"],
        continuous_update=True,
        layout=widgets.Layout(width="min(100%, 36em)"),
    )
    widgets.jslink((play, "value"), (slider, "value"))
    widgets.jslink((slider, "value"), (stack, "selected_index"))
    controls: list[Any] = [widgets.HBox([play, slider])]
    help_text = widgets.HTML(value=f'<p class="sg-replay__help">{words["list" if move_list else "keys"]}</p>')
    body: list[Any] = [stack]
    if move_list:
        options = [f.label(i, lang) for i, f in enumerate(frames)]
        chooser = widgets.Select(
            options=options,
            index=0,
            rows=12,
            description=words["moves"],
            layout=widgets.Layout(width="min(100%, 22em)"),
        )
        widgets.jslink((chooser, "index"), (slider, "value"))
        body = [widgets.HBox([chooser, stack], layout=widgets.Layout(align_items="flex-start"))]
    box = widgets.VBox(controls + [help_text] + body)
    box.add_class("sg-replay")
    return box


def example(example_id: str, lang: str, **options: Any) -> widgets.VBox:
    """The Replay of one of the book's worked examples (`skitgubbe.examples.EXAMPLES`)."""
    from skitgubbe.views.examples import EXAMPLES

    item = EXAMPLES[example_id]
    return replay(item.load(), lang, title=item.title[lang], **options)


def quiz(quiz_id: str, lang: str) -> Any:
    """A "Test yourself" question (static HTML: the answer opens on click, no kernel needed)."""
    from IPython.display import HTML

    from skitgubbe.views.examples import QUIZZES, quiz_html

    return HTML(quiz_html(QUIZZES[quiz_id], lang))


# -- live widgets (need a kernel) ----------------------------------------------------------------------------
STATIC_BUILD_VARIABLE = "SKITGUBBE_STATIC_BUILD"

_LIVE = {
    "sv": {
        "needs_kernel": "<strong>Det här behöver en Python-kärna.</strong> På den statiska webbplatsen finns ingen, "
        "så här visas bara en anvisning. Öppna sidan som anteckningsbok i Jupyter (med paketet "
        "<code>skitgubbe</code> installerat) så blir den levande, eller spela direkt i terminalen: "
        "<code>python -m skitgubbe play --lang sv</code>.",
        "preset": "Regler",
        "players": "Spelare",
        "seed": "Giv nr",
        "opponents": "Motspelare",
        "new": "Ny giv",
        "you": "Du är {name}.",
        "your_turn": "Din tur. Tillåtna drag:",
        "type": "Skriv ett drag",
        "try": "Pröva",
        "their_turn": "Datorn spelar…",
        "over": "Spelet är slut.",
        "replay": "Hela partiet:",
        "random": "slumpvis",
        "sensible": "förnuftig",
        "strong": "stark (tänker efter)",
    },
    "en": {
        "needs_kernel": "<strong>This needs a Python kernel.</strong> The static site has none, so only this note is "
        "shown here. Open the page as a notebook in Jupyter (with the <code>skitgubbe</code> package "
        "installed) and it comes alive, or play straight away in a terminal: "
        "<code>python -m skitgubbe play</code>.",
        "preset": "Rules",
        "players": "Players",
        "seed": "Deal no.",
        "opponents": "Opponents",
        "new": "New deal",
        "you": "You are {name}.",
        "your_turn": "Your turn. Legal moves:",
        "type": "Type a move",
        "try": "Try it",
        "their_turn": "The computer plays…",
        "over": "The game is over.",
        "replay": "The whole game:",
        "random": "random",
        "sensible": "sensible",
        "strong": "strong (thinks ahead)",
    },
}


def static_build() -> bool:
    """Whether this code runs while the static site is built (no reader's kernel will be there)."""
    import os

    return os.environ.get(STATIC_BUILD_VARIABLE) == "1"


def needs_kernel_note(lang: str) -> Any:
    """The note shown in the static site where a live widget would be."""
    from IPython.display import HTML

    return HTML(
        f'<div class="sg-needs-kernel admonition note" lang="{lang}"><p>{_LIVE[lang]["needs_kernel"]}</p></div>'
    )


class LivePlay:
    """Play a game against computer players: you are the first player; your legal moves are buttons."""

    def __init__(
        self, lang: str, *, rules: str = "pagat", players: int = 3, seed: int = 1, opponents: str = "sensible"
    ) -> None:
        from skitgubbe.players.registry import PLAYER_KINDS
        from skitgubbe.rules.options import PRESETS

        self.lang = lang
        w = _LIVE[lang]
        self.preset = widgets.Dropdown(options=list(PRESETS), value=rules, description=w["preset"])
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=6, description=w["players"], layout=widgets.Layout(width="12em")
        )
        self.seed = widgets.IntText(value=seed, description=w["seed"], layout=widgets.Layout(width="12em"))
        self.opponents = widgets.Dropdown(
            options=[(w[k], k) for k in PLAYER_KINDS], value=opponents, description=w["opponents"]
        )
        self.new_button = widgets.Button(description=w["new"], button_style="primary", icon="refresh")
        self.new_button.on_click(lambda _: self.new_game())
        self.board = widgets.HTML()
        self.message = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.typed = widgets.Text(
            placeholder="9C, QC KC AC, pick up, chansa", description=w["type"], continuous_update=False
        )  # the value arrives on Enter (or leaving the field)
        self.try_button = widgets.Button(description=w["try"])
        self.try_button.on_click(lambda _: self.attempt(self.typed.value))
        self.typed.observe(lambda change: self.attempt(change["new"]) if change["new"].strip() else None, names="value")
        self.after = widgets.VBox()
        self.view = widgets.VBox(
            [
                widgets.HBox([self.preset, self.players, self.opponents], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.seed, self.new_button]),
                self.board,
                self.message,
                self.buttons,
                widgets.HBox([self.typed, self.try_button]),
                self.after,
            ]
        )
        self.view.add_class("sg-live")
        self.new_game()

    def new_game(self) -> None:
        from skitgubbe.engine.game import Game
        from skitgubbe.players.registry import make_player

        self.game = Game.deal(self.players.value, rules=self.preset.value, seed=self.seed.value)
        self.me = self.game.players[0]
        self.bots = {
            name: make_player(self.opponents.value, self.seed.value * 7 + i)
            for i, name in enumerate(self.game.players[1:])
        }
        self.log: list[str] = [_LIVE[self.lang]["you"].format(name=self.me)]
        self.after.children = ()
        self._advance()

    def attempt(self, move: Any) -> bool:
        """Play a move for you (a value or text); an illegal one is explained with its rule. Returns success."""
        from skitgubbe.engine.events import IllegalMove
        from skitgubbe.engine.moves import MoveParseError

        try:
            step = self.game.play(move, self.me)
        except IllegalMove as error:
            self._say(f'<p class="sg-live__illegal">✗ {escape_html(error.message(self.lang))}</p>')
            return False
        except (MoveParseError, ValueError) as error:
            self._say(f'<p class="sg-live__illegal">✗ {escape_html(str(error))}</p>')
            return False
        self._record(step)
        self._advance()
        return True

    def _record(self, step: Any) -> None:
        from skitgubbe.text.i18n import move_text

        lines = [
            f"<strong>{escape_html(step.player)}: {escape_html(move_text(step.move, self.lang))}</strong> "
            f"<code>{step.rule}</code> {escape_html(step.explanation(self.lang))}"
        ]
        lines += [f"&nbsp;&nbsp;→ {escape_html(e.text(self.lang))} <code>{e.rule}</code>" for e in step.events]
        self.log = (self.log + lines)[-12:]

    def _advance(self) -> None:
        """Let the computer players move until it is your turn or the game is over."""
        from skitgubbe.players.loop import play_out
        from skitgubbe.text.i18n import move_text

        play_out(
            self.game,
            self.bots,
            max_moves=10_000,
            until=lambda game: game.to_play == self.me,
            on_step=lambda _, step: self._record(step),
        )
        self.board.value = render.state_html(self.game.state, self.lang, size="md")
        w = _LIVE[self.lang]
        if self.game.over:
            self.buttons.children = ()
            self._say(f"<p><strong>{w['over']}</strong></p>")
            self.after.children = (
                widgets.HTML(f"<p>{w['replay']}</p>"),
                replay(self.game, self.lang, move_list=True, size="xs"),
            )
            return
        buttons = []
        for move in self.game.legal_moves():
            button = widgets.Button(
                description=move_text(move, self.lang), tooltip=str(move), layout=widgets.Layout(width="auto")
            )
            button.on_click(lambda _, m=move: self.attempt(m))
            buttons.append(button)
        self.buttons.children = tuple(buttons)
        self._say(f"<p>{w['your_turn']}</p>")

    def _say(self, extra: str) -> None:
        self.message.value = "<br>".join(self.log) + extra


def escape_html(text: str) -> str:
    from html import escape

    return escape(text)


def live_play(lang: str, **options: Any) -> Any:
    """The live game for a book page: the widget in Jupyter, a clear note in the static site."""
    if static_build():
        return needs_kernel_note(lang)
    return LivePlay(lang, **options).view


def whole_game(
    players: Sequence[str], lang: str, *, rules: str = "pagat", seed: int = 1, kinds: Sequence[str] | None = None
) -> widgets.VBox:
    """A whole seeded game between computer players, from the deal to the skitgubbe, with a move list."""
    from skitgubbe.players.loop import play_out
    from skitgubbe.players.registry import make_player

    game = Game.deal(len(players), rules=rules, seed=seed)
    chosen = list(kinds or ["sensible"] * len(players))
    play_out(
        game, {name: make_player(kind, seed * 101 + i) for i, (name, kind) in enumerate(zip(game.players, chosen))}
    )
    return replay(game, lang, move_list=True, size="xs")


# -- the checker: one position and its moves under every preset (needs a kernel) -------------------------------
_CHECKER = {
    "sv": {
        "load": "Hämta fall",
        "check": "Pröva",
        "edit": "Ställning och drag (JSON, samma format som en fallfil):",
        "bad_json": "Texten är inte giltig JSON (rad {line}, kolumn {col}): {msg}",
        "bad_case": "Fallet går inte att använda: {error}",
        "start": "Utgångsläget enligt fallets egna regler ({rules})",
        "intro": "Välj ett fall ur bibliotekset eller skriv en egen ställning, och tryck på <em>Pröva</em>. Varje "
        "drag bedöms under alla regeluppsättningar; under en uppsättning som underkänner ett drag prövas "
        "de följande dragen inte.",
        "static": "<strong>Den levande provaren behöver en Python-kärna.</strong> Den statiska webbplatsen har "
        "ingen, så här visas i stället hur du gör samma prövning på din egen dator, och därunder varje "
        "fall i bibliotekset med domarna uträknade när sidan byggdes.",
        "how": "Skriv ställningen och dragen som en fallfil (JSON; varje fall nedan visar sin fil) och kör:",
        "json": "Lägg till <code>--json</code> för att få domarna som data. Slutkoden är 0 om alla regler godtar "
        "alla drag, 1 om någon regel underkänner ett drag och 2 om filen är felaktig. Bibliotekets fall "
        "följer med paketet, i mappen <code>skitgubbe/records/cases/</code>.",
        "file": "mitt-fall.json",
    },
    "en": {
        "load": "Load case",
        "check": "Check",
        "edit": "Position and moves (JSON, the same format as a case file):",
        "bad_json": "The text is not valid JSON (line {line}, column {col}): {msg}",
        "bad_case": "The case cannot be used: {error}",
        "start": "The starting position under the case's own rules ({rules})",
        "intro": "Pick a case from the library or write a position of your own, and press <em>Check</em>. Every "
        "move is judged under every rule set; under a rule set that refuses a move, the moves after it "
        "are not judged.",
        "static": "<strong>The live checker needs a Python kernel.</strong> The static site has none, so this page "
        "shows instead how to run the same check on your own computer, and below that every case in the "
        "library with its verdicts, worked out when the page was built.",
        "how": "Write the position and the moves as a case file (JSON; every case below shows its file) and run:",
        "json": "Add <code>--json</code> to get the verdicts as data. The exit status is 0 if every rule set finds "
        "every move legal, 1 if some rule set refuses a move, and 2 if the file is faulty. The library's "
        "cases ship with the package, in the folder <code>skitgubbe/records/cases/</code>.",
        "file": "my-case.json",
    },
}


class Checker:
    """Enter a position and moves (a case as JSON, or a library case), see the verdicts under every preset."""

    def __init__(self, lang: str, *, case_id: str = "klover-9") -> None:
        from skitgubbe.records.caselib import library

        self.lang = lang
        w = _CHECKER[lang]
        options = [(f"{c.point} · {c.text('title', lang)}", c.id) for c in library().values()]
        self.chooser = widgets.Dropdown(
            options=options, value=case_id, description=w["load"], layout=widgets.Layout(width="min(100%, 40em)")
        )
        self.text = widgets.Textarea(rows=18, layout=widgets.Layout(width="100%"))
        self.button = widgets.Button(description=w["check"], button_style="primary", icon="check")
        self.result = widgets.HTML()
        self.comparison: Any = None
        self.chooser.observe(lambda change: self.load(change["new"]), names="value")
        self.button.on_click(lambda _: self.check())
        self.view = widgets.VBox(
            [
                widgets.HTML(f'<p lang="{lang}">{w["intro"]}</p>'),
                self.chooser,
                widgets.HTML(f'<p lang="{lang}">{w["edit"]}</p>'),
                self.text,
                self.button,
                self.result,
            ]
        )
        self.view.add_class("sg-checker")
        self.load(case_id)

    def load(self, case_id: str) -> None:
        """Fill the text with a library case and judge it."""
        from skitgubbe.records.caselib import get

        self.text.value = get(case_id).case_json()
        self.check()

    def check(self, text: str | None = None) -> bool:
        """Judge the text (default: the text box) under every preset; returns whether it could be judged."""
        import json

        from skitgubbe.records.record import Case, RecordError
        from skitgubbe.rules.options import RulesError
        from skitgubbe.views.compare import compare, comparison_html

        w = _CHECKER[self.lang]
        if text is not None:
            self.text.value = text
        try:
            data = json.loads(self.text.value)
            if not isinstance(data, dict):
                raise RecordError("", "the text must hold one JSON object")
            case = Case.load(data)
            self.comparison = compare(data, lang=self.lang)
        except json.JSONDecodeError as error:
            self.comparison = None
            self._error(w["bad_json"].format(line=error.lineno, col=error.colno, msg=error.msg))
            return False
        except (RecordError, RulesError) as error:
            self.comparison = None
            self._error(w["bad_case"].format(error=error))
            return False
        name = case.rules.preset_name or "{…}"
        self.result.value = render.state_html(
            case.start().state, self.lang, size="sm", caption=w["start"].format(rules=name)
        ) + comparison_html(self.comparison, self.lang, explain=True, open_explanations=True)
        return True

    def _error(self, message: str) -> None:
        self.result.value = f'<p class="sg-live__illegal" lang="{self.lang}">✗ {escape_html(message)}</p>'


def checker_static_html(lang: str) -> str:
    """The checker's stand-in on the static site: how to run the check locally, and every case with its verdicts."""
    from skitgubbe.views.compare import gallery_html

    w = _CHECKER[lang]
    command = f"python -m skitgubbe check --compare {w['file']} --lang {lang}"
    return (
        f'<div class="sg-needs-kernel admonition note" lang="{lang}"><p>{w["static"]}</p></div>'
        f'<p lang="{lang}">{w["how"]}</p><pre><code>{escape_html(command)}</code></pre>'
        f'<p lang="{lang}">{w["json"]}</p>' + gallery_html(lang)
    )


def checker(lang: str, **options: Any) -> Any:
    """The checker for a book page: the live widget in Jupyter; in the static site, how to run the same check
    with the command line and a gallery of every library case with its verdict table."""
    if static_build():
        from IPython.display import HTML

        return HTML(checker_static_html(lang))
    return Checker(lang, **options).view
