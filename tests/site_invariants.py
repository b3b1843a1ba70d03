#!/usr/bin/env python3
"""Invariants of a built site that hold whatever the data says: one figure,
one value; comparisons that say what they compare; each language's marks.

    python3 tests/site_invariants.py SITE CHECK

Runs one CHECK on the site in SITE (a build's output folder) and exits 0 when
it holds; otherwise prints each offence (page and text) and exits 1. The
checks never name today's values: an editor's edit of data/ cannot break
them, only a rule broken by the code or the templates can.

Checks:
  ledger-one-value   every figure of data/figures.csv is listed once, and
                     each page it lists prints its value as the formats do
                     (money; memory, bandwidth, TFLOPS, watts and
                     multiples, with their unit on English pages)
  money-rounding     money figures print rounded on their decimal value
                     (2.675 as $2.68; below $1 a tenth of a cent that
                     shows, 0.126 as $0.126) wherever a task page shows them
  zh-ranges          no Chinese page, SVG, feed or ledger label writes a
                     range of numbers with "–" or "-"
  no-latency-speed   no sentence calls a latency or a step time fast
  no-unlike-ratio    no sentence draws a ratio between results measured at
                     different batch sizes
  no-equal-cheaper   no "N% less" between values printed alike
  times-threshold    no multiple at or below the style sheet's 1.5
  no-repeat          no verdict sentence twice on one page
  no-self-compare    no chart of a GPU against itself
  task-index         the tasks index shows a figure for every job whose own
                     page shows a time or a cost
  bottom-line        every comparison page opens with a bottom line of at
                     most three sentences that names one of its two cards
  landmarks-unique   no page has two landmarks of one role with one name (a
                     reader's list of landmarks tells each apart: axe's
                     landmark-unique)
  no-dash-rows       what no source gives is said in a line: no table row all
                     "no data" marks, no column all marks or blanks (but on the
                     data pages, which show each CSV as it is), no chart of a
                     page's own drawn without a figure (only an article's,
                     which asked for it), and no chart file no page links to
  one-plural         no English page or chart says "1" of a thing in the plural
                     ("all 1 benchmarks", "1 GPUs"): a count of one has its form
  one-head           a figure has one name: two columns of figures (of any
                     table, a chart's data table too) whose rows print the
                     same values (two or more of them) are headed alike, in
                     one language across the site (a card's lowest price and the quote a job is
                     priced at may agree and are named apart)
  spec-count         a GPU page's "N of M specifications" counts the rows of its
                     spec table and the specifications its line names as given
                     by no source (the rent's two rows aside, which it counts as
                     prices); its count of benchmark results and of job times,
                     the rows of its speed and results tables and of its jobs'
                     table
  legend-marks       the "no data" legend follows a table that draws the mark,
                     and only such a table
  vram-fit-counts    the VRAM chart's sentence counts what its data table shows
  bottom-line-cost   a comparison's bottom line on cost picks the card its job
                     table marks cheaper more often
  no-equal-better    a comparison's table marks no figure better beside one
                     that prints alike
  best-ties          a table marks the best of a column of cards, or of a row of
                     figures, with every figure that prints as it does
  no-unlike-better   a comparison's table marks no winner between results
                     measured under different conditions
  same-prints-same-ratio  two comparisons that print the same pair of costs
                     print the same cost ratio
  use-case-gpus      every card the use-cases table names for a use case lists
                     it on its page, and no other
  table-figures      every figure a table prints (a numeric cell, by its sort
                     key) is a ledger figure that lists the page: no page
                     prints a figure the ledger does not hold for it (the
                     data and source pages, which show the files as they
                     are, and the columns of counts aside: a job's cards,
                     the cards with a time for a job, a model's size)
"""
import csv
import decimal
import html
import os
import re
import sys

TIMES_ABOVE = 1.5  # content/STYLE.md, model/compare.h CMP_TIMES_ABOVE


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def pages(site, lang=None, ext=(".html",)):
    for root, _, files in os.walk(site):
        rel = os.path.relpath(root, site)
        if lang and not (rel == lang or rel.startswith(lang + os.sep)):
            continue
        for f in files:
            if f.endswith(ext):
                yield os.path.join(root, f)


def text_of(markup):
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def verdicts(markup):
    m = re.search(r'<section class="verdict".*?</section>', markup, re.S)
    if not m:
        return []
    return [" ".join(text_of(li).split()) for li in re.findall(r"<li>(.*?)</li>", m.group(0), re.S)]


def sentences(site):
    """(page, sentence) of every verdict and chart description."""
    for p in pages(site):
        s = read(p)
        for v in verdicts(s):
            yield p, v
        for d in re.findall(r"<desc[^>]*>(.*?)</desc>", s, re.S):
            yield p, " ".join(text_of(d).split())


def ledger(site):
    with open(os.path.join(site, "data", "figures.csv"), encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def usd(v):
    """Money as the site prints it: decimal rounding, halves up."""
    d = decimal.Decimal(repr(float(v)))
    if 0 < d < decimal.Decimal("0.005"):
        return "$" + str(d.quantize(decimal.Decimal("0.0001"), decimal.ROUND_HALF_UP))
    cents = d.quantize(decimal.Decimal("0.01"), decimal.ROUND_HALF_UP)
    mills = d.quantize(decimal.Decimal("0.001"), decimal.ROUND_HALF_UP)
    if mills < 1 and mills != cents:  # below $1, a tenth of a cent that shows
        return "$" + str(mills)
    if d >= 1000 or cents == cents.to_integral_value():
        return "${:,}".format(int(d.quantize(decimal.Decimal("1"), decimal.ROUND_HALF_UP)))
    return "${:,.2f}".format(cents)


def numbers(v, ratio=False):
    """A figure as the site prints it (i18n_format_number, or _ratio: two
    decimals below 10, one below 100 or below 2 for a ratio, none above,
    trailing zeros trimmed, thousands grouped), by either rounding of a half:
    the decimal one and the binary value's."""
    d = decimal.Decimal(repr(float(v)))
    a = abs(d)
    if ratio:
        n = 0 if a >= 10 else 1 if a >= 2 else 2
    else:
        n = 0 if a >= 100 else 1 if a >= 10 else 2
    out = set()
    for q in (d.quantize(decimal.Decimal(1).scaleb(-n), decimal.ROUND_HALF_UP),
              decimal.Decimal("%.*f" % (n, float(v)))):
        t = "{:,.{}f}".format(q, n)
        if n > 0:
            t = t.rstrip("0").rstrip(".")
        out.add(t)
    return out


# units a figure prints with on an English page (its number alone on a
# Chinese one), beside USD's
UNIT_TEXT = {"GB": " GB", "GB/s": " GB/s", "TFLOPS": " TFLOPS", "W": " W", "×": "×"}


def shown_as(r, lang):
    """The texts any one of which a page of `lang` prints a ledger figure
    as, or None when its format is not one checked here."""
    if r["unit"].startswith("USD"):
        return {usd(r["value"])}
    if r["unit"] not in UNIT_TEXT:
        return None
    if r["id"].endswith(".nvlink_gbs") and float(r["value"]) == 0:
        return None  # "not supported"
    ratio = r["unit"] == "×"
    # a multiple in a sentence: "2.2 times as much", "twice as much"
    units = [UNIT_TEXT[r["unit"]]] + ([" times"] if ratio else []) if lang == "en" else [""]
    shown = {n + u for n in numbers(r["value"], ratio=ratio) for u in units}
    if ratio and lang == "en" and "2 times" in shown:
        shown.add("twice")
    return shown


def check_ledger_one_value(site):
    bad = []
    rows = ledger(site)
    seen = set()
    for r in rows:
        if r["id"] in seen:
            bad.append("figure %s listed twice in the ledger" % r["id"])
        seen.add(r["id"])
        if not r["value"] or r["value_max"]:
            continue
        for url in r["page_list"].split():
            path = os.path.join(site, url.strip("/"), "index.html")
            shown = shown_as(r, url.strip("/").split("/")[0])
            if shown is None or not os.path.exists(path):
                continue
            text = text_of(read(path))
            if not any(t in text for t in shown):
                bad.append("%s: %s (%s) does not print as %s" % (url, r["id"], r["value"], " or ".join(sorted(shown))))
    return bad


def check_money_rounding(site):
    bad = []
    for r in ledger(site):
        if not r["id"].startswith("cost.") or r["unit"] != "USD" or r["value_max"] or not r["value"]:
            continue
        want = usd(r["value"])
        for url in r["page_list"].split():
            if "/tasks/" not in url:
                continue
            path = os.path.join(site, url.strip("/"), "index.html")
            if os.path.exists(path) and want not in text_of(read(path)):
                bad.append("%s: cost %s should print %s" % (url, r["value"], want))
    return bad


RANGE = re.compile(r"[0-9%][A-Za-z]?\s*[–-]\s*\$?[0-9]")


def check_zh_ranges(site):
    bad = []
    zh = os.path.join(site, "zh")
    for p in pages(zh, ext=(".html", ".svg", ".xml")):
        if os.sep + "data" + os.sep in p:
            continue  # the data tables show the files' own dates (YYYY-MM-DD)
        body = read(p)
        if p.endswith(".xml"):  # a feed's content is escaped HTML
            body = html.unescape(body)
        # text only: not attributes, styles or scripts
        body = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", body, flags=re.S)
        for t in re.findall(r">([^<]+)<", body):
            t = html.unescape(t)
            if re.search(r"\d{4}-\d{2}-\d{2}", t):
                t = re.sub(r"\d{4}-\d{2}-\d{2}", " ", t)
            for m in RANGE.finditer(t):
                ctx = t[max(0, m.start() - 20):m.end() + 20]
                # names that carry a hyphen (GPT-2, ResNet-50) are no ranges
                if re.search(r"[A-Za-z]-\d", ctx[ctx.find(m.group(0)) - 1:][:4]):
                    continue
                bad.append("%s: %s" % (os.path.relpath(p, site), " ".join(ctx.split())))
    for r in ledger(site):
        if re.search(r"\d\s*[–]\s*\$?\d", r.get("label_zh", "")):
            bad.append("figures.csv %s: %s" % (r["id"], r["label_zh"]))
    return bad


def check_no_latency_speed(site):
    bad = []
    for p, s in sentences(site):
        low = s.lower()
        if ("latency" in low or "step time" in low) and "as fast" in low:
            bad.append("%s: %s" % (p, s))
        if ("延迟" in s or "单步耗时" in s) and re.search(r"速度是[^，。]*倍", s):
            bad.append("%s: %s" % (p, s))
    return bad


def check_no_unlike_ratio(site):
    bad = []
    for p, s in sentences(site):
        sizes = set(re.findall(r"(?:batch size|批量大小)\s*(?:为\s*)?(\d+)", s, re.I))
        if len(sizes) > 1 and re.search(r"\d+(\.\d+)?\s*(times|×|倍)|\d+%", s):
            bad.append("%s: %s" % (p, s))
    return bad


def check_no_equal_cheaper(site):
    bad = []
    pat = re.compile(r"(?:less|便宜约|低约)[^()（）]*[(（](\$[\d.,]+)(?:/\S+)? vs (\$[\d.,]+)")
    for p, s in sentences(site):
        for a, b in pat.findall(s):
            if a == b:
                bad.append("%s: %s" % (p, s))
    return bad


def check_times_threshold(site):
    bad = []
    for p, s in sentences(site):
        found = (re.findall(r"(\d+(?:\.\d+)?) times as", s) +
                 re.findall(r"(\d+(?:\.\d+)?)× (?:to|as|the speed)", s) +
                 re.findall(r"的 (?:\d+(?:\.\d+)?～)?(\d+(?:\.\d+)?) 倍", s))
        for n in found:
            if float(n) <= TIMES_ABOVE:
                bad.append("%s: %s" % (p, s))
    return bad


def check_no_repeat(site):
    bad = []
    for p in pages(site):
        v = verdicts(read(p))
        for s in set(v):
            if v.count(s) > 1:
                bad.append("%s: twice: %s" % (p, s))
    return bad


def check_no_self_compare(site):
    bad = []
    for p in pages(site):
        for t in re.findall(r"<title id=\"chart-[^\"]*\">(.*?)</title>", read(p)):
            m = re.match(r"(.+?) (?:against|与) (.+?)(?::| 的|：)", html.unescape(t))
            if m and m.group(1) == m.group(2):
                bad.append("%s: %s" % (p, t))
    return bad


def check_task_index(site):
    bad = []
    for lang in ("en", "zh"):
        index = read(os.path.join(site, lang, "tasks", "index.html"))
        rows = re.findall(r'<tr><th scope="row"><a href="([^"]+)">.*?</tr>', index, re.S)
        for href in rows:
            row = re.search(r'<tr><th scope="row"><a href="%s">.*?</tr>' % re.escape(href),
                            index, re.S).group(0)
            page = os.path.normpath(os.path.join(site, lang, "tasks", href, "index.html"))
            if not os.path.exists(page):
                continue
            own = read(page)
            has_cost = re.search(r'<td class="num[^"]*" data-sort="[0-9.]+"><span class="v">\$', own)
            if has_cost and "$" not in text_of(row):
                bad.append("%s/tasks/: %s shows no cost its page has" % (lang, href))
    return bad


def check_bottom_line(site):
    bad = []
    for lang in ("en", "zh"):
        for p in pages(os.path.join(site, lang, "compare")):
            s = read(p)
            if p.endswith(os.path.join("compare", "index.html")):
                continue
            m = re.search(r'<section class="bottom-line".*?<p>(.*?)</p>', s, re.S)
            h1 = re.search(r"<h1>(.*?)</h1>", s, re.S)
            if not m or not h1:
                bad.append("%s: no bottom line" % p)
                continue
            line = html.unescape(m.group(1))
            count = line.count("。") if lang == "zh" else len(re.findall(r"\.(?:\s|$)", line))
            names = re.split(r" vs | 对比 ", html.unescape(h1.group(1)))
            if not 1 <= count <= 3 or not any(n.strip() in line for n in names):
                bad.append("%s: %s" % (p, line))
    return bad


def check_no_equal_better(site):
    """A comparison's table never marks one of two figures better when they
    print alike ("$0.13 better" beside "$0.13"): the row's sentence calls
    them about the same (the comparison model), and so does its mark."""
    bad = []
    for lang in ("en", "zh"):
        for p in pages(os.path.join(site, lang, "compare")):
            for row in re.findall(r"<tr>(.*?)</tr>", read(p), re.S):
                cells = re.findall(r"<td\b([^>]*)>(.*?)</td>", row, re.S)
                shown = [re.search(r'<span class="v[^"]*">(.*?)</span>', c) for _, c in cells]
                for i, (attrs, _) in enumerate(cells):
                    if "best" not in attrs or not shown[i]:
                        continue
                    same = [j for j, m in enumerate(shown) if j != i and m and m.group(1) == shown[i].group(1)]
                    if same:
                        bad.append("%s: %s marked better beside the same %s" % (p, shown[i].group(1), shown[i].group(1)))
    return bad


def check_same_prints_same_ratio(site):
    """Two comparisons that print the same pair of costs ("$0.225" and
    "$0.13") print the same cost ratio: a ratio is read from the figures
    beside it, and money prints precisely enough for that (below $1, a
    tenth of a cent where it shows)."""
    bad, seen = [], {}
    for lang in ("en", "zh"):
        for p in pages(os.path.join(site, lang, "compare")):
            for row in re.findall(r"<tr>(.*?)</tr>", read(p), re.S):
                shown = [re.sub(r"<[^>]+>", "", v) for v in
                         re.findall(r'<span class="v[^"]*">(.*?)</span>', row)]
                if len(shown) != 5 or not shown[4].endswith("×"):
                    continue
                key = (lang, shown[1], shown[3])
                if key in seen and seen[key][0] != shown[4]:
                    bad.append("%s: %s vs %s is %s, %s on %s" % (p, shown[1], shown[3], shown[4],
                                                             seen[key][0], seen[key][1]))
                seen.setdefault(key, (shown[4], p))
    return bad


def check_use_case_gpus(site):
    """Every card the use-cases table names for a use case (its pick or an
    alternative, "RTX 4090 or L40S") lists that use case on its own page,
    and a card's page lists no use case the table does not name it for."""
    bad = []
    for lang in ("en", "zh"):
        table = os.path.join(site, lang, "use-cases", "index.html")
        if not os.path.exists(table):
            continue
        named = {}
        for uc, row in re.findall(r'<tr id="([^"]+)">(.*?)</tr>', read(table), re.S):
            for cell in re.findall(r"<td>(.*?)</td>", row, re.S):
                for g in re.findall(r'/gpus/([^/"]+)/"', cell):
                    named.setdefault(g, set()).add(uc)
        for p in pages(os.path.join(site, lang, "gpus")):
            m = re.search(r"/gpus/([^/]+)/index\.html$", p)
            if not m:
                continue
            s = read(p)
            sec = re.search(r'<h2 id="use-cases">(.*?)(?:<h2|</main>)', s, re.S)
            listed = set(re.findall(r'use-cases/#([^"]+)"', sec.group(1))) if sec else set()
            want = named.get(m.group(1), set())
            for uc in sorted(want - listed):
                bad.append("%s: the use-cases table names it for %s, its page does not" % (p, uc))
            for uc in sorted(listed - want):
                bad.append("%s: lists %s, which the use-cases table does not name it for" % (p, uc))
    return bad


# The marks that say a figure is the best of its row or column (a cell's
# "best" class or one of these badges); "lowest on-demand" names the quote a
# card's price figure takes, not a best of many.
BEST_BADGES = ("better", "fastest", "cheapest", "lowest", "更优", "最快", "最便宜", "最低")


def table_cells(table):
    """The rows of a table's body: each (row head, [(marked, printed)])."""
    rows = []
    for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", table, re.S):
        head = re.search(r'<th scope="row"[^>]*>(.*?)</th>', row, re.S)
        cells = []
        for attrs, body in re.findall(r"<td\b([^>]*)>(.*?)</td>", row, re.S):
            v = re.search(r'<span class="v[^"]*">(.*?)</span>', body)
            badge = re.search(r'<span class="badge[^"]*">(.*?)</span>', body)
            cls = re.search(r'class="([^"]*)"', attrs)
            marked = bool(cls and "best" in cls.group(1).split()) or \
                bool(badge and badge.group(1) in BEST_BADGES)
            cells.append((marked, v.group(1) if v else None))
        rows.append((head.group(1) if head else "", cells))
    return rows


def check_best_ties(site):
    """A table marks the best of a column of cards (rows headed by a card)
    or of a row of figures (any other row) with every figure that prints as
    it does: two cells that print alike are both marked or neither, as the
    comparison model has them "about the same"."""
    bad = []
    for p in pages(site):
        for table in re.findall(r"<table\b.*?</table>", read(p), re.S):
            if "colspan" in table or "rowspan" in table:
                continue
            rows = table_cells(table)
            lines = [cells for head, cells in rows if "/gpus/" not in head]
            by_card = [cells for head, cells in rows if "/gpus/" in head]
            width = max((len(c) for c in by_card), default=0)
            lines += [[c[i] for c in by_card if len(c) > i] for i in range(width)]
            for cells in lines:
                marked = {v for m, v in cells if m and v}
                for m, v in cells:
                    if v in marked and not m:
                        bad.append("%s: %s marked best in one cell and not in another" % (p, v))
    return bad


def check_no_unlike_better(site):
    """A comparison's table marks no winner between two results measured
    under different conditions: its sentence gives both values and no ratio,
    and its bottom line does not count them."""
    bad = []
    unlike = ui_strings(site, "why.unlike")
    for lang in ("en", "zh"):
        for p in pages(os.path.join(site, lang, "compare")):
            for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", read(p), re.S):
                if unlike[lang][0] in row and re.search(r'<td class="[^"]*\bbest\b', row):
                    head = re.search(r'<th scope="row"[^>]*>(.*?)</th>', row, re.S)
                    bad.append("%s: %s marks a winner between results measured differently" %
                               (p, text_of(head.group(1)) if head else "a row"))
    return bad


COST_PICK = {"en": r"For the lowest cost per job at rental prices, pick (.+?):", "zh": r"按每小时租价计，要省钱选 (.+?)："}
COST_SAID = {"en": r"cost per job|costs about the same", "zh": r"省钱|费用"}


def check_bottom_line_cost(site):
    """A comparison's bottom line on cost agrees with its job table: a
    table that marks a cheaper cost has a bottom line that speaks of cost,
    and the card it picks is the one the table marks cheaper more often."""
    bad = []
    for lang in ("en", "zh"):
        for p in pages(os.path.join(site, lang, "compare")):
            s = read(p)
            at = s.find('<h2 id="cost">')
            m = re.search(r'<section class="bottom-line".*?<p>(.*?)</p>', s, re.S)
            if at < 0 or not m:
                continue
            table = re.search(r"<table\b.*?</table>", s[at:], re.S)
            heads = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table.group(0) if table else "")
            if len(heads) < 5:
                continue  # no cost columns: the cards lack a price
            marks = [0, 0]
            for row in re.findall(r"<tr>(.*?)</tr>", table.group(0), re.S):
                cells = re.findall(r"<td\b([^>]*)>", row)
                for side, col in ((0, 1), (1, 3)):
                    if len(cells) > col and "best" in cells[col]:
                        marks[side] += 1
            names = [html.unescape(h).split(":")[0].split("：")[0].strip() for h in (heads[2], heads[4])]
            line = html.unescape(m.group(1))
            pick = re.search(COST_PICK[lang], line)
            if (marks[0] or marks[1]) and not re.search(COST_SAID[lang], line):
                bad.append("%s: the job table marks a cheaper cost, the bottom line says nothing of cost" % p)
            if pick and (pick.group(1) not in names or marks[names.index(pick.group(1))] < max(marks)):
                bad.append("%s: the bottom line picks %s, the job table marks the other cheaper more often" % (p, pick.group(1)))
    return bad


LANDMARK_ROLES = {"nav": "navigation", "aside": "complementary", "section": "region",
                  "main": "main", "header": "banner", "footer": "contentinfo"}


def landmarks(markup):
    """(role, name) of each landmark in a page: its aria-label, or the text
    of the elements its aria-labelledby names. A section without a name is
    no landmark; a header or footer inside another element is none either
    (approximated: only the first of each counts)."""
    ids = {m.group(1): m.start() for m in re.finditer(r'\bid="([^"]+)"', markup)}

    def text_of_id(i):
        at = ids.get(i)
        if at is None:
            return ""
        start = markup.rfind("<", 0, at)
        tag = re.match(r"<([a-z0-9]+)", markup[start:]).group(1)
        end = markup.find("</%s>" % tag, at)
        return text_of(markup[markup.find(">", at) + 1:end])

    found, seen_top = [], set()
    for m in re.finditer(r"<(nav|aside|section|main|header|footer)\b([^>]*)>", markup):
        tag, attrs = m.group(1), m.group(2)
        label = re.search(r'aria-label="([^"]*)"', attrs)
        by = re.search(r'aria-labelledby="([^"]*)"', attrs)
        name = html.unescape(label.group(1)) if label else \
            " ".join(text_of_id(i) for i in by.group(1).split()) if by else ""
        if tag == "section" and not name:
            continue
        if tag in ("header", "footer", "main") and not name:
            if tag in seen_top:
                continue
            seen_top.add(tag)
        found.append((LANDMARK_ROLES[tag], " ".join(name.split())))
    return found


def check_landmarks_unique(site):
    bad = []
    for p in pages(site):
        seen = {}
        for role, name in landmarks(read(p)):
            seen[(role, name)] = seen.get((role, name), 0) + 1
        for (role, name), n in sorted(seen.items()):
            if n > 1:
                bad.append('%s: %d %s landmarks named "%s"' % (p, n, role, name))
    return bad


def outline_faults(markup):
    """What breaks a page's outline: a heading more than one level deeper
    than the one before it; inside a <section> whose first heading is hN, a
    later heading that outranks it (level below N); inside a section nested
    in one whose first heading is hN, a heading of level N or less (a part
    ranked beside what it is part of, not under it)."""
    faults, stack, last = [], [], 0
    for m in re.finditer(r"<(/?)(section|h[1-6])\b[^>]*>", markup):
        close, tag = m.group(1), m.group(2)
        if tag == "section":
            if close:
                if stack:
                    stack.pop()
            else:
                stack.append(None)
            continue
        if close:
            continue
        level = int(tag[1])
        end = markup.find("</%s>" % tag, m.end())
        name = " ".join(text_of(markup[m.end():end]).split())[:60]
        if last and level > last + 1:
            faults.append('h%d "%s" after an h%d' % (level, name, last))
        if stack and stack[-1] is not None and level < stack[-1]:
            faults.append('h%d "%s" inside a section headed by an h%d' % (level, name, stack[-1]))
        outer = [f for f in stack[:-1] if f is not None]
        if outer and level <= max(outer):
            faults.append('h%d "%s" in a part of a section headed by an h%d'
                          % (level, name, max(outer)))
        if stack and stack[-1] is None:
            stack[-1] = level
        last = level
    return faults


def check_heading_outline(site):
    bad = []
    for p in pages(site):
        for f in outline_faults(read(p)):
            bad.append("%s: %s" % (p, f))
    return bad


def empty_columns(markup):
    """The headings of the columns (of any table, a chart's data table
    too) whose every cell is a "no data" mark or empty."""
    heads = []
    for table in re.findall(r"<table([^>]*)>(.*?)</table>", markup, re.S):
        attrs, body = table
        cols = [text_of(h).strip() for h in
                re.findall(r'<th scope="col"[^>]*>(.*?)</th>', body, re.S)]
        rows = [re.findall(r"<(td|th)([^>]*)>(.*?)</\1>", tr, re.S)
                for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S) if "<td" in tr]
        if not rows:
            continue
        for j in range(max(len(r) for r in rows)):
            cells = [r[j] for r in rows if len(r) > j]
            if all(c[0] == "td" and ("nodata" in c[1] or not text_of(c[2]).strip())
                   for c in cells):
                heads.append(cols[j] if j < len(cols) else str(j))
    return heads


def check_no_dash_rows(site):
    bad = []
    linked = set()
    for p in pages(site):
        markup = read(p)
        rel = os.path.relpath(p, site)
        for tr in re.findall(r"<tr>(.*?)</tr>", markup, re.S):
            tds = re.findall(r"<td([^>]*)>", tr)
            if len(tds) >= 2 and all("nodata" in td for td in tds):
                bad.append("%s: a row of dashes: %s" % (rel, text_of(tr).split()[:4]))
        if not rel.replace(os.sep, "/").split("/")[1:2] == ["data"]:
            for head in empty_columns(markup):
                bad.append("%s: a column of dashes or blanks: %s" % (rel, head))
        if "/articles/" not in "/" + rel.replace(os.sep, "/"):
            for m in re.finditer(r'<svg [^>]*id="([^"]+)"[^>]*class="chart chart-empty"', markup):
                bad.append("%s: chart %s drawn without a figure" % (rel, m.group(1)))
        for href in re.findall(r'href="([^"]*charts/[^"]+\.svg)"', markup):
            linked.add(os.path.normpath(os.path.join(os.path.dirname(p), href)))
    for f in pages(site, ext=(".svg",)):
        if os.sep + "charts" + os.sep in f and os.path.normpath(f) not in linked:
            bad.append("%s: a chart file no page links to" % os.path.relpath(f, site))
    return bad


LEGEND = re.compile(r'<p class="nodata-legend"')
MARK = 'class="nd"'


def check_legend_marks(site):
    """The legend of the "no data" mark follows a table that draws the
    mark, and only such a table: a table with a mark and no legend leaves
    the mark unexplained; a legend under a table without one explains
    nothing the reader sees."""
    bad = []
    for p in pages(site):
        markup = read(p)
        rel = os.path.relpath(p, site)
        for m in re.finditer(r"<table\b.*?</table>", markup, re.S):
            after = markup[m.end():m.end() + 200]
            legend = re.match(r"\s*(</div>\s*)?(</details>\s*)?" + LEGEND.pattern, after)
            marked = MARK in m.group(0)
            if re.search(r"<tbody>\s*</tbody>", m.group(0)):
                continue  # rows a script draws (the calculator's): the style sheet
                          # shows the legend once a row holds the mark
            caption = re.search(r"<caption>(.*?)</caption>", m.group(0), re.S)
            heads = re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", markup[:m.start()], re.S)
            name = "the table " + (text_of(caption.group(1)).strip() if caption else
                                   "under \u201c%s\u201d" % text_of(heads[-1]).strip()
                                   if heads else "at %d" % m.start())
            if marked and not legend:
                bad.append("%s: %s draws a no-data mark without its legend" % (rel, name))
            if legend and not marked:
                bad.append("%s: %s has a legend but draws no no-data mark" % (rel, name))
        for m in LEGEND.finditer(markup):
            if not markup.rfind("</table>", 0, m.start()) >= 0:
                bad.append("%s: a legend before any table" % rel)
    return bad


def ui_strings(site, *keys):
    """The texts of UI strings in the site's own data/i18n.csv: {lang: [..]}."""
    with open(os.path.join(site, "data", "i18n.csv"), encoding="utf-8", newline="") as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}
    return {lang: [rows[k][lang] for k in keys] for lang in ("en", "zh")}


ONE_PLURAL = re.compile(
    r"(?<![\d.,$])1 (GPUs|cards|benchmarks|jobs|days|figures|rows|prices|results|times|"
    r"workloads|combinations|findings|pages|quotes|models|model sizes|specifications|"
    r"sources|articles|tasks|techniques|comparisons|benchmark results|job times|bytes)\b")


def check_one_plural(site):
    bad = []
    for p in [*pages(site, "en", ext=(".html", ".svg")),
              *pages(site, os.path.join("charts", "en"), ext=(".svg",))]:
        rel = os.path.relpath(p, site).replace(os.sep, "/")
        if rel.startswith("en/data/"):
            continue  # the CSVs as they are
        text = text_of(read(p))
        for m in ONE_PLURAL.finditer(text):
            bad.append("%s: %s" % (rel, " ".join(text[max(0, m.start() - 50):m.end()].split())))
    return bad


def figure_columns(markup):
    """(head, {row head: text}) of each column of figures (cells with a
    value to sort by) of each table."""
    cols = []
    for body in re.findall(r"<table[^>]*>(.*?)</table>", markup, re.S):
        heads = [text_of(h).strip() for h in
                 re.findall(r'<th scope="col"[^>]*>(.*?)</th>', body, re.S)]
        rows = [re.findall(r"<(td|th)([^>]*)>(.*?)</\1>", tr, re.S)
                for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S) if "<td" in tr]
        rows = [r for r in rows if len(r) == len(heads) and r[0][0] == "th"]
        for j in range(1, len(heads)):
            figs = {text_of(r[0][2]).strip(): text_of(r[j][2]).strip() for r in rows
                    if re.search(r'data-sort="[^"]', r[j][1]) and "nodata" not in r[j][1]}
            if len(figs) >= 2:
                cols.append((heads[j], figs))
    return cols


def check_one_head(site):
    bad = []
    apart = ui_strings(site, "gpu.rent", "task.price")
    with open(os.path.join(site, "data", "gpus.csv"), encoding="utf-8", newline="") as f:
        cards = tuple(r["name"] for r in csv.DictReader(f) if r["name"])
    for lang in ("en", "zh"):
        cols = [(os.path.relpath(p, site), h, f)
                for p in pages(site, lang) for h, f in figure_columns(read(p))]
        # a column headed by a card ("A100 40GB", "A100 40GB: Cost") is the card's
        cols = [c for c in cols if not c[1].startswith(cards)]
        by_cell = {}
        for i, (_, _, figs) in enumerate(cols):
            for cell in figs.items():
                by_cell.setdefault(cell, []).append(i)
        shared = {}
        for ids in by_cell.values():
            for a in ids:
                for b in ids:
                    if a < b:
                        shared[(a, b)] = shared.get((a, b), 0) + 1
        told = set()
        for (a, b), n in shared.items():
            (pa, ha, fa), (pb, hb, fb) = cols[a], cols[b]
            common = fa.keys() & fb.keys()
            # a column of one value ("1" card) agrees with anything by chance
            if (n < 2 or ha == hb or {ha, hb} == set(apart[lang]) or (ha, hb) in told
                    or any(fa[r] != fb[r] for r in common)
                    or len({fa[r] for r in common}) < 2):
                continue
            told.add((ha, hb))
            bad.append("%s: \"%s\" and %s: \"%s\" head the same figures (%s)"
                       % (pa, ha, pb, hb, ", ".join(sorted(common)[:3])))
    return bad


def check_spec_count(site):
    bad = []
    rent = ui_strings(site, "gpu.rent", "gpu.rent_range")
    counts = {"en": r"(\d+) of (\d+) specifications", "zh": r"参数 (\d+)/(\d+) 项"}
    counted = {  # "no benchmark result" counts none
        "en": {"results": r"(?:(\d+)|no) benchmark results?\b", "times": r"(?:(\d+)|no) job times?\b"},
        "zh": {"results": r"(?:测试结果 (\d+) 条|无测试结果)", "times": r"(?:任务耗时 (\d+) 条|无任务耗时)"},
    }
    for lang, pattern in counts.items():
        for p in pages(site, lang):
            rel = os.path.relpath(p, site).replace(os.sep, "/")
            if not re.fullmatch(r"[a-z]+/gpus/[^/]+/index\.html", rel):
                continue
            markup = read(p)
            m = re.search(pattern, markup)
            table = re.search(r'<table class="specs">((?:(?!</table>).)*)</table>\s*</div>\s*'
                              r'(?:<p class="nodata">(.*?)</p>)?', markup, re.S)
            if not m or not table:
                bad.append("%s: no count of specifications or no spec table" % rel)
                continue
            shown = [text_of(h).strip() for h in
                     re.findall(r'<th scope="row">(.*?)</th>', table.group(1), re.S)]
            line = text_of(table.group(2) or "")
            names = re.split(r", |、", re.split(r": |：", line, 1)[1].rstrip(".。")) if line else []
            given = [n for n in shown if n not in rent[lang]]
            missing = [n for n in names if n not in rent[lang]]
            if (int(m.group(1)), int(m.group(2))) != (len(given), len(given) + len(missing)):
                bad.append("%s: says %s of %s specifications, its table shows %d and names %d "
                           "missing" % (rel, m.group(1), m.group(2), len(given), len(missing)))
            for what, sections in (("results", ("speed", "benchmarks")), ("times", ("tasks",))):
                said = int(re.search(counted[lang][what], markup).group(1) or 0)
                rows = sum(section_rows(markup, s) for s in sections)
                if said != rows:
                    bad.append("%s: counts %d %s, its tables show %d" % (rel, said, what, rows))
    return bad


def section_rows(markup, section):
    """The body rows of the table under the h2 of id `section`, up to the next h2."""
    m = re.search(r'<h2 id="%s">(.*?)(?=<h2 |</main>)' % section, markup, re.S)
    table = re.search(r"<tbody>(.*?)</tbody>", m.group(1), re.S) if m else None
    return len(re.findall(r"<tr[ >]", table.group(1))) if table else 0


def check_vram_fit_counts(site):
    """The VRAM chart's sentence counts the combinations its own data table
    shows: fits with room, fits only tightly (on one card), needs several
    cards (however tight)."""
    bad = []
    keys = ("vram.fits", "vram.tight", "vram.needs", "vram.needs_tight",
            "chart.vram_fit.count_fits.one", "chart.vram_fit.count_fits.many",
            "chart.vram_fit.count_tight.one", "chart.vram_fit.count_tight.many",
            "chart.vram_fit.count_needs.one", "chart.vram_fit.count_needs.many")
    words = ui_strings(site, *keys)
    for lang in ("en", "zh"):
        w = dict(zip(keys, words[lang]))
        path = os.path.join(site, lang, "vram", "index.html")
        if not os.path.exists(path):
            continue
        markup = read(path)
        chart = markup.find('class="chart')
        table = re.search(r"<table.*?</table>", markup[chart:], re.S) if chart >= 0 else None
        if not table:
            continue
        cells = [text_of(c).replace("\xa0", " ").strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", table.group(0), re.S)]
        def like(template):
            pat = re.escape(template.replace("\xa0", " ")).replace(re.escape("{n}"), r"\d+")
            return lambda c: re.fullmatch(pat, c) is not None
        shown = {"fits": sum(c == w["vram.fits"] for c in cells),
                 "tight": sum(c == w["vram.tight"] for c in cells),
                 "needs": sum(like(w["vram.needs"])(c) or like(w["vram.needs_tight"])(c)
                              for c in cells)}
        text = text_of(markup).replace("\xa0", " ")
        for kind in ("fits", "tight", "needs"):
            said = None
            for form in ("one", "many"):
                t = w["chart.vram_fit.count_%s.%s" % (kind, form)].replace("\xa0", " ")
                m = re.search(re.escape(t).replace(re.escape("{n}"), r"(\d+)"), text)
                if m:
                    said = int(m.group(1))
                    break
            if said is None:
                bad.append("%s/vram/: the chart's sentence gives no count of '%s'" % (lang, kind))
            elif said != shown[kind]:
                bad.append("%s/vram/: the chart's sentence counts %d '%s', its table shows %d"
                           % (lang, said, kind, shown[kind]))
    return bad


def check_table_figures(site):
    values = {}
    for r in ledger(site):
        for url in r["page_list"].split():
            for v in (r["value"], r["value_max"]):
                try:
                    values.setdefault(url, []).append(float(v))
                except ValueError:
                    pass
    heads_of = ui_strings(site, "task.cards", "task.gpu_count", "cite.col.params")
    counts = set(heads_of["en"] + heads_of["zh"])
    bad = []
    for p in pages(site):
        rel = os.path.relpath(p, site).replace(os.sep, "/")
        if re.search(r"(^|/)(data|sources)/", rel) or not rel.endswith("index.html"):
            continue
        url = "/" + rel[:-len("index.html")]
        known = values.get(url, [])
        for table in re.findall(r"<table\b.*?</table>", read(p), re.S):
            heads = [text_of(h).strip() for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table, re.S)]
            for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", table, re.S):
                cells = re.findall(r"<(td|th)\b([^>]*)>(.*?)</\1>", row, re.S)
                for i, (tag, attrs, body) in enumerate(cells):
                    m = re.search(r'class="num[^"]*" data-sort="([^"]+)"', attrs)
                    if tag != "td" or not m or (i < len(heads) and heads[i] in counts):
                        continue
                    v = float(m.group(1))
                    if not any(abs(v - k) <= 1e-6 * max(1.0, abs(k)) for k in known):
                        bad.append("%s: %s (%s) is no ledger figure of the page" %
                                   (url, " ".join(text_of(body).split()), m.group(1)))
    return bad


CHECKS = {
    "one-plural": check_one_plural,
    "one-head": check_one_head,
    "spec-count": check_spec_count,
    "no-dash-rows": check_no_dash_rows,
    "heading-outline": check_heading_outline,
    "landmarks-unique": check_landmarks_unique,
    "bottom-line": check_bottom_line,
    "ledger-one-value": check_ledger_one_value,
    "money-rounding": check_money_rounding,
    "zh-ranges": check_zh_ranges,
    "no-latency-speed": check_no_latency_speed,
    "no-unlike-ratio": check_no_unlike_ratio,
    "no-equal-cheaper": check_no_equal_cheaper,
    "times-threshold": check_times_threshold,
    "no-repeat": check_no_repeat,
    "no-self-compare": check_no_self_compare,
    "task-index": check_task_index,
    "legend-marks": check_legend_marks,
    "vram-fit-counts": check_vram_fit_counts,
    "bottom-line-cost": check_bottom_line_cost,
    "no-equal-better": check_no_equal_better,
    "best-ties": check_best_ties,
    "same-prints-same-ratio": check_same_prints_same_ratio,
    "use-case-gpus": check_use_case_gpus,
    "no-unlike-better": check_no_unlike_better,
    "table-figures": check_table_figures,
}


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in CHECKS:
        sys.stderr.write("usage: site_invariants.py SITE CHECK (%s)\n" % ", ".join(CHECKS))
        return 2
    bad = CHECKS[sys.argv[2]](sys.argv[1])
    for b in bad[:20]:
        print("    " + b)
    if len(bad) > 20:
        print("    … and %d more" % (len(bad) - 20))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
