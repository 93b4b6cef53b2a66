"""Step-through frames of a game: one HTML view per position, with the move that led to it and its rule.

Pure strings (no notebook libraries): `widgets.py` puts the frames into a Stack, and tests read them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.moves import parse_move
from skitgubbe.engine.state import GameState
from skitgubbe.records.record import Case, GameRecord, Judgement, Verdict, judge_case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.session import frame_view
from skitgubbe.text.frame_words import FRAME
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.views.board import static_board

#: Marker symbols for the move list: trick decided or turned, phase change, a player out, the loser.
MARKERS = {
    EventKind.TRICK_WON: "●",
    EventKind.TRICK_TURNED: "●",
    EventKind.TIE: "=",
    EventKind.PHASE1_OVER: "◆",
    EventKind.OUT: "✔",
    EventKind.LOSER: "✖",
    EventKind.TRICK_RETURNED: "↩",
}


@dataclass(frozen=True)
class Frame:
    """One step of a replay: the position, the move that led to it (none for the start) and its verdict."""

    state: GameState
    step: Step | None
    verdict: Verdict | None = None

    @property
    def legal(self) -> bool:
        return self.verdict is None or self.verdict.legal

    def markers(self) -> str:
        if self.step is None:
            return ""
        return "".join(dict.fromkeys(MARKERS[e.kind] for e in self.step.events if e.kind in MARKERS))

    def label(self, index: int, lang: Lang) -> str:
        """A one-line label for a move list: `12. B: ♥7 ♥8 ●`."""
        lang = check_lang(lang)
        if self.verdict is not None and not self.verdict.legal:
            return f"{index}. {self.verdict.player}: {self.verdict.move} ✗"
        if self.step is None:
            return f"0. {FRAME.phrase('start', lang)}"
        marks = self.markers()
        return f"{index}. {self.step.player}: {move_text(self.step.move, lang)}" + (f"  {marks}" if marks else "")


def frames_of_game(game: Game) -> list[Frame]:
    """The starting position and the position after each move of a game played so far."""
    states = list(game.states())
    return [Frame(states[0], None)] + [Frame(s, step) for s, step in zip(states[1:], game.history)]


def frames_of_record(record: GameRecord) -> list[Frame]:
    return frames_of_game(record.replay())


def frames_of_case(case: Case, lang: str = "en") -> list[Frame]:
    """A case judged move by move; an illegal move becomes a last frame that shows why (position unchanged)."""
    judgement: Judgement = judge_case(case, lang)
    frames = frames_of_game(judgement.game)
    legal = [v for v in judgement.verdicts if v.legal]
    frames = [frames[0]] + [Frame(f.state, f.step, v) for f, v in zip(frames[1:], legal)]
    if not judgement.all_legal:
        frames.append(Frame(frames[-1].state, None, judgement.verdicts[-1]))
    return frames


def _rule_html(rule_id: str, lang: Lang) -> str:
    rule = CATALOGUE[rule_id]
    return (
        f'<span class="sg-rule"><code class="sg-rule__id">{escape(rule.id)}</code> '
        f'<span class="sg-rule__text">{escape(rule.text(lang))}</span></span>'
    )


def frame_html(frame: Frame, index: int, total: int, lang: Lang, *, title: str | None = None) -> str:
    """One frame: a heading with the move and its verdict, the rule, what followed, and the whole table."""
    lang = check_lang(lang)
    parts = [f'<div class="sg-frame" lang="{lang}" data-frame="{index}">']
    heading = FRAME.phrase("start", lang) if index == 0 else FRAME.phrase("move", lang, i=index, n=total - 1)
    if title:
        heading = f"{escape(title)} · {heading}"
    parts.append(f'<p class="sg-frame__heading"><strong>{heading}</strong></p>')
    verdict = frame.verdict
    if verdict is not None and not verdict.legal:
        parts.append(
            f'<p class="sg-frame__move sg-frame__move--illegal"><strong>{escape(verdict.player)}: '
            f'{escape(move_text(parse_move(verdict.move), lang))}</strong> — <span class="sg-verdict sg-verdict--illegal">'
            f"✗ {FRAME.phrase('illegal', lang)}</span></p>"
        )
        parts.append(f'<p class="sg-frame__why">{escape(verdict.explanation)}</p>')
        parts.append(f'<p class="sg-frame__rule">{FRAME.phrase("rule", lang)}: {_rule_html(verdict.rule, lang)}</p>')
        parts.append(f'<p class="sg-frame__note">{FRAME.phrase("illegal_note", lang)}</p>')
    elif frame.step is not None:
        step = frame.step
        parts.append(
            f'<p class="sg-frame__move"><strong>{escape(step.player)}: '
            f'{escape(move_text(step.move, lang))}</strong> — <span class="sg-verdict sg-verdict--legal">'
            f"✓ {FRAME.phrase('legal', lang)}</span></p>"
        )
        parts.append(f'<p class="sg-frame__why">{escape(step.explanation(lang))}</p>')
        parts.append(f'<p class="sg-frame__rule">{FRAME.phrase("rule", lang)}: {_rule_html(step.rule, lang)}</p>')
        if step.events:
            items = "".join(
                f'<li>{escape(e.text(lang))} <code class="sg-rule__id">{escape(e.rule)}</code></li>'
                for e in step.events
            )
            parts.append(f'<ul class="sg-frame__events">{items}</ul>')
    parts.append(static_board(frame.state, lang))
    parts.append("</div>")
    return "".join(parts)


def frames_html(frames: Sequence[Frame], lang: Lang, *, title: str | None = None) -> list[str]:
    return [frame_html(f, i, len(frames), lang, title=title) for i, f in enumerate(frames)]


def frames_json(frames: Sequence[Frame], lang: str, *, title: str | None = None) -> list[dict[str, object]]:
    """The frames as the front end's JSON views (`skitgubbe.session.frame_view`), with a move-list label each.

    A frame after a move that completes a trick shows the trick whole (it is turned away in the next frame).
    """
    lang = check_lang(lang)
    out: list[dict[str, object]] = []
    total = len(frames)
    for i, frame in enumerate(frames):
        before = frames[i - 1].state if i else None
        illegal = None
        if frame.verdict is not None and not frame.verdict.legal:
            v = frame.verdict
            illegal = {"player": v.player, "move": v.move, "rule": v.rule, "why": v.explanation}
        out.append(
            frame_view(
                frame.state,
                lang,
                index=i,
                total=total,
                before=before,
                step=frame.step if illegal is None else None,
                illegal=illegal,
                title=title,
                label=frame.label(i, lang),
            )
        )
    return out
