"""Bit tables of the kernel: cards are 0..51 (suit C, D, H, S times 13 plus the rank less two, as `Card.index`).

Every table is built at import by a loop over a value read at run time (`_ONE[0]`), never by a shift of a
constant: mypyc folds `i64(1) << c` into a 32-bit shift when it can see both operands, which is wrong for cards of
index 31 and up. Hands are 52-bit masks of these bits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

#: the one every table shifts, a value the compiler cannot fold
_ONE: Final[list[int]] = [1]


def _bits() -> list[i64]:
    one = _ONE[0]
    return [one << c for c in range(52)]


def _or(masks: Iterable[i64]) -> i64:
    out: i64 = 0
    for m in masks:
        out |= m
    return out


#: BIT[c]: the mask of card c
BIT: Final[list[i64]] = _bits()
#: SUIT[s]: the 13 cards of suit s (0..3)
SUIT: Final[list[i64]] = [_or(BIT[s * 13 + r] for r in range(13)) for s in range(4)]
#: RANK[r]: the four cards of rank index r (0 = two .. 12 = ace)
RANK: Final[list[i64]] = [_or(BIT[s * 13 + r] for s in range(4)) for r in range(13)]
#: ABOVE[c]: the cards of c's suit above c
ABOVE: Final[list[i64]] = [_or(BIT[c + k] for k in range(1, 13 - c % 13)) for c in range(52)]
#: AT_LEAST[r]: every card of rank index r or higher
AT_LEAST: Final[list[i64]] = [_or(RANK[k] for k in range(r, 13)) for r in range(13)]
#: RANKS_CARDS[m]: for a 13-bit mask of rank indexes, every card of those ranks
RANKS_CARDS: Final[list[i64]] = [_or(RANK[r] for r in range(13) if m >> r & 1) for m in range(8192)]
#: SUIT_OF[c] and RANK_OF[c]
SUIT_OF: Final[list[int]] = [c // 13 for c in range(52)]
RANK_OF: Final[list[int]] = [c % 13 for c in range(52)]
#: RANK_BIT[r]: bit r of a 13-bit rank mask
RANK_BIT: Final[list[i64]] = [_ONE[0] << r for r in range(13)]


#: whether this module runs as Python source (the browser's build) rather than compiled by mypyc
PLAIN: Final[bool] = __file__.endswith(".py")


def low_card(mask: i64) -> i64:
    """The lowest card of a non-empty mask."""
    return int(mask & -mask).bit_length() - 1


def popcount(x: i64) -> i64:
    """The number of cards in a mask (`int.bit_count` as source; compiled, the same count in machine words)."""
    if PLAIN:
        return int(x).bit_count()
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def select(mask: i64, k: i64) -> i64:
    """The mask of the `k`-th lowest card of `mask` (k from 0)."""
    while k > 0:
        mask &= mask - 1
        k -= 1
    return mask & -mask


def cards_of(mask: i64) -> list[int]:
    """The cards of a mask, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(int(low).bit_length() - 1)
        mask ^= low
    return out
