"""Judge one case under several rule sets side by side (data only): a row per move, a column per preset.

`compare` judges a case under each preset; `Comparison` holds the verdicts. Their HTML and text are drawn by
`skitgubbe.views.compare` and the CLI.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skitgubbe.errors import PositionError, RecordError, RulesError
from skitgubbe.records.caselib import LibraryCase
from skitgubbe.records.record import Case, Judgement, Verdict, judge_case
from skitgubbe.rules.options import PRESETS


@dataclass(frozen=True)
class Comparison:
    """Verdicts per preset; a preset's judging stops at its first illegal move (later cells are None).

    `errors` holds the presets under which the case's position cannot be set up at all (say, a turned-up trump
    that disagrees with the case's `trump`), with the reason; they have no judgement.
    """

    moves: tuple[str, ...]
    judgements: Mapping[str, Judgement]
    errors: Mapping[str, str] = field(default_factory=dict)
    order: tuple[str, ...] = ()

    @property
    def presets(self) -> tuple[str, ...]:
        """Every preset compared, in column order (those with errors included)."""
        return self.order or tuple(self.judgements) + tuple(p for p in self.errors if p not in self.judgements)

    def cell(self, preset: str, index: int) -> Verdict | None:
        if preset not in self.judgements:
            return None
        verdicts = self.judgements[preset].verdicts
        return verdicts[index] if index < len(verdicts) else None

    def verdicts(self, preset: str) -> list[tuple[bool, str]]:
        """(legal, rule id) of each move judged under the preset, up to and with its first illegal move."""
        if preset not in self.judgements:
            return []
        return [(v.legal, v.rule) for v in self.judgements[preset].verdicts]

    def table(self) -> dict[str, list[tuple[bool, str]]]:
        """`verdicts` for every preset."""
        return {p: self.verdicts(p) for p in self.presets}

    def all_legal(self, preset: str) -> bool:
        """Whether the preset finds every move legal (and the position can be set up)."""
        return preset in self.judgements and self.judgements[preset].all_legal

    def first_illegal(self, preset: str) -> int | None:
        """The index of the preset's first illegal move (None if none)."""
        for i, (legal, _) in enumerate(self.verdicts(preset)):
            if not legal:
                return i
        return None

    @property
    def everywhere_legal(self) -> bool:
        return all(self.all_legal(p) for p in self.presets)

    @property
    def parts_ways(self) -> bool:
        """Whether the presets disagree on whether some move is legal, or reach different positions."""
        if self.errors:
            return True
        outcomes = {
            (
                tuple(legal for legal, _ in self.verdicts(p)),
                json.dumps(self.judgements[p].game.state.to_dict(), sort_keys=True),
            )
            for p in self.presets
        }
        return len(outcomes) > 1

    def to_dict(self) -> dict[str, Any]:
        """The comparison as data (the `check --compare --json` output)."""
        rows = []
        for i, text in enumerate(self.moves):
            name, _, move = text.partition(":")
            rows.append(
                {
                    "move": move.strip(),
                    "player": name.strip(),
                    "verdicts": {
                        p: (None if (v := self.cell(p, i)) is None else _verdict_dict(v)) for p in self.presets
                    },
                }
            )
        results: dict[str, dict[str, Any]] = {}
        for p in self.presets:
            if p in self.errors:
                results[p] = {"all_legal": False, "first_illegal": None, "error": self.errors[p], "state": None}
            else:
                judgement = self.judgements[p]
                results[p] = {
                    "all_legal": judgement.all_legal,
                    "first_illegal": self.first_illegal(p),
                    "error": None,
                    "state": judgement.game.state.to_dict(),
                }
        return {"presets": list(self.presets), "all_legal": self.everywhere_legal, "moves": rows, "results": results}


def _verdict_dict(verdict: Verdict) -> dict[str, Any]:
    return {"legal": verdict.legal, "rule": verdict.rule, "explanation": verdict.explanation}


def compare(
    source: str | Path | Mapping[str, Any] | LibraryCase, presets: Iterable[str] | None = None, lang: str = "en"
) -> Comparison:
    """Judge a case (a file path, a mapping or a library case) under each preset (default: all).

    A bad case raises `RecordError` (checked under the case's own rules); a position that only some presets
    cannot set up is recorded in `Comparison.errors`.
    """
    names = list(presets) if presets is not None else list(PRESETS)
    for name in names:
        if name not in PRESETS:
            raise RulesError("unknown_preset_known_presets", preset=repr(name), presets=", ".join(PRESETS))
    data: str | Path | Mapping[str, Any] = source.data if isinstance(source, LibraryCase) else source
    first = Case.load(data)
    judgements: dict[str, Judgement] = {}
    errors: dict[str, str] = {}
    for name in names:
        try:
            case = Case.load(data, rules=name)
        except (RecordError, PositionError, RulesError) as error:
            errors[name] = str(error)
            continue
        judgements[name] = judge_case(case, lang)
    return Comparison(first.moves, judgements, errors, tuple(names))


def verdict_table(
    source: str | Path | Mapping[str, Any] | LibraryCase, presets: Iterable[str] | None = None
) -> dict[str, list[tuple[bool, str]]]:
    """Per preset: (legal, rule id) of each move judged, up to the first illegal one."""
    return compare(source, presets).table()
