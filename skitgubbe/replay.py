"""A Replay as data, beside the session: the frames of a game, a record or a case (`Frame`), each as the front end's
JSON view (`frames_json`, from `skitgubbe.session.frame_view`), the Replay's model without card pictures
(`replay_data`) and what "play from here" needs (`take_over_source`).

The views add the pictures (`skitgubbe.views.table.replay_data`: the same model with its `deck`) and the HTML of a
frame (`skitgubbe.views.frames.frame_html`); the table server (`skitgubbe.table`) uses this module alone, and its
phones draw the cards from the deck their page already holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.state import GameState
from skitgubbe.records.record import Case, GameRecord, Judgement, Verdict, judge_case
from skitgubbe.rules.options import short_spec
from skitgubbe.session import frame_view
from skitgubbe.text.frame_words import FRAME
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.table_words import board_words

JSON = dict[str, Any]

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


def frames_of(source: Game | GameRecord | Case | Sequence[Frame], lang: str) -> list[Frame]:
    """The frames of a game, a record, a case (judged in `lang`) or a list of frames."""
    if isinstance(source, Game):
        return frames_of_game(source)
    if isinstance(source, GameRecord):
        return frames_of_record(source)
    if isinstance(source, Case):
        return frames_of_case(source, lang)
    return list(source)


#: the fields of a library case that are about the book's question, not the position (left out of a take-over)
_CASE_ONLY = ("expect", "id", "point", "notes", "question")


def take_over_source(source: Game | GameRecord | Case | Sequence[Frame], frames: Sequence[Frame]) -> JSON | None:
    """What `Session.take_over` needs to continue any frame of this Replay live: `{"case": ...}` or
    `{"record": ...}`, and `limit`, the last frame index that is a position (a refused move's frame is not).

    None for a plain list of frames, or a game whose deal is not known (no seed): that Replay has no "play from here".
    """
    if isinstance(source, Case):
        data = {k: v for k, v in source.data.items() if k not in _CASE_ONLY}
        data["rules"] = short_spec(source.rules)
        data["moves"] = list(source.moves)
        limit = sum(1 for f in frames[1:] if f.step is not None)
        return {"case": data, "limit": limit}
    if isinstance(source, GameRecord):
        return {"record": source.to_dict(), "limit": len(source.moves)}
    return None


def card_codes(frames: Sequence[Mapping[str, Any]]) -> set[str]:
    """Every card code the JSON frames show (the pictures a Replay of them needs)."""
    seen: set[str] = set()
    for f in frames:
        for hand in f["hands"].values():
            seen.update(hand["cards"] or ())
        for _, play in f["table"]:
            seen.update(play)
        card = f.get("trump_card")
        if card:
            seen.add(card["card"])
            if "lesson" in card:
                seen.add(card["lesson"])
        last = f.get("last")
        if last:
            seen.update(last["cards"])
    return seen


def replay_data(
    frames: Sequence[dict[str, Any]],
    lang: str,
    *,
    move_list: bool = False,
    title: str | None = None,
    deck: Mapping[str, str] | None = None,
) -> JSON:
    """The model of a Replay: its frames (views from `skitgubbe.session.frame_view`) and words; `deck`, the card
    pictures by code, when given (the views give it; a table's phone has it from its page)."""
    lang = check_lang(lang)
    data: JSON = {"mode": "replay", "lang": lang, "title": title or "", "words": board_words(lang)}
    if deck is not None:
        data["deck"] = dict(deck)
    data.update({"frames": list(frames), "index": 0, "move_list": move_list})
    return data
