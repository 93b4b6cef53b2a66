"""ipywidgets views built on `render` and `frames`: the only module that imports ipywidgets.

`replay(...)` works in the static site (every frame embedded, the controls linked in the browser with
`jslink`) and in a live kernel alike. `LivePlay` and `Checker` need a kernel; in the static site they show a
note saying so.
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as widgets

from . import render
from .frames import Frame, frames_html, frames_of_case, frames_of_game, frames_of_record
from .game import Game
from .record import Case, GameRecord

_WORDS = {
    "sv": {"step": "Drag", "play": "Spela upp", "moves": "Dragen", "keys": "Stega med piltangenterna när "
           "reglaget har fokus, eller välj ett drag i listan. ● stick avgjort, ◆ fas 2 börjar, ✔ spelare ute, "
           "✖ skitgubbe."},
    "en": {"step": "Move", "play": "Play through", "moves": "Moves", "keys": "Step with the arrow keys when the "
           "slider has focus, or pick a move in the list. ● trick decided, ◆ phase 2 begins, ✔ player out, "
           "✖ skitgubbe."},
}


def _frames(source: Game | GameRecord | Case | Sequence[Frame], lang: str) -> list[Frame]:
    if isinstance(source, Game):
        return frames_of_game(source)
    if isinstance(source, GameRecord):
        return frames_of_record(source)
    if isinstance(source, Case):
        return frames_of_case(source, lang)
    return list(source)


def replay(source: Game | GameRecord | Case | Sequence[Frame], lang: str, *, title: str | None = None,
           size: render.Size = "sm", move_list: bool = False, interval_ms: int = 1500) -> widgets.VBox:
    """A step-through Replay: a Play button and a slider linked in the browser to a Stack of frames.

    `move_list=True` adds a list of every move (with markers for tricks, the phase change and players going out)
    linked to the same slider, for whole games.
    """
    words = _WORDS[lang]
    frames = _frames(source, lang)
    pages = [widgets.HTML(value=html) for html in frames_html(frames, lang, size=size, title=title)]
    stack = widgets.Stack(children=pages, selected_index=0, layout=widgets.Layout(width="100%"))
    last = len(pages) - 1
    play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms, description=words["play"],
                        tooltip=words["play"])
    slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description=words["step"],
                               continuous_update=True, layout=widgets.Layout(width="min(100%, 36em)"))
    widgets.jslink((play, "value"), (slider, "value"))
    widgets.jslink((slider, "value"), (stack, "selected_index"))
    controls: list[Any] = [widgets.HBox([play, slider])]
    help_text = widgets.HTML(value=f'<p class="sg-replay__help">{words["keys"]}</p>')
    body: list[Any] = [stack]
    if move_list:
        options = [f.label(i, lang) for i, f in enumerate(frames)]
        chooser = widgets.Select(options=options, index=0, rows=12, description=words["moves"],
                                 layout=widgets.Layout(width="min(100%, 22em)"))
        widgets.jslink((chooser, "index"), (slider, "value"))
        body = [widgets.HBox([chooser, stack], layout=widgets.Layout(align_items="flex-start"))]
    box = widgets.VBox(controls + [help_text] + body)
    box.add_class("sg-replay")
    return box


def example(example_id: str, lang: str, **options: Any) -> widgets.VBox:
    """The Replay of one of the book's worked examples (`skitgubbe.examples.EXAMPLES`)."""
    from .examples import EXAMPLES
    item = EXAMPLES[example_id]
    return replay(item.load(), lang, title=item.title[lang], **options)


def quiz(quiz_id: str, lang: str) -> Any:
    """A "Test yourself" question (static HTML: the answer opens on click, no kernel needed)."""
    from IPython.display import HTML

    from .examples import QUIZZES, quiz_html
    return HTML(quiz_html(QUIZZES[quiz_id], lang))
