"""The book's widget cells: Replays, the live game and the checker, all drawn by the one front end.

The front end is `table.js` + `table.css` (see `skitgubbe.views.table`). In the static site
(`SKITGUBBE_STATIC_BUILD=1`) a Replay is HTML carrying its frames as JSON, drawn by the same module with a small
static model: no kernel and no ipywidgets runtime on the page. In Jupyter (JupyterLab, Notebook 7, Voilà,
VS Code) it is an `anywidget.AnyWidget` (`TableWidget`) whose Python side speaks the one live protocol of
`skitgubbe.views.controllers` (as the browser worker does). `LivePlay` and `Checker` need a kernel; in the static
site they show how to get them.

`anywidget`, `traitlets` and `IPython.display` are imported where a widget or a cell's HTML is made, not at the top:
start-up cost (about 0.1 s and 0.06 s) for every caller that only wants a Replay's model or the static HTML.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from skitgubbe import pictures
from skitgubbe.engine.game import Game
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.records.record import Case, GameRecord
from skitgubbe.rules.options import DEFAULT_PRESET
from skitgubbe.text.lang import check_lang
from skitgubbe.text.live_words import CHECKER_STATIC, KERNEL_NOTE
from skitgubbe.views import table
from skitgubbe.views.compare import gallery_html
from skitgubbe.views.controllers import CheckerController, PlayController, replay_model
from skitgubbe.views.examples import EXAMPLES, QUIZZES
from skitgubbe.views.frames import Frame
from skitgubbe.views.quiz import quiz_html

_HERE = Path(__file__).resolve().parent

STATIC_BUILD_VARIABLE = "SKITGUBBE_STATIC_BUILD"


def static_build() -> bool:
    """Whether this code runs while the static site is built (no reader's kernel will be there)."""
    return os.environ.get(STATIC_BUILD_VARIABLE) == "1"


class StaticTable:
    """A table for the static site: its HTML is a mount with the model as JSON (drawn by `table.js`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def _repr_html_(self) -> str:
        return table.static_html(self.data)


def _widget_class() -> Any:
    import anywidget  # start-up cost: only when a widget is made (see the module text)
    import traitlets

    class TableWidget(anywidget.AnyWidget):
        """The front end as a Jupyter widget; the keys are the front end's model (see `table.js`)."""

        _esm = table.esm()  # table.js with its modules inlined (anywidget loads one module's text)
        _css = _HERE / "table.css"
        mode = traitlets.Unicode("replay").tag(sync=True)
        lang = traitlets.Unicode("en").tag(sync=True)
        title = traitlets.Unicode("").tag(sync=True)
        words = traitlets.Dict().tag(sync=True)
        deck = traitlets.Dict().tag(sync=True)
        frames = traitlets.List[Any]().tag(sync=True)
        index = traitlets.Int(0).tag(sync=True)
        move_list = traitlets.Bool(False).tag(sync=True)
        view = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        busy = traitlets.Bool(False).tag(sync=True)
        #: the live game: the front end asks for each computer move after this pause (ms), one move per step
        pause_ms = traitlets.Int(0).tag(sync=True)
        message = traitlets.Unicode("").tag(sync=True)
        needs_new_deal = traitlets.Bool(False).tag(sync=True)
        final_replay = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        record = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        case_file = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        house_rules = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        dealt_rules = traitlets.Any(None).tag(sync=True)
        options = traitlets.Dict().tag(sync=True)
        presets = traitlets.List[Any]().tag(sync=True)
        kinds = traitlets.List[Any]().tag(sync=True)
        kind_words = traitlets.Dict().tag(sync=True)
        open_hands = traitlets.Bool(False).tag(sync=True)
        hint = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        review = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        cases = traitlets.List[Any]().tag(sync=True)
        case_id = traitlets.Unicode("").tag(sync=True)
        case_text = traitlets.Unicode("").tag(sync=True)
        result = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
        editor = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    return TableWidget


_TABLE_WIDGET: Any = None


def table_widget(**data: Any) -> Any:
    """A `TableWidget` (anywidget) with the given model keys."""
    global _TABLE_WIDGET
    if _TABLE_WIDGET is None:
        _TABLE_WIDGET = _widget_class()
    return _TABLE_WIDGET(**data)


def replay_data(
    source: Game | GameRecord | Case | Sequence[Frame],
    lang: str,
    *,
    title: str | None = None,
    move_list: bool = False,
) -> dict[str, Any]:
    """The front end's model of a Replay of `source` (every frame as JSON)."""
    return replay_model(source, check_lang(lang), title=title, move_list=move_list)


def replay(
    source: Game | GameRecord | Case | Sequence[Frame],
    lang: str,
    *,
    title: str | None = None,
    size: pictures.Size = "sm",
    move_list: bool = False,
    interval_ms: int = 1400,
) -> Any:
    """A step-through Replay: first/back/play/forward/last buttons, a slider, arrow keys, a steady board.

    `move_list=True` adds a list of every move (markers for tricks, the phase change, players going out).
    In the static build it is HTML with the frames embedded; in Jupyter a `TableWidget`. (`size` and
    `interval_ms` are kept for callers; the board's card size is the front end's.)
    """
    data = replay_data(source, lang, title=title, move_list=move_list)
    if static_build():
        return StaticTable(data)
    # "play from here" needs the browser-live engine of the static site: in Jupyter the Replay has no such button
    data.pop("take_over", None)
    return table_widget(**data)


def example(example_id: str, lang: str, **options: Any) -> Any:
    """The Replay of one of the book's worked examples (`skitgubbe.views.examples.EXAMPLES`)."""
    lang = check_lang(lang)
    item = EXAMPLES[example_id]
    return replay(item.load(), lang, title=item.title[lang], **options)


def quiz(quiz_id: str, lang: str) -> Any:
    """A "Test yourself" question answered by tapping (`skitgubbe.views.quiz`; answers computed by the engine).

    In the static site the book loads quiz.js/quiz.css; in Jupyter the cell's HTML carries them."""
    from IPython.display import HTML  # start-up cost (see the module text)

    return HTML(quiz_html(QUIZZES[quiz_id], lang, inline_runtime=not static_build()))


# -- live widgets (need a kernel) ----------------------------------------------------------------------------
def how_live_html(lang: str, page: str) -> str:
    """One line: how to get the live version of a page (Voilà or `make lab`); a `LanguageError` for a language
    other than `sv` and `en`."""
    lang = check_lang(lang)
    return f'<p class="sg-how-live" lang="{lang}">{KERNEL_NOTE.phrase("how_live", lang, page=page)}</p>'


def needs_kernel_note(lang: str) -> Any:
    """The note shown in the static site where a live widget would be."""
    from IPython.display import HTML  # start-up cost (see the module text)

    lang = check_lang(lang)
    return HTML(
        f'<div class="sg-needs-kernel admonition note" lang="{lang}"><p>{KERNEL_NOTE.phrase("needs_kernel", lang)}</p>'
        f"{how_live_html(lang, 'play')}</div>"
    )


class _Text:
    """A read-only text value (`.value`), kept for callers of the earlier ipywidgets API."""

    def __init__(self, get: Any) -> None:
        self._get = get

    @property
    def value(self) -> str:
        return str(self._get())


class _WidgetHost:
    """What the live game and the checker share: the table widget they drive, shown as a cell's value."""

    widget: Any

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display as the widget itself when this object is a cell's last expression."""
        return self.widget._repr_mimebundle_(**kwargs)

    def _apply(self, changes: dict[str, Any]) -> None:
        """Set the widget's keys from a controller's answer, sent to the front end as one update."""
        with self.widget.hold_sync():
            for key, value in changes.items():
                setattr(self.widget, key, value)


class LivePlay(_WidgetHost):
    """Play a game against computer players (`views.controllers.PlayController`): you sit at the bottom (the first
    player); click a card in your hand, or pick up / chansa / throw / pass; the other seats play themselves."""

    def __init__(
        self,
        lang: str,
        *,
        rules: str | Mapping[str, Any] = DEFAULT_PRESET,
        players: int = 3,
        seed: int = 1,
        opponents: str = "sensible",
    ) -> None:
        self.lang = lang = check_lang(lang)
        self.controller = PlayController(
            lang, {"rules": rules, "players": players, "seed": seed, "opponents": opponents}
        )
        self.session = self.controller.session
        self.widget = table_widget(**self.controller.state(), pause_ms=self.controller.pause_ms)
        self._apply(self.controller.run_computer())
        self.widget.on_msg(self._on_msg)
        self.view = self.widget

    # -- what the reader sees ---------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.controller.game

    @property
    def options(self) -> dict[str, Any]:
        return self.controller.options

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The reader's legal actions now (what the buttons and clickable cards offer)."""
        return self.session.legal_actions()

    @property
    def narration(self) -> str:
        """The latest move narrated (with its rule id), as the front end's narration shows it."""
        last = self.session.last
        if not last:
            return str(self.widget.message)
        parts = [last["text"], last["verdict"], last["why"], f"{last['rule']} {last['rule_text']}"]
        return " — ".join(p for p in parts if p)

    @property
    def search_note(self) -> str | None:
        """Where the strong opponent, the hint and the review run on the engine for these rules (not the fast
        core), why, in the reader's language; None where the fast core plays them. The table shows it too."""
        return self.session.search_note()

    @property
    def buttons(self) -> Any:  # compatibility: `buttons.children` are the actions
        return SimpleNamespace(children=tuple(self.actions))

    @property
    def message(self) -> _Text:  # compatibility: `message.value` is the narration
        return _Text(lambda: self.narration)

    # -- actions ----------------------------------------------------------------------------------------------
    def _answer(self, message: dict[str, Any]) -> None:
        """One message from Python (`new_game`, `set_option`, `attempt`), then the computer seats up to the reader's
        turn at once (the front end's own clicks are paced instead: `_on_msg`)."""
        changes = self.controller.handle(message)
        self._apply(changes)
        if changes.get("busy"):
            self._apply(self.controller.run_computer())

    def new_game(self) -> None:
        self._answer({"op": "new"})

    def set_option(self, key: str, value: Any) -> None:
        """Change an option of the next deal (the game under way keeps its own; the front end says so)."""
        self._answer({"op": "option", "key": key, "value": value})

    def attempt(self, move: Any) -> bool:
        """Play a move for you (a move value or text); an illegal one is explained with its rule. Returns success."""
        before = self.game.move_count
        self._answer({"op": "play", "move": str(move)})
        return self.game.move_count > before

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message of the front end: answered with the keys that changed. The computer seats then move one per
        `{"op": "computer"}` the front end sends after its pause (`pause_ms`), each move drawn and narrated."""
        try:
            if isinstance(content, dict) and content.get("op") in {
                "play",
                "new",
                "option",
                "open",
                "take_over",
                "hint",
                "review",
            }:
                self._apply(self.controller.handle(content))
            elif isinstance(content, dict) and content.get("op") == "computer":
                self._apply(self.controller.handle({"op": "computer"}))
        finally:
            self.widget.send({"type": "done", "seq": content.get("seq") if isinstance(content, dict) else None})


def live_play(lang: str, **options: Any) -> Any:
    """The live game for a book page: the widget in Jupyter; in the static site (which plays in the browser, see
    `views/live/panel.py`) one line saying how to get the Jupyter version."""
    lang = check_lang(lang)
    if static_build():
        from IPython.display import HTML  # start-up cost (see the module text)

        return HTML(how_live_html(lang, "play"))
    return LivePlay(lang, **options).view


def whole_game(
    players: Sequence[str], lang: str, *, rules: str = DEFAULT_PRESET, seed: int = 1, kinds: Sequence[str] | None = None
) -> Any:
    """A whole seeded game between computer players, from the deal to the skitgubbe, with a move list."""
    lang = check_lang(lang)
    game = Game.deal(len(players), rules=rules, seed=seed)
    chosen = list(kinds or ["sensible"] * len(players))
    # the seeds of studies.simulate.play_game: the same deal number gives the same game there and here
    play_out(
        game, {name: make_player(kind, seed * 101 + i) for i, (name, kind) in enumerate(zip(game.players, chosen))}
    )
    # as a record (the same frames): its Replay can then be continued live from any frame ("play from here")
    return replay(GameRecord.of(game, seed=seed), lang, move_list=True)


# -- the checker: one position and its moves under every preset (needs a kernel) -------------------------------
class Checker(_WidgetHost):
    """Enter a position and moves (a case as JSON, or a library case), see the verdicts under every preset."""

    def __init__(self, lang: str, *, case_id: str = "klover-9") -> None:
        self.lang = lang = check_lang(lang)
        self.controller = CheckerController(lang, case_id)
        self.widget = table_widget(**self.controller.state())
        self.widget.on_msg(self._on_msg)
        self.view = self.widget

    @property
    def result(self) -> dict[str, Any] | None:
        result = self.controller.model.get("result")
        return dict(result) if result else None

    def load(self, case_id: str) -> None:
        """Fill the text with a library case and judge it."""
        self._apply(self.controller.load(case_id))

    def check(self, text: str | None = None) -> bool:
        """Judge the text (default: the case text) under every preset; returns whether it could be judged."""
        self._apply(self.controller.check(self.widget.case_text if text is None else text))
        return bool(self.result and self.result["ok"])

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self._apply(self.controller.handle(content))


def checker_static_html(lang: str) -> str:
    """The checker's stand-in on the static site: how to run the check locally, and every case with its verdicts."""
    lang = check_lang(lang)
    command = f"python -m skitgubbe check --compare {CHECKER_STATIC.phrase('file', lang)} --lang {lang}"
    return (
        f'<div class="sg-needs-kernel admonition note" lang="{lang}"><p>{CHECKER_STATIC.phrase("static", lang)}</p></div>'
        f'<p lang="{lang}">{CHECKER_STATIC.phrase("how", lang)}</p><pre><code>{escape(command)}</code></pre>'
        f'<p lang="{lang}">{CHECKER_STATIC.phrase("json", lang)}</p>'
        + how_live_html(lang, "checker")
        + gallery_html(lang)
    )


def checker(lang: str, **options: Any) -> Any:
    """The checker for a book page: the live widget in Jupyter; in the static site, how to run the same check
    with the command line and a gallery of every library case with its verdict table."""
    lang = check_lang(lang)
    if static_build():
        from IPython.display import HTML  # start-up cost (see the module text)

        return HTML(checker_static_html(lang))
    return Checker(lang, **options).view


# -- the learning path (issue 28) -----------------------------------------------------------------------------
def exercise_set(set_name: str, lang: str) -> Any:
    """One lesson of the learning path: its exercises, answered by tapping, judged by the engine at build time
    (`skitgubbe.views.exercises`). In the static site the book loads exercises.js/.css; in Jupyter the cell's HTML
    carries them (and table.js) inline."""
    from IPython.display import HTML  # start-up cost (see the module text)

    from skitgubbe.views.exercises import set_html

    return HTML(set_html(set_name, lang, inline_runtime=not static_build()))


def path_status(lang: str) -> Any:
    """The learning path's progress line, its finished message and its start-over control."""
    from IPython.display import HTML  # start-up cost (see the module text)

    from skitgubbe.views.exercises import status_html

    return HTML(status_html(lang, inline_runtime=not static_build()))
