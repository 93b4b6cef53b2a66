"""The rules as data: options (`Rules`, presets, refused combinations: `options`), the rule catalogue
(`catalogue`, `catalogue_variants`) and the shape of a rule (`rule`)."""

from skitgubbe.errors import RulesError
from skitgubbe.rules.catalogue import CATALOGUE, rule
from skitgubbe.rules.options import (
    PRESETS,
    Phase1End,
    Phase1Style,
    Phase2Style,
    PickUpScope,
    Rules,
    ThrowOn,
    TrickCount,
    preset,
)
from skitgubbe.rules.rule import SOURCES, Rule

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
