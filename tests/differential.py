#!/usr/bin/env python3
"""Incremental builds against full builds, after random edits.

    python3 tests/differential.py GEN EDITS [SEED]

A copy of the project (data, templates, content) is built once; then EDITS
random edits are made one after another (a price, a GPU's name, an article's
words, an article added, removed or renamed, a UI string, a template, a file
touched without a change, a published file changed by hand with its time put
back, the cache damaged or removed), and after each the incremental build of
the published site must equal a build from nothing, byte for byte, file for
file. An edit that breaks the build (none should) must leave the published
site as it was. The seed fixes the edits: a failure names the seed and the
step to run again.

Prints one line per step that fails, and a closing
"differential: N passed, N failed (seed S)"; exits non-zero on a failure.
"""
import csv
import hashlib
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile


def tree(path):
    """Every file below path, by relative path, with its bytes' digest."""
    out = {}
    for root, _dirs, files in os.walk(path):
        for name in files:
            full = os.path.join(root, name)
            with open(full, 'rb') as f:
                out[os.path.relpath(full, path)] = hashlib.sha256(f.read()).hexdigest()
    return out


def build(gen, root, out):
    return subprocess.run([gen, 'build', '--root', root, '--out', out, '--quiet'],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)


def read_csv(path):
    with open(path, newline='', encoding='utf-8') as f:
        return list(csv.reader(f))


def write_csv(path, rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator='\n').writerows(rows)
    with open(path, 'w', newline='', encoding='utf-8') as f:
        f.write(buf.getvalue())


class Project:
    def __init__(self, root, rng):
        self.root, self.rng = root, rng
        self.added = 0

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def articles(self, lang):
        d = self.path('content', lang)
        return sorted(n for n in os.listdir(d) if n.endswith('.md'))

    # ---- the edits: each returns what it did, in words ----

    def edit_price(self):
        p = self.path('data', 'prices.csv')
        rows = read_csv(p)
        r = self.rng.randrange(1, len(rows))
        i = rows[0].index('usd_per_hour')
        rows[r][i] = '%.2f' % self.rng.uniform(0.2, 5.0)
        write_csv(p, rows)
        return 'data/prices.csv row %d: price %s' % (r, rows[r][i])

    def edit_gpu_name(self):
        p = self.path('data', 'gpus.csv')
        rows = read_csv(p)
        r = self.rng.randrange(1, len(rows))
        i = rows[0].index('name')
        rows[r][i] = rows[r][i].rstrip('+') + self.rng.choice(['', '+'])
        write_csv(p, rows)
        return 'data/gpus.csv row %d: name %s' % (r, rows[r][i])

    def edit_article_words(self):
        lang = self.rng.choice(['en', 'zh'])
        name = self.rng.choice(self.articles(lang))
        p = self.path('content', lang, name)
        with open(p, encoding='utf-8') as f:
            text = f.read()
        word = self.rng.choice(['Note', 'Also', '另外', '注意'])
        text = text.rstrip('\n') + '\n\n%s %d.\n' % (word, self.rng.randrange(1000))
        with open(p, 'w', encoding='utf-8') as f:
            f.write(text)
        return 'content/%s/%s: a paragraph appended' % (lang, name)

    def add_article(self):
        self.added += 1
        slug = 'diff-%d-%d' % (self.added, self.rng.randrange(10 ** 6))
        src = self.rng.choice(self.articles('en'))
        with open(self.path('content', 'en', src), encoding='utf-8') as f:
            text = f.read()
        head, body = text.split('\n---\n', 1)
        lines = [l for l in head.split('\n')
                 if not l.startswith(('slug:', 'translation:'))]
        lines.insert(1, 'slug: ' + slug)
        with open(self.path('content', 'en', slug + '.md'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n---\n' + body)
        return 'content/en/%s.md added' % slug

    def remove_article(self):
        names = [n for n in self.articles('en') if n.startswith('diff-')]
        if not names:
            return self.add_article()
        name = self.rng.choice(names)
        os.remove(self.path('content', 'en', name))
        return 'content/en/%s removed' % name

    def edit_ui_string(self):
        p = self.path('data', 'i18n.csv')
        rows = read_csv(p)
        i = rows[0].index('en')
        r = self.rng.randrange(1, len(rows))
        if '{' in rows[r][i] or not rows[r][i]:
            return self.touch_file()
        rows[r][i] = rows[r][i].rstrip('!') + self.rng.choice(['', '!'])
        write_csv(p, rows)
        return 'data/i18n.csv row %d (%s)' % (r, rows[r][0])

    def edit_template(self):
        d = self.path('templates', 'assets')
        p = os.path.join(d, 'style.css')
        with open(p, encoding='utf-8') as f:
            text = f.read()
        text += '\n/* edit %d */\n' % self.rng.randrange(10 ** 6)
        with open(p, 'w', encoding='utf-8') as f:
            f.write(text)
        return 'templates/assets/style.css edited'

    def touch_file(self):
        d = self.rng.choice(['data', 'templates', 'content'])
        files = []
        for root, _dirs, names in os.walk(self.path(d)):
            files += [os.path.join(root, n) for n in names]
        p = self.rng.choice(sorted(files))
        os.utime(p)
        return '%s touched' % os.path.relpath(p, self.root)

    def hand_edit_site(self):
        site = self.path('site')
        files = sorted(k for k in tree(site) if k.endswith(('.html', '.css', '.xml', '.json')))
        rel = self.rng.choice(files)
        p = os.path.join(site, rel)
        st = os.stat(p)
        with open(p, 'r+b') as f:
            b = f.read(1)
            f.seek(0)
            f.write(b'=' if b == b'<' else b'<')
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
        return 'site/%s changed by hand, its size and mtime kept' % rel

    def damage_cache(self):
        p = self.path('.site-cache-site')
        if not os.path.exists(p):
            return self.touch_file()
        if self.rng.random() < 0.5:
            os.remove(p)
            return 'the cache removed'
        size = os.path.getsize(p)
        with open(p, 'r+b') as f:
            f.seek(self.rng.randrange(size))
            f.write(bytes([self.rng.randrange(256)]))
        return 'a byte of the cache changed'

    EDITS = ['edit_price', 'edit_price', 'edit_gpu_name', 'edit_article_words',
             'edit_article_words', 'add_article', 'remove_article', 'edit_ui_string',
             'edit_template', 'touch_file', 'hand_edit_site', 'damage_cache']


def main():
    gen, edits = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 27
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix='gpuguide-diff-')
    passed = failed = 0
    try:
        proj = os.path.join(work, 'proj')
        for d in ('data', 'templates', 'content'):
            shutil.copytree(os.path.join(top, d), os.path.join(proj, d))
        site, full = os.path.join(proj, 'site'), os.path.join(work, 'full')
        r = build(gen, proj, site)
        if r.returncode != 0:
            print('differential: the project does not build:', r.stderr.decode()[:300])
            print('differential: 0 passed, 1 failed (seed %d)' % seed)
            return 1
        project = Project(proj, rng)
        for step in range(1, edits + 1):
            what = getattr(project, rng.choice(Project.EDITS))()
            before = tree(site)
            r = build(gen, proj, site)
            why = ''
            if r.returncode != 0:
                why = 'the build failed: ' + r.stderr.decode(errors='replace')[:200]
                if tree(site) != before:
                    why += '; the published site changed'
            else:
                shutil.rmtree(full, ignore_errors=True)
                for leftover in ('.site-cache-full', '.site-lock-full'):
                    if os.path.exists(os.path.join(work, leftover)):
                        os.remove(os.path.join(work, leftover))
                shutil.rmtree(os.path.join(work, '.site-spare-full'), ignore_errors=True)
                rf = build(gen, proj, full)
                if rf.returncode != 0:
                    why = 'the full build failed'
                else:
                    inc, ref = tree(site), tree(full)
                    if inc != ref:
                        diff = sorted(k for k in set(inc) | set(ref) if inc.get(k) != ref.get(k))
                        why = '%d files differ from a full build, e.g. %s' % (len(diff), diff[0])
            if why:
                failed += 1
                print('FAIL - step %d (%s): %s' % (step, what, why))
            else:
                passed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print('differential: %d passed, %d failed (seed %d)' % (passed, failed, seed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
