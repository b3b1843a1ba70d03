#!/usr/bin/env python3
"""Broken-link pass over a built site.

    python3 tests/browser/links.py SITE_DIR

Parses every HTML file under SITE_DIR and checks each internal reference
(a/link href, script/img/source/iframe/embed src, srcset, object data, SVG
use/image href): it must be relative (an absolute path would break when the
site is served from a subfolder), lead to a file the build produced (a folder
URL needs its trailing slash and an index.html), and a #fragment must name an
id (or a name) in the target page. Links with a scheme (https:, mailto:, ...)
are external and skipped. The one exception is 404.html, served at any
address: its links start at the base URL's path ("/" for the default
--base-url), so they are checked from the site's root. Prints JSON: {"files": [...], "problems": [...]}.
"""
import json
import os
import posixpath
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

REF_ATTRS = {
    "a": ("href",), "area": ("href",), "link": ("href",), "script": ("src",),
    "img": ("src", "srcset"), "source": ("src", "srcset"), "iframe": ("src",),
    "embed": ("src",), "video": ("src", "poster"), "audio": ("src",),
    "track": ("src",), "object": ("data",), "use": ("href", "xlink:href"),
    "image": ("href", "xlink:href"), "form": ("action",),
}


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.refs = []  # (line, tag, attr, value)

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs)

    def _tag(self, tag, attrs):
        line = self.getpos()[0]
        wanted = REF_ATTRS.get(tag, ())
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)
            if name in wanted:
                if name == "srcset":
                    for part in value.split(","):
                        url = part.strip().split(" ")[0]
                        if url:
                            self.refs.append((line, tag, name, url))
                else:
                    self.refs.append((line, tag, name, value))


def parse(path):
    p = PageParser()
    with open(path, encoding="utf-8", errors="replace") as f:
        p.feed(f.read())
    p.close()
    return p


def main():
    site = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "site")
    pages = {}
    files = []
    for dirpath, _, names in os.walk(site):
        for n in names:
            rel = posixpath.relpath(os.path.join(dirpath, n), site).replace(os.sep, "/")
            if n.endswith(".html"):
                files.append(rel)
    files.sort()

    def ids_of(rel):
        if rel not in pages:
            full = os.path.join(site, rel)
            pages[rel] = parse(full).ids if os.path.isfile(full) else set()
        return pages[rel]

    problems = []
    for rel in files:
        page = parse(os.path.join(site, rel))
        pages[rel] = page.ids
        base_dir = posixpath.dirname(rel)
        for line, tag, attr, value in page.refs:
            where = {"file": rel, "line": line, "ref": f"<{tag} {attr}=\"{value}\">"}
            v = value.strip()
            if not v:
                problems.append(dict(where, why="empty link"))
                continue
            parts = urlsplit(v)
            if parts.scheme or v.startswith("//"):
                continue  # external
            from_root = rel == "404.html" and parts.path.startswith("/")
            if parts.path.startswith("/") and not from_root:
                problems.append(dict(where, why="absolute path: breaks when the site is not at the host's root"))
                continue
            target = rel
            if parts.path:
                path = parts.path[1:] if from_root else parts.path
                joined = posixpath.normpath(posixpath.join("" if from_root else base_dir, unquote(path)))
                if joined.startswith("../") or joined == "..":
                    problems.append(dict(where, why="leads outside the site"))
                    continue
                full = os.path.join(site, joined) if joined != "." else site
                if os.path.isdir(full):
                    if not path.endswith("/"):
                        problems.append(dict(where, why="folder link without its trailing slash"))
                        continue
                    target = posixpath.join(joined, "index.html") if joined != "." else "index.html"
                else:
                    target = joined
                if not os.path.isfile(os.path.join(site, target)):
                    problems.append(dict(where, why=f"no such file: {target}"))
                    continue
            if parts.fragment:
                frag = unquote(parts.fragment)
                if target.endswith((".html", ".svg")) and frag not in ids_of(target):
                    problems.append(dict(where, why=f"no id \"{frag}\" in {target}"))
    json.dump({"files": files, "problems": problems}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
