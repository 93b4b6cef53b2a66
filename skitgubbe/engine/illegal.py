"""`IllegalMove`: a move the rules forbid, with the engine's values it carries (the `Move`, the `Reason`).

It lives with the engine, not in `skitgubbe.errors`, so that the errors module needs no engine import. Its message
is worded when it is shown, through the seam `skitgubbe.wording` (the text layer's `illegal_text`), never when it
is raised: the engine's hot paths build no text.
"""

from __future__ import annotations

from skitgubbe.engine.events import Reason
from skitgubbe.engine.moves import Move
from skitgubbe.errors import SkitgubbeError

__all__ = ["IllegalMove"]


class IllegalMove(SkitgubbeError):
    """A move the rules forbid. It names the rule and the reason; the game state is unchanged.

    The key is `illegal_move`; the message (`message(lang)`, `str(error)` in English) is the reason's words and the
    rule's, worded when it is shown, not when it is raised.
    """

    def __init__(self, move: Move | None, player: str | None, why: Reason) -> None:
        self.move = move
        self.player = player
        self.reason = why
        self.rule = why.rule
        super().__init__("illegal_move", reason=why)
