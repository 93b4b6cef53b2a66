"""The rule options (`Rules`), the named presets and the combinations refused; the rule sentences every engine
decision cites are the catalogue, `skitgubbe.rules.catalogue`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final

from skitgubbe.errors import Phrase, RulesError


class Phase1Style(Enum):
    """D1: who plays to a phase-1 trick."""

    TWO_CARD = "two-card"
    EVERYONE = "everyone"  # alla spelar (Wikipedia)
    TURNED_TRUMP = "turned-trump"  # uppslagen trumf (Wikipedia, after Kortoxen)
    BEAT_OR_TAKE = "beat-or-take"  # specialkort: beat with the same rank or higher, else take


class Phase1End(Enum):
    """D3: when phase 1 ends."""

    DUE_PLAYER_EMPTY = "due-player-empty"
    SKIP_EMPTY = "skip-empty"
    FINISH_TRICK = "finish-trick"  # everyone plays: once the talon's last card is taken, finish the trick


class ThrowOn(Enum):
    """Everyone plays: when cards may be thrown on (slänga på) a trick."""

    OFF = "off"
    AFTER_TRICK = "after-trick"  # once the trick is decided, ranks already in it, once each
    OWN_RANK = "own-rank"  # variant: only your own rank, any time after you played
    ANYTIME = "anytime"  # variant: anyone, any time after the lead until the trick is turned


class Phase2Style(Enum):
    """D8/D11: tricks that are turned away (Pagat and most sources) or one pile with special cards."""

    TRICKS = "tricks"
    PILE = "pile"


class PickUpScope(Enum):
    """D7: what a player takes who does not beat."""

    TOP_CARD = "top-card"
    LAST_PLAY = "last-play"
    PILE = "pile"


class TrickCount(Enum):
    """D8: what is counted to decide that a phase-2 trick is complete."""

    CARDS = "cards"
    PLAYS = "plays"


def _option(default: Any, point: str, rules: tuple[str, ...], doc: str) -> Any:
    return field(default=default, metadata={"point": point, "rules": rules, "doc": doc})


@dataclass(frozen=True, init=False)
class Rules:
    """One rule set: every field is one rule point of docs/disputed-points.md, with the catalogue ids it switches.

    Built by keyword (`Rules(chansa=False)`), the other options at their defaults. The constructor takes any
    values and checks them itself (an explicit `__init__`, not the generated one), so that a value of the wrong
    type raises `RulesError` naming the option in the compiled engine as in the Python source, not `TypeError`.
    """

    phase1_style: Phase1Style = _option(
        Phase1Style.TWO_CARD,
        "D1",
        (
            "p1.lead",
            "p1.answer",
            "p1.all.lead",
            "p1.all.play",
            "p1.trump.turn-up",
            "p1.trump.follow",
            "p1.beat.lead",
            "p1.beat.must-beat",
        ),
        "Who plays to a phase-1 trick: 'two-card' (the leader and the next player), 'everyone' (every player, "
        "cards of one rank per play), 'turned-trump' (two players, a turned-up trump, follow suit or pick up) "
        "or 'beat-or-take' (specialkort: every player, same rank or higher, else take the last card).",
    )
    chansa: bool = _option(
        True,
        "D2",
        ("p1.chansa", "p1.chansa.no-chansa", "p1.trump.no-chansa", "p1.beat.no-chansa"),
        "Whether a player may play the top talon card unseen instead of a hand card (two-card and everyone "
        "styles only).",
    )
    phase1_end: Phase1End = _option(
        Phase1End.DUE_PLAYER_EMPTY,
        "D3",
        (
            "p1.end.due-player-empty",
            "p1.end.skip-empty",
            "p1.all.end",
            "p1.all.end.finish-trick",
            "p1.trump.end",
            "p1.beat.end",
        ),
        "When phase 1 ends: as soon as the player due to play has no card; only when fewer than two "
        "players hold cards (two-card tricks: players without cards are skipped); or, with everyone playing, "
        "once the talon's last card is taken and the trick in progress is finished ('finish-trick').",
    )
    sequences: bool = _option(
        False,
        "D4",
        ("p2.one-card", "p2.sequence"),
        "Whether a phase-2 play may be several cards of one suit in unbroken sequence.",
    )
    follow_suit: bool = _option(
        False,
        "D5",
        ("p2.free-trump", "p2.follow-suit"),
        "Whether a player holding the led suit must play it (and may trump only when void in it).",
    )
    must_beat: bool = _option(
        False,
        "D6",
        ("p2.pick-up.optional", "p2.must-beat", "p2.pile.must-play"),
        "Whether a player able to beat (in the pile game: to lay any card) must do so rather than pick up.",
    )
    pick_up: PickUpScope = _option(
        PickUpScope.TOP_CARD,
        "D7",
        ("p2.pick-up.top-card", "p2.pick-up.last-play", "p2.pile.pick-up"),
        "What a player who does not beat takes: the top card, the previous play (all its cards), or the "
        "whole pile (pile game only).",
    )
    trick_complete: TrickCount = _option(
        TrickCount.CARDS,
        "D8",
        ("p2.complete.cards", "p2.complete.plays"),
        "A phase-2 trick is complete when the cards (or the plays) on the table equal the number of "
        "players in the game when it began.",
    )
    throw_on: ThrowOn = _option(
        ThrowOn.OFF,
        "D1 everyone: slänga på",
        (
            "p1.all.throw-on.off",
            "p1.all.throw-on.after-trick",
            "p1.all.throw-on.own-rank",
            "p1.all.throw-on.anytime",
            "p1.all.throw-on.window",
        ),
        "Everyone plays: throwing on (slänga på) 'off'; 'after-trick' (once the trick is decided, ranks in "
        "it, once each, in a throw-on window); 'own-rank' (your own rank, any time after you played); "
        "'anytime' (anyone, ranks in the trick, after the lead until the trick is turned).",
    )
    motlagg_beats_singles: bool = _option(
        False,
        "D1 everyone: optional rule (motlägg)",
        ("p1.all.motlagg-beats",),
        "Everyone plays: cards of a rank played by two or more players beat every rank played by only one; "
        "the highest such motlägg beats lower ones.",
    )
    must_motlagg: bool = _option(
        False,
        "D1 everyone: optional rule (motlägg)",
        ("p1.all.must-motlagg",),
        "Everyone plays: a player able to make a motlägg must make it (in the highest rank they can).",
    )
    phase2_style: Phase2Style = _option(
        Phase2Style.TRICKS,
        "D8, D11",
        ("p2.complete.cards", "p2.pile.beat", "p2.pile.two", "p2.pile.ten", "p2.pile.four"),
        "Phase 2 as tricks turned away when complete ('tricks'), or as one pile with special cards: a two "
        "resets, a ten or four of a kind burns ('pile', specialkort).",
    )
    trump_when_unable: bool = _option(
        False,
        "D5",
        ("p2.trump-when-unable",),
        "Whether a trump may be played only by a player unable to beat in the suit (specialkort's D5).",
    )

    def __init__(self, **options: object) -> None:
        unknown = [name for name in options if name not in _FIELD_TYPES]
        if unknown:
            raise RulesError(
                "unknown_rule_option_known_options", option=repr(unknown[0]), options=", ".join(_FIELD_TYPES)
            )
        for f in fields(Rules):
            value = options.get(f.name, f.default)
            kind = _FIELD_TYPES[f.name]
            if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
                raise RulesError("option_wrong_kind", option=repr(f.name), kind=_describe_type(kind), value=repr(value))
            object.__setattr__(self, f.name, value)
        problem = _combination_problem(self)
        if problem:
            raise RulesError(problem)

    # -- reading and writing ----------------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # pickled by its plain fields (simulate --jobs sends rules to worker processes); the compiled frozen
        # class cannot be restored attribute by attribute
        return (Rules.from_spec, (self.to_dict(),))

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, enum values as their strings (JSON-ready)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_spec(cls, spec: object) -> Rules:
        """A preset name, a `{"preset": name, option: value, ...}` mapping, or a `Rules` value.

        `preset_name` and `to_dict` go back: a preset's name, or every option as plain JSON values.

        >>> Rules.from_spec("strikt").preset_name, Rules.from_spec({"preset": "pagat", "must_beat": True}).preset_name
        ('strikt', None)
        >>> spec = Rules.from_spec({"preset": "pagat", "pick_up": "last-play"}).to_dict()
        >>> spec["pick_up"], Rules.from_spec(spec) == Rules.from_spec({"pick_up": "last-play"})
        ('last-play', True)
        >>> Rules.from_spec("strict")
        Traceback (most recent call last):
        ...
        skitgubbe.errors.RulesError: unknown preset 'strict'; ...
        """
        if spec is None:
            return PRESETS[DEFAULT_PRESET]
        if isinstance(spec, Rules):
            return spec
        if isinstance(spec, str):
            return preset(spec)
        if not isinstance(spec, Mapping):
            raise RulesError("rules_preset_name_object", value=repr(spec))
        overrides: dict[str, Any] = {}
        for key, value in spec.items():
            if not isinstance(key, str):
                raise RulesError("rules_option_name_string", value=repr(key))
            overrides[key] = value
        name = overrides.pop("preset", DEFAULT_PRESET)
        if not isinstance(name, str):
            raise RulesError("rules_preset_preset_name_string", value=repr(name))
        return preset(name).with_options(**overrides)

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed; values may be given as their strings (`"last-play"`)."""
        known = {f.name: f for f in fields(self)}
        converted: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise RulesError("unknown_rule_option_known_options", option=repr(name), options=", ".join(known))
            kind = _FIELD_TYPES[name]
            if isinstance(kind, type) and issubclass(kind, Enum) and isinstance(value, str):
                try:
                    value = kind(value)
                except ValueError:
                    allowed = ", ".join(repr(m.value) for m in kind)
                    raise RulesError(
                        "option_cannot_choose_one", option=repr(name), value=repr(value), choices=allowed
                    ) from None
            converted[name] = value
        return dataclasses.replace(self, **converted)

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    @staticmethod
    def option_docs() -> dict[str, tuple[str, tuple[str, ...], str]]:
        """For each option: the rule point (docs/disputed-points.md), the catalogue ids it switches, and what it means."""
        return {f.name: (f.metadata["point"], f.metadata["rules"], f.metadata["doc"]) for f in fields(Rules)}


_FIELD_TYPES: dict[str, type] = {
    "phase1_style": Phase1Style,
    "chansa": bool,
    "phase1_end": Phase1End,
    "sequences": bool,
    "follow_suit": bool,
    "must_beat": bool,
    "pick_up": PickUpScope,
    "trick_complete": TrickCount,
    "throw_on": ThrowOn,
    "motlagg_beats_singles": bool,
    "must_motlagg": bool,
    "phase2_style": Phase2Style,
    "trump_when_unable": bool,
}

_EVERYONE_ONLY = ("throw_on", "motlagg_beats_singles", "must_motlagg")


#: Every key `_combination_problem` can give (the text layer words each from its key: `text/house_rules.py`).
COMBINATION_PROBLEMS: Final = (
    "options_sequences_trick_complete_cards",
    "option_belong_everyone_plays_tricks",
    "phase1_end_finish_trick_variant",
    "phase1_end_skip_empty_belongs",
    "phase1_style_has_no_chansa",
    "phase1_style_ends_phase_1",
    "options_follow_suit_trump_when",
    "phase2_style_pile_plays_one",
    "phase2_style_pile_picks_up",
    "pick_up_pile_belongs_pile",
)


def _combination_problem(r: Rules) -> Phrase | None:
    """Why these options cannot go together, or None if they can: a key of `COMBINATION_PROBLEMS` and its
    parameters as data (`options` a tuple of option names, `style` and `value` an option's JSON value)."""
    if r.sequences and r.trick_complete is TrickCount.CARDS:
        return Phrase("options_sequences_trick_complete_cards")
    problem = _phase1_problem(r)
    if problem is None and r.follow_suit and r.trump_when_unable:
        problem = Phrase("options_follow_suit_trump_when")
    return problem if problem is not None else _phase2_problem(r)


def _phase1_problem(r: Rules) -> Phrase | None:
    """The phase-1 options that do not go with the phase-1 style."""
    style = r.phase1_style
    if style is Phase1Style.EVERYONE:
        return Phrase("phase1_end_skip_empty_belongs") if r.phase1_end is Phase1End.SKIP_EMPTY else None
    used = tuple(name for name in _EVERYONE_ONLY if getattr(r, name) not in (False, ThrowOn.OFF))
    if used:
        return Phrase("option_belong_everyone_plays_tricks", options=used, style=style.value)
    if r.phase1_end is Phase1End.FINISH_TRICK:
        return Phrase("phase1_end_finish_trick_variant", style=style.value)
    if style is Phase1Style.TWO_CARD:
        return None
    rule_id = "p1.trump.no-chansa" if style is Phase1Style.TURNED_TRUMP else "p1.beat.no-chansa"
    if r.chansa:
        return Phrase("phase1_style_has_no_chansa", style=style.value, rule=rule_id)
    if r.phase1_end is not Phase1End.DUE_PLAYER_EMPTY:
        return Phrase("phase1_style_ends_phase_1", style=style.value, value=r.phase1_end.value)
    return None


def _phase2_problem(r: Rules) -> Phrase | None:
    """The phase-2 options that do not go with the phase-2 style."""
    if r.phase2_style is not Phase2Style.PILE:
        return Phrase("pick_up_pile_belongs_pile") if r.pick_up is PickUpScope.PILE else None
    if r.sequences or r.follow_suit or r.trick_complete is not TrickCount.CARDS:
        return Phrase("phase2_style_pile_plays_one")
    if r.pick_up is PickUpScope.LAST_PLAY:
        return Phrase("phase2_style_pile_picks_up")
    return None


def _describe_type(kind: type) -> Phrase | str:
    if issubclass(kind, Enum):
        return Phrase("kind_one_of", choices=", ".join(repr(m.value) for m in kind))
    return Phrase("kind_true_or_false") if kind is bool else kind.__name__


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


#: The preset a game, a case, a record or a rules object without a preset is played under (the one place it is
#: named; docs/notation.md: `pagat` is the default).
DEFAULT_PRESET: Final = "pagat"

PRESETS: Mapping[str, Rules] = {
    "pagat": Rules(),
    "kortspelsregler": Rules(
        phase1_end=Phase1End.SKIP_EMPTY,
        sequences=True,
        follow_suit=True,
        pick_up=PickUpScope.LAST_PLAY,
        trick_complete=TrickCount.PLAYS,
    ),
    "strikt": Rules(phase1_end=Phase1End.SKIP_EMPTY, follow_suit=True, must_beat=True),
    "alla-spelar": Rules(phase1_style=Phase1Style.EVERYONE, throw_on=ThrowOn.AFTER_TRICK),
    "uppslagen-trumf": Rules(phase1_style=Phase1Style.TURNED_TRUMP, chansa=False),
    "specialkort": Rules(
        phase1_style=Phase1Style.BEAT_OR_TAKE,
        chansa=False,
        phase2_style=Phase2Style.PILE,
        must_beat=True,
        pick_up=PickUpScope.PILE,
        trump_when_unable=True,
    ),
}


#: The sources each preset follows ("project": where they are silent, the engine's own reading). The house-rules
#: page (skitgubbe.rules.export) shows them beside each preset.
PRESET_SOURCES: Mapping[str, tuple[str, ...]] = {
    "pagat": ("pagat", "guide"),
    "kortspelsregler": ("kortspelsregler",),
    "strikt": ("strikt",),
    "alla-spelar": ("wikipedia", "pagat"),
    "uppslagen-trumf": ("wikipedia", "pagat", "project"),
    "specialkort": ("specialkort", "project"),
}


def nearest_preset(rules: Rules) -> str:
    """The preset that differs from these rules in the fewest options (the first such in preset order)."""
    values = rules.to_dict()
    best, fewest = DEFAULT_PRESET, len(values) + 1
    for name, candidate in PRESETS.items():
        differ = sum(1 for key, value in candidate.to_dict().items() if values[key] != value)
        if differ < fewest:
            best, fewest = name, differ
    return best


def rules_spec(rules: Rules, base: str | None = None) -> dict[str, Any]:
    """The one spec of a rule set: `{"preset": base, <options that differ from it>}` (a rules file's object, a
    case file's `rules`); `base` is the nearest preset when not given. `Rules.from_spec` reads it back.

    >>> rules_spec(PRESETS["strikt"]), rules_spec(Rules(chansa=False), "pagat")
    ({'preset': 'strikt'}, {'preset': 'pagat', 'chansa': False})
    """
    name = base if base is not None else nearest_preset(rules)
    base_values = preset(name).to_dict()
    spec: dict[str, Any] = {"preset": name}
    for key, value in rules.to_dict().items():
        if base_values[key] != value:
            spec[key] = value
    return spec


def short_spec(rules: Rules) -> str | dict[str, Any]:
    """The shortest spec that gives these rules: a preset's name, else `rules_spec(rules)`.

    >>> short_spec(PRESETS["pagat"]), short_spec(PRESETS["strikt"].with_options(chansa=False))
    ('pagat', {'preset': 'strikt', 'chansa': False})
    """
    name = rules.preset_name
    return name if name is not None else rules_spec(rules)


def preset(name: str) -> Rules:
    """The preset of that name; an unknown name raises `RulesError` listing the known ones."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError("unknown_preset_known_presets", preset=repr(name), presets=", ".join(PRESETS)) from None
