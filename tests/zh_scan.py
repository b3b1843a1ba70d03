#!/usr/bin/env python3
"""Scan the Chinese pages of a built site for text that is not Chinese style.

    python3 tests/zh_scan.py SITE_DIR      (SITE_DIR/zh/... is scanned)
    python3 tests/zh_scan.py --text "..."  (one string, for the self-test)

Every page under zh/ except zh/data/ (the data tables quote the sources) is
read as HTML; the visible text (outside <script>, <style>, <svg> and <code>,
plus the title, alt and aria-label attributes) is checked for:

  english      three or more English words in a row (product names allowed
               below are taken out first);
  punctuation  a half-width , ; : ! ? ( ) or a lone dash touching Chinese;
  spacing      a Chinese character directly touching a Latin letter or a
               digit (dates such as 2026年11月24日 excepted), or a space between
               two Chinese characters;
  times-sign   "3×" or "2x" in running text (chart axes are SVG, not
               scanned; "a × b" in a formula is a multiplication).

Prints one line per finding, "zh/path/index.html: kind: «excerpt»", then
"zh scan: N pages, N findings", and exits 1 when anything was found.
"""
import csv
import os
import re
import sys
from html.parser import HTMLParser

# Names that are English words by nature; they do not count as prose.
ALLOWED = [
    "Stable Diffusion XL", "Stable Diffusion", "Flash Attention",
    "DeepSpeed ZeRO", "Google Colab Pro", "Google Colab", "Lambda Labs",
    "Tensor Core", "Transformer Engine", "Hugging Face", "GPU Buyer's Guide",
    "Multi-Instance GPU", "torch.cuda.amp", "vs",
]

# The sources' own titles are names too (data/sources.csv beside this
# folder): they are quoted as their authors wrote them (an English paper's
# title beside its Chinese one, "原题：...", is a name, not prose).
_SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "sources.csv")
if os.path.exists(_SOURCES):
    with open(_SOURCES, encoding="utf-8", newline="") as _f:
        ALLOWED += [r["title"] for r in csv.DictReader(_f)]
ALLOWED.sort(key=len, reverse=True)

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HAN = "[" + CJK + "]"
HAN_RE = re.compile(HAN)
WORD = r"[A-Za-z][A-Za-z0-9'’.-]*[A-Za-z0-9]|[A-Za-z]"
ENGLISH = re.compile(r"(?<![\w.-])(?:(?:%s)[ \t]+){2,}(?:%s)(?![\w])" % (WORD, WORD))
PUNCT = re.compile(r"%s\s*[,;:!?()]|[,;:!?()]\s*%s|%s\s*(?<!—)—(?!—)|(?<!—)—(?!—)\s*%s"
                   % (HAN, HAN, HAN, HAN))
TOUCH = re.compile(r"%s[A-Za-z0-9]|[A-Za-z0-9]%s" % (HAN, HAN))
GAP = re.compile(r"%s[ \t]+%s" % (HAN, HAN))
DATE_PART = re.compile(r"[0-9][年月日]|[年月][0-9]")
# "3×" is a ratio written as on a chart axis; "a × b" in a formula is kept
TIMES = re.compile(r"[0-9]\s?×|\b[0-9.]+x\b")
SKIP = {"script", "style", "svg", "code", "pre"}
# Text across these tags is one run (<a>H100</a>的 touches); any other tag
# (a cell, an item, a paragraph) ends the run.
INLINE = {"a", "abbr", "b", "bdi", "cite", "data", "em", "i", "mark", "q", "s",
          "small", "span", "strong", "sub", "sup", "time", "u", "wbr"}
ATTRS = {"title", "alt", "aria-label"}


class Text(HTMLParser):
    """The visible text of a page, as a list of strings (one per node)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIP:
            self.depth += 1
        elif not self.depth:
            self.parts += ["\n" + v + "\n" for k, v in attrs if k in ATTRS and v]
        classes = " ".join(v or "" for k, v in attrs if k == "class").split()
        if tag not in INLINE or "badge" in classes:
            self.parts.append("\n")  # a badge beside a figure is its own run

    def handle_endtag(self, tag):
        if tag in SKIP and self.depth:
            self.depth -= 1
        if tag not in INLINE:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def excerpt(text, m):
    return text[max(0, m.start() - 12):m.end() + 12].replace("\n", " ")


def scan_text(text):
    """The findings in one string: a list of (kind, excerpt)."""
    found = []
    plain = text
    for name in ALLOWED:
        # a name stands in as one Chinese character or one Latin word, so
        # what touches it is still checked ("名 (x)", "Xx的")
        plain = plain.replace(name, "名" if HAN_RE.search(name) else "Xx")
    for m in ENGLISH.finditer(plain):
        found.append(("english", excerpt(plain, m)))
    text = plain
    for m in PUNCT.finditer(text):
        found.append(("punctuation", excerpt(text, m)))
    for m in TOUCH.finditer(text):
        if not DATE_PART.fullmatch(m.group(0)):
            found.append(("spacing", excerpt(text, m)))
    for m in GAP.finditer(text):
        found.append(("spacing", excerpt(text, m)))
    for m in TIMES.finditer(text):
        found.append(("times-sign", excerpt(text, m)))
    return found


def scan_page(path):
    parser = Text()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return scan_text("".join(parser.parts))


def main(argv):
    if len(argv) == 3 and argv[1] == "--text":
        for kind, ex in scan_text(argv[2]):
            print("%s: «%s»" % (kind, ex))
        return 0
    if len(argv) != 2:
        print("usage: zh_scan.py SITE_DIR | --text STRING", file=sys.stderr)
        return 2
    site = argv[1]
    pages = findings = 0
    for root, dirs, files in os.walk(os.path.join(site, "zh")):
        dirs.sort()
        rel = os.path.relpath(root, site)
        if rel == os.path.join("zh", "data") or rel.startswith(os.path.join("zh", "data") + os.sep):
            continue
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            pages += 1
            path = os.path.join(root, name)
            for kind, ex in scan_page(path):
                findings += 1
                print("%s: %s: «%s»" % (os.path.relpath(path, site), kind, ex))
    print("zh scan: %d pages, %d findings" % (pages, findings))
    if not pages:
        print("zh scan: no Chinese pages under %s" % site, file=sys.stderr)
    return 1 if findings or not pages else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
