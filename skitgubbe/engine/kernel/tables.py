"""Bit tables of the kernel: cards are 0..51 (suit C, D, H, S times 13 plus the rank less two, as `Card.index`).

Every table is built at import by a loop over a value read at run time (`_ONE[0]`), never by a shift of a
constant: mypyc folds `i64(1) << c` into a 32-bit shift when it can see both operands, which is wrong for cards of
index 31 and up. Hands are 52-bit masks of these bits.
"""

from __future__ import annotations

from typing import Final

#: the one every table shifts, a value the compiler cannot fold
_ONE: Final[list[int]] = [1]


def _bits() -> list[int]:
    one = _ONE[0]
    return [one << c for c in range(52)]


#: BIT[c]: the mask of card c
BIT: Final[list[int]] = _bits()
#: every card
ALL: Final[int] = sum(BIT)
#: SUIT[s]: the 13 cards of suit s (0..3)
SUIT: Final[list[int]] = [sum(BIT[s * 13 + r] for r in range(13)) for s in range(4)]
#: RANK[r]: the four cards of rank index r (0 = two .. 12 = ace)
RANK: Final[list[int]] = [sum(BIT[s * 13 + r] for s in range(4)) for r in range(13)]
#: ABOVE[c]: the cards of c's suit above c
ABOVE: Final[list[int]] = [sum(BIT[c + k] for k in range(1, 13 - c % 13)) for c in range(52)]
#: AT_LEAST[r]: every card of rank index r or higher
AT_LEAST: Final[list[int]] = [sum(RANK[k] for k in range(r, 13)) for r in range(13)]
#: RANKS_CARDS[m]: for a 13-bit mask of rank indexes, every card of those ranks
RANKS_CARDS: Final[list[int]] = [sum(RANK[r] for r in range(13) if m >> r & 1) for m in range(8192)]
#: SUIT_OF[c] and RANK_OF[c]
SUIT_OF: Final[list[int]] = [c // 13 for c in range(52)]
RANK_OF: Final[list[int]] = [c % 13 for c in range(52)]
#: RANK_BIT[r]: bit r of a 13-bit rank mask
RANK_BIT: Final[list[int]] = [_ONE[0] << r for r in range(13)]


def low_card(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
