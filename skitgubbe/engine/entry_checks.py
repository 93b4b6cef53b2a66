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
from skitgubbe.errors import Phrase, PositionError

#: The largest seed: 2**53 - 1, the largest integer a JSON number holds exactly in every reader (and a web page).
MAX_SEED = 2**53 - 1
#: The longest player's name (what a record holds; the table draws it beside a hand).
MAX_NAME = 40

#: Characters a player's name may not hold: control, format (zero-width, bidirectional overrides), separators.
_BAD_NAME_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def name_problem(name: str) -> Phrase | None:
    """Why `name` cannot be a player's name, or None if it can."""
    if not name:
        return Phrase("is_empty")
    if name != name.strip():
        return Phrase("starts_ends_with_space", text=repr(name))
    if ":" in name:
        return Phrase("holds_which_separates_player_from", text=repr(name))
    for char in name:
        if unicodedata.category(char) in _BAD_NAME_CATEGORIES:
            return Phrase("holds_invisible_control_character_u", text=repr(name), code=format(ord(char), "04X"))
        if char.isspace() and char != " ":
            return Phrase("holds_white_space_character_u", text=repr(name), code=format(ord(char), "04X"))
    if len(name) > MAX_NAME:
        return Phrase("longer_than_40_characters", start=repr(name[:20]))
    return None


def check_players(players: object) -> int | list[str]:
    """A count of players (an int, not a bool) or a list of valid names (a string is its letters: `"ABC"`)."""
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    if isinstance(players, (bytes, Mapping)) or not isinstance(players, Iterable):
        raise PositionError("players", "count_2_6_list_names", value=repr(players))
    names = list(players)
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise PositionError(f"players[{i}]", "must_be_name", value=repr(name))
        problem = name_problem(name)
        if problem:
            raise PositionError(f"players[{i}]", problem)
    return names


def check_seed(seed: object) -> int:
    """A seed: an integer from 0 to `MAX_SEED` (not a bool, not a float such as 1e21)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PositionError("seed", "must_be_integer_0_or_more", value=repr(seed))
    if seed > MAX_SEED:
        raise PositionError("seed", "at_most_2_53_1", limit=MAX_SEED, value=seed)
    return seed


def check_phase(phase: object) -> int:
    """A phase: the int 1 or 2 (not 2.0, not True)."""
    if type(phase) is not int or phase not in (1, 2):
        raise PositionError("phase", "must_be_1_or_2", value=repr(phase))
    return phase


def check_name(value: object, where: str) -> str:
    """A player's name given to a field (`to_play`, a key of `hands`, ...): a string."""
    if not isinstance(value, str):
        raise PositionError(where, "player_name_string", value=repr(value))
    return value


def check_cards(value: object, where: str) -> list[Any]:
    """A list of cards (each a `Card` or a notation; the notation is read later)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(where, "list_cards", value=repr(value))
    return list(value)


def check_hands(value: object, where: str) -> dict[str, list[Any]]:
    """Player name -> list of cards."""
    if not isinstance(value, Mapping):
        raise PositionError(where, "mapping_player_name_list_cards", value=repr(value))
    return {check_name(name, where): check_cards(cards, f"{where}.{name}") for name, cards in value.items()}


def check_names(value: object, where: str) -> list[str]:
    """A list of players' names (`players`, `out`; a string is its letters)."""
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError(where, "list_players_names", value=repr(value))
    return [check_name(name, f"{where}[{i}]") for i, name in enumerate(value)]


def check_trump(value: object) -> Suit | str | None:
    """The trump suit: a `Suit`, a suit's notation or None."""
    if value is None or isinstance(value, (Suit, str)):
        return value
    raise PositionError("trump", "must_be_suit", value=repr(value))


def check_trump_card(value: object) -> tuple[str, Card | str] | None:
    """The set-aside trump card: None or a pair (holder's name, card)."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise PositionError("trump_card", "pair_player_card", value=repr(value))
    holder, card = value
    if not isinstance(card, (Card, str)):
        raise PositionError("trump_card.card", "must_be_card", value=repr(card))
    return check_name(holder, "trump_card.player"), card


def check_table(value: object) -> list[tuple[str, list[Any]]]:
    """The plays on the table: pairs (player's name, cards), oldest first."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise PositionError("table", "list_player_cards_pairs", value=repr(value))
    plays = []
    for i, entry in enumerate(value):
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise PositionError(f"table[{i}]", "pair_player_cards", value=repr(entry))
        plays.append((check_name(entry[0], f"table[{i}]"), check_cards(entry[1], f"table[{i}]")))
    return plays
