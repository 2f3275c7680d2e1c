"""The built site's start page and API pages: a short start page (the navigation is in the
sidebar, not repeated as a table of contents), and API pages that show the public names of
each module (``__all__``, data such as ``TZPATH`` and ``pytz.utc`` included), nothing private,
and each module's docstring before its classes."""

from __future__ import annotations

import importlib
import re

import pytest

MODULES = {
    "api/core.html": "tzcompat",
    "api/pytz.html": "tzcompat.pytz",
    "api/dateutil.html": "tzcompat.dateutil",
    "api/migrate.html": "tzcompat.migrate",
    "api/shims.html": "tzcompat.shims",
}


def _article(html: str) -> str:
    start = html.index("<article")
    return html[start:html.index("</article>", start)]


def test_start_page_is_short(site):
    article = _article((site / "index.html").read_text("utf-8"))
    links = re.findall(r'<a class="reference internal" href="([^"#]+)', article)
    assert 5 <= len(links) <= 20, links  # the toctrees are hidden: only the page's own links
    assert "toctree-l1" not in article  # no table of contents in the page


def test_a_newcomer_starts_at_getting_started(site):
    """The sidebar and the start page's "Next" link lead to Getting started first; the
    architecture page (for those who change tzcompat) stays on the site, later."""
    html = (site / "index.html").read_text("utf-8")
    tree = html[html.index('class="sidebar-tree"'):]
    tree = tree[:tree.index("</div>")]
    pages = re.findall(r'class="toctree-l1[^"]*"><a class="reference internal" href="([^"#]+)',
                       tree)
    assert pages[0] == "getting-started.html", pages
    assert "architecture.html" in pages[1:], pages
    (following,) = re.findall(r'<a class="next-page" href="([^"]+)"', html)
    assert following == "getting-started.html"


@pytest.mark.parametrize("page", sorted(MODULES))
def test_api_page_shows_the_public_names_only(site, page):
    module = importlib.import_module(MODULES[page])
    html = (site / page).read_text("utf-8")
    article = _article(html)
    ids = set(re.findall(r'<dt class="sig[^"]*" id="([^"]+)"', article))
    missing = []
    for name in module.__all__:
        qualified = f"{module.__name__}.{name}"
        obj = getattr(module, name)
        home = getattr(obj, "__module__", "") + "." + getattr(obj, "__qualname__", "")
        if qualified not in ids and home not in ids:
            missing.append(name)
    assert not missing, f"{page} lacks {missing}"
    private = sorted(i for i in ids if any(part.startswith("_") and not part.startswith("__")
                                           for part in i.split(".")))
    assert not private, private
    text = re.sub(r"<[^>]+>", "", article)
    assert not re.search(r"\b_[A-Z]\w+", re.sub(r"``.*?``", "", text)), \
        re.findall(r"\b_[A-Z]\w+", text)  # e.g. 'Bases: _ZoneRules'
    # the module's docstring comes first, before any class or function
    first_line = (module.__doc__ or "").strip().splitlines()[0]
    first_words = re.sub(r"`+", "", first_line)[:30]
    first_sig = article.index('<dt class="sig')
    assert re.sub(r"<[^>]+>", "", article[:first_sig]).count(first_words[:20]) >= 1


def test_core_data_names_are_documented(site):
    html = _article((site / "api/core.html").read_text("utf-8"))
    assert 'id="tzcompat.TZPATH"' in html
    pytz_page = _article((site / "api/pytz.html").read_text("utf-8"))
    assert 'id="tzcompat.pytz.utc"' in pytz_page and 'id="tzcompat.pytz.all_timezones"' in pytz_page
    dateutil_page = _article((site / "api/dateutil.html").read_text("utf-8"))
    assert 'id="tzcompat.dateutil.UTC"' in dateutil_page
    assert 'id="tzcompat.dateutil.gettz"' in dateutil_page
