#!/usr/bin/env python3
"""Scan every Chinese surface of a built site for text that is not Chinese style.

    python3 tests/zh_scan.py SITE_DIR      (every Chinese surface of SITE_DIR)
    python3 tests/zh_scan.py --text "..."  (one string, for the self-test)

The surfaces, each read as the reader meets it:

  pages        every page under zh/ (the data pages /zh/data/ included): the
               visible text, the title, alt and aria-label attributes, and the
               data-* strings the page scripts show; an element marked
               lang="en" (an English column of a data table) is skipped;
  svg          the charts: SVG inline in the pages and the files under
               charts/zh/ (every <text>, <title> and <desc>, each its own run,
               with the half-width ": " and ", " of an English tooltip flagged
               even where no Chinese character touches them);
  feeds        zh/*.xml (titles, summaries, the articles' HTML);
  json         the strings of zh/**/*.json the scripts show (the calculator's
               data; the search index repeats the pages and is left out);
  ledger       the Chinese labels of data/figures.csv (label_zh).

Each run of text is checked for:

  english      three or more English words in a row (product names allowed
               below are taken out first);
  punctuation  a half-width , ; : ! ? ( ) or a lone dash touching Chinese;
  spacing      a Chinese character directly touching a Latin letter or a
               digit (dates such as 2026年11月24日 excepted), a space between
               two Chinese characters, or a space after (or before) full-width
               punctuation ("计算方法： 见下", "（FSDP） 需要");
  times-sign   "3×" or "2x" in running text ("a × b" in a formula is a
               multiplication);
  range        a range written with an en dash or a hyphen ("4–8 小时",
               "$3.78–$7.56", "7B-70B"): Chinese ranges use "～";
  duration     a duration under an hour written in hours ("0.67 小时");
  term         a word the style sheet's term table (content/STYLE.md, "One term
               per concept") says not to write, "块" for a card among them;
  speed        a sentence that calls latency or time "速度";
  multiple     "N 倍" with N under the style sheet's threshold (content/STYLE.md:
               "up to T times" is a percentage), a range's upper end under it.

Prints one line per finding, "zh/path/index.html: kind: «excerpt»", then
"zh scan: N pages, N findings", and exits 1 when anything was found.
"""
import csv
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")

# Names that are English words by nature; they do not count as prose.
ALLOWED = [
    "Stable Diffusion XL", "Stable Diffusion", "Flash Attention",
    "DeepSpeed ZeRO", "Google Colab Pro", "Google Colab", "Lambda Labs",
    "Tensor Core", "Transformer Engine", "Hugging Face", "GPU Buyer's Guide",
    "Multi-Instance GPU", "torch.cuda.amp", "vs",
]

# The sources' own titles are names too (data/sources.csv beside this
# folder): they are quoted as their authors wrote them (an English paper's
# title beside its Chinese one, "原题 ...", is a name, not prose).
_SOURCES = os.path.join(ROOT, "data", "sources.csv")
if os.path.exists(_SOURCES):
    with open(_SOURCES, encoding="utf-8", newline="") as _f:
        for _r in csv.DictReader(_f):
            ALLOWED += [_v for _v in (_r["title"], _r.get("publisher", "")) if _v]
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
TIMES = re.compile(r"[0-9]\s?×|(?<![-\w.])[0-9][0-9.]*x\b")
FULL = "，。；：？！（）“”、《》"
# a space after full-width punctuation, or before the closing kinds
FULL_GAP = re.compile(r"[%s][ \t\u00a0\u3000]+(?!·)\S|\S[ \t\u00a0\u3000]+[，。；：？！）”、》]" % FULL)
# the half-width punctuation of an English list or label ("a: b", "x, y",
# " (log)") in a run that is Chinese; 1,000 and torch.cuda.amp have no space
MATH = set("×÷=+−-≤≥<>")
HALF_GAP = re.compile(r"[,;:!?](?=[ \t])| \(|\((?=[^)]*\))")
# a range: a number, an optional unit of letters or %, a dash, a number
NUM = r"[$¥]?[0-9][0-9.,]*"
RANGE = re.compile(r"(?<![A-Za-z0-9.-])%s\s?[A-Za-z%%]{0,2}\s*[–‒−-]\s*%s" % (NUM, NUM))
EN_DASH = re.compile(r"[0-9A-Za-z%%)]\s*–\s*[$¥0-9A-Za-z]")
HOURS = re.compile(r"(?<![0-9.])0\.[0-9]+\s*小时")
SENTENCE = re.compile(r"[^。；！？\n]+")
# latency or a time named, then (on it, in the same clause) its "速度": "在“推理
# 延迟”上（测试中），A 的速度是 B 的……", "在基准测试“推理延迟”中，A 的速度……",
# "（“单步耗时”）：速度比"; a sentence that says it converts (换算, 推算, 倒数) is
# explaining, not misnaming
SPEED = re.compile(r"(?:延迟|耗时|用时|时长|时间)[”」）)]*\s*(?:上|测试中|中|时)?[，：:]?\s*[^。；，与和及、]{0,16}速度")
CONVERTS = re.compile(r"换算|推算|倒数")
# a multiple in a sentence: "是……的 1.05 倍", "的 0.18 倍～0.3 倍"
MULTIPLE = re.compile(r"的\s*([0-9]+(?:\.[0-9]+)?)(?:\s*倍)?(?:\s*[～~]\s*([0-9.]+))?\s*倍")
NUMERAL = "[0-9两一二三四五六七八九十几多每单第]"

SKIP = {"script", "style", "code", "pre"}
# Text across these tags is one run (<a>H100</a>的 touches); any other tag
# (a cell, an item, a paragraph) ends the run.
INLINE = {"a", "abbr", "b", "bdi", "cite", "data", "em", "i", "mark", "q", "s",
          "small", "span", "strong", "sub", "sup", "time", "u", "wbr"}
ATTRS = {"title", "alt", "aria-label"}
SVG_TEXT = {"text", "title", "desc", "tspan"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


def style_sheet():
    """(the multiple threshold, the term table as [(bad, pattern)]) of content/STYLE.md."""
    path = os.path.join(ROOT, "content", "STYLE.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"up to ([0-9.]+) times", text)
    if not m:
        raise SystemExit("zh_scan: content/STYLE.md states no multiple threshold (\"up to N times\")")
    threshold = float(m.group(1))
    sec = re.search(r"^## One term per concept\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not sec:
        raise SystemExit("zh_scan: content/STYLE.md has no \"One term per concept\" table")
    terms = []
    for line in sec.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("concept", "") or set(cells[0]) <= set("-: "):
            continue
        good = [g for g in re.split(r"[ /（）、]+", cells[1]) if g]
        for bad in (b.strip() for b in cells[2].split("、")):
            if bad and bad not in (b for b, _ in terms):  # 块 is in two rows
                terms.append((bad, term_pattern(bad, good)))
    if not terms:
        raise SystemExit("zh_scan: the term table of content/STYLE.md is empty")
    return threshold, terms


def term_pattern(bad, good):
    """A regex for a term the table forbids. A number in it (not the digits
    of a name such as FP16) stands for any number; a term that begins a right one (吞吐, 吞吐量) is not that one; a
    single character is a term only where it counts ("两块", "六个显卡") or
    stands alone in a cell (是, 否)."""
    pat = re.escape(bad)
    pat = re.sub(r"(?<![A-Za-z])[0-9]+", "[0-9]+", pat).replace("\\ ", "\\s*")
    rest = [g[len(bad):] for g in good if g.startswith(bad) and g != bad]
    if rest:
        pat += "(?!%s)" % "|".join(re.escape(r) for r in rest)
    if len(bad) == 1:
        counted = r"(?<=%s)\s*%s" % (NUMERAL, pat)
        if bad != "块":  # any count of 块 is a card; 个 only before a card
            counted += r"(?=\s*(?:显卡|卡|GPU|型号))"
        return re.compile(r"(?:^|\n)\s*%s\s*(?:\n|$)|%s" % (pat, counted))
    return re.compile(pat)


THRESHOLD, TERMS = style_sheet()


def excerpt(text, m):
    return text[max(0, m.start() - 12):m.end() + 12].replace("\n", " ")


def scan_text(text, svg=False):
    """The findings in one string: a list of (kind, excerpt). `svg`: the
    string is one text of a Chinese chart (an English tooltip's ": " is a
    finding there even with no Chinese character beside it)."""
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
    if svg or HAN_RE.search(text):
        for run in text.split("\n"):
            if not (svg or HAN_RE.search(run)):
                continue
            for m in HALF_GAP.finditer(run):
                if run[max(0, m.start() - 1):m.start() + 1].strip()[:1] in MATH:
                    continue  # "× (1 − x)" is a formula
                if not PUNCT.search(run[max(0, m.start() - 2):m.end() + 2]):
                    found.append(("punctuation", excerpt(run, m)))
    for m in TOUCH.finditer(text):
        if not DATE_PART.fullmatch(m.group(0)):
            found.append(("spacing", excerpt(text, m)))
    for m in GAP.finditer(text):
        found.append(("spacing", excerpt(text, m)))
    for m in FULL_GAP.finditer(text):
        found.append(("spacing", excerpt(text, m)))
    for m in TIMES.finditer(text):
        found.append(("times-sign", excerpt(text, m)))
    if HAN_RE.search(text) or svg:
        seen = set()
        for rx in (EN_DASH, RANGE):
            for m in rx.finditer(text):
                if m.start() not in seen and ("–" in m.group(0) or not re.search(r"[0-9]{4}-[0-9]", m.group(0))):
                    seen.add(m.start())
                    found.append(("range", excerpt(text, m)))
    for m in HOURS.finditer(text):
        found.append(("duration", excerpt(text, m)))
    for bad, rx in TERMS:
        for m in rx.finditer(text):
            found.append(("term", "%s: %s" % (bad, excerpt(text, m))))
    for s in SENTENCE.finditer(text):
        sent = s.group(0)
        if SPEED.search(sent) and not CONVERTS.search(sent):
            found.append(("speed", sent.strip()[:60]))
        for m in MULTIPLE.finditer(sent):
            # a range is a multiple when its upper end is past the threshold
            if float(m.group(2) or m.group(1)) < THRESHOLD:
                found.append(("multiple", excerpt(sent, m)))
    return found


class Text(HTMLParser):
    """The text runs of a page: the visible text (as one string, runs split
    by newlines), the SVG texts and the data-* strings (each its own)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.svg = 0
        self.svg_text = None
        self.parts = []
        self.svgs = []
        self.data = []
        self.english = []  # the open elements marked lang="en"

    def handle_starttag(self, tag, attrs):
        if self.english or any(k == "lang" and (v or "").startswith("en") for k, v in attrs):
            # text marked English (an English column of a data table, an
            # English twin) is the other language's, not a slip of this one
            if tag not in VOID:
                self.english.append(tag)
            return
        self.data += [v for k, v in attrs if k.startswith("data-") and v and HAN_RE.search(v)]
        if tag == "svg":
            self.svg += 1
        if self.svg:
            if tag in SVG_TEXT and self.svg_text is None:
                self.svg_text = []
            return
        if tag in SKIP:
            self.depth += 1
        elif not self.depth:
            self.parts += ["\n" + v + "\n" for k, v in attrs if k in ATTRS and v]
        classes = " ".join(v or "" for k, v in attrs if k == "class").split()
        if tag not in INLINE or "badge" in classes:
            self.parts.append("\n")  # a badge beside a figure is its own run

    def handle_endtag(self, tag):
        if self.english:
            if tag in self.english:
                while self.english.pop() != tag:
                    pass
            return
        if self.svg:
            if tag in SVG_TEXT and tag != "tspan" and self.svg_text is not None:
                self.svgs.append("".join(self.svg_text))
                self.svg_text = None
            if tag == "svg":
                self.svg -= 1
            return
        if tag in SKIP and self.depth:
            self.depth -= 1
        if tag not in INLINE:
            self.parts.append("\n")

    def handle_data(self, data):
        if self.english:
            return
        if self.svg:
            if self.svg_text is not None:
                self.svg_text.append(data)
        elif not self.depth:
            self.parts.append(data)


def html_findings(source):
    parser = Text()
    parser.feed(source)
    parser.close()
    found = scan_text("".join(parser.parts))
    for t in parser.svgs:
        found += [("svg " + k, e) for k, e in scan_text(t, svg=True)]
    for t in parser.data:
        found += [("data-attr " + k, e) for k, e in scan_text(t)]
    return found


def svg_file_findings(source):
    parser = Text()
    parser.feed(source)
    parser.close()
    found = []
    for t in parser.svgs:
        found += [("svg " + k, e) for k, e in scan_text(t, svg=True)]
    return found


def feed_findings(source):
    found = []
    root = ET.fromstring(source)
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag not in ("title", "subtitle", "summary", "content") or not el.text:
            continue
        if el.get("type") == "html":
            found += [("feed " + k, e) for k, e in html_findings(el.text)]
        else:
            found += [("feed " + k, e) for k, e in scan_text(el.text)]
    return found


def json_findings(source):
    found = []

    def walk(v):
        if isinstance(v, str):
            if HAN_RE.search(v):
                found.extend(("json " + k, e) for k, e in scan_text(v))
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
    walk(json.loads(source))
    return found


def ledger_findings(path):
    found = []
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            label = row.get("label_zh") or ""
            found += [("ledger " + k, e) for k, e in scan_text(label)]
    return found


def surfaces(site):
    """(path relative to site, reader) of every Chinese surface, in order."""
    out = []
    for root, dirs, files in os.walk(os.path.join(site, "zh")):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, site)
            if name.endswith(".html"):
                out.append((rel, html_findings))
            elif name.endswith(".xml"):
                out.append((rel, feed_findings))
            elif name.endswith(".json") and os.sep + "search" + os.sep not in os.sep + rel:
                out.append((rel, json_findings))
    charts = os.path.join(site, "charts", "zh")
    if os.path.isdir(charts):
        for name in sorted(os.listdir(charts)):
            if name.endswith(".svg"):
                out.append((os.path.join("charts", "zh", name), svg_file_findings))
    return out


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
    for rel, reader in surfaces(site):
        if rel.endswith(".html"):
            pages += 1
        with open(os.path.join(site, rel), encoding="utf-8") as f:
            found = reader(f.read())
        for kind, ex in found:
            findings += 1
            print("%s: %s: «%s»" % (rel, kind, ex))
    ledger = os.path.join(site, "data", "figures.csv")
    if pages and os.path.exists(ledger):
        for kind, ex in ledger_findings(ledger):
            findings += 1
            print("%s: %s: «%s»" % ("data/figures.csv", kind, ex))
    print("zh scan: %d pages, %d findings" % (pages, findings))
    if not pages:
        print("zh scan: no Chinese pages under %s" % site, file=sys.stderr)
    return 1 if findings or not pages else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
