"""How much the strong search may do per decision: one `Budget` for the search in C and on the engine, the players
that run it, the hint and the review."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: The deals per decision when none is given (each candidate move is played out on each).
DEFAULT_PLAYOUTS: Final = 64


@dataclass(frozen=True)
class Budget:
    """A decision's budget: at most `playouts` deals (each candidate move played out once per deal); with
    `seconds`, no new deal once that time has passed (one deal at least); with `games`, at most that many playouts
    in all, set before the search starts (`deals`); `early_stop` drops a move once it can no longer become the best;
    `drop_z2` (0: off) the C search's statistical drop (`kernel_strong.evaluate`; the engine's search has none and
    plays the moves the early stop keeps)."""

    playouts: int = DEFAULT_PLAYOUTS
    seconds: float | None = None
    early_stop: bool = True
    games: int | None = None
    drop_z2: int = 0

    def deals(self, candidates: int) -> int:
        """The deals to play for `candidates` legal moves: `playouts`, or `games // candidates` where that is fewer
        (one at least), so a position with many legal moves costs no more than one with few."""
        if self.games is None:
            return max(self.playouts, 1)
        return max(1, min(self.playouts, self.games // candidates))


#: The budget where none is given: `DEFAULT_PLAYOUTS` deals, the early stop, no clock.
DEFAULT_BUDGET: Final = Budget()
