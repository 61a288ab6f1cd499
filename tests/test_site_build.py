"""The built site: every game in every language, sections, switcher, home page, own origin only."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest
from site_support import ROOT, build, copy_project

import patience
from patience import Game, Move
from patience_gen.site import assetfolder
from patience_gen.text.examples import allowed_on
from patience_gen.text.pages import load_variants

LANGUAGES = ("en", "fr", "pt")
# `<html lang>` of each language's pages: /pt/ is Brazilian Portuguese (see the README).
HTML_LANG = {"en": "en", "fr": "fr", "pt": "pt-BR"}
VARIANTS = load_variants(ROOT / "rules")
SECTIONS = {"tableau": "tableau", "fan": "fans", "reserve": "reserve"}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build of a copy of the project, shared by the tests of this module."""
    project = copy_project(tmp_path_factory.mktemp("site") / "project")
    result = build(project)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "WARNING" not in result.stderr, result.stderr[-3000:]
    return project / "site"


def page(site: Path, lang: str, variant: str | None = None) -> str:
    """The HTML of a game page (or the home page) in a language."""
    folder = site if lang == "en" else site / lang
    path = folder / variant / "index.html" if variant else folder / "index.html"
    return path.read_text("utf-8")


def expected_sections(config: dict) -> list[str]:
    """The How to play sections a config calls for."""
    kinds = config["kinds"]
    out = ["how-to-play", "layout", "foundations"]
    out += [SECTIONS[k] for k in ("tableau", "fan", "reserve") if k in kinds]
    if "stock" in kinds:
        out.append("stock-and-waste" if "waste" in kinds else "stock")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_game_page_exists_with_language_and_sections(site: Path, lang: str, variant: str):
    html = page(site, lang, variant)
    assert f'<html lang="{HTML_LANG[lang]}"' in html
    for section in expected_sections(VARIANTS[variant].config):
        assert f'id="{section}"' in html, (variant, lang, section)
    assert 'class="hook"' in html
    # A worked example wherever play can show one: some games build on one kind of pile only
    # (a tableau that takes no card; a four-suit deal that rarely brings a whole suit home).
    assert html.count('class="example"') >= 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_comes_after_the_title_and_hook_and_before_the_rules(site: Path, lang: str):
    # The game page's template places the table: one title, the hook, the table, the rules.
    for variant in ("westcliff", "bakers-dozen"):
        article = page(site, lang, variant).split("<article", 1)[1]
        hook = re.search(r'<p class="hook">([^<]+)</p>', article)
        assert hook and hook.group(1).strip(), (variant, lang)
        title, table = article.index("<h1"), article.index('<section class="pt-game"')
        assert title < hook.start() < table < article.index('id="how-to-play"'), (variant, lang)
        assert article.count("<h1") == 1 and article.count('class="hook"') == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_lists_every_game_with_its_picture(site: Path, lang: str):
    html = page(site, lang)
    assert f'<html lang="{HTML_LANG[lang]}"' in html
    for variant in VARIANTS:
        assert f'href="{variant}/"' in html
    assert html.count('<svg class="layout"') == len(VARIANTS)


def test_pages_are_in_their_language(site: Path):
    assert "How to play" in page(site, "en", "wood")
    assert "Comment jouer" in page(site, "fr", "wood")
    assert "Como jogar" in page(site, "pt", "wood")
    # Babel's French percentage: a no-break space before the sign.
    assert re.search("20[\u00a0\u202f]%", page(site, "fr", "willow"))
    assert "Jeux apparentés\u00a0:" in page(site, "fr", "willow")
    assert "le 6 de pique, de cœur ou de carreau" in page(site, "fr", "thumb-and-pouch") or \
        "de cœur" in page(site, "fr", "thumb-and-pouch")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_stays_on_the_same_game(site: Path, lang: str):
    html = page(site, lang, "willow")
    here = "/willow/" if lang == "en" else f"/{lang}/willow/"
    for other in LANGUAGES:
        match = re.search(rf'<a href="([^"]*)" hreflang="{other}"', html)
        assert match, (lang, other)
        there = "/willow/" if other == "en" else f"/{other}/willow/"
        assert urljoin(here, match.group(1)) == there


def test_kin_games_are_linked_where_the_site_has_them(site: Path):
    # A game keeps its English name as a proper noun unless a language has its own for it.
    by_threes = {"en": "Klondike by threes", "fr": "Klondike par trois",
                 "pt": "Klondike de três em três"}
    for lang in LANGUAGES:
        html = page(site, lang, "thumb-and-pouch")
        assert 'href="../chinaman/">Chinaman</a>' in html
        klondike = page(site, lang, "klondike")
        assert f'href="../klondike-by-threes/">{by_threes[lang]}</a>' in klondike
    wood = page(site, "pt", "wood")
    assert 'href="../canfield/">Canfield</a>' in wood


class ResourceRefs(HTMLParser):
    """Collect the URLs a page loads: scripts, stylesheets, fonts, images, frames."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("script", "img", "source", "iframe", "audio", "video", "embed") and a.get("src"):
            self.urls.append(a["src"] or "")
        if tag in ("img", "source") and a.get("srcset"):
            self.urls += [part.split()[0] for part in (a["srcset"] or "").split(",")]
        if tag == "link" and a.get("href"):
            rel = (a.get("rel") or "").lower()
            if any(r in rel for r in ("stylesheet", "icon", "preload", "modulepreload", "font")):
                self.urls.append(a["href"] or "")
        if tag in ("image", "use") and (a.get("href") or a.get("xlink:href")):
            self.urls.append(a.get("href") or a.get("xlink:href") or "")
        if a.get("style"):
            self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", a["style"] or "")


def foreign(url: str) -> bool:
    """True for a URL on another origin (absolute with a host, or protocol-relative)."""
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*:)?//", url.strip(), re.I))


def test_no_page_loads_anything_from_another_origin(site: Path):
    pages = list(site.rglob("*.html"))
    assert len(pages) >= 3 * (len(VARIANTS) + 1)
    for path in pages:
        text = path.read_text("utf-8")
        parser = ResourceRefs()
        parser.feed(text)
        bad = [u for u in parser.urls if foreign(u)]
        bad += re.findall(r"@import\s+url\(\s*['\"]?(?:https?:)?//[^)]*", text)
        assert not bad, (path, bad)
    for css in site.rglob("*.css"):
        text = css.read_text("utf-8", errors="replace")
        bad = [u for u in re.findall(r"url\(\s*['\"]?([^'\")]+)", text) if foreign(u)]
        bad += re.findall(r"@import\s+['\"](?:https?:)?//[^'\"]+", text)
        assert not bad, (css, bad)


def test_every_page_loads_the_tables_files_from_the_folder_named_by_their_digest(site: Path):
    folder = assetfolder.folder(ROOT / "site_overrides")
    source = ROOT / "site_overrides" / assetfolder.SOURCE
    for path in source.rglob("*"):
        name = path.relative_to(source).as_posix()
        if path.is_file() and name not in assetfolder.KEPT:
            assert (site / folder / name).read_bytes() == path.read_bytes(), name
            assert not (site / assetfolder.SOURCE / name).exists(), name
    for path in site.rglob("*.html"):
        parser = ResourceRefs()
        parser.feed(path.read_text("utf-8"))
        for url in parser.urls:
            address = urljoin(path.relative_to(site).as_posix(), url)
            if address.startswith(f"{assetfolder.SOURCE}/") and "/layout/" not in address:
                assert address.startswith(folder), (path, url)
                assert (site / address.split("#")[0].split("?")[0]).exists(), (path, url)


MATERIAL = re.compile(r'<script[^>]*src="[^"]*bundle\.[0-9a-f]+\.min\.js"')
DEFERRED = re.compile(r'<script type="module" src="[^"]*/game\.js" data-material="([^"]+)">')


def test_game_pages_start_materials_script_late_and_other_pages_at_once(site: Path):
    for variant in VARIANTS:
        path = site / variant / "index.html"
        html = path.read_text("utf-8")
        assert not MATERIAL.search(html), path
        (address,) = DEFERRED.findall(html)
        assert (path.parent / address).resolve().is_file(), address
    for path in (site / "index.html", site / "rules-reference" / "index.html"):
        assert MATERIAL.search(path.read_text("utf-8")), path


EXAMPLE = re.compile(r'<li class="example"([^>]*)>(.*?)</li>', re.S)
ATTR = re.compile(r'(data-[a-z]+)="([^"]*)"')


def examples_of(html: str) -> list[tuple[dict[str, str], str]]:
    """Each worked example's recipe (data attributes) and its sentence."""
    out = []
    for attrs, text in EXAMPLE.findall(html):
        data = {k: v.replace("&gt;", ">") for k, v in ATTR.findall(attrs)}
        out.append((data, text))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_worked_example_replays_through_the_engine(site: Path, lang: str, variant: str):
    config = patience.load_variant(variant)
    found = examples_of(page(site, lang, variant))
    assert found
    for data, text in found:
        game = Game(config, deal=int(data["data-deal"]), autoplay=False)
        for move in data["data-prelude"].split():
            game.play(Move.parse(move))
        move = Move.parse(data["data-move"])
        target = game.pile(move.target)
        card = str(game.pile(move.source).cards[-move.count])
        assert move in game.legal_moves(), (data, text)
        build = game.rules[data["data-kind"]].build
        assert build is not None
        if build.complete_runs:  # a whole suit onto an empty foundation
            assert not target.cards and data["data-below"] == "" and move.count == 13
            assert data["data-card"] == card and data["data-allowed"] == card
            game.play(move)
            assert len({c.suit for c in game.pile(move.target).cards}) == 1
            continue
        below = str(target.cards[-1])
        assert (below, card) == (data["data-below"], data["data-card"])
        allowed = set(data["data-allowed"].split())
        refused = set(data["data-refused"].split())
        assert allowed <= set(allowed_on(build.relation, below)) and card in allowed
        assert not allowed & refused
        # Whatever the engine lets go on that card in this position, the page allows.
        for legal in game.legal_moves():
            if legal.target == move.target:
                assert str(game.pile(legal.source).cards[-legal.count]) in allowed
        game.play(move)
        assert str(game.pile(move.target).cards[-move.count]) == card


DEAL_EXAMPLE = re.compile(r'<li class="deal-example"([^>]*)>', re.S)
REARRANGED = sorted(v for v, variant in VARIANTS.items()
                    if any(p.deal.rearrange != "none" for p in patience.Rules.from_config(
                        variant.config)))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", REARRANGED)
def test_every_rearrangement_example_replays_through_the_engine(site: Path, lang: str,
                                                                variant: str):
    found = [dict(ATTR.findall(attrs)) for attrs in DEAL_EXAMPLE.findall(page(site, lang, variant))]
    assert found
    for data in found:
        game = Game(patience.load_variant(variant), deal=int(data["data-deal"]))
        cards = [str(c) for c in game.pile(data["data-pile"]).cards]
        assert cards == data["data-arranged"].split()
        assert sorted(cards) == sorted(data["data-dealt"].split())
        assert cards != data["data-dealt"].split()


def test_rules_reference_is_built_and_in_the_navigation(site: Path):
    html = (site / "rules-reference" / "index.html").read_text()
    assert "Rules reference" in html and "alternate-colour" in html
    assert 'href="rules-reference/"' in (site / "index.html").read_text()


def material_strings(name: str) -> dict[str, str]:
    """Material's theme words in one of its language files (partials/languages/<name>.html)."""
    import material

    folder = Path(material.__file__).parent / "templates" / "partials" / "languages"
    return dict(re.findall(r'"([a-z.]+)": "([^"]*)"', (folder / f"{name}.html").read_text()))


def visible_html(html: str) -> str:
    """A page without its scripts, where the theme's words would show."""
    return re.sub(r"<script.*?</script>", "", html, flags=re.S)


@pytest.mark.parametrize("lang,theme", [("fr", "fr"), ("pt", "pt-BR")])
def test_no_english_theme_words_on_translated_pages(site: Path, lang: str, theme: str):
    english, translated = material_strings("en"), material_strings(theme)
    words = {v for k, v in english.items() if len(v) > 3 and translated.get(k) not in (None, v)
             and not k.startswith("search.config")}
    words |= {"Made with", "Permanent link", "Switch to dark mode", "Switch to light mode"}
    checked = 0
    for path in sorted((site / lang).glob("**/index.html")):
        if path.parent.name == "rules-reference":
            continue  # generated from the schema in English, and linked under a translated title
        text = visible_html(path.read_text("utf-8"))
        found = sorted(w for w in words if w in text)
        assert not found, (path.relative_to(site), found)
        checked += 1
    assert checked > len(VARIANTS)


def test_html_lang_agrees_with_each_catalog(site: Path):
    from patience_gen.i18n.translate import load_catalog

    for lang in ("fr", "pt"):
        catalog = load_catalog(ROOT / "locales" / f"{lang}.po", lang)
        tag = catalog.locale_identifier.replace("_", "-")
        assert tag == HTML_LANG[lang]
        assert f'<html lang="{tag}"' in page(site, lang, "wood")


def test_translated_pages_link_the_english_only_pages_under_translated_titles(site: Path):
    assert "Référence des règles" in page(site, "fr") and "Traduire le site" in page(site, "fr")
    assert "<h1" in page(site, "fr", "translators") and "Mettre une langue à jour" in page(
        site, "fr", "translators")
    assert "Atualizar um idioma" in page(site, "pt", "translators")
    assert "Referência das regras" in page(site, "pt")
    assert "Como traduzir o site" in page(site, "pt")
    assert "Paciência" in page(site, "pt", "wood"), "the header's site name"
