"""The checker's position editor as data: edits of a disputed-case file (a plain dict), and its address fragment.

Every function takes a case (the format of docs/case-files.md, as a dict) and returns a new one; nothing is changed in
place. The editor is tolerant: a case being built may be incomplete or inconsistent (a card written twice, a move
naming a player who is gone); `skitgubbe.session.check_case` says what is wrong, and nothing the reader wrote is
dropped unless an edit takes it away on purpose.

Places a card can be put (`place`): `hand:<player>`, `won:<player>` (phase 1), `talon` (phase 1; the card goes to
the bottom, so the last card tapped is the trump card), `trump_card:<player>` (phase 1 with the talon used up: the
set-aside card and who holds it) and `table:<player>` (phase 2; a card joins that player's play if it is the last
one on the table, so a sequence is tapped card by card).

The address fragment (`fragment`, `read_fragment`): `case=<base64url of the case JSON>` (docs/browser-contract.md, the browser
contract), optionally followed by `&rules=<base64url of a rules spec>` (the house rules, the form of the house-rules
page's `#rules=`). Either part may stand alone; `case=` always comes first, so a link of the contract's form is
also a link of this one. Base64url has no `&`, so the parts split unambiguously.
"""

from __future__ import annotations

import base64
import contextlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.cards import Card, Suit, format_cards, parse_cards
from skitgubbe.errors import CardParseError, RecordError
from skitgubbe.records.caselib import library
from skitgubbe.rules.options import DEFAULT_PRESET

__all__ = [
    "DESTINATIONS",
    "PLAYER_NAMES",
    "FragmentError",
    "blank_case",
    "card_places",
    "case_json",
    "decode",
    "encode",
    "fragment",
    "library_id",
    "move_text",
    "normalise",
    "place",
    "read_fragment",
    "set_phase",
    "set_players",
    "take",
]

JSON = dict[str, Any]

#: the names a new seat gets, in seating order
PLAYER_NAMES = "ABCDEF"
#: the kinds of destination of a card, by phase
DESTINATIONS: Mapping[int, tuple[str, ...]] = {1: ("hand", "talon", "won", "trump_card"), 2: ("hand", "table")}
#: the order of a case's fields in its normalised text (other fields follow, as they were)
FIELD_ORDER = (
    "rules",
    "players",
    "phase",
    "trump",
    "talon",
    "trump_card",
    "won",
    "hands",
    "table",
    "out",
    "to_play",
    "moves",
)


def _code(value: Any) -> Any:
    """The canonical code of a card written in any notation; anything unreadable stays as it was."""
    if isinstance(value, str):
        try:
            return str(Card.parse(value))
        except CardParseError:
            return value
    return value


def _codes(values: Any) -> Any:
    return [_code(v) for v in values] if isinstance(values, list) else values


def normalise(case: Mapping[str, Any]) -> JSON:
    """Cards as canonical codes, the fields in one order, empty optional fields left out (same meaning)."""
    data = dict(case)
    out: JSON = {}
    if isinstance(data.get("trump"), str):
        with contextlib.suppress(CardParseError):
            data["trump"] = Suit.parse(data["trump"]).value
    for key in ("hands", "won"):
        if isinstance(data.get(key), dict):
            data[key] = {name: _codes(cards) for name, cards in data[key].items()}
    if isinstance(data.get("talon"), list):
        data["talon"] = _codes(data["talon"])
    if isinstance(data.get("table"), list):
        data["table"] = [
            [entry[0], _codes(entry[1])] if isinstance(entry, list) and len(entry) == 2 else entry
            for entry in data["table"]
        ]
    tc = data.get("trump_card")
    if isinstance(tc, dict) and "card" in tc:
        data["trump_card"] = {**tc, "card": _code(tc["card"])}
    for key in ("talon", "won", "table", "out"):
        if key in data and data[key] in ([], {}):
            del data[key]
    for key in FIELD_ORDER:
        if key in data:
            out[key] = data[key]
    for key, value in data.items():
        if key not in out:
            out[key] = value
    return out


def case_json(case: Mapping[str, Any]) -> str:
    """The case as readable JSON: one line per field, one per hand (the library's case files' layout)."""
    lines = []
    for key, value in case.items():
        if isinstance(value, dict) and key in ("hands", "won") and value:
            inner = ",\n".join(
                f"    {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                for k, v in value.items()
            )
            lines.append(f"  {json.dumps(key)}: {{\n{inner}\n  }}")
        else:
            lines.append(f"  {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}" if lines else "{}"


def blank_case(rules: Any = DEFAULT_PRESET, players: int = 3, phase: int = 2) -> JSON:
    """An empty position to fill: no cards yet, the first player to act, no moves."""
    names = list(PLAYER_NAMES[:players])
    case: JSON = {"rules": rules, "players": names, "phase": phase}
    if phase == 2:
        case["trump"] = "H"
    case.update({"hands": {name: [] for name in names}, "to_play": names[0], "moves": []})
    return case


# -- where the cards are ---------------------------------------------------------------------------------------
def _players(case: Mapping[str, Any]) -> list[str]:
    players = case.get("players")
    return [p for p in players if isinstance(p, str)] if isinstance(players, list) else []


def card_places(case: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each canonical card code the case names and every place it is in (more than one: a card written twice)."""
    places: dict[str, list[str]] = {}

    def add(value: Any, where: str) -> None:
        code = _code(value)
        if isinstance(code, str):
            places.setdefault(code, []).append(where)

    for key in ("hands", "won"):
        group = case.get(key)
        if isinstance(group, dict):
            for name, cards in group.items():
                for value in cards if isinstance(cards, list) else []:
                    add(value, f"{'hand' if key == 'hands' else 'won'}:{name}")
    for value in case.get("talon", []) if isinstance(case.get("talon"), list) else []:
        add(value, "talon")
    tc = case.get("trump_card")
    if isinstance(tc, dict):
        add(tc.get("card"), f"trump_card:{tc.get('player')}")
    for entry in case.get("table", []) if isinstance(case.get("table"), list) else []:
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list):
            for value in entry[1]:
                add(value, f"table:{entry[0]}")
    return places


def take(case: Mapping[str, Any], card: str) -> JSON:
    """The case without `card` anywhere (back in the deck); a card it does not hold changes nothing."""
    code = _code(card)
    data = json.loads(json.dumps(case))  # a deep copy of plain JSON

    def keep(values: Any) -> Any:
        return [v for v in values if _code(v) != code] if isinstance(values, list) else values

    for key in ("hands", "won"):
        if isinstance(data.get(key), dict):
            data[key] = {name: keep(cards) for name, cards in data[key].items()}
    if isinstance(data.get("talon"), list):
        data["talon"] = keep(data["talon"])
    tc = data.get("trump_card")
    if isinstance(tc, dict) and _code(tc.get("card")) == code:
        del data["trump_card"]
    if isinstance(data.get("table"), list):
        table = []
        for entry in data["table"]:
            if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list):
                entry = [entry[0], keep(entry[1])]
                if not entry[1]:
                    continue
            table.append(entry)
        data["table"] = table
    return normalise(data)


def place(case: Mapping[str, Any], card: str, to: str) -> JSON:
    """The case with `card` (any notation) moved to the place `to` (see the module's doc); it is nowhere else.

    Raises `ValueError` for a card that cannot be read or a place that does not exist in this case.
    """
    code = str(Card.parse(card))  # a CardParseError (a ValueError) says what is wrong in either language
    kind, _, name = to.partition(":")
    phase = case.get("phase")
    if kind not in DESTINATIONS.get(phase if isinstance(phase, int) else 0, ()):
        raise ValueError(f"no place {to!r} in a phase-{phase} case")
    if kind != "talon" and name not in _players(case):
        raise ValueError(f"unknown player {name!r} in {to!r}")
    data = take(case, code)
    if kind == "hand" or kind == "won":
        key = "hands" if kind == "hand" else "won"
        group = dict(data.get(key) or {})
        group[name] = [*(group.get(name) or []), code]
        data[key] = group
    elif kind == "talon":
        data["talon"] = [*(data.get("talon") or []), code]
    elif kind == "trump_card":
        old = data.get("trump_card")
        if isinstance(old, dict):
            data = take(data, str(old.get("card")))
        data["trump_card"] = {"player": name, "card": code}
    else:
        table = list(data.get("table") or [])
        if table and isinstance(table[-1], list) and table[-1][0] == name:
            table[-1] = [name, [*table[-1][1], code]]
        else:
            table.append([name, [code]])
        data["table"] = table
    return normalise(data)


# -- players and phase -----------------------------------------------------------------------------------------
def set_players(case: Mapping[str, Any], count: int) -> JSON:
    """2 to 6 players: the first ones keep their names and cards, new seats are named A-F; a seat taken away
    takes its cards back to the deck (moves naming it stay, so the check says which moves no longer fit)."""
    if not 2 <= count <= 6:
        raise ValueError(f"{count} players; the engine plays with 2 to 6")
    names = _seat_names(case, count)
    data = _seats_kept(case, names)
    if data.get("to_play") not in names:
        data["to_play"] = names[0]
    return normalise(data)


def _seat_names(case: Mapping[str, Any], count: int) -> list[str]:
    """The first `count` names of the case, then the first free letters A-F."""
    names = _players(case)[:count]
    for letter in PLAYER_NAMES:
        if len(names) >= count:
            break
        if letter not in names:
            names.append(letter)
    return names


def _seats_kept(case: Mapping[str, Any], names: list[str]) -> JSON:
    """The case with these players: what a seat not among them holds (hand, won cards, plays on the table, its
    place among the players out, the set-aside trump card) goes; a new seat gets an empty hand."""
    data = dict(case)
    data["players"] = names
    if isinstance(data.get("won"), dict):
        data["won"] = {n: cards for n, cards in data["won"].items() if n in names}
    if isinstance(data.get("hands"), dict):
        data["hands"] = {n: data["hands"].get(n, []) for n in names}
    _table_kept(data, names)
    return data


def _table_kept(data: JSON, names: list[str]) -> None:
    """Take the plays, the places among the players out and the set-aside trump card of a seat gone (in place)."""
    if isinstance(data.get("table"), list):
        data["table"] = [e for e in data["table"] if not (isinstance(e, list) and e and e[0] not in names)]
    if isinstance(data.get("out"), list):
        data["out"] = [n for n in data["out"] if n in names]
    tc = data.get("trump_card")
    if isinstance(tc, dict) and tc.get("player") not in names:
        del data["trump_card"]


def set_phase(case: Mapping[str, Any], phase: int) -> JSON:
    """Phase 1 or 2. The fields of the other phase go (their cards back to the deck); phase 2's trump is the suit of
    phase 1's trump card when there is one."""
    if phase not in (1, 2):
        raise ValueError(f"phase {phase}: 1 or 2")
    data = dict(case)
    if data.get("phase") == phase:
        return normalise(data)
    data["phase"] = phase
    if phase == 2:
        suit = None
        tc = data.get("trump_card")
        last = tc.get("card") if isinstance(tc, dict) else (data.get("talon") or [None])[-1]
        try:
            suit = Card.parse(last).suit.value if isinstance(last, str) else None
        except CardParseError:
            suit = None
        for key in ("talon", "won", "trump_card"):
            data.pop(key, None)
        data["trump"] = suit or data.get("trump") or "H"
    else:
        for key in ("trump", "table", "out"):
            data.pop(key, None)
    return normalise(data)


def move_text(player: str, kind: str, cards: list[str] | None = None) -> str:
    """A move of the case format from its parts: `A: 9C`, `A: pick up`, `A: chansa`, `A: throw 9D`, `A: pass`."""
    if kind == "play" or kind == "throw":
        if not cards:
            raise ValueError("no card chosen: tap the cards of the play first")
        written = format_cards(parse_cards(" ".join(cards)))
        return f"{player}: {'throw ' if kind == 'throw' else ''}{written}"
    words = {"pick-up": "pick up", "chansa": "chansa", "pass": "pass"}
    if kind not in words:
        raise ValueError(f"unknown kind of move {kind!r}")
    return f"{player}: {words[kind]}"


# -- the address fragment ----------------------------------------------------------------------------------------
def encode(value: Any) -> str:
    """base64url without padding of the UTF-8 JSON of `value` (compact)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


class FragmentError(ValueError):
    """A part of the address that cannot be read: `kind` is `base64` (not base64url) or `not_object`."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def _loads(raw: bytes) -> Any:
    """The package's one JSON reader (`skitgubbe.strict_json`), its refusal as a `ValueError` for `decode`."""
    try:
        return strict_json.loads(raw)
    except RecordError as error:
        raise ValueError(f"not JSON within the reader's limits ({error})") from None


def decode(text: str, loads: Callable[[bytes], Any] = _loads) -> Any:
    """The JSON value of a base64url text (padding optional), read with `loads` (the bytes to a value: the checker
    gives its strict reader); a `ValueError` saying what is wrong (`FragmentError` when it is not base64url)."""
    cleaned = text.strip()
    try:
        raw = base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
    except (ValueError, TypeError):
        raise FragmentError("base64") from None
    return loads(raw)


def fragment(case: Mapping[str, Any] | None, house: Any = None) -> str:
    """The address fragment (without `#`): `case=…`, then `&rules=…` when house rules are set."""
    parts = []
    if case is not None:
        parts.append("case=" + encode(dict(case)))
    if house is not None:
        parts.append("rules=" + encode(house))
    return "&".join(parts)


def library_id(case: Mapping[str, Any], house: Any = None) -> str | None:
    """The id of the library case that `case` is (the same position and moves, under the case's own rules, or under
    `house` when a link brings house rules: the checker opens a library case under them), or None: a link to a
    library case opens under the case's title, not as a position of the reader's own."""
    wanted = normalise(case)
    for entry in library().values():
        data = entry.case_data()
        if house is not None:
            data["rules"] = house
        if normalise(data) == wanted:
            return entry.id
    return None


def read_fragment(
    text: str, loads: Callable[[bytes], Any] = _loads
) -> tuple[JSON | None, Any, list[tuple[str, ValueError | None]]]:
    """`(case, house rules spec, problems)` of an address fragment (`#case=…&rules=…`, either part optional).

    A part that cannot be read is left out and named in `problems` as (the part's name or its first characters,
    what is wrong: the error, or None for a part that is neither `case=` nor `rules=`); the controller words them in
    the page's language."""
    case: JSON | None = None
    house: Any = None
    problems: list[tuple[str, ValueError | None]] = []
    for part in text.lstrip("#").split("&"):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or key not in ("case", "rules"):
            problems.append((part[:30], None))
            continue
        try:
            decoded = decode(value, loads)
        except ValueError as error:
            problems.append((key + "=", error))
            continue
        if key == "case":
            if isinstance(decoded, dict):
                case = decoded
            else:
                problems.append(("case=", FragmentError("not_object")))
        else:
            house = decoded
    return case, house, problems
