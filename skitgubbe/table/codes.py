"""Table codes and seat tokens: random from the operating system's source, never guessable."""

from __future__ import annotations

import secrets

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "looks_like_code", "new_code", "new_token"]

#: 32 symbols that cannot be mistaken for one another on a phone's screen (no I, O, 0 or 1).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: 8 symbols of 32: 40 bits, about 10^12 codes, so a guess at a table among a few thousand open ones is hopeless.
CODE_LENGTH = 8


def new_code() -> str:
    """A fresh table code of `CODE_LENGTH` symbols."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def looks_like_code(text: object) -> bool:
    """Whether `text` is written like a table code (any case): the server looks no further otherwise."""
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text.upper())


def new_token() -> str:
    """A seat or host token: 192 random bits, URL-safe; whoever holds it holds the seat (no account)."""
    return secrets.token_urlsafe(24)
