"""Two editions in one Sphinx build: every page under ``book/<lang>/`` speaks its edition's language.

One build (not two) so that one environment holds both editions: the twin of every section is known at build time,
links between the editions are ordinary checked cross-references, and the other extensions (widget runtime, card
roles, notebook execution) see one project. Per page, this extension

1. switches the translations (Sphinx's own, the themes' and the small local catalogue ``book/_locale``, compiled to
   ``_build/editions_locale`` at build time) before the page body is written (admonition titles) and before its
   template is rendered (the theme's furniture), and sets ``<html lang>``;
2. keeps the sidebar and previous/next inside the page's edition (the sidebar shows the toc part(s) whose pages are
   all in the edition; the landing page, in no edition, shows every part);
3. gives each edition a search of its own: the English pages (and the landing page) go to Sphinx's
   ``searchindex.js`` / ``search.html``, the Swedish pages to ``searchindex-sv.js`` / ``search-sv.html`` with the
   Swedish snowball stemmer; both fold accents (``klover`` finds ``klöver``) in the index and in the query;
4. maps every section to the section at the same place in the twin page (the twins must have the same headings in the
   same order and depth; a difference is a build warning, so ``-W`` fails) and points each link to the twin page at
   the twin of the section it stands in; the header's language switch follows the section being read.

Which pages exist comes from the toc (``_toc.yml``) through Sphinx; an edition is the folder ``book/<lang>/``.
"""

from __future__ import annotations

import gettext
import json
import posixpath
import re
import shutil
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import snowballstemmer
from docutils import nodes
from sphinx import addnodes, locale
from sphinx import package_dir as SPHINX_DIR
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.environment.adapters.toctree import _resolve_toctree
from sphinx.search import IndexBuilder, SearchLanguage, js_index, languages
from sphinx.search.en import SearchEnglish
from sphinx.search.sv import SearchSwedish
from sphinx.util import logging

logger = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parents[2]
LOCALE_SRC = REPO / "book" / "_locale"
STATIC_SRC = REPO / "skitgubbe" / "views" / "editions"

#: the editions: language -> folder of its pages (docname prefix)
EDITIONS = {"sv": "book/sv/", "en": "book/en/"}
#: the language of Sphinx's own search page and of pages in no edition (the landing page)
DEFAULT = "en"
#: words on the header's language switch, in the language it leads to
SWITCH_LABEL = {"sv": "På svenska", "en": "In English"}
#: per-edition search page and index (at the site root: Sphinx's search script links results relative to it)
SEARCH_PAGE = {"sv": "search-sv", "en": "search"}
SEARCH_INDEX = {"sv": "searchindex-sv.js", "en": "searchindex.js"}
#: the translation catalogues switched per page (namespace "general"): Sphinx + pydata theme, sphinx-book-theme
CATALOGUES = ("sphinx", "booktheme")


def edition_of(docname: str) -> str | None:
    """The edition a page belongs to (``book/sv/x`` -> ``sv``), or None (landing page, search, index)."""
    for lang, prefix in EDITIONS.items():
        if docname.startswith(prefix):
            return lang
    if docname == SEARCH_PAGE["sv"]:
        return "sv"
    return None


def twin_of(docname: str) -> str | None:
    """The same page in the other edition (``book/sv/x`` <-> ``book/en/x``)."""
    lang = edition_of(docname)
    if lang is None or not docname.startswith(EDITIONS[lang]):
        return None
    other = next(o for o in EDITIONS if o != lang)
    return EDITIONS[other] + docname[len(EDITIONS[lang]) :]


# --------------------------------------------------------------------------- search: stemming with accent folding


def fold(word: str) -> str:
    """Drop accents: ``klöver`` -> ``klover``, ``spår`` -> ``spar``, ``är`` -> ``ar`` (the same as the search page's stemmer)."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


#: the Swedish verbal noun in -ning stems to its verb: stunsning -> stuns, as stunsa, stunsar, stunsade
NING = "ning"
NING_MIN = 7  # at least three letters left: ordning -> ord, but not ning, kning


def strip_ning(stem: str) -> str:
    """A small addition to the Swedish snowball stemmer (the same rule is in ``language_data-sv.js``)."""
    return stem[: -len(NING)] if len(stem) >= NING_MIN and stem.endswith(NING) else stem


def _folding_js(stemmer_code: str, extra: str = "") -> str:
    """The language's stemmer, wrapped so that it folds accents after stemming (as the index does)."""
    return (
        f"{stemmer_code}\n"
        "/* editions.py: stem, then drop accents (klöver -> klov), as the index does */\n"
        "var SgBaseStemmer = Stemmer;\n"
        "var Stemmer = function() { var s = new SgBaseStemmer();\n"
        f"  this.stemWord = function(w) {{ var r = s.stemWord(w);{extra}\n"
        "    return r.normalize('NFD').replace(/[\\u0300-\\u036f]/g, ''); };\n"
        "};\n"
    )


def _swedish_js() -> str:
    js_dir = Path(SPHINX_DIR) / "search" / "minified-js"
    base = (js_dir / "base-stemmer.js").read_text(encoding="utf-8")
    swedish = (js_dir / "swedish-stemmer.js").read_text(encoding="utf-8")
    ning = f" if (r.length >= {NING_MIN} && r.endsWith('{NING}')) r = r.slice(0, -{len(NING)});"
    return _folding_js(f"{base}\n{swedish}\nvar Stemmer = SwedishStemmer;", ning)


class _Folding:
    """Mixin: index every word as typed and without accents, stemmed, then folded.

    A reader who types ``klöver`` is looked up as fold(stem(klöver)), one who types ``klover`` as
    fold(stem(klover)); the index holds both forms of every word, so either finds the page.
    """

    def split(self, input: str) -> list[str]:
        words = SearchLanguage.split(self, input)  # type: ignore[arg-type]
        return words + [f for f in map(fold, words) if f not in words]

    def stem(self, word: str) -> str:
        return fold(super().stem(word))  # type: ignore[misc]


class FoldingSwedish(_Folding, SearchSwedish):
    lang = "sv"
    js_stemmer_rawcode = ""  # the wrapped stemmer goes into language_data-sv.js
    js_stemmer_code = _swedish_js()

    def init(self, options: dict[str, str]) -> None:
        self.stemmer = snowballstemmer.stemmer("swedish")

    def stem(self, word: str) -> str:
        return fold(strip_ning(self.stemmer.stemWord(word.lower())))


class FoldingEnglish(_Folding, SearchEnglish):
    lang = "en"
    js_stemmer_code = _folding_js(SearchEnglish.js_stemmer_code)


class EditionSearch:
    """The Swedish edition's own search index, fed the Swedish pages as the builder writes them."""

    def __init__(self, app: Sphinx, lang: str) -> None:
        self.app, self.lang = app, lang
        self.path = Path(app.outdir) / SEARCH_INDEX[lang]
        ib = IndexBuilder(app.env, lang, app.config.html_search_options, app.config.html_search_scorer)
        # IndexBuilder keeps its data in the environment; this one needs its own
        ib._titles, ib._filenames, ib._all_titles, ib._index_entries = {}, {}, {}, {}
        ib._mapping, ib._title_mapping, ib._objtypes, ib._objnames = {}, {}, {}, {}
        self.indexer = ib
        try:  # incremental build: keep the pages that are not written again
            with self.path.open(encoding="utf-8") as f:
                ib.load(f, js_index)
        except (OSError, ValueError):
            pass

    def feed(self, docname: str, filename: str, title: str, doctree: nodes.document) -> None:
        for docs in (*self.indexer._mapping.values(), *self.indexer._title_mapping.values()):
            docs.discard(docname)
        self.indexer.feed(docname, filename, title, doctree)

    def dump(self) -> None:
        self.indexer.prune([d for d in self.app.env.all_docs if edition_of(d) == self.lang])
        self.path.write_text(js_index.dumps(self.indexer.freeze()), encoding="utf-8")


# --------------------------------------------------------------------------- translations


def _compile_catalogues(app: Sphinx) -> Path:
    """Compile book/_locale/**/*.po to .mo files in a build-only folder; return that folder."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = Path(app.outdir).parent / "editions_locale"
    for po in sorted(LOCALE_SRC.rglob("*.po")):
        mo = out / po.relative_to(LOCALE_SRC).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f)
        with mo.open("wb") as f:
            write_mo(f, catalog)
    return out


def _catalogue_dirs() -> dict[str, list[Path]]:
    import sphinx_book_theme

    return {
        "sphinx": [Path(SPHINX_DIR) / "locale"],
        "booktheme": [Path(sphinx_book_theme.get_html_theme_path()) / "static" / "locales"],
    }


def _translator(lang: str, catalogue: str, dirs: list[Path]) -> gettext.NullTranslations:
    """The local catalogue first (it corrects and completes), then the packages' own."""
    found = [gettext.translation(catalogue, str(d), [lang], fallback=True) for d in dirs]
    found = [t for t in found if type(t) is not gettext.NullTranslations]
    if not found:
        return gettext.NullTranslations()
    first = found[0]
    for t in found[1:]:
        first.add_fallback(t)
    return first


def _po_messages(po: Path) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f) if m.id and m.string and isinstance(m.id, str)}


@dataclass
class Editions:
    """Per-build state: the translations of each edition and the search of the non-default edition."""

    translators: dict[str, dict[tuple[str, str], Any]] = field(default_factory=dict)
    search: dict[str, EditionSearch] = field(default_factory=dict)
    current: str = ""


def _state(app: Sphinx) -> Editions:
    return app._sg_editions  # type: ignore[attr-defined,no-any-return]


def use_language(app: Sphinx, lang: str) -> None:
    """Make Sphinx, the themes and the templates speak ``lang`` until the next call."""
    state = _state(app)
    if state.current == lang:
        return
    for key, translator in state.translators[lang].items():
        locale.translators[key] = translator
    templates = getattr(app.builder, "templates", None)
    if templates is not None and hasattr(templates, "environment"):
        templates.environment.install_gettext_translations(state.translators[lang][("general", "sphinx")])
    state.current = lang


def on_config_inited(app: Sphinx, config: Any) -> None:
    config.html_search_language = DEFAULT
    languages[DEFAULT] = FoldingEnglish
    languages["sv"] = FoldingSwedish
    templates = list(config.templates_path)
    if "book/_templates" not in templates:
        templates.insert(0, "book/_templates")
    config.templates_path = templates


def on_builder_inited(app: Sphinx) -> None:
    state = Editions()
    app._sg_editions = state  # type: ignore[attr-defined]
    if app.builder.format != "html":
        return
    compiled = _compile_catalogues(app)
    dirs = _catalogue_dirs()
    for lang in EDITIONS:
        if lang == DEFAULT:
            # the default language's translations are the ones Sphinx set up (and the local catalogue, if any)
            state.translators[lang] = {("general", c): locale.translators[("general", c)] for c in CATALOGUES}
            continue
        state.translators[lang] = {("general", c): _translator(lang, c, [compiled, *dirs[c]]) for c in CATALOGUES}
    state.current = DEFAULT
    for lang in EDITIONS:
        if lang != DEFAULT:
            state.search[lang] = EditionSearch(app, lang)
    app.add_js_file("editions.js", defer="defer")
    app.add_css_file("editions.css")

    # the builder indexes every page it writes: send each edition's pages to its own index
    builder: Any = app.builder
    index_page = builder.index_page

    def edition_index_page(pagename: str, doctree: nodes.document, title: str) -> None:
        lang = edition_of(pagename)
        if lang in state.search:
            if title:
                state.search[lang].feed(pagename, app.env.doc2path(pagename, base=False), title, doctree)
            return
        index_page(pagename, doctree, title)

    builder.index_page = edition_index_page


# --------------------------------------------------------------------------- sections and their twins


def _sections(doctree: nodes.Node) -> list[tuple[int, str]]:
    """(depth, id) of every section, in document order."""
    out = []
    for section in doctree.findall(nodes.section):
        depth, parent = 0, section.parent
        while parent is not None:
            depth += isinstance(parent, nodes.section)
            parent = parent.parent
        if section["ids"]:
            out.append((depth, section["ids"][0]))
    return out


def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    env: Any = app.env
    if not hasattr(env, "sg_sections"):
        env.sg_sections = {}
    env.sg_sections[env.docname] = _sections(doctree)


def on_env_purge_doc(app: Sphinx, env: Any, docname: str) -> None:
    getattr(env, "sg_sections", {}).pop(docname, None)


def on_env_merge_info(app: Sphinx, env: Any, docnames: list[str], other: Any) -> None:
    if not hasattr(env, "sg_sections"):
        env.sg_sections = {}
    env.sg_sections.update({d: getattr(other, "sg_sections", {})[d] for d in docnames})


def section_map(env: Any, docname: str) -> dict[str, str] | None:
    """Section id in ``docname`` -> id of the section at the same place in its twin (None: no twin or mismatch)."""
    twin = twin_of(docname)
    sections = getattr(env, "sg_sections", {})
    if twin is None or docname not in sections or twin not in sections:
        return None
    mine, theirs = sections[docname], sections[twin]
    if [d for d, _ in mine] != [d for d, _ in theirs]:
        return None
    return {a: b for (_, a), (_, b) in zip(mine, theirs)}


def on_env_check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    sections = getattr(env, "sg_sections", {})
    for docname in sorted(sections):
        twin = twin_of(docname)
        if edition_of(docname) != DEFAULT or twin is None:
            continue
        if twin not in env.all_docs:
            logger.warning("editions: %s has no twin %s", docname, twin, location=docname)
            continue
        if section_map(env, docname) is None:
            a = " / ".join(f"{'#' * (d + 1)} {i}" for d, i in sections[docname])
            b = " / ".join(f"{'#' * (d + 1)} {i}" for d, i in sections.get(twin, []))
            logger.warning(
                "editions: %s and %s do not have the same headings in the same order and depth, so the language "
                "links cannot go to the same section.\n  %s: %s\n  %s: %s",
                docname,
                twin,
                docname,
                a,
                twin,
                b,
                location=docname,
            )


def _enclosing_section(node: nodes.Node) -> str | None:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and parent["ids"]:
            return str(parent["ids"][0])
        parent = parent.parent
    return None


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Before the page body is written: its language, its lang marks, its links to the twin page."""
    if app.builder.format != "html":
        return
    lang = edition_of(docname)
    use_language(app, lang or DEFAULT)
    if lang is None:
        _mark_languages(doctree)
        return
    twin, mapping = twin_of(docname), section_map(app.env, docname)
    if twin is None or mapping is None:
        return
    other = edition_of(twin) or DEFAULT
    twin_file = twin + app.builder.out_suffix  # type: ignore[attr-defined]
    alone: list[nodes.Element] = []
    for ref in list(doctree.findall(nodes.reference)):
        uri = ref.get("refuri", "")
        if not uri or "://" in uri or uri.startswith(("mailto:", "#")):
            continue
        path, _, fragment = uri.partition("#")
        if fragment or posixpath.normpath(posixpath.join(posixpath.dirname(docname), path)) != twin_file:
            continue
        section = _enclosing_section(ref)
        if section in mapping:
            ref["refuri"] = f"{path}#{mapping[section]}"
        ref["classes"] += ["sg-language-link", f"language-{other}"]
        ref["hreflang"] = other
        if _alone_in_paragraph(ref):
            alone.append(ref.parent)
    # a paragraph that is only a link to the twin page says what the header's language switch says: one is enough
    for paragraph in alone:
        paragraph.parent.remove(paragraph)


def _alone_in_paragraph(ref: nodes.reference) -> bool:
    parent = ref.parent
    return isinstance(parent, nodes.paragraph) and parent.astext().strip() == ref.astext().strip()


_SV_WORDS = set(SearchSwedish.stopwords) | {"kort", "spelet", "boken", "sidan", "läsa", "svenska"}
_EN_WORDS = set(SearchEnglish.stopwords) | {"cards", "game", "book", "page", "read", "english"}


def _mark_languages(doctree: nodes.document) -> None:
    """On a page of no edition (the bilingual landing page), give each Swedish block ``lang="sv"``.

    A block is Swedish when more of its words are common Swedish words than common English ones.
    """
    for node in doctree.findall(lambda n: isinstance(n, (nodes.paragraph, nodes.list_item, nodes.title))):
        if isinstance(node, nodes.paragraph) and isinstance(node.parent, nodes.list_item):
            continue
        words = re.findall(r"\w+", node.astext().lower())
        sv, en = sum(w in _SV_WORDS for w in words), sum(w in _EN_WORDS for w in words)
        target = node.parent if isinstance(node, nodes.title) else node
        if sv > en and not any(c.startswith("language-") for c in target["classes"]):
            if isinstance(node, nodes.title) and isinstance(node.parent, nodes.section) and len(node.parent) > 1:
                node["classes"].append("language-sv")  # the heading only; the section's blocks say their own
            else:
                target["classes"].append("language-sv")


# --------------------------------------------------------------------------- pages


def _edition_toctree(app: Sphinx, pagename: str, lang: str | None) -> Any:
    """The sidebar's toctree function for a page: only the toc parts of its edition."""
    builder: Any = app.builder
    env: Any = app.env

    def in_edition(toctree: addnodes.toctree) -> bool:
        docs = [d for _, d in toctree["entries"] if d and d != "self"]
        return lang is None or (bool(docs) and all(edition_of(d) == lang for d in docs))

    def toctree(**kwargs: Any) -> str:
        kwargs.setdefault("includehidden", False)
        if kwargs.get("maxdepth") == "":
            kwargs.pop("maxdepth")
        resolved = [
            _resolve_toctree(
                env,
                pagename,
                builder,
                node,
                prune=True,
                maxdepth=int(kwargs.get("maxdepth", 0) or 0),
                titles_only=bool(kwargs.get("titles_only", False)),
                collapse=bool(kwargs.get("collapse", True)),
                includehidden=bool(kwargs["includehidden"]),
            )
            for node in env.master_doctree.findall(addnodes.toctree)
            if in_edition(node)
        ]
        resolved = [r for r in resolved if r is not None]
        if not resolved:
            return ""
        result = resolved[0]
        for more in resolved[1:]:
            result.extend(more.children)
        return str(builder.render_partial(result)["fragment"])

    return toctree


def on_html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.Node | None
) -> None:
    lang = edition_of(pagename)
    use_language(app, lang or DEFAULT)
    context["language"] = lang or DEFAULT
    context["sg_edition"] = lang
    if "toctree" in context:
        context["toctree"] = _edition_toctree(app, pagename, lang)
    for key in ("prev", "next"):
        link = context.get(key)
        if lang and link and _linked_edition(app, pagename, link.get("link", "")) != lang:
            context[key] = None
    if lang and lang != DEFAULT and "pathto" in context:
        context["pathto"] = _edition_pathto(context["pathto"], lang)
        app.add_js_file(f"translations-{lang}.js")
    twin = twin_of(pagename)
    mapping = section_map(app.env, pagename)
    if twin and "pathto" in context:
        other = edition_of(twin) or DEFAULT
        sections = getattr(app.env, "sg_sections", {}).get(twin, [])
        top = sections[0][1] if sections else ""
        context["sg_twin"] = {
            "href": context["pathto"](twin) + (f"#{top}" if top else ""),
            "base": context["pathto"](twin),
            "lang": other,
            "label": SWITCH_LABEL[other],
            "map": json.dumps(mapping or {}, ensure_ascii=False, sort_keys=True),
        }


def _linked_edition(app: Sphinx, pagename: str, link: str) -> str | None:
    path = link.partition("#")[0]
    target = posixpath.normpath(posixpath.join(posixpath.dirname(pagename), path))
    suffix = app.builder.out_suffix  # type: ignore[attr-defined]
    return edition_of(target.removesuffix(suffix))


def _edition_pathto(pathto: Any, lang: str) -> Any:
    """``pathto`` for a page of edition ``lang``: its search page, index and search scripts."""
    resources = {
        "searchindex.js": SEARCH_INDEX[lang],
        "_static/language_data.js": f"_static/language_data-{lang}.js",
    }

    def edition_pathto(otheruri: str, resource: bool = False, baseuri: str = "") -> str:
        if otheruri == "search" and not resource:
            otheruri = SEARCH_PAGE[lang]
        elif resource and otheruri in resources:
            otheruri = resources[otheruri]
        return str(pathto(otheruri, resource, baseuri) if baseuri else pathto(otheruri, resource))

    return edition_pathto


def on_html_collect_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    if not getattr(app.builder, "search", False):
        return
    for lang in _state(app).search:
        yield SEARCH_PAGE[lang], {}, "sg-search.html"


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    builder: Any = app.builder
    if exception is not None or builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    for asset in sorted(STATIC_SRC.iterdir()):  # every build, even one with nothing out of date
        shutil.copyfile(asset, static / asset.name)
    if not hasattr(builder, "globalcontext"):
        return  # nothing was out of date, nothing was written
    template = (Path(SPHINX_DIR) / "themes" / "basic" / "static" / "language_data.js.jinja").read_text("utf-8")
    for lang, search in _state(app).search.items():
        search.dump()
        context = builder.globalcontext.copy()
        context.update(search.indexer.context_for_searchtool())
        (static / f"language_data-{lang}.js").write_text(builder.templates.render_string(template, context), "utf-8")
        _write_js_translations(static / f"translations-{lang}.js", lang)


def _write_js_translations(path: Path, lang: str) -> None:
    """Sphinx's JavaScript catalogue for ``lang``, completed and corrected by the local catalogue."""
    source = Path(SPHINX_DIR) / "locale" / lang / "LC_MESSAGES" / "sphinx.js"
    text = source.read_text(encoding="utf-8")
    data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    local = LOCALE_SRC / lang / "LC_MESSAGES" / "sphinx.po"
    if local.is_file():
        data["messages"].update(_po_messages(local))
    path.write_text(f"Documentation.addTranslations({json.dumps(data, ensure_ascii=False, indent=1)});\n", "utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", on_config_inited, priority=950)
    app.connect("builder-inited", on_builder_inited, priority=900)
    app.connect("doctree-read", on_doctree_read)
    app.connect("env-purge-doc", on_env_purge_doc)
    app.connect("env-merge-info", on_env_merge_info)
    app.connect("env-check-consistency", on_env_check_consistency)
    app.connect("doctree-resolved", on_doctree_resolved, priority=100)
    app.connect("html-page-context", on_html_page_context, priority=1)
    app.connect("html-collect-pages", on_html_collect_pages)
    app.connect("build-finished", on_build_finished)
    # page by page language switching: pages must be written one after the other
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": False, "env_version": 2}
