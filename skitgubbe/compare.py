"""Judge one case under several rule sets side by side: a row per move, a column per preset."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Mapping

from .record import Case, Judgement, Verdict, judge_case
from .rules import PRESETS, RulesError

_WORDS = {
    "sv": {"move": "Drag", "legal": "tillåtet", "illegal": "ej tillåtet", "stopped": "prövas inte",
           "caption": "Samma drag under olika regler"},
    "en": {"move": "Move", "legal": "legal", "illegal": "illegal", "stopped": "not reached",
           "caption": "The same moves under different rules"},
}


@dataclass(frozen=True)
class Comparison:
    """Verdicts per preset; a preset's judging stops at its first illegal move (later cells are None)."""

    moves: tuple[str, ...]
    judgements: Mapping[str, Judgement]

    def cell(self, preset: str, index: int) -> Verdict | None:
        verdicts = self.judgements[preset].verdicts
        return verdicts[index] if index < len(verdicts) else None

    def to_dict(self) -> dict[str, Any]:
        return {"presets": list(self.judgements),
                "moves": [{"move": move,
                           "verdicts": {p: (None if (v := self.cell(p, i)) is None else v.to_dict())
                                        for p in self.judgements}}
                          for i, move in enumerate(self.moves)]}


def compare(source: "str | Mapping[str, Any]", presets: Iterable[str] | None = None, lang: str = "en") -> Comparison:
    """Judge a case file (path or mapping) under each preset (default: all)."""
    names = list(presets) if presets is not None else list(PRESETS)
    for name in names:
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}; known presets: {', '.join(PRESETS)}")
    first = Case.load(source)
    judgements = {name: judge_case(Case.load(source, rules=name), lang) for name in names}
    return Comparison(first.moves, judgements)


def comparison_html(comparison: Comparison, lang: str) -> str:
    """The side-by-side table as HTML (a cell per move and preset: verdict and rule id)."""
    words = _WORDS[lang]
    head = "".join(f'<th scope="col">{escape(p)}</th>' for p in comparison.judgements)
    rows = []
    for i, move in enumerate(comparison.moves):
        cells = []
        for preset in comparison.judgements:
            verdict = comparison.cell(preset, i)
            if verdict is None:
                cells.append(f'<td class="sg-verdict sg-verdict--none">— {words["stopped"]}</td>')
            else:
                kind = "legal" if verdict.legal else "illegal"
                mark = "✓" if verdict.legal else "✗"
                cells.append(f'<td class="sg-verdict sg-verdict--{kind}" title="{escape(verdict.explanation)}">'
                             f'{mark} {words[kind]}<br><code>{escape(verdict.rule)}</code></td>')
        rows.append(f'<tr><th scope="row"><code>{escape(move)}</code></th>{"".join(cells)}</tr>')
    return (f'<table class="sg-compare" lang="{lang}"><caption>{words["caption"]}</caption>'
            f'<thead><tr><th scope="col">{words["move"]}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
