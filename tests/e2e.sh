#!/bin/sh
# End-to-end tests of build/gen on a small fixture project (tests/fixtures/mini:
# its own articles, with the real data and templates). Prints a closing
# "e2e: N passed, N failed" line and exits non-zero on any failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
gen="$top/build/gen"
work=$(mktemp -d /tmp/gpuguide-e2e-XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
. "$top/tests/lib.sh"

# A project: fixture content, the fixture project's data (tests/fixtures/
# project, frozen: an editor's edit of data/ changes nothing here), the
# program's templates and UI strings.
proj="$work/proj"
fixture_project "$proj"
rm -rf "$proj/content"
cp -R "$top/tests/fixtures/mini/content" "$proj/content"

# 1. A clean build succeeds and prints its summary line.
"$gen" build --root "$proj" >"$work/out1" 2>"$work/err1"
rc=$?
check "first build exits 0" test "$rc" -eq 0
check "summary line names pages written and milliseconds" \
	grep -Eq '^gen: [0-9]+ pages written, 0 unchanged, 0 removed, [0-9]+ warnings, [0-9]+ ms$' "$work/out1"
site="$proj/site"
check "English home exists" test -f "$site/en/index.html"
check "Chinese home exists" test -f "$site/zh/index.html"
check "root landing exists" test -f "$site/index.html"
check "English page says lang=en" grep -q '<html lang="en">' "$site/en/articles/first-steps/index.html"
check "Chinese page says lang=zh-CN" grep -q '<html lang="zh-CN">' "$site/zh/articles/first-steps/index.html"
check "switcher leads to the Chinese article" \
	grep -q 'class="lang-switch" href="../../../zh/articles/first-steps/"' "$site/en/articles/first-steps/index.html"
check "home lists the article" grep -q 'href="articles/first-steps/"' "$site/en/index.html"
check "raw script does not reach the page" sh -c "! grep -q '<script>alert' '$site/en/articles/first-steps/index.html'"
check "javascript link is dropped" sh -c "! grep -q 'javascript:' '$site/en/articles/first-steps/index.html'"
# the price the fixture article cites: the Training Guide's on-demand quote
price=$(awk -F, '$1=="rtx-4090" && $6=="on-demand" && $8=="training-guide-en" {print $3}' "$proj/data/prices.csv" | sort -n | head -1)
check "the cited price comes from the data (\$$price)" grep -q "\\\$$price/h" "$site/en/articles/first-steps/index.html"
check "unsafe link produces a warning" grep -q 'content/en/first-steps.md:21:.*warning: link target "javascript:alert(1)" is not allowed' "$work/err1"

# 2. The article body matches the expected HTML exactly.
sed -n '/<div class="prose">/,/^<\/div>/p' "$site/en/articles/first-steps/index.html" |
	sed "s/$price/PRICE/" >"$work/article.html"
if diff -u "$top/tests/fixtures/mini/expected-article.html" "$work/article.html" >"$work/diff"; then
	ok "article HTML matches tests/fixtures/mini/expected-article.html"
else
	fail "article HTML matches tests/fixtures/mini/expected-article.html"
	cat "$work/diff"
fi

# 3. A second build is byte-identical and rewrites nothing.
before=$(tree_hash "$site")
"$gen" build --root "$proj" --timings >"$work/out2" 2>&1
check "no-change rebuild writes no file" grep -Eq '^gen: 0 pages written, [0-9]+ unchanged, 0 removed' "$work/out2"
check "--timings prints the time of each phase" \
	grep -Eq '^gen: load [0-9]+ ms, plan [0-9]+ ms, render [0-9]+ ms \([0-9]+ pages rendered, [0-9]+ kept\), finish [0-9]+ ms$' "$work/out2"
check "--timings names Markdown, the search index, the page cache and the ledger" \
	grep -Eq '^gen: of which Markdown [0-9]+ ms \([0-9]+ articles'"'"' HTML made from their pages\), search index [0-9]+ ms \([0-9]+ pages read from their figures\), page cache [0-9]+ ms \([0-9]+ pages made from their files\), ledger [0-9]+ ms \(summed over threads\)$' "$work/out2"
check "a no-change rebuild reports no changed figure" sh -c "! grep -q '→' '$work/out2'"
check "the site publishes its figure ledger" \
	grep -q '^price.rtx-4090.lowest,Lowest price per card-hour of RTX 4090,RTX 4090 的最低单卡每小时租价,0.39,,USD/h,data/prices.csv:[0-9]*,[0-9]*,/en/' "$site/data/figures.csv"
check "a comparison's speed ratio is in the ledger with its two result rows and its pages" \
	grep -Eq '^speed\.rel-resnet50\.a100-80gb\.rtx-4090,A100 80GB against RTX 4090 on [^,]*: how many times as fast the faster is,A100 80GB 对比 RTX 4090（“[^,]*”）：较快者的速度是另一款的多少倍,1\.6,,×,data/results\.csv:[0-9]+ data/results\.csv:[0-9]+,[0-9]+,.*/en/compare/a100-80gb-vs-rtx-4090/ .*/zh/compare/a100-80gb-vs-rtx-4090/' "$site/data/figures.csv"
check "the comparison page shows that ratio" grep -q '1\.6×' "$site/en/compare/a100-80gb-vs-rtx-4090/index.html"
check "an efficiency benchmark's ratio is an efficiency ratio in the ledger, not a speed ratio" \
	grep -Eq '^speed\.gpt-175b-efficiency\.a100-80gb\.rtx-4090,"?A100 80GB against RTX 4090 on [^"]*: how many times as efficient the more efficient is"?,A100 80GB 对比 RTX 4090（“[^,]*”）：能效较高者的能效是另一款的多少倍,3,,×,' "$site/data/figures.csv"
check "the cheaper GPU for a job is in the ledger with how much, on its comparison" \
	sh -c "grep -Eq '^cheaper\.resnet50-imagenet\.a100-40gb\.rtx-4090,[^,]*,[^,]*,a100-40gb,,,data/task_times\.csv:[0-9]+ data/prices\.csv:[0-9]+ data/task_times\.csv:[0-9]+ data/prices\.csv:[0-9]+,[0-9]+,/en/compare/a100-40gb-vs-rtx-4090/ /zh/compare/a100-40gb-vs-rtx-4090/( /(en|zh)/report/)*\$' '$site/data/figures.csv' &&
	grep -Eq '^cheaper-by\.resnet50-imagenet\.a100-40gb\.rtx-4090,.*,19\.23076923,,%,' '$site/data/figures.csv'"
check "a VRAM fit is in the ledger, on the VRAM page and the comparisons that say it" \
	grep -Eq '^fit\.70b\.fp16\.rtx-4090,70B model at FP16 on RTX 4090: cards needed,RTX 4090 运行 70B 模型（FP16）：所需卡数,6,,cards,data/gpus\.csv:[0-9]+,[0-9]+,.*/en/compare/h100-80gb-vs-rtx-4090/.* /en/vram/ .*/zh/vram/' "$site/data/figures.csv"
check "a stated cost in the ledger is named by its job (or month of serving) and its cards, never by its row id" \
	sh -c "grep -q '^stated\.scratch-13b-a100-80gb\.computed,\"[^,]* on 4 × A100 80GB, stated cost: computed from its inputs\",4 张 A100 80GB 运行“[^,]*”，来源给出的费用：' '$site/data/figures.csv' &&
	grep -q '^stated\.serving-llama2-13b-rtx-4090\.check,\"A month of serving on 2 × RTX 4090, stated cost: check against the computed cost\",2 张 RTX 4090 部署一个月，来源给出的费用：' '$site/data/figures.csv' &&
	! grep -Eq '^stated\.([^.,]+)\.[a-z]+,\"?[^,]*\1' '$site/data/figures.csv'"
check "a GPU without a VRAM figure never has a fit value in the ledger (no data, never 0)" \
	sh -c "! grep -Eq '^fit\.[^,]*\.rtx-3090,[^,]*,[^,]*,[^,]+,' '$site/data/figures.csv'"
check "the home page's headline comparisons (bottom lines) mark no comparison figure" \
	sh -c "! grep -Eq '^(speed|more-vram|cheaper|cost-ratio)\.[^,]*,.*[, ]/(en|zh)/( |\$)' '$site/data/figures.csv'"
check "every figure has a Chinese label, none an English phrase" python3 -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding='utf-8')))
bad = [r['id'] for r in rows if not any(0x4e00 <= ord(c) <= 0x9fff for c in r['label_zh'])]
sys.exit(1 if bad or len(rows) < 100 else 0)" "$site/data/figures.csv"
check "a card's relative speed on a workload is one ledger figure: on its page, the GPU index's chart and its comparisons' charts" \
	grep -Eq '^metric\.relative_speed\.rtx-4090\.rel-resnet50,Relative speed of RTX 4090 on [^,]*,[^,]*,0\.25,,×,data/gpus\.csv:[0-9]+ data/results\.csv:[0-9]+ data/results\.csv:[0-9]+,[0-9]+,/en/gpus/ /en/gpus/rtx-4090/ /en/compare/h100-80gb-vs-rtx-4090/ ' "$site/data/figures.csv"
check "the GPU index's specifications and list prices are ledger figures of it" \
	sh -c "grep -Eq '^gpu\.rtx-4090\.vram_gb,[^,]*,[^,]*,24,,GB,data/gpus\.csv:[0-9]+,[0-9]+,(.* )?/en/gpus/ ' '$site/data/figures.csv' &&
	grep -Eq '^gpu\.h100-80gb\.price_usd_max,\"[^\"]*\",[^,]*,40000,,USD,data/gpus\.csv:[0-9]+,[0-9]+,/en/gpus/ ' '$site/data/figures.csv'"
check "the quote a job is priced at is a ledger figure of the job's page" \
	grep -Eq '^quote\.rtx-4090\.training-guide-en\.on-demand\.1,"[^"]*",[^,]*,0\.39,,USD/h,data/prices\.csv:[0-9]+,[0-9]+,.* /en/tasks/lora-7b/ ' "$site/data/figures.csv"
check "the VRAM page's memory amounts are ledger figures: a need by bytes per parameter (the vram shortcode's too) and a source's rule of thumb by its row" \
	sh -c "grep -Eq '^vram\.7\.fp16,VRAM for 7B parameters at FP16,[^,]*,14,,GB,,[0-9]+,.*/en/vram/' '$site/data/figures.csv' &&
	grep -Eq '^vram-stated\.7\.int8,VRAM a source gives for 7B parameters at INT8 [^,]*,[^,]*,14,,GB,data/vram\.csv:[0-9]+,[0-9]+,/en/vram/ ' '$site/data/figures.csv'"
check "data health's figures are the ledger's: a price spread's ends the price shortcode's low and high, a rule of thumb and the memory by bytes per parameter the VRAM page's" \
	sh -c "grep -Eq '^price\.rtx-4090\.high,RTX 4090 highest price,[^,]*,0\.44,,USD/h,data/prices\.csv:[0-9]+,[0-9]+,.*/en/health/' '$site/data/figures.csv' &&
	grep -Eq '^vram-stated\.7\.int8,[^,]*,[^,]*,14,,GB,data/vram\.csv:[0-9]+,[0-9]+,/en/vram/ /zh/vram/ /en/health/ ' '$site/data/figures.csv'"
check "a cost a source states is a ledger figure as the source gives it, on the pages that print it" \
	grep -Eq '^stated\.scratch-13b-a100-80gb\.source,"[^"]*, stated cost: as the source gives it",[^,]*,545,,USD,data/stated_costs\.csv:[0-9]+,[0-9]+,.*/en/cases/research-13b-from-scratch/' "$site/data/figures.csv"
check "how much more memory a card has is in the ledger as its sentence says it, on its comparison" \
	sh -c "grep -Eq '^more-vram-times\.a100-80gb\.rtx-4090,[^,]*,[^,]*,3\.33[0-9]*,,×,data/gpus\.csv:[0-9]+ data/gpus\.csv:[0-9]+,[0-9]+,/en/compare/a100-80gb-vs-rtx-4090/ ' '$site/data/figures.csv' &&
	       sed -e 's/<[^>]*>//g' '$site/en/compare/a100-80gb-vs-rtx-4090/index.html' | grep -q '3.3 times as much memory'"
check "a quote for several cards has its total per hour in the ledger, where its text gives it" \
	grep -Eq '^quote\.a100-80gb\.choosing-guide-zh\.on-demand\.4\.total,"[^"]*: total per hour for 4 cards",[^,]*,7\.56,,USD/h,data/prices\.csv:[0-9]+,[0-9]+,.*/en/tasks/scratch-13b/' "$site/data/figures.csv"
check "the data page links the figure ledger (en)" grep -q 'href="../../data/figures.csv" download' "$site/en/data/index.html"
check "the data page links the figure ledger (zh)" grep -q 'href="../../data/figures.csv" download' "$site/zh/data/index.html"
check "no-change rebuild keeps bytes and mtimes" test "$before" = "$(tree_hash "$site")"

# 3a. A ledger published by the previous version (no label_zh column) is
#     read: the upgrade reports no figure changed, added or removed.
cp "$site/data/figures.csv" "$work/figures.new"
python3 -c "
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding='utf-8', newline='')))
i = rows[0].index('label_zh')
w = csv.writer(open(sys.argv[2], 'w', encoding='utf-8', newline=''), lineterminator='\n')
w.writerows(r[:i] + r[i + 1:] for r in rows)" "$work/figures.new" "$site/data/figures.csv"
check "the old-format ledger has no label_zh" sh -c "head -1 '$site/data/figures.csv' | grep -qx 'id,label,value,value_max,unit,inputs,pages,page_list'"
"$gen" build --root "$proj" >"$work/out-upgrade" 2>&1
rc=$?
check "a build over an old-format ledger exits 0" test "$rc" -eq 0
check "it reports no figure changed, added or removed" \
	sh -c "! grep -Eq '→|figures? (added|removed)|not a figure ledger' '$work/out-upgrade'"
check "it writes the ledger with label_zh again" cmp "$work/figures.new" "$site/data/figures.csv"

# 3b. One price edit rewrites exactly the pages that show the GPU, and the
#     articles that cite the price show the new figure in both languages.
stamp_list() { (cd "$1" && find . -type f -printf '%p %i %T@\n' | sort); }
stamp_list "$site" >"$work/stamps-before"
cp "$proj/data/prices.csv" "$work/prices.orig"
awk -F, 'BEGIN{OFS=","} $1=="rtx-4090" && $3=="0.39" {$3="0.37"} {print}' "$work/prices.orig" >"$proj/data/prices.csv"
"$gen" build --root "$proj" >"$work/out-price" 2>&1
stamp_list "$site" >"$work/stamps-after"
changed=$(comm -23 "$work/stamps-after" "$work/stamps-before" | awk '{print $1}' | sed 's|^\./||')
printf '%s\n' "$changed" >"$work/changed"
check "a price edit rewrites some pages" test -n "$changed"
row=$(grep -n '^rtx-4090,,0.37,' "$proj/data/prices.csv" | cut -d: -f1)
check "the build names the figure, old and new value, CSV row and pages" \
	grep -Eq "^(  )?Lowest price per card-hour of RTX 4090: \\\$0.39/h → \\\$0.37/h( \(data/prices.csv:$row\))? · [0-9]+ pages, e.g. /" "$work/out-price"
check "the changes are grouped under the edited row, its own change first" \
	grep -Eq "^data/prices.csv:$row RTX 4090 quote from [^:]*: \\\$0.39/h → \\\$0.37/h; it moved [0-9]+ figures:$" "$work/out-price"
check "the change report's first line (after the warnings) is the edited row" \
	sh -c "grep -v ': warning: ' '$work/out-price' | head -1 | grep -q '^data/prices.csv:$row RTX 4090 quote'"
check "the change report comes before the summary line" sh -c "tail -1 '$work/out-price' | grep -q '^gen: [0-9]* pages written'"
check "the English article cites the new price" grep -q '\$0.37/h' "$site/en/articles/first-steps/index.html"
check "the Chinese article cites the new price" grep -q '\$0.37/小时' "$site/zh/articles/first-steps/index.html"
untouched_ok=1
for f in $(cd "$site" && find . -name '*.html' | sed 's|^\./||'); do
	if grep -q '\$0.37/' "$site/$f" && ! grep -qx "$f" "$work/changed"; then untouched_ok=0; echo "  shows the new price but was not rewritten: $f"; fi
	if grep -qx "$f" "$work/changed" && ! grep -q 'RTX 4090\|>rtx-4090<' "$site/$f"; then untouched_ok=0; echo "  rewritten but does not show the RTX 4090: $f"; fi
done
check "every page showing the new price was rewritten, and only pages about the RTX 4090" test "$untouched_ok" -eq 1
check "pages about other GPUs keep their bytes and mtime" sh -c "! grep -qx 'en/gpus/h100-80gb/index.html' '$work/changed'"
cp "$work/prices.orig" "$proj/data/prices.csv"
# 3c. A dry run reports the edit and leaves every file as it was.
before=$(tree_hash "$site")
proj_before=$( (cd "$proj" && find . -printf '%p %T@\n' | sort) | sha256sum)
"$gen" build --root "$proj" --dry-run >"$work/out-dry" 2>&1
check "--dry-run exits 0" test $? -eq 0
check "--dry-run reports the edit" grep -q 'Lowest price per card-hour of RTX 4090: \$0.37/h → \$0.39/h' "$work/out-dry"
check "--dry-run prints the page count" grep -Eq '^gen: dry run: [0-9]+ pages rendered, nothing written' "$work/out-dry"
check "--dry-run leaves every file's bytes and mtime" test "$before" = "$(tree_hash "$site")"
check "--dry-run leaves the project as it was" \
	test "$proj_before" = "$( (cd "$proj" && find . -printf '%p %T@\n' | sort) | sha256sum)"
"$gen" build --root "$proj" >/dev/null 2>&1
before=$(tree_hash "$site")

# 4. A broken input fails with file and line, and leaves the site as it was.
cp "$proj/data/prices.csv" "$work/prices.bak"
awk -F, 'BEGIN{OFS=","} NR==2{$3="\"0,39\""} {print}' "$work/prices.bak" >"$proj/data/prices.csv"
"$gen" build --root "$proj" >"$work/out3" 2>"$work/err3"
rc=$?
check "broken price exits 1" test "$rc" -eq 1
check "message names file, line and column" grep -q '^data/prices.csv:2:3: error: usd_per_hour "0,39" is not a number$' "$work/err3"
check "failed build leaves the site untouched" test "$before" = "$(tree_hash "$site")"
check "no staging folder is left behind" sh -c "! ls -a '$proj' | grep -q staging"
cp "$work/prices.bak" "$proj/data/prices.csv"

printf -- '---\ntitle: Broken\ndate: 2026-13-01\nslug: broken\n---\nx\n' >"$proj/content/en/broken.md"
"$gen" build --root "$proj" >"$work/out4" 2>"$work/err4"
rc=$?
check "bad article date exits 1" test "$rc" -eq 1
check "bad date message names file, line and column" \
	grep -q '^content/en/broken.md:3:7: error: date "2026-13-01" is not a date (YYYY-MM-DD)$' "$work/err4"
check "site still untouched" test "$before" = "$(tree_hash "$site")"
rm "$proj/content/en/broken.md"

# 5. gen check validates and writes nothing; usage errors exit 2.
rm -rf "$site"
"$gen" check --root "$proj" >"$work/out5" 2>&1
check "gen check exits 0 on good input" test $? -eq 0
check "gen check writes nothing" test ! -e "$site"
check "gen check finds every translation citing what its pair cites" \
	grep -q '^  every article has both languages and its pair cites the same figures$' "$work/out5"
zh_steps="$proj/content/zh/first-steps.md"
cp "$zh_steps" "$work/zh-steps.bak"
sed -i 's/最低租价为 {{< price gpu=rtx-4090 >}}/租价很低/' "$zh_steps"
"$gen" check --root "$proj" >"$work/out5b" 2>&1
check "gen check names the figure a translation does not cite" \
	grep -q '^    only in content/en/first-steps.md: price gpu=rtx-4090$' "$work/out5b"
cp "$work/zh-steps.bak" "$zh_steps"
"$gen" frobnicate >/dev/null 2>&1
check "unknown command exits 2" test $? -eq 2
"$gen" --version | grep -q '^gen (gpuguide) '
check "--version prints the version" test $? -eq 0

# 6. Two clean builds into different folders are byte-identical.
"$gen" build --root "$proj" --out "$work/a" --jobs 1 >/dev/null 2>&1
"$gen" build --root "$proj" --out "$work/b" --jobs 4 >/dev/null 2>&1
check "builds on 1 and 4 threads are byte-identical" diff -r "$work/a" "$work/b"

# 7. A failed build reports every problem, the same on any number of threads:
# twelve articles with a bad shortcode each.
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do
	sed -e "s/^slug: .*/slug: bad-$i/" -e "s/^translation: .*/translation: bad-$i/" \
		"$proj/content/en/first-steps.md" >"$proj/content/en/bad-$i.md"
	printf '\nPrice: {{< price gpu=no-such-gpu >}}\n' >>"$proj/content/en/bad-$i.md"
done
"$gen" build --root "$proj" --out "$work/c" --jobs 1 >/dev/null 2>"$work/err-j1"
"$gen" build --root "$proj" --out "$work/c" --jobs 4 >/dev/null 2>"$work/err-j4"
check "a failed build names every bad article" \
	test "$(grep -c 'content/en/bad-[0-9]*.md:.*error:' "$work/err-j1")" -eq 12
check "a failed build reports the same on 1 and 4 threads" cmp "$work/err-j1" "$work/err-j4"
rm -f "$proj"/content/en/bad-*.md

# 7a. A build whose data and articles both have problems reports both, the
#     data's first (the articles are read while the data is loaded), on any
#     number of threads.
cp "$proj/data/prices.csv" "$work/prices.keep"
awk -F, 'BEGIN{OFS=","} NR==2 {$3="cheap"} {print}' "$work/prices.keep" >"$proj/data/prices.csv"
sed -e "s/^slug: .*/slug: bad-quote/" -e "s/^translation: .*/translation: bad-quote/" \
	-e 's/^title: .*/title: "an unclosed quote/' \
	"$proj/content/en/first-steps.md" >"$proj/content/en/bad-quote.md"
"$gen" build --root "$proj" --out "$work/c" --jobs 1 >/dev/null 2>"$work/err-both-j1"
rc=$?
"$gen" build --root "$proj" --out "$work/c" --jobs 4 >/dev/null 2>"$work/err-both-j4"
check "data and article problems fail the build together" test "$rc" -eq 1
check "the data's problem is reported" grep -q '^data/prices.csv:2:3: error: ' "$work/err-both-j1"
check "the article's problem is reported in the same build" \
	grep -q '^content/en/bad-quote.md:[0-9]*:[0-9]*: error: the value.s double quote is not closed' "$work/err-both-j1"
check "the data's problem comes first" \
	sh -c "grep -n 'error:' '$work/err-both-j1' | head -1 | grep -q 'data/prices.csv'"
check "both are reported the same on 1 and 4 threads" cmp "$work/err-both-j1" "$work/err-both-j4"
cp "$work/prices.keep" "$proj/data/prices.csv"
rm -f "$proj/content/en/bad-quote.md"

# 8. A tag named twice in one article lists the article once.
sed -e "s/^slug: .*/slug: twice/" -e "s/^translation: .*/translation: twice/" -e "s/^tags: .*/tags: twice, twice/" \
	"$proj/content/en/first-steps.md" >"$proj/content/en/twice.md"
"$gen" build --root "$proj" --out "$work/d" --quiet >/dev/null 2>&1
check "a tag named twice lists its article once" \
	test "$(grep -o 'href="../../../en/articles/twice/"' "$work/d/en/tags/twice/index.html" | wc -l)" -eq 1
rm -f "$proj/content/en/twice.md"

# 8a. Tags in the article's language: the Chinese fixture article carries
#     only Chinese tags; each gets a page at its UTF-8 folder, linked from
#     the article, percent-encoded in the sitemap; two spellings that would
#     share a URL are an error naming both files.
check "a Chinese tag has its page" test -f "$work/a/zh/tags/多卡训练/index.html"
check "the tag page is titled in Chinese" grep -q '<h1>标签：多卡训练</h1>' "$work/a/zh/tags/多卡训练/index.html"
check "the tag page lists the Chinese article" \
	grep -q 'href="../../../zh/articles/first-steps/"' "$work/a/zh/tags/多卡训练/index.html"
check "the article links its Chinese tag" grep -q 'href="../../../zh/tags/多卡训练/"' "$work/a/zh/articles/first-steps/index.html"
check "the sitemap percent-encodes the tag URL" \
	grep -q '/zh/tags/%E5%A4%9A%E5%8D%A1%E8%AE%AD%E7%BB%83/</loc>' "$work/a/sitemap.xml"
sed -e "s/^slug: .*/slug: spelled-a/" -e "s/^translation: .*/translation: spelled-a/" -e "s/^tags: .*/tags: Multi GPU/" \
	"$proj/content/en/first-steps.md" >"$proj/content/en/spelled-a.md"
sed -e "s/^slug: .*/slug: spelled-b/" -e "s/^translation: .*/translation: spelled-b/" -e "s/^date: .*/date: 2026-10-01/" -e "s/^tags: .*/tags: multi-gpu/" \
	"$proj/content/en/first-steps.md" >"$proj/content/en/spelled-b.md"
"$gen" build --root "$proj" --out "$work/t" --quiet >/dev/null 2>"$work/err-tags"
check "two spellings of one tag URL fail the build" test $? -eq 1
check "the error names both files and the URL" \
	grep -qx 'content/en/spelled-b.md:7: error: tag "multi-gpu" and tag "Multi GPU" (content/en/spelled-a.md:7) would share the URL tags/multi-gpu/' "$work/err-tags"
rm -f "$proj/content/en/spelled-a.md" "$proj/content/en/spelled-b.md"

# 8b. Every data text needs both languages: a note with no Chinese twin is an
#     error at its cell, in build and in check alike.
cp "$proj/data/claims.csv" "$work/claims.orig"
awk -F, 'BEGIN{OFS=","} NR==2 {$NF=""} {print}' "$work/claims.orig" >"$proj/data/claims.csv"
zh_col=$(head -1 "$proj/data/claims.csv" | tr ',' '\n' | grep -n '^note_zh$' | cut -d: -f1)
"$gen" build --root "$proj" --out "$work/e" >/dev/null 2>"$work/err-note"
check "a missing Chinese note fails the build" test $? -eq 1
check "the missing note is named by file, line and column" \
	grep -qx "data/claims.csv:2:$zh_col: error: note_zh is empty but note_en is not (every text needs both languages)" "$work/err-note"
"$gen" check --root "$proj" >/dev/null 2>"$work/err-note-check"
check "gen check reports the missing note too" \
	grep -qx "data/claims.csv:2:$zh_col: error: note_zh is empty but note_en is not (every text needs both languages)" "$work/err-note-check"
cp "$work/claims.orig" "$proj/data/claims.csv"

# 9. Chinese pages read as Chinese: the scan (tests/zh_scan.py) catches each
#    kind of slip on each surface, and finds none on the real site.
scan() { python3 "$top/tests/zh_scan.py" --text "$1"; }
check "scan: English prose is caught" test "$(scan '来源：source says A100')" = "english: «来源：source says A100»"
check "scan: a product name is not prose" test -z "$(scan '用 Stable Diffusion XL 生成')"
check "scan: half-width punctuation between Chinese is caught" test "$(scan '标签: 显存')" = "punctuation: «标签: 显存»"
check "scan: Chinese touching Latin is caught" test "$(scan '而按ResNet')" = "spacing: «而按ResNet»"
check "scan: a date is not a spacing slip" test -z "$(scan '2026年11月24日')"
check "scan: a times sign in text is caught" test "$(scan '快 2.9× 左右')" = "times-sign: «快 2.9× 左右»"
check "scan: a formula keeps its times sign" test -z "$(scan '耗时 × 单价')"
check "scan: an en-dash range is caught" sh -c "python3 '$top/tests/zh_scan.py' --text '训练需要 4–8 小时' | grep -q '^range: '"
check "scan: a hyphen range is caught" sh -c "python3 '$top/tests/zh_scan.py' --text '适合 7B-70B 模型' | grep -q '^range: '"
check "scan: a model name is not a range" test -z "$(scan '在 ResNet-50 与 A100-80GB 上')"
check "scan: 块 for a card is caught (the style sheet's term table)" test "$(scan '需要两块显卡')" = "term: «块: 需要两块显卡»"
check "scan: a word the term table replaces is caught" sh -c "python3 '$top/tests/zh_scan.py' --text '推理吞吐较高' | grep -q '^term: «吞吐'"
check "scan: the right word of the term table passes" test -z "$(scan '推理吞吐量较高')"
check "scan: a multiple under the threshold is caught" sh -c "python3 '$top/tests/zh_scan.py' --text 'A100 80GB 的速度是 A100 40GB 的 1.05 倍' | grep -q '^multiple: '"
check "scan: a multiple above the threshold passes" test -z "$(scan 'H100 的速度是 A100 的 3.3 倍')"
check "scan: latency called speed is caught" sh -c "python3 '$top/tests/zh_scan.py' --text '在“70B 推理延迟”上，H100 的速度是 RTX 4090 的 1.6 倍' | grep -q '^speed: '"
check "scan: latency called speed in a test is caught" sh -c "python3 '$top/tests/zh_scan.py' --text '在基准测试“70B 参数模型推理延迟”中，H100 的速度是 RTX 4090 的 1.6 倍' | grep -q '^speed: '"
check "scan: a space after full-width punctuation is caught" test "$(scan '数字如何得出： 计算方法')" = "spacing: «数字如何得出： 计算方法»"
check "scan: a duration under an hour in hours is caught" test "$(scan '耗时 0.67 小时')" = "duration: «耗时 0.67 小时»"
# every surface: a planted site with one slip on each (an SVG title with a
# half-width colon, a feed summary, a data-* string, a data page, a chart file)
planted="$work/zh-planted"
mkdir -p "$planted/zh/data/gpus" "$planted/charts/zh"
printf '<!doctype html><html lang="zh"><body><p>正文</p><figure><svg><title>RTX 4090: 24 GB</title><text>显存</text></svg></figure></body></html>' >"$planted/zh/index.html"
printf '<!doctype html><html lang="zh"><body><table><tr><td lang="en">on-demand price, per card</td><td>按需</td></tr><tr><td>需要两块</td></tr></table></body></html>' >"$planted/zh/data/gpus/index.html"
printf '<!doctype html><html lang="zh"><body><button data-msg="请选择两块不同的显卡。">对比</button></body></html>' >"$planted/zh/data/index.html"
printf '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>价格</title><entry><title>价格</title><summary>训练需要 4–8 小时</summary></entry></feed>' >"$planted/zh/feed.xml"
printf '<svg xmlns="http://www.w3.org/2000/svg"><title>耗时</title><text>H100 80GB: 1 小时</text></svg>' >"$planted/charts/zh/chart-x.svg"
python3 "$top/tests/zh_scan.py" "$planted" >"$work/zh-planted.out"
check "scan: a planted site fails" test $? -eq 1
check "scan: a half-width colon in an SVG title is caught" grep -q '^zh/index.html: svg punctuation: «RTX 4090: 24 GB»' "$work/zh-planted.out"
check "scan: a chart file is read" grep -q '^charts/zh/chart-x.svg: svg punctuation: ' "$work/zh-planted.out"
check "scan: a feed is read" grep -q '^zh/feed.xml: feed range: ' "$work/zh-planted.out"
check "scan: a data-* string is read" grep -q '^zh/data/index.html: data-attr term: «块' "$work/zh-planted.out"
check "scan: /zh/data/ is read" grep -q '^zh/data/gpus/index.html: term: «块' "$work/zh-planted.out"
check "scan: text marked lang=en is the other language's" sh -c "! grep -q 'on-demand' '$work/zh-planted.out'"
# 9b. Our own words (content/STYLE.md): no 15-character run of the sources'
#     text (../shared/seeds beside the project, as CI has it) in the Chinese
#     articles or the Chinese columns of data/, names and titles aside.
pair() { python3 "$top/tests/seed_overlap.py" --pair "$1" "$2"; }
check "overlap: a copied sentence is caught through changed spacing and punctuation" \
	test -n "$(pair '简单说，显存带宽决定了数据在 GPU 显存和计算核心之间传输的速度。' '显存带宽决定了数据在GPU显存和计算核心之间传输的速度：')"
check "overlap: the same fact in other words passes" \
	test -z "$(pair '数据在显存与计算单元之间搬运得多快，取决于带宽。' '显存带宽决定了数据在GPU显存和计算核心之间传输的速度：')"
check "overlap: names shared with a source are not a copy" \
	test -z "$(pair '推荐 RTX 4090、A100 80GB、H100 80GB' 'RTX 4090，A100 80GB，H100 80GB')"
check "overlap: without seeds the check says it skipped" sh -c "python3 '$top/tests/seed_overlap.py' '$work/no-seeds' | grep -q '^seed overlap: skipped'"
if [ -d "$top/../shared/seeds" ]; then
	if python3 "$top/tests/seed_overlap.py" "$top/../shared/seeds" >"$work/overlap"; then
		ok "no sentence of the sources in the Chinese articles or data (../shared/seeds)"
	else
		fail "no sentence of the sources in the Chinese articles or data (../shared/seeds)"
		head -20 "$work/overlap"
	fi
else
	echo "skip - no sentence of the sources in our Chinese text: ../shared/seeds is absent beside $top"
fi
"$gen" build --root "$top" --out "$work/real" --quiet >/dev/null 2>"$work/err-real"
check "the real site builds" test $? -eq 0
check "scan: a folder without Chinese pages is a failure" sh -c "! python3 '$top/tests/zh_scan.py' '$work/empty-site' >/dev/null 2>&1"
if python3 "$top/tests/zh_scan.py" "$work/real" >"$work/zh-scan"; then
	ok "every Chinese surface (pages, /zh/data/, SVG, feeds, data-* strings) reads as Chinese style (content/STYLE.md)"
else
	fail "every Chinese surface (pages, /zh/data/, SVG, feeds, data-* strings) reads as Chinese style (content/STYLE.md)"
	head -40 "$work/zh-scan"
	tail -1 "$work/zh-scan"
fi

# 9c. /zh/data/ reads as Chinese: no column head of a data table is the CSV's
#     column name (the names stay in the columns table, as code), and a
#     column of English texts is marked lang="en".
check "zh: the data tables' column heads are the reader's words, not the CSV's names" python3 -c '
import csv, glob, os, re, sys
top, site = sys.argv[1], sys.argv[2]
bad = []
for path in glob.glob(os.path.join(top, "data", "*.csv")):
    name = os.path.basename(path)[:-4]
    page = os.path.join(site, "zh", "data", name, "index.html")
    if not os.path.exists(page):
        continue
    head = next(csv.reader(open(path, encoding="utf-8")))
    html = open(page, encoding="utf-8").read()
    thead = html[html.find("<thead>"):html.find("</thead>")]
    ths = [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<th[^>]*>(.*?)</th>", thead)]
    bad += ["%s: %s" % (name, t) for t in ths if t in head]
    if any(c.endswith("_en") for c in head) and "lang=\"en\"" not in html:
        bad.append("%s: no lang=en column" % name)
print("\n".join(bad))
sys.exit(1 if bad else 0)' "$top" "$work/real"

# 9d. One term, one translation (tests/i18n_terms.py): a term of the UI
#     strings has one Chinese name, and a Chinese name one English term.
terms="$work/terms.csv"
printf 'key,en,zh\na.cost,Stated cost,来源给出的费用\nb.cost,Stated costs:,来源估算的费用\nc.speed,Speed per dollar,每美元速度\nd.speed,Speed per $/h,每美元速度\ne.n.one,{n} GPU,{n} 款显卡\ne.n.many,{n} GPUs,{n} 款显卡\nf.sep,", ",、\ng.sep,", ",，\nh.rule,The rule of thumb,来源的经验数字\n' >"$terms"
python3 "$top/tests/i18n_terms.py" "$terms" >"$work/terms.out"
check "terms: planted strings fail" test $? -eq 1
check "terms: one English term with two Chinese names is caught" \
	grep -qx "$terms: one English term, 2 Chinese: 'stated cost' is a.cost '来源给出的费用'; b.cost '来源估算的费用'" "$work/terms.out"
check "terms: one Chinese name for two English terms is caught" \
	grep -qx "$terms: one Chinese term, 2 English: '每美元速度' is c.speed 'Speed per dollar'; d.speed 'Speed per \$/h'" "$work/terms.out"
check "terms: a term named in other words in Chinese is caught (the glossary)" \
	grep -qx "$terms: the term 'rule of thumb' is 经验值 in Chinese: h.rule '来源的经验数字'" "$work/terms.out"
check "terms: a string's plural forms and punctuation alone are not faults" \
	sh -c "! grep -q 'e.n.one\\|f.sep' '$work/terms.out'"
check "terms: the project's UI strings name each term once in each language" \
	sh -c "cd '$top' && python3 tests/i18n_terms.py"

# 10. The fixture project's figures agree with their sources (both
# languages): the whole guide as of the fixture's data.
real="$work/real"
fixture_project "$work/whole"
"$gen" build --root "$work/whole" --out "$real" --quiet >/dev/null 2>"$work/err-real"
has() { # has FILE TEXT: the page's text (tags dropped) holds TEXT
	sed -e 's/<[^>]*>//g' "$real/$1" | grep -qF -- "$2"
}
for l in en zh; do
	r=–; [ $l = zh ] && r=～ # each language's range mark
	check "$l: 13B from scratch shows the computed \$544.32" has $l/tasks/scratch-13b/index.html '$544.32'
	check "$l: 13B from scratch shows the stated ~\$545" has $l/tasks/scratch-13b/index.html '$545'
	check "$l: 13B from scratch marks no lone cheapest or fastest" sh -c "! grep -qE 'badge[^>]*>(cheapest|fastest|最便宜|最快)<' '$real/$l/tasks/scratch-13b/index.html'"
	check "$l: LoRA 7B on RTX 4090 costs \$1.76$r\$3.52" has $l/tasks/llama2-7b-lora/index.html "\$1.76$r\$3.52"
	check "$l: LoRA 7B on A100 80GB costs \$3.78$r\$7.56" has $l/tasks/llama2-7b-lora/index.html "\$3.78$r\$7.56"
	check "$l: LoRA 7B shows the stated \$2$r\$4 and \$4$r\$8" sh -c "
		sed -e 's/<[^>]*>//g' '$real/$l/tasks/llama2-7b-lora/index.html' | grep -qF '\$2$r\$4' &&
		sed -e 's/<[^>]*>//g' '$real/$l/tasks/llama2-7b-lora/index.html' | grep -qF '\$4$r\$8'"
	check "$l: LoRA 7B is priced at \$0.44/h" has $l/tasks/llama2-7b-lora/index.html '$0.44/'
	check "$l: Mistral QLoRA costs \$2.64" has $l/tasks/qlora-mistral-7b/index.html '$2.64'
	check "$l: the serving case shows \$0.88/h" has $l/cases/serving-llama2-13b/index.html '$0.88/'
	check "$l: the serving case shows ~\$635 a month" has $l/cases/serving-llama2-13b/index.html '$635'
	check "$l: the serving case shows 2 × \$0.44 × 24 × 30 = \$633.60" has $l/cases/serving-llama2-13b/index.html '$633.60'
	check "$l: the inference page links the serving case" grep -q "href=\"../../$l/cases/serving-llama2-13b/\"" "$real/$l/inference/index.html"
	check "$l: the home page lists the case studies" grep -q 'href="cases/research-13b-from-scratch/"' "$real/$l/index.html"
done
# Composed Chinese sentences read as a Chinese editor writes them (issue 25):
# latency lower, small differences as percentages, shares of the baseline,
# "或" between alternatives, stated costs checked in Chinese words.
# A figure the page leaves uncomputed on purpose is said so, not marked "no
# data" (its inputs are printed beside it); an article's cost per 1M tokens
# names the quote it is priced at, as the inference page does.
check "a ratio of results measured unlike: no ratio, not no data" \
	sh -c "grep -q '<span class=\"v\">no ratio</span><small class=\"why\"> (measured under different conditions)</small>' '$real/en/compare/a100-80gb-vs-rtx-4090/index.html' &&
	       grep -q '<span class=\"v\">不计算比值</span><small class=\"why\">（测试条件不同）</small>' '$real/zh/compare/a100-80gb-vs-rtx-4090/index.html' &&
	       ! grep -q 'no data</small><small class=\"nd-why\">\|nd-why\">no data (measured under different' '$real/en/compare/a100-80gb-vs-rtx-4090/index.html'"
check "an article's cost per 1M tokens names the quotes it is priced at" has en/articles/a100-vs-h100-vs-rtx-4090/index.html \
	'quotes: A100 80GB at $1.89/h (unnamed provider'
check "zh: a lower latency is lower, with both values" has zh/compare/h100-80gb-vs-a100-80gb/index.html \
	'在基准测试“70B 参数模型推理延迟”中，H100 80GB 的延迟比 A100 80GB 低约 34%（45 毫秒 vs 68 毫秒）。'
check "zh: a step time is shorter by a percentage, never a multiple" has zh/compare/h100-80gb-vs-a100-80gb/index.html \
	'在基准测试“30B 参数 GPT 类模型训练单步耗时”中，H100 80GB 的耗时比 A100 80GB 少约 38%（0.42 秒/步 vs 0.68 秒/步）。'
check "zh: a small difference is a percentage" has zh/compare/a100-80gb-vs-a100-40gb/index.html \
	'A100 80GB 比 A100 40GB 快约 5%'
check "zh: a slower card runs at a share of the baseline's speed" has zh/gpus/rtx-4090/index.html \
	'RTX 4090 的速度只有 H100 80GB 的 18%～30%'
check "zh: cards a model needs are alternatives (或)" has zh/compare/h100-80gb-vs-a100-80gb/index.html \
	'需 2 张 H100 80GB 或 2 张 A100 80GB 才放得下'
check "zh: a stated cost agrees in Chinese words" has zh/tasks/scratch-13b/index.html '取整后与来源一致'
check "en: the 30B step verdict names both batch sizes" sh -c "
	grep -o '<li>[^<]*30B GPT-style[^<]*</li>' '$real/en/compare/a100-80gb-vs-rtx-4090/index.html' |
	grep -qi 'batch size 4.*batch size 1'"
check "en: a 70B verdict of results compared says how many cards the model needs; of results unlike, each one's count" sh -c "
	grep -q 'A 70B model needs 140 GB at FP16 for its weights alone: it takes 2 H100 80GB cards or 2 A100 80GB cards to hold them' \
		'$real/en/compare/h100-80gb-vs-a100-80gb/index.html' &&
	grep -q 'RTX 4090 52 ms (Cards not stated: counted as the 6 that hold a 70B model at FP16): under different conditions, so no ratio.' \
		'$real/en/compare/a100-80gb-vs-rtx-4090/index.html' &&
	! grep -q 'A 70B model needs' '$real/en/compare/a100-80gb-vs-rtx-4090/index.html'"
# An older dated quote of a series that prices a job: every page that names
# a job's quote beside its cost names the quote the cost is priced at.
dated="$work/dated"
fixture_project "$dated"
echo 'rtx-4090,,0.20,,,on-demand,2023-01-15,choosing-guide-zh,An older quote.,较早的报价。' \
	>>"$dated/data/prices.csv"
"$gen" build --root "$dated" --quiet >/dev/null 2>"$work/err-dated"
for fig in cost.qlora-mistral-7b.rtx-4090 cost.scratch-13b.a100-80gb; do
	check "an older dated quote added: the pages naming the quote of $fig name its own" \
		python3 "$top/tests/quote_named.py" "$dated" "$dated/site" "$fig"
done
# One figure, one rule, one value; comparisons that say what they compare;
# landmarks named apart and headings that rank under their section's
# (tests/site_invariants.py: invariants of any data, not today's values),
# on the fixture's site and on the real one.
live="$work/live"
"$gen" build --root "$top" --out "$live" --quiet >/dev/null 2>"$work/err-live"
check "the real project builds" test -f "$live/data/figures.csv"
for inv in ledger-one-value money-rounding zh-ranges no-latency-speed no-unlike-ratio \
	   no-equal-cheaper times-threshold no-repeat no-self-compare task-index \
	   bottom-line landmarks-unique heading-outline no-dash-rows spec-count one-plural one-head \
	   legend-marks vram-fit-counts bottom-line-cost no-equal-better best-ties \
	   no-unlike-better same-prints-same-ratio use-case-gpus table-figures; do
	check "fixture site: $inv" python3 "$top/tests/site_invariants.py" "$real" "$inv"
	check "real site: $inv" python3 "$top/tests/site_invariants.py" "$live" "$inv"
done
check "a card's break-even is one ledger figure, a range from its list price's range, on its GPU page and the articles that cite it (the fixture's site)" \
	grep -Eq '^metric\.break_even\.a100-80gb,Buy-or-rent break-even of A100 80GB,[^,]*,7194\.[0-9]+,10791\.[0-9]+,h,data/gpus\.csv:[0-9]+ data/prices\.csv:[0-9]+,[0-9]+,.*/en/articles/.* /en/gpus/a100-80gb/ /zh/gpus/a100-80gb/' "$real/data/figures.csv"
check "an article's tables print ledger figures: a spec table's specifications and list prices, the VRAM table's rule of thumb and need, the relative-speed table's speeds (the fixture's site)" \
	sh -c "grep -Eq '^gpu\.a100-80gb\.tdp_w,[^,]*,[^,]*,400,,W,data/gpus\.csv:[0-9]+,[0-9]+,/en/articles/a100-vs-h100-vs-rtx-4090/ ' '$real/data/figures.csv' &&
	       grep -Eq '^gpu\.a100-80gb\.price_usd_max,\"[^\"]*\",[^,]*,15000,,USD,data/gpus\.csv:[0-9]+,[0-9]+,/en/articles/a100-vs-h100-vs-rtx-4090/ ' '$real/data/figures.csv' &&
	       grep -Eq '^vram-stated\.70\.int4,[^,]*,[^,]*,35,,GB,data/vram\.csv:[0-9]+,[0-9]+,/en/articles/how-to-choose/ ' '$real/data/figures.csv' &&
	       grep -Eq '^metric\.relative_speed\.rtx-4090\.rel-resnet50,[^,]*,[^,]*,0\.25,,×,[^,]*,[0-9]+,/en/articles/' '$real/data/figures.csv'"
check "a technique's speed-up and memory saving are ledger figures, ranges as the source gives them, on the techniques page and the articles that cite them (the fixture's site)" \
	sh -c "grep -Eq '^technique\.gradient-checkpointing\.memory,Gradient Checkpointing: memory saving,[^,]*,40,70,% less memory,data/techniques\.csv:[0-9]+,[0-9]+,.*/en/articles/training-guide/ .*/en/techniques/' '$real/data/figures.csv' &&
	       grep -Eq '^technique\.mixed-precision\.speed,[^,]*,[^,]*,1\.5,2,× speed,' '$real/data/figures.csv'"
check "the cards a model needs are one ledger figure wherever printed: the VRAM page, the inference page's serving table, an article's fit chart (the fixture's site)" \
	sh -c "grep -Eq '^fit\.7b\.fp32\.rtx-4090,[^,]*,[^,]*,2,,cards,data/vram\.csv:[0-9]+ data/gpus\.csv:[0-9]+,[0-9]+,/en/articles/how-to-choose/ .*/en/vram/' '$real/data/figures.csv' &&
	       grep -Eq '^fit\.70b\.fp16\.a100-80gb,[^,]*,[^,]*,2,,cards,[^,]*,[0-9]+,.*/en/inference/' '$real/data/figures.csv'"
check "a bottom line whose verdict on cost rests on job times data health questions says so (the fixture's site)" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/compare/a100-40gb-vs-rtx-4090/index.html' | grep -q 'For the lowest cost per job at rental prices, pick A100 40GB: it is the cheaper on all [0-9]* jobs priced on both. The data-health check questions the times of \\(all \\)\\?[0-9]* of these jobs' &&
	       sed -e 's/<[^>]*>//g' '$real/zh/compare/a100-40gb-vs-rtx-4090/index.html' | grep -q '数据健康检查对\\(其中\\|这\\) [0-9]* 项任务的耗时\\(都\\)\\?提出了疑问'"
check "a comparison's bottom line names each card's role in the use cases, a budget pick never a recommendation, and both cards' roles or neither" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/compare/rtx-3090-vs-l40s/index.html' | grep -qF 'The sources name RTX 3090 the budget pick for LLM fine-tuning (7B)' &&
	       sed -e 's/<[^>]*>//g' '$real/zh/compare/rtx-3090-vs-l40s/index.html' | grep -qF '来源把 RTX 3090 列为大模型微调（7B）' &&
	       ! sed -e 's/<[^>]*>//g' '$real/en/compare/h100-80gb-vs-rtx-4090/index.html' | grep -qF 'The sources name H100 80GB' &&
	       ! grep -rqF 'The sources recommend' '$real/en/compare' &&
	       sed -e 's/<[^>]*>//g' '$real/en/compare/rtx-4090-vs-l40s/index.html' | grep -qF 'The sources name RTX 4090 the' &&
	       sed -e 's/<[^>]*>//g' '$real/en/compare/rtx-4090-vs-l40s/index.html' | grep -qF 'The sources name L40S the recommended card for inference.'"
check "a card without a rental price: its specifications leave out the rent rows (the prices' section says there is none)" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/gpus/h100-80gb/index.html' | grep -qF 'No source gives a rental price for this card yet.' &&
	       ! sed -e 's/<[^>]*>//g' '$real/en/gpus/h100-80gb/index.html' | grep -qF 'Not given by any source for this card: Lowest price per card-hour'"
check "a stated cost says what it is for wherever a case is listed (home, cases, inference)" \
	sh -c "for page in index.html cases/index.html inference/index.html; do sed -e 's/<[^>]*>//g' '$real/en/'\$page | grep -qF 'about \$635 a month' || exit 1; done"
check "a data page prints an empty count as one card and an empty upper end as a single figure, never as no data" \
	sh -c "sed -e 's/<[^>]*>/|/g' '$real/en/data/task_times/index.html' | grep -qF '|none (a single figure)|' &&
	       sed -e 's/<[^>]*>/|/g' '$real/en/data/task_times/index.html' | grep -qF '|1 (not stated)|' &&
	       sed -e 's/<[^>]*>/|/g' '$real/zh/data/task_times/index.html' | grep -qF '|1（未注明）|' &&
	       ! grep -q 'class=\"num nodata\"' '$real/en/data/task_times/index.html'"
check "a data page says what an empty or zero cell stands for as the other pages do: no provider named, no date, NVLink not supported, a memory type no source gives" \
	sh -c "sed -e 's/<[^>]*>/|/g' '$real/en/data/prices/index.html' | grep -qF '|unnamed provider|' &&
	       sed -e 's/<[^>]*>/|/g' '$real/en/data/prices/index.html' | grep -qF '|date not given|' &&
	       sed -e 's/<[^>]*>/|/g' '$real/zh/data/prices/index.html' | grep -qF '|未注明服务商|' &&
	       sed -e 's/<[^>]*>/|/g' '$real/en/data/gpus/index.html' | grep -qF '|not supported|' &&
	       sed -e 's/<[^>]*>//g' '$real/en/gpus/rtx-4090/index.html' | grep -qF 'NVLinknot supported' &&
	       ! grep -q '<td class=\"num\" data-sort=\"0\">0</td>' '$real/en/data/gpus/index.html' &&
	       grep -q '<td title=\"no data\"><span class=\"nd\"' '$real/en/data/gpus/index.html' &&
	       sed -e 's/<[^>]*>/|/g' '$real/en/data/prices/index.html' | grep -qF '|may be empty: unnamed provider|'"
check "a comparison whose cards have times for different jobs only says so in a line, not in a table of one-sided rows, and prints none of those times" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/compare/h100-80gb-vs-a100-80gb/index.html' | grep -qF 'H100 80GB and A100 80GB both have times for training jobs, but none for the same job' &&
	       sed -e 's/<[^>]*>//g' '$real/zh/compare/h100-80gb-vs-a100-80gb/index.html' | grep -qF 'H100 80GB 和 A100 80GB 都有训练任务的耗时，但没有同一项任务的耗时' &&
	       ! grep -q 'no time given for this job' '$real/en/compare/h100-80gb-vs-a100-80gb/index.html' &&
	       ! grep -q '^time\.[^,]*\.h100-80gb,.*/en/compare/h100-80gb-vs-a100-80gb/' '$real/data/figures.csv'"
check "the inference page marks a tight card count as the VRAM page does (70B on 2 A100 80GB)" \
	sh -c "grep -q '<span class=\"v\">2</span><small class=\"why\"> (tight)</small>' '$real/en/inference/index.html' &&
	       grep -q '<span class=\"v\">2</span><small class=\"why\">（偏紧）</small>' '$real/zh/inference/index.html' &&
	       sed -e 's/<[^>]*>//g' '$real/en/vram/index.html' | grep -qF 'needs 2 cards, tight'"
check "a report section names its tables and figures as runs ('See Tables 2–5 and Figures 2–5.')" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/report/index.html' | grep -qE 'See Tables [0-9]+–[0-9]+ and Figures [0-9]+–[0-9]+\.' &&
	       sed -e 's/<[^>]*>//g' '$real/zh/report/index.html' | grep -qE '见表 [0-9]+～[0-9]+、图 [0-9]+～[0-9]+。' &&
	       ! sed -e 's/<[^>]*>//g' '$real/en/report/index.html' | grep -qE 'See Table [0-9]+, Figure'"
check "a card's roles are listed as a sentence lists them: commas, and an 'and' before the last (in Chinese 、 throughout, as the names may hold 与)" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/en/compare/a100-40gb-vs-rtx-3080/index.html' | grep -qF 'The sources name A100 40GB the budget pick for LLM fine-tuning (70B), the recommended card for computer vision (large scale), and the fastest pick for computer vision (small and medium scale) and Stable Diffusion LoRA.' &&
	       sed -e 's/<[^>]*>//g' '$real/zh/compare/a100-40gb-vs-rtx-3080/index.html' | grep -qF '来源把 A100 40GB 列为大模型微调（70B）的预算之选、计算机视觉（大规模）的推荐之选，以及计算机视觉（中小规模）、Stable Diffusion LoRA 的最快之选。'"
check "the ledger keeps how much a cheaper card wins by as its sentence says it: a percentage, or a multiple" \
	sh -c "grep -q '^cheaper-hour-times\.a100-80gb\.a100-40gb,[^,]*,[^,]*,2\.20[0-9]*,,×,' '$real/data/figures.csv' &&
	       ! grep -q '^cheaper-hour-by\.a100-80gb\.a100-40gb,' '$real/data/figures.csv' &&
	       grep -q '^cheaper-by\.lora-7b\.a100-40gb\.rtx-4090,[^,]*,[^,]*,19\.2[0-9]*,,%,' '$real/data/figures.csv' &&
	       sed -e 's/<[^>]*>//g' '$real/en/compare/a100-80gb-vs-a100-40gb/index.html' | grep -q 'rents for 2.2 times as much per hour'"
check "a GPU's result is one ledger figure on every page that prints it: its GPU page, the comparisons, the inference page and the articles" \
	sh -c "grep -Eq '^result\.llama2-13b-tokens\.rtx-4090,[^,]*,[^,]*,60,,tokens/s,data/results\.csv:[0-9]+,[0-9]+,.*/en/articles/.*/en/gpus/rtx-4090/.*/en/compare/h100-80gb-vs-rtx-4090/.*/en/inference/' '$real/data/figures.csv'"
check "a GPU's specification is one ledger figure on its GPU page, the comparisons' spec tables and the articles; its list price both ends" \
	sh -c "grep -Eq '^gpu\.h100-80gb\.tdp_w,[^,]*,[^,]*,700,,W,data/gpus\.csv:[0-9]+,[0-9]+,.*/en/gpus/h100-80gb/.*/en/compare/h100-80gb-vs-' '$real/data/figures.csv' &&
	       grep -Eq '^gpu\.a100-80gb\.price_usd_max,.*,15000,,USD,.*/en/gpus/a100-80gb/' '$real/data/figures.csv'"
# One table, one drawing: an article's table of a job's costs, of the use
# cases or of the techniques is the table of its own page, in both languages.
for l in en zh; do
	for t in "tasks/lora-7b task-costs" "use-cases use-cases" "techniques techniques"; do
		set -- $t
		check "$l: an article's $2 table is the one of $1/" python3 "$top/tests/same_table.py" \
			"$real/$l/articles/training-guide/index.html" "$real/$l/$1/index.html" "$2"
	done
done
# a dateless, publisherless source inside a dated article page borrows nothing
check "en: a dateless source says its date is not given on a dated page, and what kind of document it is" \
	sh -c "grep -o '<li><a href=\"[^\"]*sources/#training-guide-en\">Training Guide</a>[^<]*</li>' '$real/en/articles/training-guide/index.html' |
	grep -q '^[^0-9]*, date not given</li>\$'"
check "zh: a source in another language shows its title and the original" \
	grep -qF '>《训练指南》</a><span class="original">（原题 Training Guide）</span>：' "$real/zh/articles/training-guide/index.html"
check "en, zh: every footer source line links its entry on the sources page and says its kind" \
	sh -c "[ \$(grep -c '<li><a href=\"[^\"]*sources/#[a-z0-9-]*\">[^<]*</a>.*\. [A-Z][^<]*' '$real/en/index.html') -ge \$(tail -n +2 '$top/data/sources.csv' | wc -l) ] &&
	[ \$(grep -o 'sources/#' '$real/zh/index.html' | wc -l) -ge \$(tail -n +2 '$top/data/sources.csv' | wc -l) ]"
check "en, zh: the sources page says each source's kind and whether it is dated" \
	python3 -c "
import re,sys,csv
n=len(list(csv.DictReader(open(sys.argv[1],encoding='utf-8'))))
for lang,kind,date,undated in (('en','What it is','Date','Undated'),('zh','资料类型','日期','未注明日期')):
    t=open(sys.argv[2]+'/'+lang+'/sources/index.html',encoding='utf-8').read()
    items=re.findall(r'<li id=\"[^\"]+\">.*?</dl>',t,re.S)
    ok=[i for i in items if '<dt>'+kind+'</dt><dd>' in i and re.search('<dt>'+date+'</dt><dd>([0-9]|'+undated+')',i)]
    if len(items)!=n or len(ok)!=n: sys.exit(1)
" "$top/data/sources.csv" "$real"
check "en: a Chinese source is listed by its English title" \
	grep -qF 'How to choose the right GPU for AI training</a><span class="original"> (original title: ' "$real/en/index.html"
bad_dates=0
for f in $(cd "$real" && find . -name index.html); do
	if sed -n '/class="sources"/,/<\/ul>/p' "$real/$f" | grep -q 'Training Guide[^<]*[0-9]\{4\}'; then
		bad_dates=$((bad_dates + 1)); echo "  a date beside the dateless source: $f"
	fi
done
check "no page shows a date for a source that has none" test "$bad_dates" -eq 0

# 11. Search index and calculator data (issue 18): valid JSON, the real
# site's pages in it, the same bytes on every build and any thread count.
json_ok() { # json_ok FILE PYTHON-EXPRESSION-ON-j
	python3 -c "import json,sys; j=json.load(open(sys.argv[1],encoding='utf-8')); sys.exit(0 if ($2) else 1)" "$1"
}
for l in en zh; do
	check "$l: search index.json is JSON and counts its docs" \
		json_ok "$real/$l/search/index.json" "j['v']==3 and j['docs']==len(j['title_tokens'])>20 and j['doc_shards'][0]==0"
	check "$l: the search index holds 4090, in the RTX 4090 page's title" \
		python3 -c "
import glob,json,sys
sys.path.insert(0,'$top/bench'); from search import postings
d=[r for f in sorted(glob.glob(sys.argv[1]+'/d*.json'), key=lambda f: int(f.rsplit('d',1)[1][:-5])) for r in json.load(open(f,encoding='utf-8'))]
t={k: v for f in glob.glob(sys.argv[1]+'/t*.json') for k, v in json.load(open(f,encoding='utf-8')).items()}
p=dict(postings(t['4090']))
i=[k for k,r in enumerate(d) if r[1]=='gpus/rtx-4090/'][0]
sys.exit(0 if p.get(i,0) & 8 else 1)" "$real/$l/search"
	check "$l: every term lives in the shard search.js looks in (figures in the numbers' own)" \
		python3 -c "
import glob,json,sys
m=json.load(open(sys.argv[1]+'/index.json',encoding='utf-8'))
def fnv(s):
    h=2166136261
    for b in s.encode():
        h=((h^b)*16777619)&0xffffffff
    return h
n,a=m['number_shards'],m['shards']
t=glob.glob(sys.argv[1]+'/t[0-9]*.json')
def terms(f): # a CJK pair's postings under its first character, then its second
    for k, v in json.load(open(f,encoding='utf-8')).items():
        yield from ([k+c for c in v] if isinstance(v, dict) else [k])
bad=[(k,f) for f in t for k in terms(f)
     if f!=sys.argv[1]+'/t%d.json'%(fnv(k[:2])%n if k[0] in '0123456789' else n+fnv(k[:2])%(a-n))]
pairs=[k for f in t for k in terms(f) if ord(k[0])>=0x3040]
sys.exit(0 if 1<=n<a and len(t)==a and not bad and (pairs or '$l'=='en') else 1)" "$real/$l/search"
	check "$l: the search page lists every page by kind, without JavaScript" \
		test "$(grep -c '<li><a href=' "$real/$l/search/index.html")" -gt 100
	check "$l: calculator data.json has every vram.csv rule and GPU" \
		json_ok "$real/$l/calculator/data.json" "len(j['rules'])==$(($(wc -l <"$work/whole/data/vram.csv") - 1)) and len(j['gpus'])==$(($(wc -l <"$work/whole/data/gpus.csv") - 1)) and j['hours_per_month']==720"
	check "$l: calculator data.json lists each GPU's current per-card prices once (a four-card quote at the one-card price is not a second row)" \
		json_ok "$real/$l/calculator/data.json" "all(len(set((q['usd'], q['label']) for q in g['quotes'])) == len(g['quotes']) for g in j['gpus']) and [q['usd'] for g in j['gpus'] if g['id']=='a100-80gb' for q in g['quotes']]==[1.39, 1.89]"
	check "$l: calculator data.json has the tasks with a stated size and job" \
		json_ok "$real/$l/calculator/data.json" "sorted(t['job'] for t in j['tasks'])==['lora','lora','lora','training'] and all(t['rows'] for t in j['tasks'])"
done
check "every chart draws, under or in its plot, each card its caption names as having no figure (chart.desc.missing)" \
	python3 -c "
import csv,glob,re,sys
row=[r for r in csv.reader(open(sys.argv[2],encoding='utf-8')) if r and r[0]=='chart.desc.missing'][0]
bad,seen=[],0
for lang,col in (('en',1),('zh',2)):
    head,tail=row[col].split('{gpus}')
    for f in glob.glob(sys.argv[1]+'/'+lang+'/*.svg'):
        s=open(f,encoding='utf-8').read()
        desc=re.search(r'<desc[^>]*>(.*?)</desc>',s,re.S).group(1)
        if head not in desc: continue
        names=desc.split(head,1)[1].split(tail.strip() or None,1)[0]
        names=re.sub(r'\([^)]*\)|（[^）]*）','',names)
        drawn=re.sub(r'<[^>]+>',' ',re.sub(r'<(style|desc|title)[^>]*>.*?</\1>','',s,flags=re.S))
        seen+=1
        bad+=[(f,n.strip()) for n in re.split(r', |、',names) if n.strip() and n.strip() not in drawn]
print(bad[:5])
sys.exit(0 if seen>5 and not bad else 1)" "$real/charts" "$work/whole/data/i18n.csv"
check "zh: the Chinese index holds bigrams (显存, under 显)" \
	python3 -c "
import glob,json,sys
t={k+c for f in glob.glob(sys.argv[1]+'/t*.json') for k, v in json.load(open(f,encoding='utf-8')).items()
   for c in (v if isinstance(v, dict) else [''])}
sys.exit(0 if '显存' in t and '购指' in t and '4090' in t else 1)" "$real/zh/search"
check "en: a task with a stated size and job links its calculator preset" \
	grep -qF 'href="../../../en/calculator/?params=7&amp;job=lora"' "$real/en/tasks/lora-7b/index.html"
check "a task that states its weights' precision links the calculator with it (QLoRA at int4)" \
	grep -qF 'href="../../../en/calculator/?params=7&amp;precision=int4&amp;job=lora"' "$real/en/tasks/qlora-mistral-7b/index.html"
check "en: a task without a stated size has no calculator link" \
	sh -c "! grep -q 'calculator/?' '$real/en/tasks/resnet50-imagenet/index.html'"
for page in calculator search; do
	check "the $page script joins sentences with punct.gap: a space in English, none in Chinese" sh -c "
		grep -qF 'data-gap=\" \"' '$real/en/$page/index.html' &&
		grep -qF 'data-gap=\"\"' '$real/zh/$page/index.html'"
done
check "the search script marks a cut snippet with punct.ellipsis_*: '… ' and ' …' in English, '……' in Chinese" sh -c "
	grep -qF 'data-ellipsis-before=\"… \" data-ellipsis-after=\" …\"' '$real/en/search/index.html' &&
	grep -qF 'data-ellipsis-before=\"……\" data-ellipsis-after=\"……\"' '$real/zh/search/index.html' &&
	grep -qF \"(start > 0 ? cutBefore : '')\" '$real/search.js'"
check "zh: the how-to-choose article links the calculator with a preset" \
	grep -qF 'href="../../../zh/calculator/?params=13&amp;precision=fp16"' "$real/zh/articles/how-to-choose/index.html"
"$gen" build --root "$work/whole" --out "$work/real2" --quiet --jobs 1 >/dev/null 2>&1
printf '\nSee the {{< link page=calculator params=1e9 >}}.\n' >>"$proj/content/en/first-steps.md"
"$gen" build --root "$proj" --out "$work/e" >/dev/null 2>"$work/err-calc"
check "a calculator preset out of range is an error with its position" \
	grep -q 'content/en/first-steps.md:[0-9]*:[0-9]*: error: .*params "1e9" is not a plain number of billions, like 13' "$work/err-calc"
cp "$top/tests/fixtures/mini/content/en/first-steps.md" "$proj/content/en/first-steps.md"
check "search and calculator JSON: byte-identical on 1 thread and on every core" \
	sh -c "for f in \$(cd '$real' && find . -name '*.json'); do cmp '$real/'\$f '$work/real2/'\$f || exit 1; done; test -n \"\$(cd '$real' && find . -name '*.json')\""

# 12. Price history: two dated quotes of one provider give a chart with both
#     points on the GPU page (both languages) and an entry in the price feed;
#     the table shows the latest quote; gen check names old and undated quotes.
hist="$work/hist"
mkdir -p "$hist"
cp -R "$proj/content" "$proj/templates" "$proj/data" "$hist/"
"$gen" build --root "$hist" --out "$work/no-hist" --quiet >/dev/null 2>&1
check "without dated quotes a GPU page has no price-history chart" \
	sh -c "test -f '$work/no-hist/en/gpus/rtx-4090/index.html' && ! grep -q 'price-history' '$work/no-hist/en/gpus/rtx-4090/index.html'"
printf 'rtx-4090,Lambda,0.55,,,on-demand,2026-01-15,training-guide-en,,\nrtx-4090,Lambda,0.49,,,on-demand,2026-03-01,training-guide-en,,\n' >>"$hist/data/prices.csv"
"$gen" build --root "$hist" --quiet >/dev/null 2>"$work/err-hist"
check "a build with dated quotes exits 0" test $? -eq 0
for l in en zh; do
	page="$hist/site/$l/gpus/rtx-4090/index.html"
	svg=$(sed -n 's/.*\(<svg[^>]*id="price-history-rtx-4090-0".*<\/svg>\).*/\1/p' "$page")
	check "$l: the GPU page has a price-history chart" test -n "$svg"
	check "$l: the chart marks both dated quotes" test "$(printf '%s' "$svg" | grep -o '<circle' | wc -l)" -eq 2
	check "$l: the chart labels both prices" sh -c "printf '%s' '$svg' | grep -q '>\$0.55/' && printf '%s' '$svg' | grep -q '>\$0.49/'"
done
check "en: the chart is titled Price history" grep -q '<h3 id="price-history">Price history</h3>' "$hist/site/en/gpus/rtx-4090/index.html"
check "zh: the chart is titled 价格历史" grep -q '<h3 id="price-history">价格历史</h3>' "$hist/site/zh/gpus/rtx-4090/index.html"
check "en: the chart's points are dated" grep -q '<title>15 Jan 2026: \$0.55/h</title>' "$hist/site/en/gpus/rtx-4090/index.html"
check "the price table shows only Lambda's latest quote" \
	test "$(sed -n '/id="prices"/,/<\/table>/p' "$hist/site/en/gpus/rtx-4090/index.html" | grep -c '<td>Lambda</td>')" -eq 1
check "en: the price feed has the change" \
	grep -q '<title>RTX 4090, Lambda, on-demand: \$0.55/h → \$0.49/h</title>' "$hist/site/en/prices.xml"
check "zh: the price feed has the change" grep -q '<title>RTX 4090，Lambda，按需：\$0.55/小时 → \$0.49/小时</title>' "$hist/site/zh/prices.xml"
check "the price feed is well-formed" xmllint --noout "$hist/site/en/prices.xml"
check "every page offers the price feed once it has an entry, and none while it is empty (the feed is written either way)" \
	sh -c "grep -q 'href=\"./prices.xml\"' '$hist/site/en/index.html' &&
	       grep -q 'href=\"../../../zh/prices.xml\"' '$hist/site/zh/gpus/rtx-4090/index.html' &&
	       ! grep -rq 'prices.xml' '$real/en' --include=*.html && test -s '$real/en/prices.xml'"
check "en: the home page says how recent the newest price is" \
	grep -q 'The newest price was quoted on 1 Mar 2026' "$hist/site/en/index.html"
check "en: without dated quotes the home page says so" grep -q 'No quote gives its date.' "$real/en/index.html"
SOURCE_DATE_EPOCH=1780272000 "$gen" check --root "$hist" --max-age 30 >/dev/null 2>"$work/err-age"
check "gen check --max-age exits 0" test $? -eq 0
row=$(grep -n '^rtx-4090,Lambda,0.49,' "$hist/data/prices.csv" | cut -d: -f1)
check "gen check names a quote older than --max-age" \
	grep -qx "data/prices.csv:$row: warning: quote of rtx-4090 is 92 days old (as_of 2026-03-01; --max-age 30)" "$work/err-age"
check "gen check names undated quotes" grep -qx 'data/prices.csv:3: warning: quote of rtx-4090 has no as_of date: readers cannot tell how old it is' "$work/err-age"
check "gen check does not name the superseded quote as old" sh -c "! grep -q 'as_of 2026-01-15' '$work/err-age'"
SOURCE_DATE_EPOCH=1769904000 "$gen" check --root "$hist" >/dev/null 2>"$work/err-future"
check "gen check names a quote dated after today" \
	grep -qx "data/prices.csv:$row:7: warning: as_of 2026-03-01 is after today (2026-02-01)" "$work/err-future"
check "and not a quote dated before it" sh -c "! grep -q 'as_of 2026-01-15' '$work/err-future'"
check "gen check names an article dated after today" \
	sh -c "grep -Eq '^content/en/[a-z0-9-]+\.md: warning: date 2026-[0-9-]+ is after today \(2026-02-01\)$' '$work/err-future'"
"$gen" check --root "$hist" >/dev/null 2>"$work/err-today"
check "and none when every date has come" sh -c "! grep -q 'is after today' '$work/err-today'"
"$gen" check --root "$hist" --max-age soon >/dev/null 2>&1
check "a bad --max-age is a usage error" test $? -eq 2

# 13. Publishing: data/site.csv gives the base URL (--base-url overrides),
#     the placeholder is named, a malformed URL is refused; assets carry a
#     content hash.
pub="$work/pub"
mkdir -p "$pub"
cp -R "$proj/content" "$proj/templates" "$proj/data" "$pub/"
"$gen" build --root "$pub" >"$work/out-pub1" 2>&1
check "a build with the placeholder base URL says so" \
	grep -qx 'gen: the base URL is the placeholder https://gpuguide.example: set base_url in data/site.csv (or pass --base-url) before publishing' "$work/out-pub1"
printf 'key,value\nbase_url,https://guide.example.org/gpu\ndefault_lang,zh\nsite_name_en,Card Guide\n' >"$pub/data/site.csv"
"$gen" build --root "$pub" >"$work/out-pub2" 2>&1
check "a configured base URL is not called a placeholder" sh -c "! grep -q placeholder '$work/out-pub2'"
check "data/site.csv gives the canonical links" \
	grep -q '<link rel="canonical" href="https://guide.example.org/gpu/en/gpus/"' "$pub/site/en/gpus/index.html"
check "data/site.csv gives the sitemap's URLs" grep -q '<loc>https://guide.example.org/gpu/en/gpus/</loc>' "$pub/site/sitemap.xml"
check "default_lang leads x-default to the Chinese page" \
	grep -q 'hreflang="x-default" href="https://guide.example.org/gpu/zh/gpus/"' "$pub/site/en/gpus/index.html"
check "site_name_en names the site" grep -q '<title>Card Guide' "$pub/site/en/index.html"
check "data/site.csv is not reported as an unknown table" sh -c "! grep -q 'site.csv' '$work/out-pub2'"
"$gen" build --root "$pub" --base-url https://other.example >/dev/null 2>&1
check "--base-url wins over data/site.csv" \
	grep -q '<link rel="canonical" href="https://other.example/en/gpus/"' "$pub/site/en/gpus/index.html"
"$gen" build --root "$pub" --base-url 'guide.example.org' >/dev/null 2>"$work/err-url"
check "a malformed --base-url is a usage error (exit 2)" test $? -eq 2
check "the malformed --base-url is named" \
	grep -qx 'gen: --base-url "guide.example.org" must start with http:// or https://' "$work/err-url"
printf 'key,value\nbase_url,https://bad host\n' >"$pub/data/site.csv"
"$gen" build --root "$pub" >/dev/null 2>"$work/err-conf"
check "a malformed base_url in data/site.csv fails the build (exit 1)" test $? -eq 1
check "the malformed base_url is named at its row" \
	grep -qx 'data/site.csv:2:10: error: base_url "https://bad host" has a character a host name cannot hold' "$work/err-conf"
check "pages link the stylesheet with a content hash" grep -Eq 'href="\.\./\.\./style\.css\?v=[0-9a-f]{16}"' "$pub/site/en/gpus/index.html"
v1=$(grep -o 'style.css?v=[0-9a-f]*' "$pub/site/en/gpus/index.html")
printf '/* changed */\n' >>"$pub/templates/assets/style.css"
printf 'key,value\n' >"$pub/data/site.csv"
"$gen" build --root "$pub" --quiet >/dev/null 2>&1
v2=$(grep -o 'style.css?v=[0-9a-f]*' "$pub/site/en/gpus/index.html")
check "a changed stylesheet gets a new URL" sh -c "[ -n '$v1' ] && [ -n '$v2' ] && [ '$v1' != '$v2' ]"
check "the stylesheet keeps its plain name on disk" test -f "$pub/site/style.css"

# 14. The report (issue 29): the guide as one document per language, from
#     the same figures as the pages (ledger figures marked on it), linked
#     from the menu; a printed report.pdf is kept by later builds and linked
#     where it exists, and a price edit says which reports it moves.
rep="$work/rep"
fixture_project "$rep" # its own data: an editor's edit of data/ changes nothing here
rm -rf "$rep/content"
cp -R "$top/tests/fixtures/mini/content" "$rep/content"
"$gen" build --root "$rep" --quiet >/dev/null 2>&1
check "the report is built in both languages" \
	sh -c "test -f '$rep/site/en/report/index.html' && test -f '$rep/site/zh/report/index.html'"
check "the menu links the report" grep -q '<li><a href="../../en/report/">Report</a></li>' "$rep/site/en/gpus/index.html"
check "the home page links the report" grep -q 'href="report/"' "$rep/site/zh/index.html"
check "the report's figures are ledger figures marked on it, in both languages" \
	grep -Eq '^cost\.lora-7b\.rtx-4090,.* /en/report/ .*/zh/report/' "$rep/site/data/figures.csv"
costs_ok=1 ncosts=0
for t in "$rep"/site/en/tasks/*/index.html; do
	for c in $(grep -o '<td class="num" data-sort="[^"]*"><span class="v">\$[0-9.,–$]*</span>' "$t" | sed 's/.*<span class="v">//; s/<.*//' | sort -u); do
		ncosts=$((ncosts + 1))
		grep -qF "<span class=\"v\">$c</span>" "$rep/site/en/report/index.html" || { costs_ok=0; echo "  not in the report: $c ($t)"; }
	done
done
check "every cost and price of the task pages ($ncosts) is in the report" sh -c "[ $costs_ok -eq 1 ] && [ $ncosts -gt 0 ]"
check "no PDF link where no PDF was printed" sh -c "! grep -q 'report.pdf' '$rep/site/en/index.html'"
printf '%%PDF-1.4 printed by make report\n' >"$rep/site/en/report.pdf"
ino=$(stat -c %i "$rep/site/en/report.pdf")
"$gen" build --root "$rep" --quiet >/dev/null 2>&1
check "a later build keeps the printed report.pdf (same file)" \
	sh -c "test -f '$rep/site/en/report.pdf' && test \"\$(stat -c %i '$rep/site/en/report.pdf')\" = '$ino'"
check "the home page and the report link the PDF where it exists" \
	sh -c "grep -q 'href=\"report.pdf\"' '$rep/site/en/index.html' && grep -q 'href=\"../../en/report.pdf\"' '$rep/site/en/report/index.html'"
check "and not where it does not" sh -c "! grep -q 'report.pdf' '$rep/site/zh/index.html'"
awk -F, 'BEGIN{OFS=","} $1=="rtx-4090" && $3=="0.39" {$3="0.37"} {print}' "$rep/data/prices.csv" >"$work/prices.rep"
cp "$work/prices.rep" "$rep/data/prices.csv"
"$gen" build --root "$rep" >"$work/out-rep" 2>&1
check "a price edit names each report it moves, and the PDF to print again" \
	sh -c "grep -Eq '^/en/report/ shows [0-9]+ of these figures; en/report.pdf shows the old ones until .make report. prints it again$' '$work/out-rep' &&
	grep -Eq '^/zh/report/ shows [0-9]+ of these figures$' '$work/out-rep'"
rm "$rep/site/en/report.pdf"
"$gen" build --root "$rep" --quiet >/dev/null 2>&1
check "without the PDF the link goes" sh -c "! grep -q 'report.pdf' '$rep/site/en/index.html'"

# 15. GFM as editors write it (issues 27 and 28): a pipe table renders as a
#     table in both languages, in the box the site's tables scroll in; a
#     price typed in a table cell is a warning at its position naming the
#     shortcode to cite; shortcodes in the five kinds of code stay literal
#     (unknown ids there would fail the build); a rebuild says the warnings
#     again. The typed price is the one the site's ledger holds.
gfm="$work/gfm"
mkdir -p "$gfm"
cp -R "$proj/content" "$proj/templates" "$proj/data" "$gfm/"
"$gen" build --root "$gfm" --quiet >/dev/null 2>&1
lowest=$(awk -F, '$1=="price.rtx-4090.lowest" {print $4}' "$gfm/site/data/figures.csv")
check "the ledger gives the RTX 4090's lowest price ($lowest)" test -n "$lowest"
for l in en zh; do
	sed "s/PRICE/$lowest/" "$top/tests/fixtures/gfm/content/$l/gfm.md" >"$gfm/content/$l/gfm.md"
done
"$gen" build --root "$gfm" >"$work/out-gfm" 2>"$work/err-gfm"
check "a build with GFM articles and shortcodes in code exits 0" test $? -eq 0
check "no shortcode in code is resolved or an error" sh -c "! grep -q 'error' '$work/err-gfm'"
for l in en zh; do
	page="$gfm/site/$l/articles/gfm/index.html"
	check "$l: the pipe table is a table in the site's scroll box" \
		grep -q '^<div class="table-wrap" tabindex="0"><table>$' "$page"
	check "$l: its cells are cells, aligned as the delimiter row says" \
		sh -c "grep -q '^<td>RTX 4090</td>$' '$page' && grep -q '<td style=\"text-align: right\">\\\$$lowest/' '$page' && grep -q '<td style=\"text-align: center\"><span class=\"fig\"' '$page'"
	check "$l: a typed price in a table cell is a warning at its position" \
		grep -qF "content/$l/gfm.md:13:14: warning: \"\$$lowest\" types the lowest on-demand price of RTX 4090, which data/prices.csv holds: cite it with {{< price gpu=rtx-4090 >}} so that it follows the data" "$work/err-gfm"
	for form in your-gpu-id in-a-list in-a-quote in-backticks in-tildes in-a-span; do
		check "$l: the shortcode in code ($form) shows literally" \
			grep -qF "{{&lt; price gpu=$form &gt;}}" "$page"
	done
	check "$l: strikethrough and the bare link render" \
		sh -c "grep -q '<del>' '$page' && grep -q '<a href=\"https://example.org/prices\">https://example.org/prices</a>' '$page'"
done
check "en: a single tilde stays text" grep -q 'about ~2x longer' "$gfm/site/en/articles/gfm/index.html"
check "zh: the full stop after a bare link stays text" grep -q 'https://example.org/prices</a>。</p>' "$gfm/site/zh/articles/gfm/index.html"
"$gen" build --root "$gfm" >/dev/null 2>"$work/err-gfm2"
check "a rebuild says the typed-price warnings again" \
	test "$(grep -c 'types the lowest on-demand price' "$work/err-gfm2")" -eq 2
# An article's check is kept with the GPUs it held typed numbers against:
# another GPU's price edited (one the page cites: it is rendered again,
# its check kept), the pages say the warnings again; the
# RTX 4090's lowest price edited, the page that types it (and cites no
# price) is kept as published, and checked again: no warning now.
cp "$gfm/data/prices.csv" "$work/prices.gfm"
awk -F, 'BEGIN{OFS=","} $1=="rtx-3080" {$3="0.23"} {print}' "$work/prices.gfm" >"$gfm/data/prices.csv"
page_id=$(stat -c '%i %Y' "$gfm/site/en/articles/gfm/index.html")
"$gen" build --root "$gfm" >/dev/null 2>"$work/err-gfm3"
check "another GPU's price edited: the typed-price warnings again" \
	test "$(grep -c 'types the lowest on-demand price of RTX 4090' "$work/err-gfm3")" -eq 2
check "and the page citing that price shows the new one" \
	sh -c "test \"\$(stat -c '%i %Y' '$gfm/site/en/articles/gfm/index.html')\" != '$page_id' &&
	grep -q '\\\$0.23/h' '$gfm/site/en/articles/gfm/index.html'"
page_id=$(stat -c '%i %Y' "$gfm/site/en/articles/gfm/index.html")
cp "$gfm/data/prices.csv" "$work/prices.gfm3"
awk -F, -v p="$lowest" 'BEGIN{OFS=","} $1=="rtx-4090" && $3==p {$3="0.29"} {print}' "$work/prices.gfm3" >"$gfm/data/prices.csv"
"$gen" build --root "$gfm" >/dev/null 2>"$work/err-gfm4"
check "the RTX 4090's price edited: the page typing the old one is kept" \
	test "$(stat -c '%i %Y' "$gfm/site/en/articles/gfm/index.html")" = "$page_id"
check "and its typed price, no longer a figure of the data, is no warning" \
	sh -c "! grep -q 'types' '$work/err-gfm4'"
cp "$work/prices.gfm" "$gfm/data/prices.csv"
"$gen" build --root "$gfm" >/dev/null 2>"$work/err-gfm5"
check "the price back: the warnings again" \
	test "$(grep -c 'types the lowest on-demand price of RTX 4090' "$work/err-gfm5")" -eq 2

# holds STATUS SITE CHECK DESCRIPTION: the project's build succeeded
# (STATUS 0: a site never built would hold every check) and
# tests/site_invariants.py's CHECK holds on its SITE
holds() {
	check "$4" sh -c "test $1 -eq 0 && python3 '$top/tests/site_invariants.py' '$2' '$3'"
}
# Figures about the same as the best of their column are marked with it,
# as the comparison model has them (model/compare, cmp_ties_best): a
# project whose data holds two job times that print alike ("12 min" from
# 0.199 and 0.201 h), two results that do (149.6 and 150 tokens/s) and two
# hourly prices 0.3% apart ($1.39/h), which no page calls the cheaper.
ties="$work/ties"
fixture_project "$ties"
sed -i 's/^llama2-13b-tokens,a100-80gb,80,/llama2-13b-tokens,a100-80gb,149.6,/' "$ties/data/results.csv"
# A100 40GB's four relative speeds 1% above A100 80GB's, printed alike
# (0.404 and 0.4 both "0.4×")
sed -i 's/^rel-resnet50,a100-40gb,0.38,/rel-resnet50,a100-40gb,0.404,/; s/^rel-bert,a100-40gb,0.33,/rel-bert,a100-40gb,0.3535,/;
	s/^rel-gpt2,a100-40gb,0.28,/rel-gpt2,a100-40gb,0.303,/; s/^rel-sdxl,a100-40gb,0.38,/rel-sdxl,a100-40gb,0.404,/' "$ties/data/results.csv"
sed -i 's/^resnet50-imagenet,h100-80gb,2.5,/resnet50-imagenet,h100-80gb,0.199,/; s/^resnet50-imagenet,a100-40gb,6,/resnet50-imagenet,a100-40gb,0.201,/' \
	"$ties/data/task_times.csv"
sed -i 's/^a100-40gb,,0.63,/a100-40gb,,1.386,/' "$ties/data/prices.csv"
# two cards sharing the highest bandwidth (3,350 GB/s) and the dearest cost
# of a job (LoRA 7B: $1.80)
sed -i 's/^\(a100-80gb,A100 80GB,SXM4,datacenter,80,HBM2e,\)2000,/\13350,/' "$ties/data/gpus.csv"
sed -i 's/^lora-7b,a100-40gb,1.5,/lora-7b,a100-40gb,1.2987,/' "$ties/data/task_times.csv"
# and H200 a power draw beside its memory: two key specs, enough for its
# page's chart of specs (one is not)
sed -i 's/^\(h200,H200,,datacenter,144,HBM3e,,,,,,,,\),/\1700,/' "$ties/data/gpus.csv"
# a price for RTX A5000 that gives it RTX 4090's speed per dollar (0.61)
echo 'rtx-a5000,,0.2258,,,on-demand,,training-guide-en,,' >>"$ties/data/prices.csv"
# and a job that costs $2.40 on every card priced (GPT-2 fine-tune)
sed -i 's/^gpt2-1b-finetune,rtx-4090,4,/gpt2-1b-finetune,rtx-4090,6.1538,/; s/^gpt2-1b-finetune,a100-40gb,2,/gpt2-1b-finetune,a100-40gb,1.7316,/' \
	"$ties/data/task_times.csv"
# and a job timed as a range on one card, one time on the other; a range
# that crosses another card's cost (BERT: $0.30–$1.20 against $0.78)
sed -i 's/^llama2-7b-lora,a100-80gb,2,4,/llama2-7b-lora,a100-80gb,2,,/; s/^bert-base-finetune,rtx-3090,4,,/bert-base-finetune,rtx-3090,1,4,/' \
	"$ties/data/task_times.csv"
"$gen" build --root "$ties" >/dev/null 2>"$work/err-ties"
holds $? "$ties/site" best-ties "figures that print alike are marked alike in every table (jobs, inference, articles, report)"
check "both cards of a job's tied time are the fastest" \
	test "$(grep -cE '<span class="v">12 min</span>(<small class="why">[^<]*</small>)? <span class="badge fast">fastest</span>' "$ties/site/en/tasks/resnet50-imagenet/index.html")" -eq 2
check "two hourly prices 0.3% apart: neither the cheaper in the ledger, about the same in the sentence" \
	sh -c "! grep -q '^cheaper-hour.a100-80gb.a100-40gb,' '$ties/site/data/figures.csv' &&
	       grep -q 'rent for about the same per hour' '$ties/site/en/compare/a100-80gb-vs-a100-40gb/index.html'"
check "a cost range across another: both the cheapest on the job's page, neither the cheaper on the pair's" \
	sh -c "test \$(grep -c '<span class=\"badge\">cheapest</span>' '$ties/site/en/tasks/bert-base-finetune/index.html') -eq 2 &&
	       grep -q '“BERT-base fine-tune” costs \$0.78 on RTX 4090 and \$0.30–\$1.20 on RTX 3090.' '$ties/site/en/compare/rtx-4090-vs-rtx-3090/index.html' &&
	       grep -q '^cheaper.bert-base-finetune.rtx-4090.rtx-3090,[^,]*,[^,]*,neither,' '$ties/site/data/figures.csv'"
check "a highest or dearest figure two cards share: the charts name both, in both languages" \
	sh -c "grep -q 'Highest: H100 80GB, A100 80GB (3,350 GB/s);' '$ties/site/charts/en/chart-spec-bandwidth_gbs.svg' &&
	       grep -q '最高：H100 80GB、A100 80GB（3,350 GB/s）；' '$ties/site/charts/zh/chart-spec-bandwidth_gbs.svg' &&
	       test \$(grep -o 'bar hl' '$ties/site/charts/en/chart-spec-bandwidth_gbs.svg' | wc -l) -eq 2 &&
	       grep -q 'most expensive: A100 40GB, RTX 3090 at \$1.80\.' '$ties/site/charts/en/chart-task-cost-lora-7b.svg' &&
	       grep -q '3,350 GB/s (H100 80GB, A100 80GB)' '$ties/site/en/gpus/h200/index.html'"
check "a result's conditions and its card count stand in one Chinese bracket joined by ；, with no 。 inside it" \
	sh -c "sed -e 's/<[^>]*>//g' '$real/zh/compare/a100-80gb-vs-rtx-4090/index.html' | grep -qF '80 tokens/秒（来源只写作“A100”；未注明卡数' &&
	       ! sed -e 's/<[^>]*>//g' '$real/zh/compare/a100-80gb-vs-rtx-4090/index.html' | grep -qF '。未注明卡数'"
check "a tag page switches to its twin in the other language (data/i18n.csv's tag.* rows), both ways, and its sitemap entry names it" \
	sh -c "grep -q 'class=\"lang-switch\" href=\"../../../zh/tags/选购/\"' '$real/en/tags/buying/index.html' &&
	       grep -q 'class=\"lang-switch\" href=\"../../../en/tags/buying/\"' '$real/zh/tags/选购/index.html' &&
	       grep -A4 '<loc>[^<]*/en/tags/buying/</loc>' '$real/sitemap.xml' | grep -q 'hreflang=\"zh-CN\" href=\"[^\"]*/zh/tags/%E9%80%89%E8%B4%AD/\"'"
check "a card with one key specification and no speed result gets no chart of one bar (H200: its memory only)" \
	sh -c "! grep -q '<figure' '$real/en/gpus/h200/index.html' && ! test -e '$real/charts/en/chart-gpu-h200.svg' &&
	       grep -q '<figure' '$ties/site/en/gpus/h200/index.html'"
check "the relative-speed chart names every card and workload of its fastest figure, each card once (two cards at 0.4× on two)" \
	sh -c "grep -q 'Fastest besides H100 80GB, at 0.4×: A100 80GB on “ResNet-50 training speed (relative to H100)” and “SDXL training speed (relative to H100)”; A100 40GB on “ResNet-50 training speed (relative to H100)” and “SDXL training speed (relative to H100)”;' '$ties/site/charts/en/chart-relative-speed.svg' &&
	       grep -q '除 H100 80GB 外，A100 80GB 在“ResNet-50 训练速度（相对 H100）”和“SDXL 训练速度（相对 H100）”上，A100 40GB 在“ResNet-50 训练速度（相对 H100）”和“SDXL 训练速度（相对 H100）”上最快，为 0.4 倍；' '$ties/site/charts/zh/chart-relative-speed.svg'"
check "results that print alike are level in a comparison's bottom line, as in its sentences and table" \
	sh -c "grep -q 'On speed they are about level on the 4 speed benchmarks both were measured on alike.' '$ties/site/en/compare/a100-80gb-vs-a100-40gb/index.html' &&
	       ! grep -q 'For speed, pick' '$ties/site/en/compare/a100-80gb-vs-a100-40gb/index.html'"
check "two cards with the most speed per dollar: the price-speed chart names and marks both" \
	sh -c "grep -q 'Most speed per dollar: RTX 4090, RTX A5000 (0.61 per \$/h)\.' '$ties/site/charts/en/chart-price-vs-speed.svg' &&
	       test \$(grep -o 'class=\"c[0-9]* hl\"' '$ties/site/charts/en/chart-price-vs-speed.svg' | wc -l) -eq 2"
check "a job that costs the same on every card: one line says so, no cheapest against a dearest" \
	sh -c "grep -q '>RTX 4090, A100 40GB, RTX 3090: all at \$2.40\.' '$ties/site/charts/en/chart-task-cost-gpt2-1b-finetune.svg' &&
	       grep -q '>RTX 4090、A100 40GB、RTX 3090：均为 \$2.40。' '$ties/site/charts/zh/chart-task-cost-gpt2-1b-finetune.svg'"
check "its Chinese pages (a stated cost's finding with two input rows among them) read as Chinese" \
	python3 "$top/tests/zh_scan.py" "$ties/site"
check "and the job's chart names each cheapest card with its own cost" \
	sh -c "grep -q 'Cheapest, too close to call: RTX 3090 (\$0.30–\$1.20), RTX 4090 (\$0.78);' '$ties/site/charts/en/chart-task-cost-bert-base-finetune.svg' &&
	       grep -q '最便宜（难分高下）：RTX 3090（\$0.30～\$1.20）、RTX 4090（\$0.78）；' '$ties/site/charts/zh/chart-task-cost-bert-base-finetune.svg'"
check "a cost range against one cost: a range of ratios, end to end, in the table and the ledger" \
	sh -c "grep -q '<span class=\"v\">1.07–2.1×</span>' '$ties/site/en/compare/a100-80gb-vs-rtx-4090/index.html' &&
	       grep -q '<span class=\"v\">1.07～2.1 倍</span>' '$ties/site/zh/compare/a100-80gb-vs-rtx-4090/index.html' &&
	       grep -q '^cost-ratio.llama2-7b-lora.a100-80gb.rtx-4090,[^,]*,[^,]*,1.07[0-9]*,2.14[0-9]*,×,' '$ties/site/data/figures.csv'"
# Results measured under different conditions have no "fastest", as a pair
# of them gets no winner. The Llama 2 13B results on one card each (the
# RTX 4090's, counted on the 2 cards a 13B model needs at FP16, left out)
# are alike, and the inference page and an article's inference table mark
# a best of them; with one of them at another batch size, neither does.
alike="$work/alike"
fixture_project "$alike"
sed -i '/^llama2-13b-tokens,rtx-4090,/d' "$alike/data/results.csv"
"$gen" build --root "$alike" >/dev/null 2>"$work/err-alike"
unlike="$work/unlike"
fixture_project "$unlike"
sed -i -e '/^llama2-13b-tokens,rtx-4090,/d' \
	-e 's/^llama2-13b-tokens,a100-80gb,80,,,/llama2-13b-tokens,a100-80gb,80,8,,/' "$unlike/data/results.csv"
"$gen" build --root "$unlike" >/dev/null 2>"$work/err-unlike"
best_of() { # best_of SITE: the marks of the Llama 2 13B results, page and article
	python3 - "$1" <<'PY'
import sys
site = sys.argv[1]
s = open(site + "/en/inference/index.html").read()
i = s.find('id="llama2-13b-tokens"')
page = s[i:s.find("<section", i + 10)].count("num best")
a = open(site + "/en/articles/a100-vs-h100-vs-rtx-4090/index.html").read()
print(page, a.count("class=\"badge fast\""))
PY
}
check "results measured unlike: no fastest among them, on the inference page or in an article's table" \
	sh -c "test \"\$(grep -c 'llama2-13b-tokens,a100-80gb,80,8,' '$unlike/data/results.csv')\" = 1 &&
	       test \"$(best_of "$alike/site")\" = '1 1' && test \"$(best_of "$unlike/site")\" = '0 0'"
# A project without the optional case studies (data/case_studies.csv: the
# schema lets the file be missing): it builds, publishes no download and no
# page of that table, links to neither, and every other download is its
# file byte for byte.
nocase="$work/nocase"
fixture_project "$nocase"
rm -rf "$nocase/content" "$nocase/data/case_studies.csv"
cp -R "$top/tests/fixtures/mini/content" "$nocase/content"
"$gen" build --root "$nocase" >/dev/null 2>"$work/err-nocase"
rc=$?
check "a project without its optional case studies builds" test "$rc" -eq 0
check "and publishes no download or page of that table" \
	sh -c "test ! -e '$nocase/site/data/case_studies.csv' && test ! -e '$nocase/site/en/data/case_studies'"
check "and links to neither" sh -c "! grep -rq 'case_studies' '$nocase/site/en/data/index.html' '$nocase/site/zh/data/index.html'"
check "every other table's download is its file as read" \
	sh -c "for f in '$nocase'/data/*.csv; do n=\$(basename \"\$f\"); test \"\$n\" = site.csv && continue; cmp -s \"\$f\" '$nocase/site/data/'\"\$n\" || exit 1; done"
# Case studies again, the stated costs they name gone: each name an error
# at its cell (it was not checked, and the build crashed), the site as it was.
before=$(tree_hash "$nocase/site")
cp "$top/tests/fixtures/project/data/case_studies.csv" "$nocase/data/"
rm "$nocase/data/stated_costs.csv"
"$gen" build --root "$nocase" >/dev/null 2>"$work/err-nostated"
rc=$?
check "case studies without stated_costs.csv: an error at each cell, exit 1" \
	sh -c "test $rc -eq 1 && grep -q '^data/case_studies.csv:2:8: error: unknown stated cost \".*\" (there is no data/stated_costs.csv)$' '$work/err-nostated'"
check "and the site is as it was" test "$before" = "$(tree_hash "$nocase/site")"
# A template's misspelt name ({{rot}} for {{root}}) is an error at the tag,
# said once for all the pages that use it, and the site stays as it was
# (it rendered as nothing: every page linked its stylesheet to "../").
cp "$top/tests/fixtures/project/data/stated_costs.csv" "$nocase/data/"
"$gen" build --root "$nocase" >/dev/null 2>&1
before=$(tree_hash "$nocase/site")
sed -i 's/{{root}}{{asset.style_css}}/{{rot}}{{asset.style_css}}/' "$nocase/templates/layouts/base.mustache"
"$gen" build --root "$nocase" >/dev/null 2>"$work/err-rot"
rc=$?
check "a misspelt name in a template: exit 1, an error at its tag" \
	sh -c "test $rc -eq 1 && grep -qx 'templates/layouts/base.mustache:[0-9]*:[0-9]*: error: unknown name \"rot\": the page has no such value' '$work/err-rot'"
check "said once for all its pages, the rest counted" \
	sh -c "test \$(grep -c 'unknown name' '$work/err-rot') -eq 1 && grep -q '^gen: ... and [0-9]* more like the last of the 1 shown' '$work/err-rot'"
check "and the site is as it was" test "$before" = "$(tree_hash "$nocase/site")"
# and so is a section's ({{#has_crumb}}: every page's breadcrumbs gone)
sed -i 's/{{rot}}{{asset.style_css}}/{{root}}{{asset.style_css}}/; s/{{#has_crumbs}}/{{#has_crumb}}/; s/{{\/has_crumbs}}/{{\/has_crumb}}/' \
	"$nocase/templates/layouts/base.mustache"
"$gen" build --root "$nocase" >/dev/null 2>"$work/err-crumb"
rc=$?
check "a misspelt section name: exit 1, an error at its tag, said once" \
	sh -c "test $rc -eq 1 && test \$(grep -c 'error: unknown name \"has_crumb\": the page has no such value' '$work/err-crumb') -eq 1"
# A GPU with more prices than its page lists says so (the note given where
# it applies, null elsewhere: a strict render needs both)
i=0
while [ $i -lt 101 ]; do
	echo "rtx-4090,Provider $i,0.$((40 + i % 50)),,,spot,,training-guide-en,," >>"$nocase/data/prices.csv"
	i=$((i + 1))
done
sed -i 's/{{#has_crumb}}/{{#has_crumbs}}/; s/{{\/has_crumb}}/{{\/has_crumbs}}/' "$nocase/templates/layouts/base.mustache"
"$gen" build --root "$nocase" >/dev/null 2>&1
rc=$?
check "a GPU with more prices than its page lists builds and says how many it lists" \
	sh -c "test $rc -eq 0 && grep -q '<p class=\"note\">100 of its [0-9]* prices are listed here' '$nocase/site/en/gpus/rtx-4090/index.html' &&
	! grep -q 'prices are listed here' '$nocase/site/en/gpus/h100-80gb/index.html'"
# A job no card has a time for: its page says so in a sentence, in both
# languages, never a bare "no data"; a GPU without a price drops its cost
# column and says why (tests/site_invariants.py no-dash-rows: no column of
# dashes anywhere)
echo 'sdxl-full,SDXL full fine-tune,SDXL 全量微调,training-guide-en,,,' >>"$nocase/data/tasks.csv"
"$gen" build --root "$nocase" >/dev/null 2>&1
rc=$?
check "a job without a time: its page says so in a sentence in each language" \
	sh -c "test $rc -eq 0 &&
	grep -q '<p class=\"nodata\">No source gives a time for this job on any card yet.</p>' '$nocase/site/en/tasks/sdxl-full/index.html' &&
	grep -q '<p class=\"nodata\">目前还没有来源给出任何显卡完成这项任务的耗时。</p>' '$nocase/site/zh/tasks/sdxl-full/index.html' &&
	! grep -q '>no data<\|>no data (' '$nocase/site/en/tasks/sdxl-full/index.html'"
holds "$rc" "$nocase/site" no-dash-rows "and no table of the site has a column of dashes"
# without_rows NAME FILE PATTERN: the fixture's project in $work/NAME with
# the rows of data/FILE that match PATTERN taken out, built (its status)
without_rows() {
	fixture_project "$work/$1"
	grep -v "$3" "$work/$1/data/$2" >"$work/$1.rows" &&
		cp "$work/$1.rows" "$work/$1/data/$2"
	built "$1"
}
# built NAME: the project in $work/NAME built into its site/ (its status)
built() {
	"$gen" build --root "$work/$1" >/dev/null 2>&1
}
# blank_columns FILE COLUMN...: every row's cells of those columns emptied
blank_columns() {
	python3 - "$@" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
for col in sys.argv[2:]:
    i = rows[0].index(col)
    for r in rows[1:]:
        r[i] = ""
csv.writer(open(sys.argv[1], "w", encoding="utf-8", newline=""), lineterminator="\n").writerows(rows)
PY
}
# emptied NAME FILE...: the same with every row of the files taken out (their
# header kept)
emptied() {
	name=$1
	shift
	fixture_project "$work/$name"
	for f in "$@"; do
		head -n 1 "$work/$name/data/$f" >"$work/$name.rows" &&
			cp "$work/$name.rows" "$work/$name/data/$f"
	done
	built "$name"
}
# A card without a price: a job only it has a time for shows no columns of
# prices and costs, and says why in each language
unpriced="$work/unpriced"
without_rows unpriced prices.csv '^rtx-4090,'
rc=$?
check "a job whose only card has no price: no cost column, a line saying why" \
	sh -c "test $rc -eq 0 &&
	grep -q '<p class=\"meta\">No cost for this job: no card with a time for it has a known rental price.</p>' '$unpriced/site/en/tasks/qlora-mistral-7b/index.html' &&
	grep -q '<p class=\"meta\">有耗时数据的显卡都没有已知的每小时租价，因此无法计算这项任务的费用。</p>' '$unpriced/site/zh/tasks/qlora-mistral-7b/index.html' &&
	! grep -q '<th scope=\"col\" class=\"num\">Cost</th>' '$unpriced/site/en/tasks/qlora-mistral-7b/index.html'"
holds "$rc" "$unpriced/site" no-dash-rows "and no table of that site has a column of dashes"
# No baseline card (the H100's results taken out: no card is 1 on all its
# results): the methodology and the GPU pages say the speeds are the
# sources' own, never "The baseline card is ?" or "no data = 1"
nobase="$work/nobase"
without_rows nobase results.csv ',h100-80gb,'
rc=$?
check "no baseline card: the methodology says so, the GPU pages give the sources' speeds" \
	sh -c "test $rc -eq 0 &&
	grep -q 'so there is no baseline card: relative speeds are shown as the sources give them' '$nobase/site/en/methodology/index.html' &&
	grep -q '<caption>Speed relative to each source&#39;s baseline card, as the source gives it</caption>' '$nobase/site/en/gpus/a100-80gb/index.html' &&
	! grep -rq 'baseline card is ?\|no data = 1\|基准卡为 ?\|暂无数据 = 1' '$nobase/site'"
check "and its Chinese pages keep the style sheet" python3 "$top/tests/zh_scan.py" "$nobase/site"
# its charts, captions and sentences name what the speeds are relative to:
# each source's own baseline card, never a "baseline GPU" the guide has not
# got (the methodology and the report list every reason a figure may lack,
# that among them; data/i18n every string)
check "no baseline card: charts and tables say relative to each source's baseline card" \
	sh -c "grep -q 'Training speed relative to each source.s baseline card' '$nobase/site/en/gpus/index.html' &&
	grep -q '相对各来源基准卡的训练速度' '$nobase/site/zh/gpus/index.html' &&
	grep -q 'RTX 4090 runs at only [0-9–%]* of the speed of each source&#39;s baseline card' '$nobase/site/en/gpus/rtx-4090/index.html' &&
	grep -q '<caption>Training speed relative to each source&#39;s baseline card (higher is faster)</caption>' '$nobase/site/en/articles/training-guide/index.html' &&
	! grep -rh --exclude-dir=i18n --exclude=i18n.csv 'the baseline GPU\|相对基准卡的速度\|基准卡无结果' '$nobase/site' |
		grep -qv '^<li>\(no result for the baseline GPU\|基准卡无结果\)</li>\$'"
# a GPU page's results are "other" only after a training speed section
check "a GPU page without training speeds heads its results as benchmark results, not other ones" \
	sh -c "grep -q '<h2 id=\"benchmarks\">Benchmark results</h2>' '$nobase/site/en/gpus/h100-80gb/index.html' &&
	grep -q '<h2 id=\"benchmarks\">测试结果</h2>' '$nobase/site/zh/gpus/h100-80gb/index.html' &&
	for p in '$nobase'/site/en/gpus/*/index.html '$live'/en/gpus/*/index.html; do
		! grep -q 'Other benchmark results' \"\$p\" || grep -q '<h2 id=\"speed\">' \"\$p\" || exit 1
	done"
# of two cards compared, a result one lacks is named in a line, not a row
# of dashes, and never as "no result for the baseline GPU": neither of
# them is the baseline (the RTX 3090's ResNet-50 result taken out)
onelack="$work/onelack"
without_rows onelack results.csv '^rel-resnet50,rtx-3090,'
rc=$?
check "a comparison names a benchmark only one card was measured on in a line, not a row" \
	sh -c "test $rc -eq 0 &&
	grep -q '<p class=\"nodata\">Only RTX 4090 was measured on “ResNet-50 training speed (relative to H100)”, ' '$onelack/site/en/compare/rtx-4090-vs-rtx-3090/index.html' &&
	grep -q '<p class=\"nodata\">仅 RTX 4090 有“ResNet-50 训练速度（相对 H100）”“' '$onelack/site/zh/compare/rtx-4090-vs-rtx-3090/index.html' &&
	! grep -q '<th scope=\"row\">ResNet-50 training speed' '$onelack/site/en/compare/rtx-4090-vs-rtx-3090/index.html' &&
	! grep -rlq 'baseline' '$onelack/site/en/compare' && ! grep -rlq '相对基准卡的速度\|基准卡无结果' '$onelack/site/zh/compare'"

# No rental price at all, no result at all, neither: every table leaves out
# the columns no row has a figure in (prices, costs, speeds, a chart's data
# table without a chart), and the lists say why in a line
noprices="$work/noprices"
emptied noprices prices.csv
rc=$?
check "no price at all: the GPU, job and inference lists say so instead of columns of dashes" \
	sh -c "test $rc -eq 0 &&
	grep -q '<p class=\"nodata\">No source gives a rental price for any of these cards yet.</p>' '$noprices/site/en/gpus/index.html' &&
	! grep -q 'id=\"filter-priced\"' '$noprices/site/en/gpus/index.html' &&
	grep -q '<p class=\"nodata\">有耗时数据的显卡都没有已知的每小时租价，因此无法计算各项任务的费用。</p>' '$noprices/site/zh/tasks/index.html' &&
	grep -q '<p class=\"nodata\">No serving cost: no card with a result on this benchmark has a known rental price.</p>' '$noprices/site/en/inference/index.html' &&
	grep -q '<p class=\"meta\">No cost for this job: no card with a time for it has a known rental price.</p>' '$noprices/site/en/articles/training-guide/index.html'"
holds "$rc" "$noprices/site" no-dash-rows "and no table of that site has a column of dashes"
# The RTX 3090 left with one benchmark and one job (ResNet-50's result,
# LoRA 7B's time): a count of one is said in its own form, never "all 1
# benchmarks"
one="$work/one"
fixture_project "$one"
for f in results.csv:rel-resnet50, task_times.csv:lora-7b,; do
	awk -v k="${f#*:}" 'NR == 1 || !index($0, ",rtx-3090,") || index($0, k) == 1' \
		"$one/data/${f%%:*}" >"$one.rows" && cp "$one.rows" "$one/data/${f%%:*}"
done
built one
rc=$?
check "one benchmark, one job: the bottom line and the chart speak of one" \
	sh -c "test $rc -eq 0 &&
	grep -q 'it is the faster of the two on the one speed benchmark both were measured on alike' '$one/site/en/compare/rtx-4090-vs-rtx-3090/index.html' &&
	grep -q 'the one job priced on both' '$one/site/en/compare/rtx-4090-vs-rtx-3090/index.html' &&
	grep -q 'On 1 training workload, RTX 3090 runs at' '$one/site/en/gpus/rtx-3090/index.html' &&
	grep -q '两者测试条件相同的速度基准测试只有 1 项' '$one/site/zh/compare/rtx-4090-vs-rtx-3090/index.html' &&
	python3 '$top/tests/site_invariants.py' '$one/site' one-plural"
# Columns of gpus.csv emptied (every spec, the list prices): the GPU list
# names the specs no card has instead of drawing their columns, and the
# inference tables say why they give no cards or serving cost
nospecs="$work/nospecs"
fixture_project "$nospecs"
blank_columns "$nospecs/data/gpus.csv" vram_gb memory_type bandwidth_gbs fp16_tflops fp32_tflops \
	tensor_core_gen fp8 nvlink_gbs pcie_gbs tdp_w price_usd_min price_usd_max
built nospecs
rc=$?
check "no specs: the GPU list and the inference tables say what is missing, in both languages" \
	sh -c "test $rc -eq 0 &&
	grep -q '<p class=\"nodata\">No source gives these figures for any of these cards: List price, VRAM, Memory type, Memory bandwidth, FP16 tensor throughput, Power draw (TDP).</p>' '$nospecs/site/en/gpus/index.html' &&
	grep -q '<p class=\"nodata\">来源均未给出这些显卡的以下数据：' '$nospecs/site/zh/gpus/index.html' &&
	grep -q '<p class=\"nodata\">No source gives the memory size of a card with a result on this benchmark' '$nospecs/site/en/inference/index.html' &&
	grep -q '<p class=\"nodata\">这项基准测试中有结果的显卡都没有显存数据' '$nospecs/site/zh/inference/index.html'"
holds "$rc" "$nospecs/site" no-dash-rows "and no table of that site has a column or row of dashes"
holds "$rc" "$nospecs/site" one-head "and each figure left is headed alike on every table"
holds "$rc" "$nospecs/site" legend-marks "and the no-data legend follows each table with the mark, and only those"
# Prose columns nobody wrote (a use case's reason, budget and fastest pick, a
# result's conditions, a price's note, a technique's speed-up and notes):
# left out of every table, not blank
noprose="$work/noprose"
fixture_project "$noprose"
blank_columns "$noprose/data/use_cases.csv" reason_en reason_zh budget_gpu fastest_gpu \
	budget_note_en budget_note_zh fastest_note_en fastest_note_zh
blank_columns "$noprose/data/results.csv" conditions_en conditions_zh
blank_columns "$noprose/data/prices.csv" note_en note_zh
blank_columns "$noprose/data/vram.csv" note_en note_zh
blank_columns "$noprose/data/techniques.csv" speed_low speed_high speed_scope_en speed_scope_zh \
	speed_text_en speed_text_zh notes_en notes_zh
built noprose
rc=$?
holds "$rc" "$noprose/site" no-dash-rows "columns nobody wrote: built, no table with a column of blanks"
holds "$rc" "$noprose/site" one-head "columns nobody wrote: each figure left headed alike on every table"
check "a pick no use case names: no column of \"none given\", a line naming it, on the page and in an article" \
	sh -c "test $rc -eq 0 && for page in use-cases articles/training-guide; do
		! grep -q '<th scope=\"col\">Budget pick</th>' '$noprose/site/en/'\$page/index.html &&
		grep -q '<p class=\"nodata\">No source names this pick for any use: Budget pick, Fastest pick.</p>' '$noprose/site/en/'\$page/index.html &&
		! grep -q '<th scope=\"col\">预算之选</th>' '$noprose/site/zh/'\$page/index.html &&
		grep -q '<p class=\"nodata\">没有来源为任何使用场景给出这类推荐：预算之选、最快之选。</p>' '$noprose/site/zh/'\$page/index.html || exit 1
	done"
# A result and a job time given twice (by another source): the GPU page
# shows the first of each and counts what it shows
twice="$work/twice"
fixture_project "$twice"
for f in results.csv:rel-resnet50,rtx-4090, task_times.csv:lora-7b,rtx-4090,; do
	grep "^${f#*:}" "$twice/data/${f%%:*}" | sed 's/,training-guide-en,/,choosing-guide-zh,/' \
		>>"$twice/data/${f%%:*}"
done
built twice
rc=$?
holds "$rc" "$twice/site" spec-count "a figure given twice: the GPU page counts the rows it shows"
for kind in noresults:results.csv "nodata:prices.csv results.csv"; do
	name=${kind%%:*}
	emptied $name ${kind#*:}
	rc=$?
	proj=$name # check() sets $name
	holds "$rc" "$work/$proj/site" no-dash-rows "$proj: built, no table with a column of dashes"
	holds "$rc" "$work/$proj/site" legend-marks "$proj: the no-data legend under each table with the mark, and only there"
done

echo "e2e: $passed passed, $failed failed"
test "$failed" -eq 0
