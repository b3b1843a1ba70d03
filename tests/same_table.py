#!/usr/bin/env python3
"""One table, one drawing: the table of class CLASS on page A is the table
of that class on page B, heads, rows, cells and marks alike (an article's
caption, a page's row anchors and the links' climb to the site's root
aside).

    python3 tests/same_table.py A B CLASS

Exits 0 when they are the same, 1 (printing both) when not or when a page
has no such table.
"""
import re
import sys


def table(path, cls):
    with open(path, encoding="utf-8") as f:
        markup = f.read()
    m = re.search(r'<table class="sortable %s">(.*?)</table>' % re.escape(cls), markup, re.S)
    if not m:
        return None
    body = re.sub(r"<caption>.*?</caption>\n?", "", m.group(1), flags=re.S)
    body = re.sub(r'<tr id="[^"]*"', "<tr", body)  # a page's anchors
    return re.sub(r'href="[^"]*"', 'href=""', body)


def main():
    if len(sys.argv) != 4:
        sys.stderr.write("usage: same_table.py A B CLASS\n")
        return 2
    a, b = (table(p, sys.argv[3]) for p in sys.argv[1:3])
    if a is None or a != b:
        print("    %s:\n%s\n    %s:\n%s" % (sys.argv[1], a, sys.argv[2], b))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
