#!/usr/bin/env python3
"""One term, one translation: the UI strings of data/i18n.csv hold it.

    python3 tests/i18n_terms.py              # the project's data/i18n.csv
    python3 tests/i18n_terms.py I18N_CSV     # another file (a test's)

Two strings that say the same thing in one language say the same thing in
the other:

- same English, other Chinese: "Stated cost" is 来源给出的费用 on the data
  page and 来源估算的费用 in the ledger (one term, two names in Chinese);
- same Chinese, other English: 每美元速度 is "Speed per dollar" on a GPU
  page and "Speed per $/h" in a chart's table (one figure, two names in
  English).

Strings are compared as a reader meets them: English without case, a
closing colon or full stop, or a plural ("Source", "Sources:", "Case
studies"); Chinese without a closing ： or 。; a key's .one and .many forms
are one string. Strings of punctuation alone are left out (their Chinese differs by
design: a list's 、 against a clause's ，).

A string whose English names a term of GLOSSARY names it in Chinese by
that term ("rule of thumb": 经验值): two strings that name one thing in
other words in both languages ("Task times" 任务用时, "job times" 任务耗时)
are caught there.

A key that must differ is listed in ALLOWED with the reason; for the
project's own strings an entry whose key is gone is an error too, so the
list cannot go stale.
Prints one line per fault and "N passed, N failed"; exits 1 on a fault.
"""
import csv
import re
import sys
from collections import defaultdict

# English forms that are one term (a short form in a narrow place): the
# Chinese of all of them must agree.
SAME_TERM = [
    ({"jobs", "training jobs"},
     "the navigation and the search's result kinds say 'Jobs' for the training jobs"),
    ({"techniques", "training techniques"},
     "the navigation and the search's result kinds say 'Techniques' for the training techniques"),
    ({"compare", "comparisons"},
     "the navigation's verb and the search's result kind name the comparison pages"),
]

# Keys left out of both checks, each with why it may differ.
ALLOWED = {
    "cite.vs": "the word between two names ('A vs B', 'A 对比 B'), not the name of a thing",
    "chart.vram_fit.head": "the SVG's narrow column head: Chinese leaves out the wide brackets "
                           "of chart.vram_fit.col to fit",
    "list.last_many": "a list's last joint, English's serial comma (', and ') where Chinese "
                      "has 、 as for two items (a 和 would blur the use-case names that hold 与: "
                      "'研究与实验、微调与 LoRA、推理'); not the joint of role clauses "
                      "(cmp.bl.role_last, '，以及')",
    "calc.job": "the calculator's kind of job (full training, a LoRA fine-tune, inference): "
                "任务, where a job of the data is a training job, 训练任务",
    "list.quoted_last": "the last joint of quoted names ('“A”“B”和“C”'): the quotes keep a "
                        "name that holds a 和 whole, as list.last's 、 does for bare names",
    "list.quoted_last_many": "the same joint after three or more quoted names",
    "gpu.title_last": "a GPU page title's last joint, between plain nouns ('规格参数、价格和速度'), "
                      "where no name holds a 与 or 和 to blur",
    "tag.cost": "an article tag's twin as the editors spelled the tags (成本), not the name of "
                "a job's cost in the pages (费用)",
    "task.fastest": "the badge on a job's shortest time: 耗时最短, as a time is never 最快 "
                    "(content/STYLE.md), where cite.fastest marks the fastest speed, 最快",
    "task.fastest_gpu": "the job index's column of the GPU with the job's shortest time: "
                        "耗时最短, as task.fastest",
}


# The guide's terms: a string whose English names one names it in
# Chinese by its term (content/STYLE.md's table says which words a term
# replaces; this says which term an English name takes). Placeholders
# ("{workloads}") are not read as words.
GLOSSARY = [
    (r"case stud(y|ies)", "实际案例"),
    (r"rules? of thumb", "经验值"),
    (r"speed per dollar", "每美元速度"),
    (r"list prices?", "参考售价"),
    (r"use cases?", "使用场景"),
    (r"memory bandwidth", "显存带宽"),
    (r"on-demand", "按需"),
    (r"data[- ]health", "数据健康检查"),
    (r"(job|task) times?", "任务耗时"),
    (r"relative speeds?", "相对速度"),
    (r"price per card-hour", "单卡每小时租价"),
    (r"(hourly|rental) prices?", "每小时租价"),
    (r"benchmarks?(?! results?\b)", "基准测试"),
    (r"workloads?", "训练负载"),
    (r"techniques?", "训练技巧"),
    (r"stated costs?", "来源给出的费用"),
    (r"break-even", "平衡点"),
    (r"fp16 tensor throughput", "FP16 Tensor 算力"),
    (r"vram", "显存"),
    (r"providers?", "服务商"),
    (r"spot", "竞价"),
    (r"reserved", "预留"),
    (r"segments?", "定位"),
]

# Strings that name a glossary term in other words, each with why.
GLOSSARY_ALLOWED = {
    "data.about.case_studies": "'the stated cost they lead to': 其给出的费用, the case's own",
    "quote.lowest.stated": "'the source of the stated cost': 给出费用的来源, a source, not the cost",
}


def check_glossary(rows):
    faults = []
    for r in rows:
        if r["key"] in GLOSSARY_ALLOWED or not r["zh"].strip():
            continue
        en = re.sub(r"\{[a-z_]+\}", "", r["en"].lower())
        for term, zh in GLOSSARY:
            if re.search(r"\b" + term + r"\b", en) and zh not in r["zh"]:
                faults.append("the term %r is %s in Chinese: %s %r" % (
                    re.search(r"\b" + term + r"\b", en).group(0), zh, r["key"], r["zh"]))
    return faults


def norm_en(text):
    s = text.strip().lower().rstrip(":.").strip()
    words = [w[:-3] + "y" if len(w) > 4 and w.endswith("ies") else
             w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
             for w in s.split(" ")]
    s = " ".join(words)
    for forms, _ in SAME_TERM:
        if s in {" ".join(w[:-1] if w.endswith("s") else w for w in f.split(" ")) for f in forms}:
            return min(forms)
    return s


def norm_zh(text):
    return text.strip().rstrip("：。").strip()


def stem(key):
    return re.sub(r"\.(one|many|none)$", "", key)


def load(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def check(rows, stale=True):
    """The faults found, and how many terms were compared; `stale`: an
    ALLOWED key the strings do not have is a fault (the project's own
    strings, not a test's)."""
    faults = []
    used = set()
    by_en, by_zh = defaultdict(list), defaultdict(list)
    for r in rows:
        if not r["zh"].strip() or not re.search(r"[A-Za-z]", r["en"]):
            continue
        if r["key"] in ALLOWED:
            used.add(r["key"])
            continue
        by_en[norm_en(r["en"])].append(r)
        by_zh[norm_zh(r["zh"])].append(r)
    for en, group in sorted(by_en.items()):
        names = sorted({norm_zh(r["zh"]) for r in group})
        if len(names) > 1:
            faults.append("one English term, %d Chinese: %r is %s" % (
                len(names), en, "; ".join("%s %r" % (r["key"], r["zh"]) for r in group)))
    for zh, group in sorted(by_zh.items()):
        if len({stem(r["key"]) for r in group}) < 2:
            continue
        names = sorted({norm_en(r["en"]) for r in group})
        if len(names) > 1:
            faults.append("one Chinese term, %d English: %r is %s" % (
                len(names), zh, "; ".join("%s %r" % (r["key"], r["en"]) for r in group)))
    keys = {r["key"] for r in rows}
    faults += check_glossary(rows)
    for key in sorted(set(ALLOWED) - used) + sorted(GLOSSARY_ALLOWED):
        if stale and key not in keys:
            faults.append("an allowed key %s that data/i18n.csv no longer has" % key)
    return faults, len(by_en) + len(by_zh) + len(GLOSSARY)


def main(argv):
    path = argv[1] if len(argv) > 1 else "data/i18n.csv"
    rows = load(path)
    faults, terms = check(rows, stale=len(argv) == 1)
    for f in faults:
        print("%s: %s" % (path, f))
    print("%d passed, %d failed" % (max(terms - len(faults), 0), len(faults)))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
