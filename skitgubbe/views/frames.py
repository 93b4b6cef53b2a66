"""Step-through frames of a game: one HTML view per position, with the move that led to it and its rule (the
frames themselves and their JSON views are `skitgubbe.replay`'s, re-exported here).

Pure strings (no notebook libraries): `widgets.py` puts the frames into a Stack, and tests read them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from skitgubbe.engine.moves import parse_move
from skitgubbe.replay import MARKERS, Frame, frames_json, frames_of_case, frames_of_game, frames_of_record
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.frame_words import FRAME
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.views.board import static_board

__all__ = [
    "MARKERS",
    "Frame",
    "frame_html",
    "frames_html",
    "frames_json",
    "frames_of_case",
    "frames_of_game",
    "frames_of_record",
]


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
