"""One spec of a rule set (`options.rules_spec`, `options.short_spec`), used by the engine's `repr`, the views'
controllers, the house-rules export and the records.

Each place used to build its own: the three old builders are kept here as they were, so that the one builder is
compared with them on every preset (where all must agree) and on every preset with one option changed (where the
one builder may pick another base preset, but reads back to the same rules).
"""

from __future__ import annotations

from typing import Any

import pytest

from skitgubbe.engine.game import Game
from skitgubbe.errors import RulesError
from skitgubbe.records.caselib import library
from skitgubbe.records.record import GameRecord
from skitgubbe.rules import export, options
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS, Rules, rules_spec, short_spec
from skitgubbe.views import controllers


# -- the three builders as they were before there was one ------------------------------------------------------------
def old_engine_spec(rules: Rules) -> str | dict[str, Any]:
    """`engine/game.py` `_rules_spec`: the preset name, or the default preset and the changes."""
    name = rules.preset_name
    if name is not None:
        return name
    base = Rules.from_spec(None).to_dict()
    return {"preset": DEFAULT_PRESET, **{k: v for k, v in rules.to_dict().items() if base[k] != v}}


def old_controllers_spec(rules: Rules) -> str | dict[str, Any]:
    """`views/controllers.py` `rules_spec` (and `GameRecord.to_dict`): the preset name, or every option."""
    name = rules.preset_name
    return name if name else {"preset": DEFAULT_PRESET, **rules.to_dict()}


def old_export_spec(rules: Rules, base: str | None = None) -> dict[str, Any]:
    """`rules/export.py` `rules_spec`: the base (the nearest preset by default) and the options that differ."""
    values = rules.to_dict()
    base = base or min(PRESETS, key=lambda p: sum(PRESETS[p].to_dict()[n] != values[n] for n in values))
    base_values = PRESETS[base].to_dict()
    return {"preset": base, **{k: v for k, v in values.items() if base_values[k] != v}}


def _one_option_changed() -> list[Rules]:
    """Every preset with one option set to another value, where the engine accepts the combination."""
    found: list[Rules] = []
    for rules in PRESETS.values():
        for name in export.option_names():
            for value in export.option_values(name):
                if rules.to_dict()[name] == value:
                    continue
                try:
                    found.append(rules.with_options(**{name: value}))
                except RulesError:
                    continue
    return found


CHANGED = _one_option_changed()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_gives_the_same_spec_as_each_old_builder(name: str) -> None:
    rules = PRESETS[name]
    assert short_spec(rules) == old_engine_spec(rules) == old_controllers_spec(rules) == name
    assert rules_spec(rules) == old_export_spec(rules) == {"preset": name}
    for base in PRESETS:
        assert rules_spec(rules, base) == old_export_spec(rules, base)


def test_every_changed_preset_reads_back_and_matches_the_export_builder() -> None:
    assert len(CHANGED) > 30  # the presets have many accepted one-option changes
    for rules in CHANGED:
        assert rules.preset_name is None or short_spec(rules) == rules.preset_name
        assert rules_spec(rules) == old_export_spec(rules)
        for base in PRESETS:
            assert rules_spec(rules, base) == old_export_spec(rules, base)
        for old in (old_engine_spec(rules), old_controllers_spec(rules)):
            assert Rules.from_spec(short_spec(rules)) == Rules.from_spec(old) == rules


def test_the_short_spec_names_no_option_the_base_preset_already_has() -> None:
    for rules in CHANGED:
        spec = short_spec(rules)
        if isinstance(spec, str):
            continue
        base = PRESETS[spec["preset"]].to_dict()
        assert all(base[key] != value for key, value in spec.items() if key != "preset")
        assert len(spec) <= len(old_engine_spec(rules))  # never longer than the old engine's


def test_the_callers_use_the_one_builder() -> None:
    assert export.rules_spec is options.rules_spec
    assert not hasattr(controllers, "rules_spec")
    rules = PRESETS["strikt"].with_options(chansa=False)
    game = Game.deal(3, rules=rules, seed=5)
    assert f"rules={short_spec(rules)!r}" in repr(game)
    assert GameRecord.of(game, seed=5).to_dict()["rules"] == short_spec(rules)
    case = next(iter(library().values())).load()
    model = controllers.replay_model(case, "en")
    assert model["take_over"]["case"]["rules"] == short_spec(case.rules)
    controller = controllers.PlayController("en", {"rules": rules_spec(rules), "players": 3, "seed": 5})
    assert controller.state()["dealt_rules"] == short_spec(rules)
