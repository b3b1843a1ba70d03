#!/bin/sh
# Incremental rebuilds: after each edit of a set (a price, a template, an
# article, a UI string, a GPU added, a GPU removed, ...), a rebuild of the
# published site equals a full build from nothing, byte for byte; a rebuild
# with nothing changed renders no page; a published file changed by hand, or
# a damaged cache, is never trusted. Prints "rebuild: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
gen="$top/build/gen"
work=$(mktemp -d /tmp/gpuguide-rebuild-XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
. "$top/tests/lib.sh"

proj="$work/proj"
mkdir -p "$proj"
fixture_project "$proj"
site="$proj/site"
export SOURCE_DATE_EPOCH=1780000000
# every page read again for the search index from its figures is read
# whole too, and the build fails when the two differ (search_pages.h)
export GEN_CHECK_SEARCH=1
# every page made from its published file with its body replaced is
# rendered too, and the build fails when the two differ (render.h)
export GEN_CHECK_SPLICE=1
# ids of files changed in the last 100 ms are not trusted (the clock tick):
# let the copies age past that
sleep 0.3

rebuild() { # rebuild OUTFILE: the incremental build of $site
	"$gen" build --root "$proj" --timings >"$1" 2>&1
}
# the count of pages rendered, from a --timings line
rendered() { sed -n 's/.*render [0-9]* ms (\([0-9]*\) pages rendered.*/\1/p' "$1"; }
kept() { sed -n 's/.*pages rendered, \([0-9]*\) kept).*/\1/p' "$1"; }
# same_as_full NAME: the published site equals a build from nothing
same_as_full() {
	rm -rf "$work/full" "$work/.site-cache-full"
	"$gen" build --root "$proj" --out "$work/full" --quiet >/dev/null 2>&1
	if diff -r "$site" "$work/full" >"$work/diff" 2>&1; then
		ok "after $1: the rebuilt site equals a full build"
	else
		fail "after $1: the rebuilt site equals a full build"
		head -20 "$work/diff"
	fi
}
# edited NAME: rebuild after an edit; some pages, not all, are rendered
edited() {
	rebuild "$work/out"
	rc=$?
	check "after $1: the rebuild exits 0" test "$rc" -eq 0
	n=$(rendered "$work/out")
	k=$(kept "$work/out")
	check "after $1: some pages rendered ($n), others kept ($k)" \
		test "${n:-0}" -gt 0 -a "${k:-0}" -gt 0
	same_as_full "$1"
}
csv_edit() { # csv_edit FILE PYTHON: rows = list of rows, edited in place
	python3 - "$1" "$2" <<'PY'
import csv, io, sys
f, code = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(f, newline='', encoding='utf-8')))
exec(code)
w = io.StringIO(); csv.writer(w, lineterminator='\n').writerows(rows)
open(f, 'w', encoding='utf-8').write(w.getvalue())
PY
}

# 1. The first build, and a rebuild with nothing changed.
"$gen" build --root "$proj" --timings >"$work/out1" 2>&1
check "the first build exits 0" test $? -eq 0
total=$(rendered "$work/out1")
check "the first build renders every page ($total)" test "${total:-0}" -gt 100
check "the first build keeps the cache beside the site" test -f "$proj/.site-cache-site"
check "the cache is not published" test ! -e "$site/.site-cache-site"
before=$(cd "$site" && find . -type f -printf '%p %i %s %T@\n' | sort | sha256sum)
rebuild "$work/out2"
check "a no-change rebuild renders no page" grep -q 'render [0-9]* ms (0 pages rendered, 0 kept)' "$work/out2"
check "a no-change rebuild writes no file" grep -Eq '^gen: 0 pages written, [0-9]+ unchanged, 0 removed' "$work/out2"
check "a no-change rebuild leaves every file, inode and mtime" \
	test "$before" = "$(cd "$site" && find . -type f -printf '%p %i %s %T@\n' | sort | sha256sum)"

# 2. An input touched but not changed, a moment ago (its id, changed in the
#    last 100 ms, not trusted): every page is kept, none rendered.
touch "$proj/data/prices.csv"
rebuild "$work/out3"
check "an input touched, not changed: no page rendered" grep -q "(0 pages rendered, $total kept)" "$work/out3"
check "an input touched, not changed: no file written" grep -Eq '^gen: 0 pages written' "$work/out3"
check "an input touched, not changed: every file as it was" \
	test "$before" = "$(cd "$site" && find . -type f -printf '%p %i %s %T@\n' | sort | sha256sum)"
# data files and templates stand for themselves by their content: saved
# unchanged, or changed and changed back, they are no change at all
sleep 0.3
rebuild "$work/out3"
touch "$proj/data/prices.csv" "$proj/data/gpus.csv" "$proj/templates/pages/gpu.mustache"
sleep 0.3
rebuild "$work/out3"
check "data and a template saved unchanged: nothing to do" \
	grep -q 'render [0-9]* ms (0 pages rendered, 0 kept)' "$work/out3"
cp "$proj/data/prices.csv" "$work/prices.csv"
sed -i 's/^rtx-4090,,0.39,/rtx-4090,,0.47,/' "$proj/data/prices.csv"
sleep 0.1
cp "$work/prices.csv" "$proj/data/prices.csv"
sleep 0.3
rebuild "$work/out3"
check "a price changed and changed back: nothing to do" \
	grep -q 'render [0-9]* ms (0 pages rendered, 0 kept)' "$work/out3"
check "and every file as it was" \
	test "$before" = "$(cd "$site" && find . -type f -printf '%p %i %s %T@\n' | sort | sha256sum)"
# an article is known by its file's id: touched, it is read again
touch "$proj/content/en/how-to-choose.md"
sleep 0.3
rebuild "$work/out3"
check "an article touched: its pages kept, not the build skipped" \
	grep -q "(0 pages rendered, $total kept)" "$work/out3"

# 3. Edits, each followed by a rebuild that must equal a full build.
cache_ino=$(stat -c %i "$proj/.site-cache-site")
sitemap_ino=$(stat -c %i "$site/sitemap.xml")
sed -i 's/^rtx-4090,,0.39,/rtx-4090,,0.41,/' "$proj/data/prices.csv"
edited "a price edit"
check "the price edit keeps the sitemap as published (no page came or went)" \
	test "$(stat -c %i "$site/sitemap.xml")" = "$sitemap_ino"
check "the price edit appends to the cache (its file kept, no mark left)" \
	test "$(stat -c %i "$proj/.site-cache-site")" = "$cache_ino" -a ! -e "$proj/.site-cache-site.tail"
check "the price edit is reported" grep -q 'Lowest price per card-hour of RTX 4090: \$0.39/h → \$0.41/h' "$work/out"
check "the price edit rewrites fewer pages than it keeps" \
	test "$(rendered "$work/out")" -lt "$(kept "$work/out")"
again=$(sed -n 's/.*search index [0-9]* ms (\([0-9]*\) pages read from their figures).*/\1/p' "$work/out")
check "the price edit indexes pages from their figures alone ($again), read whole too and found the same" \
	test "${again:-0}" -gt 0
spliced=$(sed -n 's/.*page cache [0-9]* ms (\([0-9]*\) pages made from their files).*/\1/p' "$work/out")
check "the price edit makes article pages from their files, their bodies replaced ($spliced), rendered too and found the same" \
	test "${spliced:-0}" -gt 0
remade=$(sed -n "s/.*Markdown [0-9]* ms (\([0-9]*\) articles' HTML made from their pages).*/\1/p" "$work/out")
check "the price edit makes its articles' cmark HTML again from their pages ($remade), neither read nor parsed" \
	test "${remade:-0}" -gt 0
# again, each page's record now the one its reading again made; then
# with the index made whole after the pages were put by what they changed
# (as when a page rendered again has no last record): they are put again
# from their new records
sed -i 's/^rtx-4090,,0.41,/rtx-4090,,0.43,/' "$proj/data/prices.csv"
edited "a second price edit"
again=$(sed -n 's/.*search index [0-9]* ms (\([0-9]*\) pages read from their figures).*/\1/p' "$work/out")
check "the second price edit indexes pages from their figures alone too ($again)" \
	test "${again:-0}" -gt 0
sed -i 's/^rtx-4090,,0.43,/rtx-4090,,0.41,/' "$proj/data/prices.csv"
GEN_CHECK_SEARCH=whole edited "a price edit whose index is made whole"
# a figure in a heading (the contents leave figures out, as their ids
# do): the page is made from its file with its body replaced, and is the
# page rendered (GEN_CHECK_SPLICE)
printf '\n## At %s an hour\n\nA section whose heading shows a price.\n' \
	'{{< price gpu=rtx-4090 >}}' >>"$proj/content/en/how-to-choose.md"
edited "a heading that shows a price"
sed -i 's/^rtx-4090,,0.41,/rtx-4090,,0.42,/' "$proj/data/prices.csv"
edited "a price edit that a heading shows"
check "the price edit reaches the heading" \
	grep -q 'id="at-an-hour">At <span class="fig"[^>]*>\$0.42/h' "$site/en/articles/how-to-choose/index.html"
sed -i 's/^rtx-4090,,0.42,/rtx-4090,,0.41,/' "$proj/data/prices.csv"
edited "the price set back"

printf '\n<!-- a template edit -->\n' >>"$proj/templates/pages/gpu.mustache"
edited "a template edit"
check "the template edit reaches every GPU page" grep -q 'a template edit' "$site/en/gpus/rtx-4090/index.html"

printf '\nOne more paragraph, written for the rebuild test.\n' >>"$proj/content/en/how-to-choose.md"
edited "an article edit"

cat >"$proj/content/en/rebuild-note.md" <<'MD'
---
title: A note added later
description: An article added between two builds.
date: 2026-05-01
slug: rebuild-note
---
A short article, added after the first build.
MD
edited "an article added"
check "the added article is published" test -f "$site/en/articles/rebuild-note/index.html"
check "and in the sitemap" grep -q '/en/articles/rebuild-note/</loc>' "$site/sitemap.xml"
# its contents come with its third heading: a kept page knows how many
# headings its body has without reading them
printf '\n## One\n\nText.\n\n## Two\n\nText.\n' >>"$proj/content/en/rebuild-note.md"
edited "two headings added to an article"
check "two headings: no contents" sh -c "! grep -q 'class=\"toc\"' '$site/en/articles/rebuild-note/index.html'"
printf '\n## Three\n\nText.\n' >>"$proj/content/en/rebuild-note.md"
edited "a third heading added to an article"
check "a third heading: the contents list it" \
	grep -q 'href="#three"' "$site/en/articles/rebuild-note/index.html"
# a list page is digested by what its summaries are made from: a tag added
# to an article reaches the tag's page and the list of every article
sed -i 's/^slug: rebuild-note$/slug: rebuild-note\ntags: rebuild-tag/' "$proj/content/en/rebuild-note.md"
edited "a tag added to an article"
check "the tag's page lists the article" \
	grep -q 'href="../../../en/articles/rebuild-note/"' "$site/en/tags/rebuild-tag/index.html"
check "the list of every article links the tag" \
	grep -q 'href="../../en/tags/rebuild-tag/"' "$site/en/articles/index.html"
rm "$proj/content/en/rebuild-note.md"
edited "an article removed"
check "the removed article is gone" test ! -e "$site/en/articles/rebuild-note"
check "and its tag's page" test ! -e "$site/en/tags/rebuild-tag"

# an article's front matter comes from the last build's record while its
# file's id is the one it had: a title edited to another of its length,
# the modification time put back, is read again (its change time moved)
python3 - "$proj/content/en/how-to-choose.md" >"$work/new-title" <<'PY'
import os, sys
f = sys.argv[1]
st = os.stat(f)
lines = open(f, encoding='utf-8').read().split('\n')
for i, l in enumerate(lines):
    if l.startswith('title: '):
        t = ''.join(chr((ord(c) - 97 + 1) % 26 + 97) if 'a' <= c <= 'z' else c for c in l[7:])
        lines[i] = 'title: ' + t
        print(t.strip('"'))
        break
open(f, 'w', encoding='utf-8').write('\n'.join(lines))
os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
PY
sleep 0.3
edited "a title edited, its size and modification time put back"
check "the edited title is on the article's page" \
	grep -qF "$(cat "$work/new-title")" "$site/en/articles/how-to-choose/index.html"

# its body too, rendered from the last build's record of it while the file
# is the one it was: a word of the body changed to another of its length,
# the modification time put back, is read and rendered again
python3 - "$proj/content/en/how-to-choose.md" >"$work/new-word" <<'PY'
import os, re, sys
f = sys.argv[1]
st = os.stat(f)
text = open(f, encoding='utf-8').read()
body_at = text.index('\n---\n', 4) + 5
m = re.compile(r'\b[a-z]{7}\b').search(text, body_at)
word = ''.join(chr((ord(c) - 97 + 3) % 26 + 97) for c in m.group(0))
open(f, 'w', encoding='utf-8').write(text[:m.start()] + word + text[m.end():])
os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
print(word)
PY
sleep 0.3
edited "a word of a body edited, its size and modification time put back"
check "the edited word is on the article's page" \
	grep -qF "$(cat "$work/new-word")" "$site/en/articles/how-to-choose/index.html"

csv_edit "$proj/data/i18n.csv" '
for r in rows:
    if r[0] == "nav.gpus": r[1] = r[1] + " (all)"
'
rebuild "$work/out"
same_as_full "a UI string edit"

csv_edit "$proj/data/gpus.csv" '
r = list(rows[1]); r[0] = "test-gpu-x"; r[1] = "Test GPU X"; rows.append(r)
'
edited "a GPU added"
check "the added GPU has its page" test -f "$site/en/gpus/test-gpu-x/index.html"
csv_edit "$proj/data/gpus.csv" '
rows[:] = [r for r in rows if r[0] != "test-gpu-x"]
'
edited "a GPU removed"
check "the removed GPU's page is gone" test ! -e "$site/en/gpus/test-gpu-x"

# a data table's page is kept without being built when what it is built
# from is unchanged: a table it names rows of, or a UI string, changes it
csv_edit "$proj/data/gpus.csv" '
for r in rows:
    if r[0] == "h100-80gb": r[1] = r[1] + " (SXM)"
'
edited "a GPU's name edited"
check "the results table names the GPU by its new name" \
	grep -q 'H100 80GB (SXM)' "$site/en/data/results/index.html"
csv_edit "$proj/data/sources.csv" '
for r in rows:
    if r[0] == "training-guide-en": r[2] = "The " + r[2]
'
edited "a source's title edited"
csv_edit "$proj/data/i18n.csv" '
for r in rows:
    if r[0] == "data.col.vram_gb": r[1] = "VRAM in GB"
'
edited "a data column's label edited"
check "the GPUs table heads the column so" grep -q 'VRAM in GB' "$site/en/data/gpus/index.html"

# comparison and GPU pages are kept without being built when the data
# about their GPUs (and the baseline's) is unchanged: their figures are
# marked again from the cache and their charts' files kept as published
pair="$site/en/compare/h100-80gb-vs-a100-80gb/index.html"
chart="$site/charts/en/chart-pair-h100-80gb-a100-80gb.svg"
inode() { stat -c %i "$1"; }
pair_inode=$(inode "$pair") chart_inode=$(inode "$chart")
csv_edit "$proj/data/prices.csv" '
for r in rows:
    if r[0] == "rtx-3080" and r[2] == "0.21": r[2] = "0.22"
'
edited "another GPU's price edited"
check "a comparison of two other GPUs is kept as published" test "$(inode "$pair")" = "$pair_inode"
check "and its chart's file too" test "$(inode "$chart")" = "$chart_inode"
check "the ledger still lists the kept comparison's figures" \
	grep -q "/en/compare/h100-80gb-vs-a100-80gb/" "$site/data/figures.csv"
# GEN_CHECK_INPUTS: a page kept by its inputs is built all the same and its
# context held to the one it was rendered from (recorded when a build under
# it renders the page: here, all of them)
export GEN_CHECK_INPUTS=1
rm -f "$proj/.site-cache-site"
rebuild "$work/out"
check "a build under GEN_CHECK_INPUTS without a cache renders every page" \
	grep -q ' pages rendered, 0 kept)' "$work/out"
csv_edit "$proj/data/prices.csv" '
rows.insert(1, ["rtx-3090", "", "0.30", "", "", "spot", "", "training-guide-en", "Spot.", "现货。"])
'
edited "a price row inserted before the others (their lines move)"
csv_edit "$proj/data/task_times.csv" '
for r in rows:
    if r[0] == "resnet50-imagenet" and r[1] == "h100-80gb": r[2] = "2.4"
'
edited "the baseline GPU's job time edited"
csv_edit "$proj/data/claims.csv" '
for r in rows:
    if r[0] == "h100-a100-training-3x": r[5] = "2.4"  # its low end
'
edited "a claim about two GPUs edited"
check "no page kept by its inputs was found stale" \
	test "$(grep -c 'GEN_CHECK_INPUTS' "$work/out")" -eq 0
unset GEN_CHECK_INPUTS
echo 'changed by hand' >"$chart"
rebuild "$work/out"
same_as_full "a kept comparison's chart file changed by hand"
rm "$chart"
rebuild "$work/out"
same_as_full "a kept comparison's chart file removed by hand"

"$gen" build --root "$proj" --base-url https://example.org/guide --timings >"$work/out" 2>&1
check "a new base URL renders every page" grep -q "($total pages rendered, 0 kept)" "$work/out"
check "the new base URL is in the pages" grep -q 'https://example.org/guide/en/' "$site/en/index.html"
"$gen" build --root "$proj" --timings >"$work/out" 2>&1
same_as_full "the base URL taken back"

# 4. What the cache must never be trusted for.
page="$site/en/gpus/rtx-4090/index.html"
good=$(sha256sum <"$page")
rm "$page" && echo 'changed by hand' >"$page"
rebuild "$work/out"
check "a page changed by hand is rendered again" test "$good" = "$(sha256sum <"$page")"
check "only that page is rendered" grep -q '(1 pages rendered' "$work/out"
rm "$site/en/gpus/index.html"
rebuild "$work/out"
check "a page removed by hand is rendered again" test -f "$site/en/gpus/index.html"
rm "$site/sitemap.xml" && echo 'changed by hand' >"$site/sitemap.xml"
rebuild "$work/out"
check "a sitemap changed by hand is made again" grep -q '<urlset' "$site/sitemap.xml"
echo stray >"$site/stray.txt"
rebuild "$work/out"
check "a stray file in the site is removed" test ! -e "$site/stray.txt"
same_as_full "the site was changed by hand"
# an article's page changed by hand, then a price it shows edited: its
# cmark HTML is not made from that page (not the file the cache recorded)
# but from its body parsed again; its sibling in the other language is made
# from its own
art="$site/en/articles/how-to-choose/index.html"
sed -i 's|<p>|<p>By hand. |' "$art"
cp "$proj/data/prices.csv" "$work/prices-before-hand.csv"
sed -i 's/^rtx-4090,,[0-9.]*,/rtx-4090,,0.46,/' "$proj/data/prices.csv"
edited "an article's page changed by hand, then a price it shows edited"
check "the article's page is its own again" sh -c "! grep -q 'By hand' '$art'"
check "and shows the price edited" grep -q '\$0.46/h' "$art"
cp "$work/prices-before-hand.csv" "$proj/data/prices.csv"
edited "the price set back"

# a record damaged: that record is not used (its page or article is made
# again); the index damaged: none is
printf 'x' | dd of="$proj/.site-cache-site" bs=1 seek=100 conv=notrunc 2>/dev/null
touch "$proj/data/prices.csv"
rebuild "$work/out"
check "a damaged record: the rebuild exits 0" test $? -eq 0
same_as_full "a damaged record"
size=$(stat -c %s "$proj/.site-cache-site")
printf 'x' | dd of="$proj/.site-cache-site" bs=1 seek=$((size - 40)) conv=notrunc 2>/dev/null
touch "$proj/data/prices.csv"
rebuild "$work/out"
check "a damaged index: the cache is not used (every page rendered)" grep -q "($total pages rendered, 0 kept)" "$work/out"
same_as_full "a damaged index"
# what the cache said of itself is no warning of the inputs: a build with
# nothing to do after it neither says nor counts it
sleep 0.2
rebuild "$work/out"
check "after a damaged index, a no-change rebuild counts no warning" grep -q ' 0 warnings' "$work/out"
check "and says nothing of the cache" sh -c "! grep -q 'cache is not used' '$work/out'"
: >"$proj/.site-cache-site"
rebuild "$work/out"
check "an empty cache is not used" grep -q "($total pages rendered, 0 kept)" "$work/out"

# 5. A failed build leaves the cache that describes the published site.
cp "$proj/.site-cache-site" "$work/cache-before"
sed -i 's/^rtx-4090,,0.41,/rtx-4090,,0;41,/' "$proj/data/prices.csv"
"$gen" build --root "$proj" >"$work/out" 2>&1
check "a broken edit fails" test $? -ne 0
check "a failed build leaves the cache as it was" cmp -s "$proj/.site-cache-site" "$work/cache-before"
sed -i 's/^rtx-4090,,0;41,/rtx-4090,,0.39,/' "$proj/data/prices.csv"
edited "the broken edit mended"

# 6. A build with warnings: a rebuild with nothing changed still renders
#    nothing, and prints the same warnings (positions and all) and count.
cp "$proj/content/en/training-guide.md" "$work/article.orig"
printf '\nSee [the unsafe link](javascript:alert(1)) and [another](javascript:void(0)).\n' \
	>>"$proj/content/en/training-guide.md"
sleep 0.3
rebuild "$work/out-warn1"
check "an edit with warnings builds" grep -Eq '^gen: [0-9]+ pages written, .* 2 warnings' "$work/out-warn1"
grep ': warning: ' "$work/out-warn1" >"$work/warn1"
check "the build printed both warnings with their positions" \
	test "$(grep -c '^content/en/training-guide.md:[0-9]*:[0-9]*: warning: link target' "$work/warn1")" -eq 2
rebuild "$work/out-warn2"
check "a no-change rebuild after a build with warnings renders no page" \
	grep -q 'render [0-9]* ms (0 pages rendered, 0 kept)' "$work/out-warn2"
grep ': warning: ' "$work/out-warn2" >"$work/warn2"
check "a no-change rebuild prints the same warnings" cmp -s "$work/warn1" "$work/warn2"
check "a no-change rebuild counts the same warnings" \
	grep -Eq '^gen: 0 pages written, [0-9]+ unchanged, 0 removed, 2 warnings' "$work/out-warn2"
cp "$work/article.orig" "$proj/content/en/training-guide.md"
sleep 0.3
rebuild "$work/out-warn3"
check "the warnings gone, the next build has none" \
	grep -Eq '^gen: [0-9]+ pages written, .* 0 warnings' "$work/out-warn3"
rebuild "$work/out-warn4"
check "and a no-change rebuild after it prints none" sh -c "! grep -q ': warning: ' '$work/out-warn4'"

# 7. The search index follows an edit shard by shard: an article of many
#    words makes the index several term shards; one word of it edited,
#    the shards of the old and the new word are written again, the others
#    kept as published (their files' inodes), and the site is a full build's.
python3 - "$proj/content/en/word-list.md" <<'PY'
import random, sys
rng = random.Random(7)
words = ' '.join(''.join(rng.choice('abcdefghijklmnopqrstuvwxyz')
                         for _ in range(rng.randrange(5, 9))) for _ in range(40000))
open(sys.argv[1], 'w').write('---\ntitle: "A list of words"\ndescription: Words enough '
                             'for several shards of the search index.\ndate: 2026-11-24\n'
                             'slug: word-list\ntags: review\n---\n\nfirstword ' + words + '\n')
PY
sleep 0.3
edited "an article of many words added"
shards() { (cd "$site/en/search" && ls -i t*.json | sort); }
shards >"$work/shards1"
check "the index has several term shards" test "$(wc -l <"$work/shards1")" -ge 5
sed -i 's/^firstword /lastword /' "$proj/content/en/word-list.md"
sleep 0.3
edited "a word of the article edited"
shards >"$work/shards2"
made=$(comm -13 "$work/shards1" "$work/shards2" | wc -l)
check "the word edited: its term shards written again ($made)" test "$made" -ge 1 -a "$made" -le 2
check "the other term shards kept as published" \
	test "$(comm -12 "$work/shards1" "$work/shards2" | wc -l)" -eq "$(($(wc -l <"$work/shards1") - made))"

# 8. The spare: the site the last swap took out, beside the output folder,
#    is the next build's staging folder; what a hand put there (a page, a
#    folder, links to a folder outside, a FIFO) is never published, no
#    link in it is followed, a folder's permissions and default ACL set
#    there are not passed on, and a price edit's site is a full build's.
spare="$proj/.site-spare-site"
check "the last site is kept beside the output folder as the spare" test -d "$spare"
mkdir -p "$work/outside" "$spare/en/stray-folder"
echo stray >"$spare/en/stray.html"
echo stray >"$spare/en/stray-folder/index.html"
ln -s "$work/outside" "$spare/zh"
ln -s "$work/outside" "$spare/en/link"
mkfifo "$spare/en/pipe"
chmod 700 "$spare" "$spare/en"
# a default ACL (others: nothing) on every folder, where the file system
# has ACLs: every file the edit writes would take it
python3 - "$spare" <<'EOF' || true
import os, struct, sys
entries = ((0x01, 7), (0x04, 5), (0x20, 0))  # user::rwx group::r-x other::---
acl = struct.pack('<I', 2) + b''.join(struct.pack('<HHI', t, p, 0xFFFFFFFF) for t, p in entries)
for folder, _, _ in os.walk(sys.argv[1]):
    os.setxattr(folder, 'system.posix_acl_default', acl)
EOF
csv_edit "$proj/data/prices.csv" "rows[1][2] = str(round(float(rows[1][2]) + 0.01, 2))"
sleep 0.3
edited "a price edit with a spare put upon by hand"
check "nothing of the hand's is published" \
	test ! -e "$site/en/stray.html" -a ! -e "$site/en/stray-folder" -a ! -e "$site/en/link" -a ! -e "$site/en/pipe"
check "no link of the spare is followed" test -z "$(ls -A "$work/outside")"
check "the site's language folder is a folder" test -d "$site/zh" -a ! -L "$site/zh"
new_folder=$(printf '%o' $((0755 & ~$(umask))))
check "the spare's folders are published with a new folder's permissions" \
	test "$(stat -c %a "$site")" = "$new_folder" -a "$(stat -c %a "$site/en")" = "$new_folder"
new_file=$(printf '%o' $((0644 & ~$(umask))))
check "every file is published with a new file's permissions (no ACL of the spare's)" \
	test -z "$(find "$site" -type f ! -perm "$new_file")"

echo "rebuild: $passed passed, $failed failed"
test "$failed" -eq 0
