"""Rate limits: a token bucket per phone connection (messages) and per address (opening tables, unknown codes).

A bucket holds at most `burst` tokens and gains `rate` a second; each message takes one, and a message that finds
the bucket empty is refused (the table is unchanged). Unknown table codes are counted per address, so trying codes
is as slow as `GUESS_RATE` allows: at 40 bits a code, a guess among even thousands of open tables would take
longer than any game lasts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "GUESS_BURST",
    "GUESS_RATE",
    "MESSAGE_BURST",
    "MESSAGE_RATE",
    "OPEN_BURST",
    "OPEN_RATE",
    "Bucket",
    "Buckets",
    "Limits",
]

#: a phone's messages: far more than a person taps, far fewer than a script that floods the table
MESSAGE_RATE, MESSAGE_BURST = 8.0, 24
#: unknown codes per address: 10 at once, then one every 6 seconds
GUESS_RATE, GUESS_BURST = 1 / 6, 10
#: tables opened per address: 60 at once (a class behind one network address), then one a second
OPEN_RATE, OPEN_BURST = 1.0, 60


@dataclass(frozen=True)
class Limits:
    """The server's caps on what one address or one seat may hold, and how long a table is kept."""

    #: connections open at once from one address (a class behind one school address: 30 phones, reloads, screens)
    sockets_per_address: int = 200
    #: connections holding one seat at once (a reload opens the new before the old is gone); the oldest goes first
    sockets_per_seat: int = 2
    #: tables open at once that one address opened
    tables_per_address: int = 60
    #: finished games' Replays worked out per address: 8 at once, then one every 2 seconds (a kept one is free)
    replay_rate: float = 0.5
    replay_burst: int = 8
    #: a table nobody has changed for this long is closed (seconds)
    idle_seconds: float = 4 * 3600.0
    #: an ended or finished table is closed this long after its last change (seconds)
    ended_seconds: float = 3600.0
    #: how often the tables are looked over for expiry (seconds)
    sweep_seconds: float = 60.0


@dataclass
class Bucket:
    """One token bucket; `clock` is injectable for tests."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens, self.stamp = float(self.burst), self.clock()

    def take(self) -> bool:
        """Take one token if there is one."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def empty(self) -> bool:
        """Whether the bucket has no whole token now (without taking one)."""
        now = self.clock()
        return min(float(self.burst), self.tokens + (now - self.stamp) * self.rate) < 1


class Buckets:
    """A bucket per key (an address), made on first use; at most `limit` keys are kept (the oldest go first)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic, limit: int = 10_000):
        self.rate, self.burst, self.clock, self.limit = rate, burst, clock, limit
        self.buckets: dict[str, Bucket] = {}

    def get(self, key: str) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.limit:
                self.buckets.pop(next(iter(self.buckets)))
            bucket = self.buckets[key] = Bucket(self.rate, self.burst, self.clock)
        return bucket
