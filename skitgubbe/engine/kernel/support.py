"""Whether the fast core plays a rule set: the one question every caller asks before it uses the fast core.

`refusal(rules)` names why the fast core does not play `rules` (a key of the text layer's words), or is None where
it does; `supports(rules)` is True where a fast core exists on this machine (the C search as a shared library or as
WebAssembly) and plays `rules`. A caller that gets False uses the engine-based player instead.
"""

from __future__ import annotations

from skitgubbe.engine.kernel import layout
from skitgubbe.rules.options import Rules

#: The refusal keys, each with the reason (the text layer words them in both languages).
OUT_OF_TURN: str = layout.OUT_OF_TURN
NO_BACKEND: str = "fast_core_not_here"


def refusal(rules: Rules) -> str | None:
    """Why the fast core does not play `rules`, or None where it plays them (at 2 to 6 players): the refusal the
    rule table (`layout.TABLE`) gives the first value the C does not play."""
    return layout.refusal(rules)


def supports(rules: Rules) -> bool:
    """Whether the fast core runs here and plays `rules`."""
    from skitgubbe.engine.kernel import native  # lazily: the browser engine registers its backend first

    return refusal(rules) is None and native.available()
