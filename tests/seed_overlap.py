#!/usr/bin/env python3
"""Find the sources' sentences in our Chinese text (content/STYLE.md, "Our own words").

    python3 tests/seed_overlap.py [SEEDS_DIR]   (default: ../shared/seeds beside
                                                 the project, as CI has it)
    python3 tests/seed_overlap.py --pair OURS SEED   (two strings, for the self-test)

Our Chinese text is the Chinese articles (content/zh/*.md: front matter and
body, shortcodes taken out) and every Chinese column of data/ (the *_zh
columns and the zh column of i18n.csv). Both sides are reduced to their
letters, digits and Chinese characters (spaces, punctuation and case do not
hide a copy), with names taken out first: the names and titles of data/ (GPUs, tasks,
case studies, benchmarks, the sources' titles: the name, name_en, name_zh and
title columns) and the product names of tests/zh_scan.py, each as one mark
that does not count.
Any run of WINDOW (15) such characters that the sources hold too is a
finding: "path:line: «our text» ~ seed: «their text»".

Exits 0 when nothing is found, 1 when something is, and 0 with a line saying
so when the seeds are absent (a checkout without ../shared): the check needs
them and skips, it does not pass silently.
"""
import csv
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
WINDOW = 15
SHORTCODE = re.compile(r"\{\{<.*?>\}\}", re.S)
KEEP = re.compile(r"[0-9A-Za-z\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
NAME_MARK = "\x00"


def names():
    """What may be shared without being a sentence: names and titles."""
    out = []
    for path in glob.glob(os.path.join(ROOT, "data", "*.csv")):
        with open(path, encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f):
                out += [v for k, v in r.items()
                        if k in ("name", "name_en", "name_zh", "title") and v]
    sys.path.insert(0, HERE)
    try:
        import zh_scan
        out += zh_scan.ALLOWED
    except SystemExit:
        pass
    return sorted({n for n in out if n}, key=len, reverse=True)


NAMES = names()


def reduce(text):
    """(characters kept, the index in `text` of each): names as one mark."""
    for n in NAMES:
        text = text.replace(n, NAME_MARK * len(n))
    chars, where = [], []
    for i, c in enumerate(text):
        if c == NAME_MARK:
            if not chars or chars[-1] != NAME_MARK or where[-1] != i - 1:
                chars.append(NAME_MARK)
                where.append(i)
            else:
                where[-1] = i
        elif KEEP.match(c):
            chars.append(c.lower())
            where.append(i)
    return chars, where


def windows(chars):
    """Every WINDOW-long run of counted characters (names split runs)."""
    out = {}
    run = []
    for k, c in enumerate(chars + [NAME_MARK]):
        if c == NAME_MARK:
            for s in range(len(run) - WINDOW + 1):
                key = "".join(ch for ch, _ in run[s:s + WINDOW])
                out.setdefault(key, run[s][1])
            run = []
        else:
            run.append((c, k))
    return out


class Seeds:
    def __init__(self, texts):
        self.texts = []  # (name, text, chars, where)
        self.index = {}
        for name, text in texts:
            chars, where = reduce(text)
            self.texts.append((name, text, chars, where))
            for key, k in windows(chars).items():
                self.index.setdefault(key, (len(self.texts) - 1, k))

    def find(self, text):
        """The copies in `text`: a list of (ours, theirs, seed name), one per
        maximal copied stretch."""
        chars, where = reduce(text)
        found = []
        last_end = -1
        for key, k in sorted(windows(chars).items(), key=lambda kv: kv[1]):
            hit = self.index.get(key)
            if not hit or k < last_end:
                continue
            t, j = hit
            name, seed, schars, swhere = self.texts[t]
            n = WINDOW  # grow the stretch as far as both go on alike
            while k + n < len(chars) and j + n < len(schars) and chars[k + n] == schars[j + n] \
                    and chars[k + n] != NAME_MARK:
                n += 1
            last_end = k + n
            found.append((text[where[k]:where[k + n - 1] + 1],
                          seed[swhere[j]:swhere[j + n - 1] + 1], name))
        return found


def ours():
    """(where, text) of every Chinese text of ours."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "content", "zh", "*.md"))):
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                line = SHORTCODE.sub(NAME_MARK, line)
                if line.strip():
                    out.append(("%s:%d" % (rel, i), line))
    for path in sorted(glob.glob(os.path.join(ROOT, "data", "*.csv"))):
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8", newline="") as f:
            rows = csv.reader(f)
            head = next(rows, [])
            cols = [i for i, c in enumerate(head) if c.endswith("_zh") or c == "zh"]
            for n, row in enumerate(rows, 2):
                for i in cols:
                    if i < len(row) and row[i].strip():
                        out.append(("%s:%d (%s)" % (rel, n, head[i]), row[i]))
    return out


def main(argv):
    if len(argv) == 4 and argv[1] == "--pair":
        seeds = Seeds([("seed", argv[3])])
        for a, b, _ in seeds.find(argv[2]):
            print("copy: «%s» ~ «%s»" % (a, b))
        return 0
    if len(argv) > 2:
        print("usage: seed_overlap.py [SEEDS_DIR] | --pair OURS SEED", file=sys.stderr)
        return 2
    folder = argv[1] if len(argv) == 2 else os.path.join(ROOT, "..", "shared", "seeds")
    files = sorted(glob.glob(os.path.join(folder, "*")))
    if not files:
        print("seed overlap: skipped: no seeds at %s (CI has them at ../shared/seeds beside the clone)"
              % os.path.normpath(folder))
        return 0
    texts = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            texts.append((os.path.basename(path), f.read()))
    seeds = Seeds(texts)
    found = 0
    mine = ours()
    for where, text in mine:
        for a, b, name in seeds.find(text):
            found += 1
            print("%s: «%s» ~ %s: «%s»" % (where, a.strip(), name, b.strip()))
    print("seed overlap: %d texts against %d seeds, %d copies of %d characters or more"
          % (len(mine), len(files), found, WINDOW))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
