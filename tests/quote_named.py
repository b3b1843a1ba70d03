#!/usr/bin/env python3
"""Does every page that names the quote of a job's cost name the one the
cost is priced at? The ledger (SITE/data/figures.csv) says which prices.csv
row a cost figure uses; the pages that show that cost with the quote beside
it (articles, whose prose says "at $0.44/h the job costs $2.64", and the
job's own page, whose rows name their quote) must print that row's hourly
price.

    python3 tests/quote_named.py PROJECT SITE FIGURE_ID

Exits 0 when each page of the figure prints its quote's price, else prints
the pages that do not and exits 1.
"""
import csv
import html
import os
import re
import sys


def main():
    proj, site, fid = sys.argv[1:4]
    with open(os.path.join(site, "data", "figures.csv"), encoding="utf-8", newline="") as f:
        fig = next((r for r in csv.DictReader(f) if r["id"] == fid), None)
    if not fig:
        print("no figure %s in the ledger" % fid)
        return 1
    rows = re.findall(r"data/prices\.csv:(\d+)", fig["inputs"])
    if len(rows) != 1:
        print("%s has %d price rows: %s" % (fid, len(rows), fig["inputs"]))
        return 1
    with open(os.path.join(proj, "data", "prices.csv"), encoding="utf-8", newline="") as f:
        prices = list(csv.reader(f))
    price = prices[int(rows[0]) - 1][2]
    want = "$%.2f/" % float(price)
    bad = 0
    for url in fig["page_list"].split():
        if "/articles/" not in url and not re.search(r"/tasks/[^/]+/$", url):
            continue
        path = os.path.join(site, url.strip("/"), "index.html")
        text = html.unescape(re.sub(r"<[^>]+>", " ", open(path, encoding="utf-8").read()))
        if want not in text:
            print("%s shows %s (%s) without its quote %sh" % (url, fid, fig["value"], want))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
