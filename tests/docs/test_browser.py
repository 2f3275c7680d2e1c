"""The built site in a real headless browser: navigation, an API page, search, and the layout
of every page at 1280 px and at 390 px (a phone): nothing wider than its column (no code line
cut off or scrolling sideways; a table that cannot fit with whole words scrolls inside its own
box, on a phone, or at 1280 px when it has eight columns or more), no word or number broken
inside a table cell, plus screenshots at both widths.

Chromium (Debian's package) renders each page with its JavaScript run (``--dump-dom`` after
a virtual-time budget), from a local HTTP server on 127.0.0.1 (no network). Without a
Chromium the tests skip naming the command that installs it (tests/_needs.py), and fail
under CI=true.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import struct
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


WIDTHS = (1280, 390)
_HARNESS = "__layout.html"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):  # noqa: N802 - the base class's name
        if self.path.split("?")[0] == "/" + _HARNESS:
            body = _harness(self.directory).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def site_pages(root) -> list[str]:
    """The site's own pages (not Sphinx's index and search pages)."""
    from pathlib import Path

    skip = {"genindex.html", "search.html", "py-modindex.html"}
    return sorted(str(p.relative_to(root)) for p in Path(root).rglob("*.html")
                  if not p.relative_to(root).parts[0].startswith("_") and p.name not in skip)


# Loads each page in an iframe of each width and lists what is wider than its box: a code
# block or table wrapper that scrolls sideways, an element reaching past the right edge of
# the page's viewport, or a page wider than the viewport.
_SCRIPT = r"""
const pages = %s, widths = %s, out = {};
function check(doc, width) {
  const bad = [], limit = doc.documentElement.clientWidth;
  if (doc.documentElement.scrollWidth > limit + 1)
    bad.push("page " + doc.documentElement.scrollWidth + " > " + limit);
  for (const el of doc.querySelectorAll("article *")) {
    const style = doc.defaultView.getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const text = (el.textContent || "").trim().slice(0, 70);
    const scrolls = ["auto", "scroll"].includes(style.overflowX);
    // A table that cannot fit with whole words scrolls inside its own box: on a phone, and
    // at 1280 px a table of eight columns or more (the corpus and interop tables of facts).
    const table = el.classList.contains("table-wrapper") && el.querySelector("table");
    const columns = table && table.rows.length ? table.rows[0].cells.length : 0;
    const tableScrolls = table && (width < 600 || columns >= 8);
    if (scrolls && el.scrollWidth > el.clientWidth + 1 && !tableScrolls)
      bad.push("scrolls " + el.tagName + "." + el.className + " " + el.scrollWidth + " > "
               + el.clientWidth + ": " + text);
    else if (!scrolls && el.getBoundingClientRect().right > limit + 1
             && !el.closest(".table-wrapper, .highlight"))
      bad.push("past the edge " + el.tagName + "." + el.className + " "
               + Math.round(el.getBoundingClientRect().right) + " > " + limit + ": " + text);
  }
  return bad;
}
// Words and numbers broken inside a table cell. Each blank-separated word of each text node
// of a cell is measured with a Range; a word whose rectangles lie on more than one line is
// then measured letter by letter. A line may start inside a word only right after a hyphen,
// a dash or a slash ("pytz-only", "1900-2100", "Europe/Paris": where a browser breaks text
// that is not broken anywhere), and never between two hyphens ("--check") or inside a date.
function lineStarts(doc, node, start, end) {
  const out = [];
  let top = null;
  for (let i = start; i < end; i++) {
    const range = doc.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = [...range.getClientRects()].find(r => r.width > 0);
    if (!rect) continue;
    if (top !== null && rect.top > top + 1) out.push(i);
    top = rect.top;
  }
  return out;
}
function broken(doc) {
  const bad = [];
  for (const cell of doc.querySelectorAll("article table td, article table th")) {
    const walker = doc.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\s\u200b]+/g)) {
        const range = doc.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                             .map(r => Math.round(r.top)));
        if (tops.size < 2) continue;
        const word = m[0], dates = [...word.matchAll(/\d{4}-\d\d-\d\d/g)];
        for (const at of lineStarts(doc, node, m.index, m.index + word.length)) {
          const i = at - m.index;
          const ok = /[-\u2010-\u2014\/]/.test(word[i - 1]) && word[i] !== "-"
                     && !dates.some(d => d.index < i && i < d.index + d[0].length);
          if (!ok) bad.push(JSON.stringify(word.slice(0, i) + "|" + word.slice(i)) + " in "
                            + cell.tagName + ": " + cell.textContent.trim().slice(0, 60));
        }
      }
    }
  }
  return bad;
}
function load(page, width) {
  return new Promise(done => {
    const frame = document.createElement("iframe");
    frame.style.cssText = "border:0;height:800px;width:" + width + "px";
    frame.onload = () => {
      let bad;
      try {
        bad = check(frame.contentDocument, width);
        bad.push(...broken(frame.contentDocument).map(w => "broken word " + w));
      } catch (e) { bad = ["error " + e]; }
      frame.remove();
      done(bad);
    };
    frame.src = page;
    document.body.appendChild(frame);
  });
}
(async () => {
  for (const width of widths)
    for (const page of pages) out[width + " " + page] = await load(page, width);
  const pre = document.createElement("pre");
  pre.id = "layout";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
"""


def _harness(root) -> str:
    script = _SCRIPT % (json.dumps(site_pages(root)), json.dumps(list(WIDTHS)))
    return f"<!doctype html><html><body style='margin:0'><script>{script}</script></body></html>"


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

    def dom(path: str, *, budget: int = 15000, extra: tuple[str, ...] = ()) -> str:
        proc = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
             "--hide-scrollbars", "--force-device-scale-factor=1",
             f"--user-data-dir={profile}", f"--virtual-time-budget={budget}", *extra,
             "--dump-dom", f"{server}/{path}"],
            capture_output=True, text=True, timeout=300,
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


def test_every_page_fits_at_1280_and_390_px(render, site):
    """No page has a table, code line or anything else wider than its column, on a desktop
    window or a phone (the migration guide's table was 934 px in a 742 px column), and no
    table cell breaks a word or a number (cells with ``overflow-wrap: anywhere`` showed "115"
    as "11" over "5" and "yes" as "ye" over "s")."""
    dom = render(_HARNESS, budget=600000, extra=("--window-size=1400,900",))
    assert 'id="layout"' in dom, "the layout harness did not finish"
    start = dom.index('id="layout">') + len('id="layout">')
    import html

    found = json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))
    pages = site_pages(site)
    assert len(found) == len(pages) * len(WIDTHS) and len(pages) > 15
    wide = {where: bad for where, bad in found.items() if bad}
    assert not wide, "\n".join(f"{where}: {bad[:5]}" for where, bad in sorted(wide.items()))


def _png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.parametrize("width", WIDTHS)
def test_screenshots_at_each_width(browser, server, tmp_path_factory, width):
    """A screenshot of the start page and of the migration guide at each width (kept under
    $TZCOMPAT_SCREENSHOTS when set, for a look by eye)."""
    out = os.environ.get("TZCOMPAT_SCREENSHOTS") or str(tmp_path_factory.mktemp("shots"))
    os.makedirs(out, exist_ok=True)
    profile = tmp_path_factory.mktemp("chromium-shots")
    for page in ("index.html", "migration-guide.html", "cli.html"):
        target = os.path.join(out, f"{page[:-5]}-{width}.png")
        proc = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--disable-background-networking", "--disable-component-update",
             "--no-first-run", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
             f"--user-data-dir={profile}", f"--window-size={width},1600",
             "--virtual-time-budget=10000", f"--screenshot={target}", f"{server}/{page}"],
            capture_output=True, text=True, timeout=120,
            env={**os.environ, "HOME": str(profile)},
        )
        assert proc.returncode == 0 and os.path.isfile(target), proc.stderr[-2000:]
        assert _png_size(target) == (width, 1600)
