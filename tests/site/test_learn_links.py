"""The learning path in the built pages' HTML (no browser): only the two learn pages load the path's module, the
readers' table files it needs are built, and every chapter and the teacher page link the path, whose lesson headings
the worksheets' links land on; each edition's learn page holds every exercise once, in the path's order, with its
rule, its right answers and the progress line (read with html.parser). The path in chromium: tests/browser/test_learn_page.py."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from skitgubbe.views import exercises as view
from skitgubbe.views.exercise_data import exercises
from skitgubbe.views.handouts import _anchor


def test_the_path_module_only_on_pages_with_the_path(built_site: Path) -> None:
    with_path = [p for p in built_site.glob("book/*/*.html") if view.MARKER in p.read_text(encoding="utf8")]
    assert {p.relative_to(built_site).as_posix() for p in with_path} == {"book/sv/learn.html", "book/en/learn.html"}
    for page in built_site.glob("book/*/*.html"):
        text = page.read_text(encoding="utf8")
        assert ("readers-table/exercises.js" in text) == (page in with_path), page
    for name in ("exercises.js", "exercises.css", "table.js"):
        assert (built_site / "_static" / "readers-table" / name).is_file()


def test_the_chapters_and_the_teacher_page_link_the_path(built_site: Path) -> None:
    for lang in ("sv", "en"):
        for chapter in ("start", "setup", "phase1", "phase2", "variants", "teacher"):
            text = (built_site / "book" / lang / f"{chapter}.html").read_text(encoding="utf8")
            assert 'href="learn.html' in text, (lang, chapter)
        teacher = (built_site / "book" / lang / "teacher.html").read_text(encoding="utf8")
        assert teacher.count('data-printable="lesson-') == 3
        learn = (built_site / "book" / lang / "learn.html").read_text(encoding="utf8")
        for anchor in ("phase1", "phase2", "variants"):
            # the worksheets' and the chapters' links land on the lesson's heading
            assert f'id="{_anchor(anchor, lang)}"' in learn, (lang, anchor)


class _Exercises(HTMLParser):
    """The exercise articles of a page (`article[data-exercise]`, with their `data-rule`) and its progress lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.articles: list[tuple[str, str | None, str | None]] = []
        self.progress = 0

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        attrs = dict(attrs_)
        if tag == "article" and attrs.get("data-exercise"):
            self.articles.append((str(attrs["data-exercise"]), attrs.get("data-rule"), attrs.get("data-right")))
        if attrs.get("data-role") == "path-progress":
            self.progress += 1


def exercise_articles(html: str) -> _Exercises:
    reader = _Exercises()
    reader.feed(html)
    return reader


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_learn_page_holds_every_exercise_once(built_site: Path, lang: str) -> None:
    """The page the path's script mounts on: one article an exercise, the path's order, each with its rule."""
    found = exercise_articles((built_site / "book" / lang / "learn.html").read_text(encoding="utf8"))
    assert [a for a, _, _ in found.articles] == list(exercises()), "the exercises on the page are not the path's"
    for exercise_id, rule, right in found.articles:
        exercise = exercises()[exercise_id]
        assert (rule, right) == (exercise.rule, ",".join(map(str, exercise.right))), exercise_id
    assert found.progress >= 1
