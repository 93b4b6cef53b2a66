"""The site's furniture: a favicon, a description per page in its language, one
language link per page, quiz feedback beside the chosen option with rule ids only behind the rule-ids toggle, and
printed handouts whose list numbers 10 and above print whole.
"""

from __future__ import annotations

import re
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO, toc_files

sys.path.insert(0, str(REPO / "book" / "_ext"))
import page_meta  # the build's own table of descriptions

from skitgubbe.text.table_words import TABLE

META = re.compile(r'<meta name="description" content="([^"]*)"')
SWEDISH = {"och", "att", "som", "i", "en", "ett", "för", "med", "av", "på", "vad", "hur"}
ENGLISH = {"the", "and", "of", "a", "to", "for", "with", "how", "what", "your"}


def _pages() -> list[str]:
    return [f for f in toc_files() if f.startswith(("book/sv/", "book/en/"))]


def test_favicon_is_served(site_url: str) -> None:
    with urllib.request.urlopen(site_url + "favicon.ico") as response:
        body = response.read()
    assert response.status == 200 and body[:4] == b"\0\0\1\0", "not an ICO file"
    assert b"\x89PNG" in body
    with urllib.request.urlopen(site_url + "_static/favicon.svg") as response:
        assert response.headers["Content-Type"].startswith("image/svg+xml")
        assert b"<svg" in response.read()


def test_every_page_has_a_description_in_its_language(built_site: Path) -> None:
    seen: dict[str, str] = {}
    problems = []
    for name in ["book/index", *_pages()]:
        html = (built_site / f"{name}.html").read_text(encoding="utf-8")
        found = META.findall(html)
        if len(found) != 1 or len(found[0]) < 50:
            problems.append(f"{name}: descriptions {found}")
            continue
        text = found[0]
        if text in seen:
            problems.append(f"{name}: the same description as {seen[text]}")
        seen[text] = name
        words = set(re.findall(r"\w+", text.lower()))
        lang = name.split("/")[1] if name != "book/index" else None
        if lang == "sv" and not (words & SWEDISH and not words & {"the", "and", "of"}):
            problems.append(f"{name}: not Swedish: {text}")
        if lang == "en" and not words & ENGLISH:
            problems.append(f"{name}: not English: {text}")
        if 'rel="icon"' not in html:
            problems.append(f"{name}: no icon link")
    assert not problems, "\n".join(problems)
    assert set(page_meta.DESCRIPTIONS) == {p.split("/")[-1] for p in _pages()}


def test_one_language_link_per_page(built_site: Path) -> None:
    problems = []
    for name in _pages():
        html = (built_site / f"{name}.html").read_text(encoding="utf-8")
        links = re.findall(r"<a [^>]*>\s*(?:På svenska|In English)\s*</a>", html)
        if len(links) != 1 or "sg-language-switch" not in links[0]:
            problems.append(f"{name}: {len(links)} language links")
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------------------- in the browser


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_quiz_feedback_beside_the_option_and_rule_ids_behind_the_toggle(browser: Any, site_url: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}book/{lang}/phase1.html")
        page.wait_for_selector(".sg-quiz__part[data-mounted]", state="attached")
        part = page.locator(".sg-quiz__part[data-quiz-part]").first
        option = part.locator("button[data-option]").last
        option.scroll_into_view_if_needed()
        option.tap()
        feedback = part.locator('[data-role="quiz-feedback"]')
        feedback.locator("p").wait_for()
        chosen, said = option.bounding_box(), feedback.bounding_box()
        assert chosen and said
        assert 0 <= said["y"] - (chosen["y"] + chosen["height"]) <= 24, (chosen, said)
        # the rule is named in words; its id only behind the toggle
        rule_id = feedback.locator(".sg-quiz__ruleid code").first
        assert rule_id.count() and not rule_id.is_visible()
        assert not re.search(r"\b(p1|p2|game)\.[a-z_]+", feedback.inner_text()), feedback.inner_text()
        box = part.locator("xpath=ancestor::div[contains(@class, 'sg-quiz-box')]")
        box.locator(".sg-quiz__toggle", has_text=TABLE.phrase("rule_ids", lang)).locator("input").check()
        assert rule_id.is_visible() and re.search(r"\b(p1|p2|game)\.[a-z_]+", feedback.inner_text())
    finally:
        ctx.close()


_ROOM = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const out = [];
  document.querySelectorAll(".sg-printable ol").forEach((ol) => {
    const items = Array.from(ol.children).filter((li) => li.tagName === "LI");
    if (items.length < 10) return;
    let clip = 0;
    for (let node = ol.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== "visible") clip = Math.max(clip, node.getBoundingClientRect().left);
    }
    items.slice(9).forEach((li, k) => {
      const style = getComputedStyle(li);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const need = canvas.measureText(`${k + 10}. `).width;
      out.push({ n: k + 10, room: li.getBoundingClientRect().left - clip, need });
    });
  });
  return out;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_printed_list_numbers_have_room(browser: Any, site_url: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 794, "height": 1123}, service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}book/{lang}/teacher.html")
        page.emulate_media(media="print")
        items = page.evaluate(_ROOM)
        assert items, "no printed list of 10 or more items on the teacher's page"
        cut = [i for i in items if i["room"] < i["need"]]
        assert not cut, cut
    finally:
        ctx.close()
