"""Two real editions. Checks over the built site (`_build/html`), and the Swedish search in chromium.

Every Swedish page is `lang="sv"` with the theme's furniture in Swedish, every English page `lang="en"`; the sidebar
and previous/next stay inside the edition; each edition has its own search (Swedish: snowball stemming, accent
folding), checked both on the generated index with the stemmer the search page uses and by running Sphinx's real
search script in chromium; every language link lands on the matching section of the twin page.
The mechanism is `book/_ext/editions.py`; pages come from the toc, so these tests follow it as pages are added.
"""

from __future__ import annotations

import json
import posixpath
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import snowballstemmer
from browser_pages import open_page
from helpers import SHOTS, toc_files
from test_site_build import local_target

REPO = Path(__file__).resolve().parents[2]
EDITIONS = {"sv": "book/sv/", "en": "book/en/"}
LANDING = "book/index.html"
SEARCH = {"sv": ("search-sv.html", "searchindex-sv.js", "_static/language_data-sv.js"), "en": ("search.html",)}

#: the theme's English words (text or labels) that must not appear in the Swedish furniture
ENGLISH_FURNITURE = [
    "Search",
    "Contents",
    "Previous",
    "previous",
    "Next",
    "next",
    "Skip to main content",
    "Back to top",
    "On this page",
    "Toggle primary sidebar",
    "Toggle secondary sidebar",
    "Fullscreen mode",
    "Color mode",
    "Light",
    "Dark",
    "System Settings",
    "Site navigation",
    "Section Navigation",
    "Version warning",
    "Copyright",
    "By",
    "Page",
    "Main",
    "Error",
    "Please activate JavaScript",
]
#: the Swedish words of the same furniture, which must not appear on English pages
SWEDISH_FURNITURE = ["Sök", "Innehåll", "föregående", "nästa", "Hoppa till huvudinnehållet", "Till början", "Av"]
#: Sphinx's default admonition titles in English
ENGLISH_ADMONITIONS = {"Attention", "Caution", "Danger", "Error", "Hint", "Important", "Note", "See also", "Tip"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
LABELS = ("aria-label", "title", "placeholder", "data-bs-title", "alt", "value")


# --------------------------------------------------------------------------- reading the built pages


@dataclass
class Link:
    href: str
    classes: list[str]
    in_article: bool
    in_sidebar: bool
    section: str | None  # id of the innermost section around it (article links)
    attrs: dict[str, str]


@dataclass
class Built:
    rel: str
    lang: str | None = None
    furniture: list[str] = field(default_factory=list)  # text and labels outside the article, not lang="en"
    admonition_titles: list[str] = field(default_factory=list)
    sections: list[tuple[int, str]] = field(default_factory=list)  # (depth, id) of the article's sections
    links: list[Link] = field(default_factory=list)
    rel_links: dict[str, str] = field(default_factory=dict)  # <link rel=prev|next>
    scripts: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    article_text: str = ""


class _Reader(HTMLParser):
    def __init__(self, page: Built) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[dict[str, object]] = []  # open elements: tag, article, sidebar, other_lang, section
        self.text: list[str] = []
        self._title = False

    def _top(self, key: str) -> object:
        return self.stack[-1][key] if self.stack else None

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs_}
        classes = a.get("class", "").split()
        if tag == "html":
            self.page.lang = a.get("lang")
        if a.get("id"):
            self.page.ids.add(a["id"])
        article = bool(self._top("article")) or (tag == "article" and "bd-article" in classes)
        sidebar = bool(self._top("sidebar")) or (tag == "nav" and "bd-docs-nav" in classes)
        own_lang = a.get("lang")
        other = bool(self._top("other")) or (own_lang is not None and own_lang != self.page.lang and tag != "html")
        section = self._top("section")
        if article and tag == "section" and a.get("id"):
            depth = sum(1 for e in self.stack if e["tag"] == "section" and e["article"])
            self.page.sections.append((depth, a["id"]))
            section = a["id"]
        if tag == "a" and "href" in a:
            self.page.links.append(Link(a["href"], classes, article, sidebar, section if article else None, a))
        if tag == "link" and a.get("rel") in ("prev", "next"):
            self.page.rel_links[a["rel"]] = a.get("href", "")
        if tag == "script" and a.get("src"):
            self.page.scripts.append(a["src"])
        if not article and not other:
            self.page.furniture += [a[k].strip() for k in LABELS if a.get(k, "").strip()]
        self._title = tag == "p" and "admonition-title" in classes
        if tag not in VOID:
            self.stack.append({"tag": tag, "article": article, "sidebar": sidebar, "other": other, "section": section})
            self.stack[-1]["raw"] = tag in ("script", "style")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1]["tag"] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i]["tag"] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not data.strip() or (self.stack and self.stack[-1].get("raw")):
            return
        if self._title:
            self.page.admonition_titles.append(data.strip())
            self._title = False
        if self._top("article"):
            self.text.append(data)
        elif not self._top("other"):
            self.page.furniture.append(data.strip())

    def close(self) -> None:
        super().close()
        self.page.article_text = " ".join(self.text)


_CACHE: dict[Path, Built] = {}


def read(site: Path, rel: str) -> Built:
    path = site / rel
    if path not in _CACHE:
        page = Built(rel)
        reader = _Reader(page)
        reader.feed(path.read_text(encoding="utf-8"))
        reader.close()
        _CACHE[path] = page
    return _CACHE[path]


def edition_of(rel: str) -> str | None:
    return next((lang for lang, prefix in EDITIONS.items() if rel.startswith(prefix)), None)


def edition_pages(lang: str) -> list[str]:
    """The edition's pages, from the toc."""
    return [f"{f}.html" for f in toc_files() if f.startswith(EDITIONS[lang])]


def twin(rel: str) -> str:
    lang = edition_of(rel)
    assert lang
    other = next(o for o in EDITIONS if o != lang)
    return EDITIONS[other] + rel[len(EDITIONS[lang]) :]


def english_words(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for word in ENGLISH_FURNITURE:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                found.append(f"{word!r} in {text[:80]!r}")
    return found


# --------------------------------------------------------------------------- language and furniture


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_toc_has_pages_in_each_edition(lang: str) -> None:
    assert edition_pages(lang), f"_toc.yml lists no {EDITIONS[lang]} pages"


def test_swedish_pages_are_swedish(built_site: Path) -> None:
    problems = []
    for rel in [*edition_pages("sv"), SEARCH["sv"][0]]:
        page = read(built_site, rel)
        if page.lang != "sv":
            problems.append(f"{rel}: <html lang={page.lang!r}>")
        problems += [f"{rel}: English furniture: {w}" for w in english_words(page.furniture)]
        problems += [f"{rel}: admonition titled {t!r}" for t in page.admonition_titles if t in ENGLISH_ADMONITIONS]
    assert not problems, "\n".join(problems[:60])


def test_swedish_furniture_is_read_at_all(built_site: Path) -> None:
    """The check above looks at the right text: the Swedish words are there (guards an empty parse)."""
    page = read(built_site, edition_pages("sv")[0])
    text = " | ".join(page.furniture)
    for word in ("Hoppa till huvudinnehållet", "Sök", "Innehåll", "nästa"):
        assert word in text, f"{page.rel}: {word!r} missing from the furniture: {text[:400]}"


def test_english_pages_are_english(built_site: Path) -> None:
    problems = []
    for rel in [*edition_pages("en"), SEARCH["en"][0]]:
        page = read(built_site, rel)
        if page.lang != "en":
            problems.append(f"{rel}: <html lang={page.lang!r}>")
        for text in page.furniture:
            problems += [
                f"{rel}: Swedish furniture {w!r} in {text[:60]!r}"
                for w in SWEDISH_FURNITURE
                if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)
            ]
    assert not problems, "\n".join(problems[:60])


def test_swedish_important_box_is_viktigt(built_site: Path) -> None:
    """The "Important" box is titled in the page's language (where the editions have one)."""
    sv = [t for rel in edition_pages("sv") for t in read(built_site, rel).admonition_titles]
    en = [t for rel in edition_pages("en") for t in read(built_site, rel).admonition_titles]
    if "Important" not in en:
        pytest.skip("no page has an Important box")
    assert sv.count("Viktigt") == en.count("Important"), (sv, en)


def test_landing_page_is_bilingual(built_site: Path) -> None:
    page = read(built_site, LANDING)
    html = (built_site / LANDING).read_text(encoding="utf-8")
    assert page.lang == "en"
    assert re.search(r'<(p|li|h\d|section)[^>]*\blang="sv"', html), "the landing page marks no Swedish block"
    starts = {target for link in page.links if link.in_article for target in [local_target(LANDING, link.href)]}
    for lang in EDITIONS:
        assert any(t and t[0] == edition_pages(lang)[0] for t in starts), f"landing page: no link to {lang} start"


# --------------------------------------------------------------------------- navigation inside an edition


def _target(rel: str, href: str) -> str | None:
    t = local_target(rel, href)
    return t[0] if t else None


def test_previous_next_stay_in_the_edition(built_site: Path) -> None:
    problems, checked = [], 0
    for lang in EDITIONS:
        for rel in edition_pages(lang):
            page = read(built_site, rel)
            hrefs = list(page.rel_links.values()) + [
                link.href for link in page.links if {"left-prev", "right-next"} & set(link.classes)
            ]
            for href in hrefs:
                checked += 1
                target = _target(rel, href)
                if target is None or edition_of(target) != lang:
                    problems.append(f"{rel}: previous/next goes to {target}")
    assert not problems, "\n".join(problems)
    assert checked >= 2 * sum(len(edition_pages(lang)) - 1 for lang in EDITIONS)


def test_first_and_last_pages_do_not_lead_out(built_site: Path) -> None:
    for lang in EDITIONS:
        first, last = read(built_site, edition_pages(lang)[0]), read(built_site, edition_pages(lang)[-1])
        assert "prev" not in first.rel_links and "next" not in last.rel_links, (lang, first.rel_links, last.rel_links)


def test_sidebar_lists_only_its_edition(built_site: Path) -> None:
    problems = []
    for lang in EDITIONS:
        for rel in edition_pages(lang):
            targets = [_target(rel, link.href) for link in read(built_site, rel).links if link.in_sidebar]
            wanted = set(edition_pages(lang))
            listed = {t for t in targets if t}
            if listed - wanted - {LANDING}:
                problems.append(f"{rel}: sidebar lists {sorted(listed - wanted - {LANDING})}")
            if wanted - listed - {rel}:  # the page itself is listed as "#"
                problems.append(f"{rel}: sidebar misses {sorted(wanted - listed - {rel})}")
    assert not problems, "\n".join(problems[:40])


def test_only_the_landing_page_lists_both_editions(built_site: Path) -> None:
    """Apart from the language links to the twin page, no page but the landing page links to both editions."""
    both = []
    for rel in [LANDING, *edition_pages("sv"), *edition_pages("en")]:
        page, editions = read(built_site, rel), set()
        for link in page.links:
            target = _target(rel, link.href)
            if not target or not (link.in_sidebar or link.in_article) or "sg-language-link" in link.classes:
                continue
            editions.add(edition_of(target))
        if editions >= set(EDITIONS):
            both.append(rel)
    assert both == [LANDING], both


# --------------------------------------------------------------------------- language links


def test_twins_have_the_same_sections(built_site: Path) -> None:
    problems = []
    for rel in edition_pages("sv"):
        mine, theirs = read(built_site, rel).sections, read(built_site, twin(rel)).sections
        if [d for d, _ in mine] != [d for d, _ in theirs] or not mine:
            problems.append(f"{rel}: {mine}\n  {twin(rel)}: {theirs}")
    assert not problems, "\n".join(problems)


def test_every_language_link_lands_on_the_matching_section(built_site: Path) -> None:
    problems, checked = [], 0
    for lang in EDITIONS:
        for rel in edition_pages(lang):
            page, other_rel = read(built_site, rel), twin(rel)
            other = read(built_site, other_rel)
            match = {a: b for (_, a), (_, b) in zip(page.sections, other.sections, strict=True)}
            switches = [link for link in page.links if "sg-language-switch" in link.classes]
            if len(switches) != 1:
                problems.append(f"{rel}: {len(switches)} language switches in the header")
            for link in switches:
                checked += 1
                target = local_target(rel, link.href)
                if target != (other_rel, other.sections[0][1]):
                    problems.append(f"{rel}: language switch goes to {target}")
                sections = json.loads(link.attrs.get("data-sg-sections", "{}"))
                if sections != match:
                    problems.append(f"{rel}: the switch's section map differs from the twin's sections")
                if local_target(rel, link.attrs.get("data-sg-base", "")) != (other_rel, ""):
                    problems.append(f"{rel}: data-sg-base {link.attrs.get('data-sg-base')!r}")
                if link.attrs.get("lang") != edition_of(other_rel):
                    problems.append(f"{rel}: the switch is not marked lang={edition_of(other_rel)!r}")
            for link in page.links:
                target = local_target(rel, link.href)
                if not link.in_article or not target or target[0] != other_rel:
                    continue
                checked += 1
                want = match.get(link.section or "")
                if target[1] != want or target[1] not in other.ids:
                    problems.append(f"{rel}: link in section {link.section!r} goes to #{target[1]}, not #{want}")
                if "sg-language-link" not in link.classes:
                    problems.append(f"{rel}: link to the twin not marked as a language link")
    assert not problems, "\n".join(problems[:60])
    assert checked >= len(edition_pages("sv")) + len(edition_pages("en"))


# --------------------------------------------------------------------------- search: the index


def fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def swedish_stem(word: str) -> str:
    """The Swedish search page's stemmer: snowball, then -ning -> verb, then accents dropped."""
    stem = snowballstemmer.stemmer("swedish").stemWord(word.lower())
    if len(stem) >= 7 and stem.endswith("ning"):
        stem = stem[:-4]
    return fold(stem)


def load_index(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


def found(index: dict, word: str) -> set[str]:
    docs: set[str] = set()
    for table in ("terms", "titleterms"):
        hit = index[table].get(swedish_stem(word), [])
        docs |= {index["docnames"][i] for i in ([hit] if isinstance(hit, int) else hit)}
    return docs


def pages_containing(site: Path, lang: str, word: str) -> set[str]:
    rx = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return {rel[: -len(".html")] for rel in edition_pages(lang) if rx.search(read(site, rel).article_text)}


def test_each_edition_has_its_own_index(built_site: Path) -> None:
    sv, en = load_index(built_site / SEARCH["sv"][1]), load_index(built_site / "searchindex.js")
    assert sorted(sv["docnames"]) == sorted(p[: -len(".html")] for p in edition_pages("sv"))
    assert {edition_of(d + ".html") for d in en["docnames"]} <= {"en", None}
    for rel in edition_pages("sv"):
        page = read(built_site, rel)
        for script in SEARCH["sv"][1:]:
            assert any(_target(rel, s) == script for s in page.scripts), f"{rel} does not load {script}"
        assert not any(_target(rel, s) == "searchindex.js" for s in page.scripts), f"{rel} loads the English index"
        form = [link for link in page.links if _target(rel, link.href) == "search.html"]
        assert not form, f"{rel} links to the English search page"


def test_swedish_index_stems_stunsa_with_stunsning(built_site: Path) -> None:
    index = load_index(built_site / SEARCH["sv"][1])
    with_noun = pages_containing(built_site, "sv", "stunsning")
    assert with_noun, "no Swedish page says stunsning"
    assert with_noun <= found(index, "stunsa"), (with_noun, found(index, "stunsa"))


@pytest.mark.parametrize(("plain", "accented"), [("klover", "klöver"), ("hjarter", "hjärter"), ("sla", "slå")])
def test_swedish_index_folds_accents(built_site: Path, plain: str, accented: str) -> None:
    index = load_index(built_site / SEARCH["sv"][1])
    pages = pages_containing(built_site, "sv", accented)
    assert pages, f"no Swedish page says {accented}"
    assert found(index, plain) == found(index, accented) >= pages


# --------------------------------------------------------------------------- search and language switch in chromium


pytest_browser = pytest.mark.browser


@pytest.fixture(scope="module")
def chromium(browser: Any) -> Any:
    """The session's chromium (tests/conftest.py)."""
    return browser


@pytest.fixture()
def context(chromium: Any) -> Iterator[Any]:
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.set_default_timeout(20_000)
    try:
        yield ctx
    finally:
        ctx.close()


def search(context: Any, site_url: str, query: str, shot: str | None = None) -> set[str]:
    """Run the Swedish search page's real script; the pages it lists (docnames)."""
    with open_page(context, site_url, f"{SEARCH['sv'][0]}?q={quote(query)}") as (page, log):
        page.wait_for_function(
            """() => { const s = document.querySelector('#search-results .search-summary');
                       return s && /Sidor som matchar|Ingen sida/.test(s.innerText); }"""
        )
        status = page.inner_text("#search-results .search-summary")
        heading = page.inner_text("#search-results h2")
        hrefs = page.eval_on_selector_all("#search-results ul.search li > a", "els => els.map(a => a.href)")
        if shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / shot), full_page=False)
        assert not log.problems(), log.problems()
    assert heading == "Sökresultat", heading
    count = re.search(r"(\d+)", status)
    docs = {posixpath.splitext(h[len(site_url) :].split("#")[0])[0] for h in hrefs}
    assert (int(count.group(1)) if count else 0) == len(hrefs), (status, hrefs)
    assert all(edition_of(d + ".html") == "sv" for d in docs), docs
    return docs


@pytest_browser
def test_swedish_search_in_the_browser_stems(context: Any, site_url: str) -> None:
    stunsa = search(context, site_url, "stunsa", shot="sv-search-stunsa.png")
    stunsning = pages_containing(REPO / "_build" / "html", "sv", "stunsning")
    assert stunsning and stunsning <= stunsa, (stunsning, stunsa)


@pytest_browser
@pytest.mark.parametrize(("plain", "accented"), [("klover", "klöver"), ("hjarter", "hjärter")])
def test_swedish_search_in_the_browser_folds_accents(context: Any, site_url: str, plain: str, accented: str) -> None:
    with_accent = search(context, site_url, accented)
    without = search(context, site_url, plain, shot=f"sv-search-{plain}.png")
    pages = pages_containing(REPO / "_build" / "html", "sv", accented)
    assert pages and without == with_accent and pages <= without, (pages, with_accent, without)


@pytest_browser
def test_swedish_search_with_no_match_says_so_in_swedish(context: Any, site_url: str) -> None:
    assert search(context, site_url, "xyzzyplugh") == set()


@pytest_browser
def test_language_switch_follows_the_section_being_read(context: Any, site_url: str) -> None:
    site = REPO / "_build" / "html"
    rel = next(r for r in edition_pages("sv") if len(read(site, r).sections) >= 3)
    mine, theirs = read(site, rel).sections, read(site, twin(rel)).sections
    _, section = mine[len(mine) // 2]
    _, expected = theirs[len(mine) // 2]
    with open_page(context, site_url, rel) as (page, log):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "sv-page.png"), full_page=False)
        page.evaluate("id => document.getElementById(id).scrollIntoView()", section)
        page.screenshot(path=str(SHOTS / "sv-page-scrolled.png"), full_page=False)
        switch = page.locator("a.sg-language-switch")
        # what a pointer or the keyboard does (Playwright's hover would scroll the page first)
        switch.dispatch_event("pointerdown")
        assert switch.get_attribute("href").endswith(f"#{expected}"), (section, switch.get_attribute("href"))
        switch.evaluate("a => a.click()")
        page.wait_for_url(re.compile(re.escape(twin(rel)) + "#" + re.escape(expected) + "$"))
        assert page.evaluate("id => !!document.getElementById(id)", expected)
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert not log.problems(), log.problems()


@pytest_browser
def test_language_switch_fits_a_phone(chromium: Any, site_url: str) -> None:
    """At 390 px the header keeps the switch visible and the page does not scroll sideways."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        for lang in EDITIONS:
            with open_page(ctx, site_url, edition_pages(lang)[0]) as (page, log):
                switch = page.locator("a.sg-language-switch")
                assert switch.is_visible(), f"{lang}: the language switch is hidden at 390 px"
                box = switch.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= 390, f"{lang}: the page is {width} px wide at 390 px"
                assert not log.problems(), log.problems()
    finally:
        ctx.close()
