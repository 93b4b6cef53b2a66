"""The argument checks of the engine's public entry points (`Game.deal`, `Game.from_position`, the player registry).

The entry points take their arguments as `object` and check them here, in plain code, before any typed function
sees them: a compiled (mypyc) function refuses a wrong type with a `TypeError` in mypyc's words, the source build
accepts it or fails elsewhere; checked first, both builds raise the same `SkitgubbeError` with the same message.
The checks of a player's name and of a seed are the ones the record format uses, so that a game the engine deals
can always be saved and replayed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from skitgubbe.engine.cards import Card, Suit
from skitgubbe.errors import PositionError

#: The largest seed: 2**53 - 1, the largest integer a JSON number holds exactly in every reader (and a web page).
MAX_SEED = 2**53 - 1
#: The longest player's name (what a record holds; the table draws it beside a hand).
MAX_NAME = 40

#: Characters a player's name may not hold: control, format (zero-width, bidirectional overrides), separators.
_BAD_NAME_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def name_problem(name: str) -> str:
    """Why `name` cannot be a player's name, or '' if it can."""
    if not name:
        return "is empty"
    if name != name.strip():
        return f"{name!r} starts or ends with a space"
    if ":" in name:
        return f"{name!r} holds ':', which separates the player from the move"
    for char in name:
        if unicodedata.category(char) in _BAD_NAME_CATEGORIES:
            return f"{name!r} holds the invisible or control character U+{ord(char):04X}"
        if char.isspace() and char != " ":
            return f"{name!r} holds the white-space character U+{ord(char):04X}; use plain spaces"
    if len(name) > MAX_NAME:
        return f"{name[:20]!r}... is longer than 40 characters"
    return ""


def check_players(players: object) -> int | list[str]:
    """A count of players (an int, not a bool) or a list of valid names (a string is its letters: `"ABC"`)."""
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    if isinstance(players, (bytes, Mapping)) or not isinstance(players, Iterable):
        raise PositionError("players", f"must be a count (2 to 6) or a list of names, not {players!r}")
    names = list(players)
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise PositionError(f"players[{i}]", f"must be a name (a string), not {name!r}")
        problem = name_problem(name)
        if problem:
            raise PositionError(f"players[{i}]", problem)
    return names


def check_seed(seed: object) -> int:
    """A seed: an integer from 0 to `MAX_SEED` (not a bool, not a float such as 1e21)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PositionError("seed", f"must be an integer 0 or more, not {seed!r}")
    if seed > MAX_SEED:
        raise PositionError("seed", f"must be at most {MAX_SEED} (2**53 - 1), not {seed}")
    return seed


def check_phase(phase: object) -> int:
    """A phase: the int 1 or 2 (not 2.0, not True)."""
    if type(phase) is not int or phase not in (1, 2):
        raise PositionError("phase", f"must be 1 or 2, not {phase!r}")
    return phase


def check_name(value: object, where: str) -> str:
    """A player's name given to a field (`to_play`, a key of `hands`, ...): a string."""
    if not isinstance(value, str):
        raise PositionError(where, f"must be a player's name (a string), not {value!r}")
    return value


def check_cards(value: object, where: str) -> list[Any]:
    """A list of cards (each a `Card` or a notation; the notation is read later)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(where, f"must be a list of cards, not {value!r}")
    return list(value)


def check_hands(value: object, where: str) -> dict[str, list[Any]]:
    """Player name -> list of cards."""
    if not isinstance(value, Mapping):
        raise PositionError(where, f"must be a mapping: player name -> list of cards, not {value!r}")
    return {check_name(name, where): check_cards(cards, f"{where}.{name}") for name, cards in value.items()}


def check_names(value: object, where: str) -> list[str]:
    """A list of players' names (`players`, `out`; a string is its letters)."""
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(where, f"must be a list of players' names, not {value!r}")
    return [check_name(name, f"{where}[{i}]") for i, name in enumerate(value)]


def check_trump(value: object) -> Suit | str | None:
    """The trump suit: a `Suit`, a suit's notation or None."""
    if value is None or isinstance(value, (Suit, str)):
        return value
    raise PositionError("trump", f"must be a suit (C, D, H, S or a suit name), not {value!r}")


def check_trump_card(value: object) -> tuple[str, Card | str] | None:
    """The set-aside trump card: None or a pair (holder's name, card)."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise PositionError("trump_card", f"must be a pair (player, card), not {value!r}")
    holder, card = value
    if not isinstance(card, (Card, str)):
        raise PositionError("trump_card.card", f"must be a card, not {card!r}")
    return check_name(holder, "trump_card.player"), card


def check_table(value: object) -> list[tuple[str, list[Any]]]:
    """The plays on the table: pairs (player's name, cards), oldest first."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError("table", f"must be a list of (player, cards) pairs, not {value!r}")
    plays = []
    for i, entry in enumerate(value):
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise PositionError(f"table[{i}]", f"must be a pair (player, cards), not {entry!r}")
        plays.append((check_name(entry[0], f"table[{i}]"), check_cards(entry[1], f"table[{i}]")))
    return plays
