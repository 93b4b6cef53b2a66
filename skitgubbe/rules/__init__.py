"""The rules as data: options (`Rules`, presets, refused combinations) and the rule catalogue."""

from skitgubbe.errors import RulesError
from skitgubbe.rules.catalogue import SOURCES, Rule
from skitgubbe.rules.options import (
    CATALOGUE,
    PRESETS,
    Phase1End,
    Phase1Style,
    Phase2Style,
    PickUpScope,
    Rules,
    ThrowOn,
    TrickCount,
    preset,
    rule,
)

__all__ = [
    "CATALOGUE",
    "PRESETS",
    "SOURCES",
    "Phase1End",
    "Phase1Style",
    "Phase2Style",
    "PickUpScope",
    "Rule",
    "Rules",
    "RulesError",
    "ThrowOn",
    "TrickCount",
    "preset",
    "rule",
]
