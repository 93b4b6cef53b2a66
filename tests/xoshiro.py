"""The fast core's random stream in Python, for the tests only: xoshiro128** seeded by splitmix64 of (seed, game),
word for word as csearch.c's `reseed`, `next32` and `below` (the engine's players take these draws in
tests/engine/test_c_sensible.py, so that the C's sensible policy and `SensiblePlayer` decide on the same numbers)."""

from __future__ import annotations

from skitgubbe.players.kernel_strong import MASK64, splitmix64

MASK32 = 0xFFFFFFFF


class Stream:
    """The C's stream (seed, game): `next32()`, `below(m)`, `random()`; `state` its four words."""

    def __init__(self, seed: int, game: int = 0) -> None:
        x = splitmix64(splitmix64(seed & MASK64) ^ (game & MASK64))
        y = splitmix64(x)
        self.state = [x & MASK32, x >> 32, y & MASK32, y >> 32]
        if not any(self.state):
            self.state[0] = 1

    def next32(self) -> int:
        a, b, c, d = self.state
        x = (b * 5) & MASK32
        result = ((((x << 7) | (x >> 25)) & MASK32) * 9) & MASK32
        t = (b << 9) & MASK32
        c ^= a
        d ^= b
        b ^= c
        a ^= d
        c ^= t
        self.state = [a, b, c, ((d << 11) | (d >> 21)) & MASK32]
        return result

    def below(self, m: int) -> int:
        return (self.next32() * m) >> 32

    def random(self) -> float:
        return self.next32() / 4294967296.0

    # `random.Random`'s method the sensible player calls besides `random()`
    def randrange(self, n: int) -> int:
        return self.below(n)
