"""The built site in a real headless browser: navigation, an API page, and search.

Chromium (Debian's package) renders each page with its JavaScript run (``--dump-dom`` after
a virtual-time budget), from a local HTTP server on 127.0.0.1 (no network). Without a
Chromium the test skips, except with TZCOMPAT_REQUIRE_DOCS=1 or CI=true, where that is a
failure.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from .. import _needs

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


@pytest.fixture(scope="module")
def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    _needs.not_here("no Chromium here", "apt-get install chromium (Debian)")
    raise AssertionError("unreachable")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def server(site):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0),
                                functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def render(browser, server, tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")

    def dom(path: str) -> str:
        proc = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
             f"--user-data-dir={profile}", "--virtual-time-budget=15000", "--dump-dom",
             f"{server}/{path}"],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "HOME": str(profile)},
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "<html" in proc.stdout, proc.stderr[-3000:]
        return proc.stdout

    return dom


def _sidebar(dom: str) -> str:
    """Furo's navigation tree: from its container to the start of the page's main column."""
    start = dom.index('class="sidebar-tree"')
    return dom[start:dom.index('class="main"', start)]


def test_index_has_navigation_and_search_box(render):
    dom = render("index.html")
    nav = _sidebar(dom)
    for page in ["getting-started.html", "core.html", "pytz.html", "dateutil.html",
                 "cli.html", "migration-guide.html", "codemod.html", "performance.html",
                 "interop.html", "api/index.html"]:
        assert f'href="{page}"' in nav, page
    assert 'action="search.html"' in dom and 'name="q"' in dom


def test_api_page_renders_the_reference(render):
    dom = render("api/core.html")
    assert 'id="tzcompat.ZoneInfo"' in dom
    assert 'id="tzcompat.ZoneInfo.transitions"' in dom
    nav = _sidebar(dom)
    assert 'href="../core.html"' in nav and 'href="pytz.html"' in nav


def test_search_finds_localize(render):
    dom = render("search.html?q=localize")
    # The results list is filled by Sphinx's search JavaScript from searchindex.js.
    start = dom.index('<ul role="list" class="search"') if 'role="list"' in dom \
        else dom.index('class="search"')
    results = dom[start:dom.index("</ul>", start)]
    assert "pytz.html" in results
    assert "tzinfo.DstTzInfo.localize" in results
