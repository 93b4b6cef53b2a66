"""The kernel's random stream: one small generator per game, its state hashed from the seed and the game number.

Why not `random.Random(seed)`: seeding a Mersenne Twister costs more than a whole kernel game, and the engine's
players seed one per player per game. Why hashed: generators seeded with `seed`, `seed + 1`, ... must not give
shifted copies of one stream (a linear congruential step from `seed` would). So the four 32-bit words of the state
come from splitmix64 (Steele, Lea and Flood 2014; the seeding routine recommended for the xoshiro family) applied
to `seed` and `game` mixed together, and the stream is xoshiro128** (Blackman and Vigna 2018): 128 bits of state,
period 2**128 - 1, every value a 32-bit word. Everything stays below 2**63 apart from the seeding, so that the
compiled build (mypyc) keeps every value a machine integer and plain Python (the browser's build) computes the
same numbers.

`below(m)` maps one 32-bit word to 0..m-1 by multiplying and shifting (Lemire 2019 without the rejection step):
for the kernel's m (at most a few hundred moves) the bias is below m / 2**32, under 1e-7, far beneath the
statistical noise of any study in the book; it is written down here because it is a choice, not an accident.

>>> a, b = Stream(7, 0), Stream(7, 0)
>>> [a.next32() for _ in range(3)] == [b.next32() for _ in range(3)]
True
>>> Stream(7, 0).next32() != Stream(7, 1).next32() != Stream(8, 0).next32()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

MASK32: Final = 0xFFFFFFFF
MASK64: Final = 0xFFFFFFFFFFFFFFFF
GOLDEN64: Final = 0x9E3779B97F4A7C15


def splitmix64(x: int) -> int:
    """One splitmix64 output for the state `x` (taken modulo 2**64): a bijective 64-bit mix."""
    z = (x + GOLDEN64) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Stream:
    """xoshiro128** seeded from splitmix64 of (`seed`, `game`); `next32()` words, `below(m)` in 0..m-1."""

    def __init__(self, seed: int, game: int = 0) -> None:
        self.a: i64 = 0
        self.b: i64 = 0
        self.c: i64 = 0
        self.d: i64 = 0
        self.reseed(seed, game)

    def reseed(self, seed: int, game: int = 0) -> None:
        """Start the stream of game `game` under `seed` (the same words as a new `Stream(seed, game)`)."""
        x = splitmix64(seed & MASK64)
        x = splitmix64(x ^ (game & MASK64))
        y = splitmix64(x)
        self.a = x & MASK32
        self.b = x >> 32
        self.c = y & MASK32
        self.d = y >> 32
        if not (self.a | self.b | self.c | self.d):
            self.a = 1  # the one state xoshiro cannot leave (never reached in practice)

    def next32(self) -> i64:
        """The next 32-bit word of the stream."""
        a = self.a
        b = self.b
        c = self.c
        d = self.d
        x = (b * 5) & MASK32
        result = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
        t = (b << 9) & MASK32
        c ^= a
        d ^= b
        b ^= c
        a ^= d
        c ^= t
        self.a = a
        self.b = b
        self.c = c
        self.d = ((d << 11) | (d >> 21)) & MASK32
        return result

    def below(self, m: i64) -> i64:
        """A number in 0..m-1 (m from 1 to 2**30): one word, multiplied by m and shifted (see the module notes)."""
        a = self.a  # next32(), written out: this is the playouts' hot path
        b = self.b
        c = self.c
        d = self.d
        x = (b * 5) & MASK32
        result = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
        t = (b << 9) & MASK32
        c ^= a
        d ^= b
        self.b = b ^ c
        self.a = a ^ d
        self.c = c ^ t
        self.d = ((d << 11) | (d >> 21)) & MASK32
        return (result * m) >> 32

    def random(self) -> float:
        """A float in [0, 1) with 32 random bits (for tie-breaks of the policies)."""
        return float(self.next32()) / 4294967296.0
