#!/usr/bin/env python3
"""Size of the search index (gen/search/search.c), and what one search fetches.

    bench/search.py SITE [SITE...]       measure built sites
    bench/search.py --corpus N           build the synthetic corpus of N
                                         articles per language (corpus.py,
                                         10 GPUs) into bench/out/ and measure it

For each language: every file of <lang>/search/ (raw and gzip -9 bytes), the
shard counts, and for a few queries the files the browser would fetch
(templates/assets/search.js: index.json, one term shard per query token, the
doc shards of the first 10 results), raw and gzip. Standard library only.
"""

import argparse
import gzip
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
QUERIES = {
    'en': ['4090', 'gpu', 'tra', 'memory bandwidth', 'lora 7b'],
    'zh': ['显存', '训练', '4090 显存', '混合精度'],
}
SHOWN = 10


def gz(data):
    return len(gzip.compress(data, 9, mtime=0))


def fnv(s):
    h = 2166136261
    for b in s.encode('utf-8'):
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def is_cjk(cp):
    return (0x3040 <= cp <= 0x30FF or 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or
            0xAC00 <= cp <= 0xD7AF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x2FFFF)


def classify(ch):
    cp = ord(ch)
    if cp < 0x80:
        return 'w' if ch.isascii() and ch.isalnum() else 's'
    if is_cjk(cp):
        return 'c'
    return 'w' if 0xC0 <= cp < 0x2000 and cp not in (0xD7, 0xF7) else 's'


def tokens(q):
    """(token, prefix) as search.js splits a query."""
    out, word, run = [], '', []
    for ch in q + ' ':
        c = classify(ch)
        if c != 'w' and word:
            out.append((word, True))
            word = ''
        if c != 'c' and run:
            out += [(run[i] + run[i + 1], False) for i in range(len(run) - 1)]
            run = []
        if c == 'w':
            word += ch.lower() if ch.isascii() else ch
        elif c == 'c':
            run.append(ch)
    return out


def weight(fields):
    for bit in (8, 4, 2, 1):
        if fields & bit:
            return bit
    return 0


DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'


def postings(post):
    """(doc, fields) of a term's postings: each one number, twice the step
    from the doc before plus one when its fields follow as one digit (else
    it is in the body alone); digits 0-31 end a number, 32-63 come before
    its last (gen/search/search.h)."""
    doc, n, i = 0, 0, 0
    while i < len(post):
        d = DIGITS.index(post[i])
        i += 1
        n = n * 32 + (d - 32 if d >= 32 else d)
        if d >= 32:
            continue
        doc += n // 2
        fields = 1
        if n % 2:
            fields = DIGITS.index(post[i])
            i += 1
        n = 0
        yield doc, fields


def terms(table):
    """(term, postings) of a term shard: a CJK pair's postings are under the
    pair, or, when others in the shard share its first character, under
    that character, then its second."""
    for key, value in table.items():
        if isinstance(value, dict):
            for second, post in value.items():
                yield key + second, post
        else:
            yield key, value


class Index:
    def __init__(self, folder):
        self.folder = folder
        self.files = {n: open(os.path.join(folder, n), 'rb').read()
                      for n in sorted(os.listdir(folder)) if n.endswith('.json')}
        self.meta = json.loads(self.files['index.json'])

    def search(self, q):
        """The names of the files one search fetches, in order."""
        fetched = ['index.json']
        total = None
        for tok, prefix in tokens(q):
            h, n = fnv(''.join(list(tok)[:2])), self.meta['number_shards']
            shard = h % n if tok[:1].isdigit() and tok[:1].isascii() else n + h % (self.meta['shards'] - n)
            name = 't%d.json' % shard
            if name not in fetched:
                fetched.append(name)
            table = json.loads(self.files[name])
            scores = {}
            for term, post in terms(table):
                exact = term == tok
                if not exact and not (prefix and len(tok) >= 2 and term.startswith(tok)):
                    continue
                for d, fields in postings(post):
                    s = weight(fields) * (2 if exact else 1)
                    scores[d] = max(scores.get(d, 0), s)
            total = scores if total is None else {d: total[d] + scores[d] for d in total if d in scores}
        ids = sorted(total or {}, key=lambda d: (-total[d], -self.meta['held'][d],
                                                 self.meta['title_tokens'][d], d))
        starts = self.meta['doc_shards']
        for d in ids[:SHOWN]:
            k = max(i for i, s in enumerate(starts) if s <= d)
            if 'd%d.json' % k not in fetched:
                fetched.append('d%d.json' % k)
        return fetched, len(ids)


def kb(n):
    return '%.1f KB' % (n / 1024)


def measure(site):
    print('## %s\n' % site)
    print('| lang | docs | term shards | doc shards | all files raw | all files gzip | largest file gzip |')
    print('|---|--:|--:|--:|--:|--:|--:|')
    indexes = {}
    for lang in ('en', 'zh'):
        ix = Index(os.path.join(site, lang, 'search'))
        indexes[lang] = ix
        raw = sum(len(b) for b in ix.files.values())
        z = sum(gz(b) for b in ix.files.values())
        big = max(gz(b) for b in ix.files.values())
        print('| %s | %d | %d | %d | %s | %s | %s |' % (
            lang, ix.meta['docs'], ix.meta['shards'], len(ix.meta['doc_shards']),
            kb(raw), kb(z), kb(big)))
    print('\n| lang | query | matches | files fetched | fetched raw | fetched gzip |')
    print('|---|---|--:|--:|--:|--:|')
    for lang, ix in indexes.items():
        for q in QUERIES[lang]:
            names, n = ix.search(q)
            raw = sum(len(ix.files[f]) for f in names)
            z = sum(gz(ix.files[f]) for f in names)
            print('| %s | `%s` | %d | %d | %s | %s |' % (lang, q, n, len(names), kb(raw), kb(z)))
    print()


def build_corpus(n):
    out = os.path.join(HERE, 'out')
    corpus = os.path.join(out, 'search-corpus-%d' % n)
    site = os.path.join(out, 'search-site-%d' % n)
    if not os.path.isdir(corpus):
        subprocess.run([sys.executable, os.path.join(HERE, 'corpus.py'), corpus,
                        '--articles', str(n), '--gpus', '10', '--src', ROOT], check=True)
    subprocess.run([os.path.join(ROOT, 'build', 'gen'), 'build', '--root', corpus,
                    '--out', site, '--quiet'], check=True)
    return site


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('sites', nargs='*')
    ap.add_argument('--corpus', type=int, action='append', default=[])
    a = ap.parse_args()
    for site in a.sites + [build_corpus(n) for n in a.corpus]:
        measure(site)


if __name__ == '__main__':
    main()
