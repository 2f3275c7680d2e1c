"""Every internal link of the built site leads to a page that exists, and to an anchor on it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if a.get(name):
                self.ids.add(a[name])
        for name in ("href", "src"):
            if tag in ("a", "link", "script", "img") and a.get(name):
                self.links.append(a[name])


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _html_pages(site: Path) -> list[Path]:
    return [p for p in site.rglob("*.html") if "_sources" not in p.parts]


def test_internal_links_resolve(site):
    parsed = {p.resolve(): _parse(p) for p in _html_pages(site)}
    assert len(parsed) >= 15
    broken = []
    for path, page in parsed.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # external: not checked (no network in tests)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            rel = path.relative_to(site.resolve())
            if not target.exists():
                broken.append(f"{rel}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{rel}: {link} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_markdown_links_were_converted(site):
    """A link left pointing at a .md file means MyST did not resolve it to a page."""
    raw = [
        f"{p.relative_to(site)}: {link}"
        for p in _html_pages(site)
        for link in _parse(p).links
        if urlsplit(link).path.endswith(".md") and not urlsplit(link).scheme
    ]
    assert not raw, "\n".join(raw)


@pytest.mark.parametrize("page", ["core.html", "pytz.html", "dateutil.html", "cli.html",
                                  "codemod.html", "differences.html", "performance.html",
                                  "interop.html", "migration-guide.html", "api/core.html",
                                  "api/pytz.html", "api/dateutil.html", "api/migrate.html"])
def test_page_is_in_the_navigation(site, page):
    index = _parse(site / "index.html")
    assert page in index.links


def test_readme_links_point_at_files():
    """The README links into docs/ by path (GitHub renders them): each target exists."""
    import re

    from ._pages import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if not urlsplit(t).scheme]
    assert local
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, missing
