"""Checks on the built static site (`_build/html`), with the stdlib HTML parser only.

Generic: every check runs over whatever pages the build produced, so it keeps working as
pages are added. The site is built by `make book` (or the `built_site` fixture).
"""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from helpers import REPO

SITE = REPO / "_build" / "html"  # the `built_site` fixture (tests/conftest.py) builds it if needed
BUILD_LOG = REPO / "_build" / "build.log"  # written by `make book`
BUILD_STATUS = REPO / "_build" / "build.status"  # jupyter-book's exit status

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: the reader's table in the build (book/_ext/widget_runtime.py copies it from skitgubbe/views)
FRONT_END = "_static/readers-table"
#: folders of the build that hold assets, not pages
ASSET_DIRS = {"_static", "_sources", "_images", "_downloads", "jupyter_execute"}
#: attributes that make the browser fetch something (checked for external hosts)
FETCHING_ATTRS = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "frame": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "video": ("src", "poster"),
    "audio": ("src",),
    "track": ("src",),
    "input": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
#: (tag, attribute) pairs whose local targets must exist
LINK_ATTRS = {(t, a) for t, attrs in FETCHING_ATTRS.items() for a in attrs} | {("a", "href"), ("area", "href")}
CSS_URL = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])([^"')\s]+)""")
SPHINX_PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL|SEVERE):")


# --------------------------------------------------------------------------- parsing helpers


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""  # only filled for <script> and <style>
    in_article: bool = False


@dataclass
class Page:
    path: Path  # absolute
    rel: str  # posix path relative to the site root
    elements: list[Element] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)

    def scripts(self, type_: str | None = None) -> list[Element]:
        return [e for e in self.elements if e.tag == "script" and (type_ is None or e.attrs.get("type") == type_)]


class _Collector(HTMLParser):
    """Collects every element with its attributes, ids, and script/style bodies."""

    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self._raw: Element | None = None
        self._article_depth = 0  # >0 while inside <article class="bd-article"> (the page body)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "article" and (self._article_depth or "bd-article" in a.get("class", "").split()):
            self._article_depth += 1
        el = Element(tag, a, in_article=self._article_depth > 0)
        self.page.elements.append(el)
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.page.ids.add(a[key])
        if tag in ("script", "style"):
            self._raw = el

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self._raw = None
        if tag == "article" and self._article_depth:
            self._article_depth -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._raw = None
        if tag == "article" and self._article_depth:
            self._article_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._raw is not None:
            self._raw.text += data


@cache
def parse_page(path: Path) -> Page:
    page = Page(path, path.relative_to(SITE).as_posix())
    parser = _Collector(page)
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return page


def site_pages(site: Path) -> list[Page]:
    pages = [
        parse_page(p) for p in sorted(site.rglob("*.html")) if not ASSET_DIRS.intersection(p.relative_to(site).parts)
    ]
    assert pages, "the built site has no pages"
    return pages


def is_external(url: str) -> bool:
    """True for URLs that would leave the site (any scheme+host, or protocol-relative)."""
    parts = urlsplit(url.strip())
    return bool(parts.netloc) or parts.scheme not in ("", "data", "blob", "about")


def local_target(page_rel: str, url: str) -> tuple[str, str] | None:
    """(site-relative path, fragment) a local URL points to, or None if not a local file URL."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not (parts.path or parts.fragment):
        return None
    if parts.path.startswith("/"):
        path = parts.path.lstrip("/")
    elif parts.path:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page_rel), unquote(parts.path)))
        if parts.path.endswith("/"):
            path += "/"
    else:
        path = page_rel
    if path.endswith("/") or path in ("", "."):
        path = posixpath.join(path, "index.html")
    return path, unquote(parts.fragment)


def srcset_urls(value: str) -> list[str]:
    return [c.strip().split()[0] for c in value.split(",") if c.strip()]


def urls_of(el: Element) -> list[tuple[str, str]]:
    """(attribute, url) pairs of an element that point somewhere."""
    out = []
    for attr, value in el.attrs.items():
        if (el.tag, attr) in LINK_ATTRS and value:
            out += [(attr, u) for u in (srcset_urls(value) if attr == "srcset" else [value])]
    return out


def table_data(page: Page) -> list[dict]:
    """The models embedded in the page's board mounts (`<script type="application/json" class="sgt-data">`)."""
    return [json.loads(el.text) for el in page.scripts("application/json") if "sgt-data" in el.attrs.get("class", "")]


def link_targets(page: Page) -> list[str]:
    out = []
    for el in page.elements:
        if el.tag == "link" and el.attrs.get("href"):
            target = local_target(page.rel, el.attrs["href"])
            if target:
                out.append(target[0])
    return out


def script_targets(page: Page) -> list[str]:
    out = []
    for el in page.scripts():
        if el.attrs.get("src"):
            target = local_target(page.rel, el.attrs["src"])
            if target:
                out.append(target[0])
    return out


# --------------------------------------------------------------------------- tests


def test_build_succeeded_without_warnings(built_site: Path) -> None:
    status = BUILD_STATUS.read_text().strip()
    log = BUILD_LOG.read_text(encoding="utf-8", errors="replace")
    problems = [line for line in log.splitlines() if SPHINX_PROBLEM.search(line)]
    assert status == "0", f"jupyter-book exited with {status}; see {BUILD_LOG}"
    assert "build succeeded" in log, f"no 'build succeeded' in {BUILD_LOG}"
    assert not problems, "warnings/errors in the build log:\n" + "\n".join(problems[:50])


def test_no_broken_internal_links(built_site: Path) -> None:
    broken = []
    for page in site_pages(built_site):
        for el in page.elements:
            for attr, url in urls_of(el):
                target = local_target(page.rel, url)
                if target is None:
                    continue
                path, fragment = target
                file = built_site / path
                if not file.is_file():
                    broken.append(f"{page.rel}: <{el.tag} {attr}={url!r}> -> missing {path}")
                elif fragment and file.suffix == ".html" and fragment not in parse_page(file).ids:
                    broken.append(f"{page.rel}: <{el.tag} {attr}={url!r}> -> no id {fragment!r} in {path}")
    assert not broken, f"{len(broken)} broken internal links:\n" + "\n".join(broken[:80])


def test_no_external_resources(built_site: Path) -> None:
    """Scripts, styles, images, fonts, frames: only from the site itself (plain <a> links may leave)."""
    found = []
    for page in site_pages(built_site):
        for el in page.elements:
            if el.tag in FETCHING_ATTRS:
                found += [f"{page.rel}: <{el.tag} {a}={u!r}>" for a, u in urls_of(el) if is_external(u)]
            if el.tag == "meta" and el.attrs.get("http-equiv", "").lower() == "refresh":
                m = re.search(r"url\s*=\s*['\"]?([^'\"\s]+)", el.attrs.get("content", ""), re.IGNORECASE)
                url = m.group(1) if m else ""
                if url and is_external(url):
                    found.append(f"{page.rel}: meta refresh to {url!r}")
            css = el.text if el.tag == "style" else el.attrs.get("style", "")
            found += [f"{page.rel}: CSS url {u!r}" for u in CSS_URL.findall(css) if is_external(u)]
            if el.tag == "script" and el.attrs.get("type", "text/javascript") in ("text/javascript", "module"):
                found += [f"{page.rel}: inline script names {u!r}" for u in re.findall(r"https?://[^\s\"'`]+", el.text)]
    for css in sorted(built_site.rglob("*.css")):
        text = css.read_text(encoding="utf-8", errors="replace")
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)  # comments (licence headers) are fine
        found += [f"{css.relative_to(built_site)}: url {u!r}" for u in CSS_URL.findall(text) if is_external(u)]
    assert not found, "references to other hosts:\n" + "\n".join(sorted(set(found))[:80])


def _edition_pages(site: Path, lang: str) -> list[Page]:
    return [p for p in site_pages(site) if p.rel.startswith(f"book/{lang}/")]


@pytest.mark.parametrize(("lang", "other"), [("sv", "en"), ("en", "sv")])
def test_every_page_has_one_link_to_its_twin(built_site: Path, lang: str, other: str) -> None:
    """Each page links to the same page in the other edition exactly once:
    the header's language switch, not a second link in its content."""
    pages = _edition_pages(built_site, lang)
    if not pages:
        pytest.skip(f"no pages under book/{lang}/ yet")
    problems = []
    for page in pages:
        twin = f"book/{other}/" + page.rel[len(f"book/{lang}/") :]
        links = [
            el
            for el in page.elements
            if el.tag == "a" and (target := local_target(page.rel, el.attrs.get("href") or "")) and target[0] == twin
        ]
        switches = [el for el in links if "sg-language-switch" in el.attrs.get("class", "").split()]
        if len(switches) != 1 or local_target(page.rel, switches[0].attrs["href"])[0] != twin:
            problems.append(f"{page.rel}: {len(switches)} language switches to {twin} in the header")
        in_content = [el for el in links if el.in_article]
        if in_content:
            problems.append(f"{page.rel}: {len(in_content)} more link(s) to {twin} in its content")
    assert not problems, "\n".join(problems)


class _CardCheck(HTMLParser):
    """Finds elements with class sg-card that carry no accessible label."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards = 0
        self.unlabelled: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if "sg-card" not in a.get("class", "").split():
            return
        self.cards += 1
        labelled = bool(a.get("aria-label", "").strip()) or (
            a.get("role") == "img" and bool((a.get("aria-labelledby") or a.get("title") or "").strip())
        )
        if not labelled:
            self.unlabelled.append(self.get_starttag_text() or tag)

    handle_startendtag = handle_starttag


def _html_strings(value: object) -> list[str]:
    """Every string in a widget state that looks like HTML (frames of a Replay, etc.)."""
    if isinstance(value, str):
        return [value] if "<" in value else []
    if isinstance(value, dict):
        return [s for v in value.values() for s in _html_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _html_strings(v)]
    return []


def test_cards_have_accessible_labels(built_site: Path) -> None:
    """Every .sg-card, in the page or in the card pictures a board embeds, has a non-empty label."""
    bad, total = [], 0
    for page in site_pages(built_site):
        sources = [page.path.read_text(encoding="utf-8")] + _html_strings([d.get("deck", {}) for d in table_data(page)])
        for html in sources:
            check = _CardCheck()
            check.feed(html)
            total += check.cards
            bad += [f"{page.rel}: {tag}" for tag in check.unlabelled]
    assert not bad, f"{len(bad)} of {total} .sg-card elements lack aria-label (or role=img + label):\n" + "\n".join(
        bad[:40]
    )


def test_board_pages_embed_frames_and_the_front_end(built_site: Path) -> None:
    """Every board mount carries its model as JSON (frames, words, cards); its page loads the front end."""
    problems, boards = [], 0
    for page in site_pages(built_site):
        data = table_data(page)
        mounts = page.path.read_text(encoding="utf-8").count('class="sgt-mount"')
        if not mounts:
            continue
        boards += mounts
        if len(data) != mounts:
            problems.append(f"{page.rel}: {mounts} mounts but {len(data)} embedded models")
        for model in data:
            frames = model.get("frames") or []
            if model.get("mode") != "replay" or not frames or model.get("lang") not in ("sv", "en"):
                problems.append(f"{page.rel}: a mount without frames or language")
            elif any(f["lang"] != model["lang"] for f in frames):
                problems.append(f"{page.rel}: a frame in another language than its Replay")
            if "back" not in model.get("deck", {}):
                problems.append(f"{page.rel}: a Replay without the face-down card picture")
        modules = [el for el in page.scripts() if urlsplit(el.attrs.get("src", "")).path.endswith("table-static.js")]
        if len(modules) != 1 or modules[0].attrs.get("type") != "module":
            problems.append(f"{page.rel}: does not load table-static.js as a module")
        if f"{FRONT_END}/table.css" not in link_targets(page):
            problems.append(f"{page.rel}: does not load {FRONT_END}/table.css")
    for name in ("table.js", "table.css", "table-static.js"):
        if not (built_site / FRONT_END / name).is_file():
            problems.append(f"{FRONT_END}/{name} missing from the build")
    assert boards, "no page has a board"
    assert not problems, "\n".join(problems)


def test_no_widget_runtime_or_fontawesome_script(built_site: Path) -> None:
    """The ipywidgets html-manager runtime, require.js and the theme's FontAwesome script are on no page."""
    offenders = []
    for page in site_pages(built_site):
        if page.scripts(WIDGET_STATE) or page.scripts(WIDGET_VIEW):
            offenders.append(f"{page.rel}: embedded ipywidgets state")
        for target in script_targets(page):
            if "jupyter-widgets" in target or target.endswith(("require.js", "embed-amd.js", "fontawesome.js")):
                offenders.append(f"{page.rel}: loads {target}")
    assert not offenders, "\n".join(offenders)


def test_front_end_only_on_board_pages(built_site: Path) -> None:
    """The front end is added only where a board is (a Replay, a live game or checker that draws one after
    Start, the learning path's exercises, whose boards exercises.js draws, or a board drawn without script, which
    has table.css's board rules: docs/board.md); nothing under a top-level _static/
    (added to every page)."""
    offenders = [
        page.rel
        for page in site_pages(built_site)
        if not table_data(page)
        and not any(
            "data-skitgubbe-live" in e.attrs or "data-sg-path" in e.attrs or "data-sg-board" in e.attrs
            for e in page.elements
        )
        and any(t.startswith(f"{FRONT_END}/") for t in script_targets(page) + link_targets(page))
    ]
    assert not offenders, f"pages without a board that load the front end: {offenders}"
    stray = (
        [p.relative_to(REPO).as_posix() for p in (REPO / "_static").rglob("*.js")]
        if (REPO / "_static").is_dir()
        else []
    )
    assert not stray, f"Jupyter Book adds every *.js under the top-level _static/ to every page: {stray}"


def test_front_end_in_the_build_is_the_package_s(built_site: Path) -> None:
    """The build's copy of the front end is the package's (not a stale copy)."""
    for name in ("table.js", "table.css"):
        assert (built_site / FRONT_END / name).read_bytes() == (REPO / "skitgubbe" / "views" / name).read_bytes(), name


PAGE_WEIGHT_LIMIT = 2_000_000


def test_board_pages_stay_under_two_megabytes(built_site: Path) -> None:
    """Every frame of a Replay is embedded in its page; whole-game pages must still load quickly (raw bytes;
    tests/test_browser.py measures what a page loads, compressed)."""
    heavy = {}
    for page in built_site.rglob("*.html"):
        text = page.read_bytes()
        if b'class="sgt-mount"' in text and len(text) >= PAGE_WEIGHT_LIMIT:
            heavy[str(page.relative_to(built_site))] = len(text)
    assert not heavy, f"pages of 2 MB or more: {heavy}"
