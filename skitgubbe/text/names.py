"""A player's name in the genitive, the one rule for every text that says whose something is.

>>> genitive("A", "sv"), genitive("Anna", "sv"), genitive("Lars", "sv"), genitive("Anna", "en")
('A:s', 'Annas', 'Lars', "Anna's")
"""

from __future__ import annotations

import re

from skitgubbe.text.lang import check_lang

#: A seat's letter or a short code (A, B, P1), alone or ending a name ("dator B"): Swedish writes its genitive with
#: a colon (A:s, dator B:s).
_CODE = re.compile(r"(?:.*\s)?[A-ZÅÄÖ0-9]{1,3}")


def genitive(name: str, lang: str) -> str:
    """`A:s`, `Annas`, `Lars` (sv) / `A's` (en); `views/template.js` has the same rule for the front end."""
    if check_lang(lang) == "en":
        return f"{name}'s" if name else name
    if _CODE.fullmatch(name):
        return f"{name}:s"
    return name if not name or name[-1].lower() in ("s", "x", "z") else f"{name}s"
