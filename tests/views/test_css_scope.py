"""Every style the package emits stays in the output it belongs to.

The package's stylesheets (render.css, table.css, quiz.css: the site loads them, anywidget puts table.css in the
page) style only the package's own elements: every selector's element carries, or sits inside, a package class.
The CSS embedded in an output (`Game._repr_html_`, a quiz in Jupyter) is put under that output's own root id: it
cannot reach another output of the notebook (a widget's or a Replay's cards).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skitgubbe import Game
from skitgubbe.views import render
from skitgubbe.views.examples import QUIZZES
from skitgubbe.views.quiz import quiz_html

VIEWS = Path(__file__).resolve().parents[2] / "skitgubbe" / "views"
#: a class of the package's own: sg-…, sgt-… (the table), skitgubbe-… (the live panels)
PACKAGE_CLASS = re.compile(r"\.(?:sg|sgt|skitgubbe)(?:-[\w-]*)?(?![\w-])")


def selectors(css: str) -> list[str]:
    """Every complex selector of `css` (inside `@media` and the like too), comments dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: list[str] = []
    depth = 0
    prelude = ""
    for char in css:
        if char == "{":
            text = prelude.strip()
            if not text.startswith("@") and not re.fullmatch(r"[\d.%,\s]+|from|to", text):
                found.extend(s.strip() for s in text.split(","))
            prelude = ""
            depth += 1
        elif char == "}":
            prelude = ""
            depth -= 1
        elif char == ";":
            prelude = ""  # a declaration of a rule, not a selector
        else:
            prelude += char
    return found


def without_negations(selector: str) -> str:
    return re.sub(r":not\([^)]*\)", "", selector)


@pytest.mark.parametrize("name", ["render.css", "table.css", "quiz.css"])
def test_every_selector_of_a_stylesheet_is_under_a_package_class(name: str) -> None:
    found = selectors((VIEWS / name).read_text(encoding="utf-8"))
    assert len(found) > 20
    loose = [s for s in found if not PACKAGE_CLASS.search(without_negations(s))]
    assert not loose, f"{name}: selectors that can style what is not the package's: {loose}"


def under(selector: str, root: str) -> bool:
    """`selector` is under the output's root `#root` (a page-level start, the theme's `html[...]`, may come first)."""
    return selector.startswith(f"#{root} ") or re.match(rf"(?:html|body)\S* #{root} ", selector) is not None


def embedded(html: str) -> list[tuple[str, list[str]]]:
    return [(m.group(1), selectors(m.group(1))) for m in re.finditer(r"<style>(.*?)</style>", html, flags=re.S)]


def test_a_game_output_styles_itself_only() -> None:
    html = Game.deal(3, seed=2)._repr_html_()
    assert html is not None
    blocks = embedded(html)
    assert len(blocks) == 1
    root = re.search(r'<div class="sg-root" id="(sg-[0-9a-f]+)">', html)
    assert root, "the output has no root of its own"
    found = blocks[0][1]
    assert any(".sgt-card" in s for s in found)  # a card's size: it must not reach a widget's cards
    assert all(under(s, root.group(1)) for s in found), [s for s in found if not under(s, root.group(1))]
    # another position is another output with its own root
    other = Game.deal(3, seed=3)._repr_html_()
    assert other is not None and f'id="{root.group(1)}"' not in other


def test_a_quiz_in_jupyter_styles_itself_only() -> None:
    quiz = next(iter(QUIZZES.values()))
    for lang in ("sv", "en"):
        html = quiz_html(quiz, lang, inline_runtime=True)
        root = re.search(r'<div class="sg-root" id="(sg-quiz-[0-9a-f]+)">', html)
        assert root
        [(_, found)] = embedded(html)
        assert found and all(under(s, root.group(1)) for s in found)
    assert "<style>" not in quiz_html(quiz, "en")  # the site loads quiz.css itself


def test_scope_css_reaches_into_media_rules() -> None:
    css = "/* x */ .a, .b > .c { color: red; } @media print { .a { color: black; } } @font-face { font-family: x; }"
    scoped = render.scope_css(css, "#r")
    assert selectors(scoped) == ["#r .a", "#r .b > .c", "#r .a"]
    themed = render.scope_css('html[data-theme="dark"] .a, body.x .b { color: white; }', "#r")
    assert selectors(themed) == ['html[data-theme="dark"] #r .a', "body.x #r .b"]  # the page's theme stays first
    assert "@media print{#r .a" in scoped and "@font-face{" in scoped
