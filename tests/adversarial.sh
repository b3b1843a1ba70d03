#!/bin/sh
# Adversarial tests of build/gen: bad input of every kind must give a clear
# error (exit 1, file:line:col), leave the published site byte-for-byte and
# mtime-for-mtime as it was, and leave no staging folder behind; hostile text
# must reach the pages as text, never as markup.
#
# A copy of the project (data, templates, content) is built once (the
# "published" site); each case breaks one input, builds, checks, and puts the
# pristine inputs back. Cases that hit a known bug (its id, as B10, given to
# verdict) and not fixed yet print "KNOWN" and are counted apart (they do not fail the
# run); once the bug is fixed they pass and print "ok".
#
# Prints a closing "adversarial: N passed, N failed" line (plus "N known"
# when any) and exits non-zero on any failure.
set -u
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gpuguide-adv-XXXXXX)
# a copy of the tool, so a rebuild of build/gen during the run cannot race us
cp "$top/build/gen" "$work/gen" || exit 1
gen="$work/gen"
mounted=""
cleanup() {
	[ -n "$mounted" ] && umount "$mounted" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
. "$top/tests/lib.sh"
known=0
skipped=0
skip() { skipped=$((skipped + 1)); echo "SKIP - $1"; }
no_staging() { # no .site-staging-* folder beside the output folder in $1
	! ls -a "$1" | grep -q '^\.site-staging'
}

# ---- the project and its published site ----

proj="$work/proj"
pristine="$work/pristine"
mkdir -p "$proj" "$pristine"
# the tests' own project (tests/fixtures/project), so that an editor's edit
# of data/ never changes what these cases expect
fixture_project "$pristine"
fixture_project "$proj"
site="$proj/site"
if ! "$gen" build --root "$proj" >"$work/first.out" 2>"$work/first.err"; then
	cat "$work/first.err"
	echo "adversarial: the real project does not build; giving up"
	echo "adversarial: 0 passed, 1 failed"
	exit 1
fi
published=$(tree_hash "$site")

# Put the pristine inputs back (whatever a case added, removed or linked).
dirty=""
restore() {
	chmod -R u+rwX "$proj" 2>/dev/null
	for d in data templates content; do
		rm -rf "${proj:?}/$d"
		cp -R "$pristine/$d" "$proj/$d"
	done
	rm -rf "$work/out"
	# a case that failed may have published: start again from a clean site
	if [ -n "$dirty" ]; then
		rm -rf "$site" "$proj"/.site-staging*
		"$gen" build --root "$proj" >/dev/null 2>&1
		published=$(tree_hash "$site")
		dirty=""
	fi
}

# CSV edits with Python's csv module (quoted fields stay intact). Every
# command prints the 1-based line of the record it touched.
cat >"$work/csvedit.py" <<'EOF'
import csv, io, sys

def load(path):
    with open(path, newline='', encoding='utf-8') as f:
        text = f.read()
    r = csv.reader(io.StringIO(text))
    rows, lines, last = [], [], 0
    for row in r:
        lines.append(last + 1)
        rows.append(row)
        last = r.line_num
    return text, rows, lines

def save(path, rows):
    out = io.StringIO()
    csv.writer(out, lineterminator='\n').writerows(rows)
    with open(path, 'w', encoding='utf-8', newline='') as f:
        f.write(out.getvalue())

cmd, path = sys.argv[1], sys.argv[2]
text, rows, lines = load(path)
if cmd == 'col':        # col FILE NAME: 1-based position of a header column
    print(rows[0].index(sys.argv[3]) + 1)
elif cmd == 'ncols':    # ncols FILE
    print(len(rows[0]))
elif cmd == 'line':     # line FILE ROW: line of data row ROW (1-based)
    print(lines[int(sys.argv[3])])
elif cmd == 'get':      # get FILE ROW NAME
    print(rows[int(sys.argv[3])][rows[0].index(sys.argv[4])])
elif cmd == 'set':      # set FILE ROW NAME VALUE (VALUE "@N*c": c repeated N times)
    v = sys.argv[5]
    if v.startswith('@') and '*' in v:
        n, c = v[1:].split('*', 1)
        v = c * int(n)
    rows[int(sys.argv[3])][rows[0].index(sys.argv[4])] = v
    save(path, rows)
    print(lines[int(sys.argv[3])])
elif cmd == 'append':   # append FILE ROW: append a copy of data row ROW
    rows.append(list(rows[int(sys.argv[3])]))
    save(path, rows)
    print(text.count('\n') + 1 if text.endswith('\n') else text.count('\n') + 2)
elif cmd == 'headeronly':
    save(path, rows[:1])
    print(1)
EOF
csved() { python3 "$work/csvedit.py" "$@"; }

# ---- the checks ----

# expect_build_error NAME BUG HINT GREP-ARGS...: build, expect exit 1, a line
# of stderr matched by `grep -q GREP-ARGS`, the published site unchanged, no
# staging folder left. With BUG (e.g. B1), a failure is counted as known, not
# failed.
expect_build_error() {
	name=$1 bug=$2 hint=$3
	shift 3
	timeout 20 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
	if [ -z "$why" ] && ! grep -q "$@" "$work/err.txt"; then
		why="message not found"
	fi
	if [ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ]; then
		why="the published site changed"
	fi
	if [ -z "$why" ] && ! no_staging "$proj"; then
		why="a staging folder was left behind"
	fi
	[ -n "$why" ] && dirty=1
	verdict "$name" "$bug" "$why" "$hint"
	restore
}

# expect_error NAME MESSAGE [BUG]: the exact MESSAGE as one line of stderr.
expect_error() {
	expect_build_error "$1" "${3:-}" "expected: $2" -xF -- "$2"
}

# expect_error_like NAME REGEX [BUG]: a line matching a basic regex (for
# messages that hold a variable part such as a process id).
expect_error_like() {
	expect_build_error "$1" "${3:-}" "expected a line matching: $2" -- "$2"
}

# expect_check_error NAME MESSAGE: `gen check` exits 1 with the exact
# MESSAGE as one line of stderr, the site unchanged. The inputs are not put
# back (a build of the same inputs usually follows).
expect_check_error() {
	timeout 20 "$gen" check --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
	[ -z "$why" ] && ! grep -qxF -- "$2" "$work/err.txt" && why="message not found"
	[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed"
	verdict "check: $1" "" "$why" "expected: $2"
}

# verdict NAME BUG WHY HINT: ok when WHY is empty; else KNOWN (with BUG) or FAIL.
verdict() {
	if [ -z "$3" ]; then
		ok "$1"
	elif [ -n "$2" ]; then
		known=$((known + 1))
		echo "KNOWN - $1 ($3; known bug $2)"
	else
		fail "$1 ($3)"
		echo "       $4"
		sed 's/^/       stderr: /' "$work/err.txt" | cut -c1-300 | head -5
	fi
}

# build_ok NAME: a build into $work/out that must succeed (exit 0) without
# touching the published site. Sets $why for the caller's extra checks.
build_ok() {
	rm -rf "$work/out"
	timeout 60 "$gen" build --root "$proj" --out "$work/out" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 0 ] || why="exit $rc, expected 0"
	if [ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ]; then
		why="the published site changed"
	fi
	[ -n "$why" ] && dirty=1
}

article() { # article FILE SLUG [BODY]: a small article with slug on line 4
	printf -- '---\ntitle: Adversarial\ndate: 2026-01-01\nslug: %s\n---\n%s\n' \
		"$2" "${3:-Hello.}" >"$proj/content/en/$1"
}

# ---- 1. numbers and cells in CSV ----

P=data/prices.csv
pc=$(csved col "$proj/$P" usd_per_hour)
for v in '0,39' '$0.39' 'NaN' 'inf' '-inf' '1e400' '1e3' ' 0.39' '0x10' \
	 '99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999'; do
	l=$(csved set "$proj/$P" 2 usd_per_hour "$v")
	short=$(printf '%s' "$v" | cut -c1-12)
	shown=$v # a bad cell longer than 76 bytes is shown cut, with "…"
	[ ${#v} -gt 76 ] && shown="$(printf '%s' "$v" | cut -c1-76)…"
	expect_error "price \"$short\" is not a number" \
		"$P:$l:$pc: error: usd_per_hour \"$shown\" is not a number"
done
l=$(csved set "$proj/$P" 2 usd_per_hour -0.39)
expect_error "negative price" "$P:$l:$pc: error: usd_per_hour \"-0.39\" must be at least 0.01"
l=$(csved set "$proj/$P" 2 usd_per_hour 0)
expect_error "zero price" "$P:$l:$pc: error: usd_per_hour \"0\" must be at least 0.01"
# ranges that make sense (README, "The data"): a cent to $1,000 per hour
l=$(csved set "$proj/$P" 2 usd_per_hour 0.0000000000000000000000000001)
expect_error "price of 1e-28 dollars" \
	"$P:$l:$pc: error: usd_per_hour \"0.0000000000000000000000000001\" must be at least 0.01"
l=$(csved set "$proj/$P" 2 usd_per_hour 100000000000000000000000000000000000000)
expect_error "price of 1e38 dollars" \
	"$P:$l:$pc: error: usd_per_hour \"100000000000000000000000000000000000000\" must be at most 1000"
l=$(csved set "$proj/$P" 2 usd_per_hour 1000.01)
expect_error "price above \$1,000 per hour" "$P:$l:$pc: error: usd_per_hour \"1000.01\" must be at most 1000"
l=$(csved set "$proj/data/gpus.csv" 1 vram_gb 80000)
vc=$(csved col "$proj/data/gpus.csv" vram_gb)
expect_error "80,000 GB of VRAM" "data/gpus.csv:$l:$vc: error: vram_gb \"80000\" must be at most 4096"
# control characters in text cells (they reached 81 pages)
provc=$(csved col "$proj/$P" provider)
l=$(csved set "$proj/$P" 2 provider "$(printf 'Cloud\001X')")
expect_error "U+0001 in a text cell" "$P:$l:$provc: error: provider holds the control character U+0001; remove it"
T=data/task_times.csv
nc=$(csved col "$proj/$T" minutes)
l=$(csved set "$proj/$T" 2 minutes "$(printf 'a\302\205b')")
expect_error "U+0085 in a column the schema does not name" "$T:$l:$nc: error: minutes holds the control character U+0085; remove it"
# a header with a trailing space or the wrong case: "did you mean"
sed '1s/^gpu_id,/gpu_id ,/' "$pristine/$P" >"$proj/$P"
expect_error "header \"gpu_id \" (trailing space)" \
	"$P:1:1: error: missing column \"gpu_id\" (column 1 is \"gpu_id \": did you mean \"gpu_id\"?)"
sed '1s/^gpu_id,/GPU_ID,/' "$pristine/$P" >"$proj/$P"
expect_error "header \"GPU_ID\" (wrong case)" \
	"$P:1:1: error: missing column \"gpu_id\" (column 1 is \"GPU_ID\": did you mean \"gpu_id\"?)"

ac=$(csved col "$proj/$P" as_of)
for v in 2026-02-30 2026-13-01 26-01-01 2026-1-1 yesterday; do
	l=$(csved set "$proj/$P" 2 as_of "$v")
	expect_error "bad date \"$v\"" \
		"$P:$l:$ac: error: as_of \"$v\" is not a date (YYYY-MM-DD)"
done

gid=$(csved get "$proj/data/gpus.csv" 1 id)
gl=$(csved line "$proj/data/gpus.csv" 1)
l=$(csved append "$proj/data/gpus.csv" 1)
expect_error "duplicate gpu id" \
	"data/gpus.csv:$l:1: error: duplicate id \"$gid\" (first on line $gl)"

gc=$(csved col "$proj/$P" gpu_id)
l=$(csved set "$proj/$P" 2 gpu_id rtx-9999)
expect_error "unknown gpu reference" \
	"$P:$l:$gc: error: unknown gpu \"rtx-9999\" (not in data/gpus.csv)"

# unterminated quote: a last record whose second field opens a quote
l=$(($(wc -l <"$proj/$P") + 1))
printf 'rtx-4090,"Oops,0.5,on-demand,,training-guide-en,\n' >>"$proj/$P"
expect_error "unterminated quote" \
	"$P:$l:10: error: quoted field is never closed (the quote opened here runs to the end of the file)"

: >"$proj/$P"
expect_error "0-byte CSV" "$P: error: empty file, expected a header row"

# not UTF-8 (Latin-1 é) and a NUL byte, in the provider column of row 2
# (named first: the sources name no provider)
l=$(csved set "$proj/$P" 2 provider Provider)
cp "$proj/$P" "$work/named"
provc=$(csved col "$proj/$P" provider)
# (the byte lands after the provider's first two characters, or at its end
# when it has fewer: row 2 names no provider)
col=$(awk -v l="$l" -v c="$provc" 'NR==l{n=split($0,f,","); s=0; for(i=1;i<c;i++) s+=length(f[i])+1; k=length(f[c]); print s+1+(k<2?k:2); exit}' "$proj/$P")
# put byte $1 (octal) in place of the provider's third character
put_byte() {
	awk -v l="$l" -v c="$provc" -v b="$1" 'NR==l{n=split($0,f,","); f[c]=substr(f[c],1,2) b substr(f[c],4);
		s=f[1]; for(i=2;i<=n;i++) s=s "," f[i]; $0=s} {print}' "$work/named" >"$work/x" && cp "$work/x" "$proj/$P"
}
put_byte "$(printf '\351')"
expect_error "CSV that is not UTF-8" \
	"$P:$l:$col: error: invalid UTF-8 (byte 0xE9); save the file as UTF-8"
put_byte "$(printf '\001')"
tr '\001' '\000' <"$proj/$P" >"$work/x" && cp "$work/x" "$proj/$P"
expect_error "NUL byte in a CSV" \
	"$P:$l:$col: error: invalid UTF-8 (byte 0x00); save the file as UTF-8"

# a CSV with only a header: valid, every figure it held becomes "no data"
# with a warning (README: "a figure with no data shows "no data" and gives a
# warning")
csved headeronly "$proj/$P" >/dev/null
build_ok
if [ -z "$why" ] && ! grep -q 'warning: no data for the price of gpu' "$work/err.txt"; then
	why="no 'no data' warning"
fi
if [ -z "$why" ] && ! grep -Eq '^gen: [0-9]+ pages written, 0 unchanged, 0 removed, [1-9][0-9]* warnings' "$work/out.txt"; then
	why="summary line does not count the warnings"
fi
verdict "CSV with only a header builds, with no-data warnings" "" "$why" ""
restore

# very long field (1 MB) in a text column: kept, shown as text
csved set "$proj/$P" 2 provider '@1048576*A' >/dev/null
build_ok
if [ -z "$why" ] && ! grep -rqs 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' "$work/out/en/data"; then
	why="the long value is not on the data pages"
fi
verdict "1 MB text field is kept" "" "$why" ""
restore

# ... and in a number column: an error whose message shows the value cut
l=$(csved set "$proj/$P" 2 usd_per_hour '@1048576*9')
expect_error "1 MB number field is not a number (the message is short)" \
	"$P:$l:$pc: error: usd_per_hour \"$(printf '%076d' 0 | tr 0 9)…\" is not a number"
[ "$(wc -c <"$work/err.txt")" -lt 1000 ] || fail "1 MB number field: the message is $(wc -c <"$work/err.txt") bytes"

# control characters in a bad cell: the message stays one line, and no
# escape sequence reaches the terminal
l=$(csved set "$proj/$P" 2 usd_per_hour "$(printf '0.\033[31mRED\033[0m\n39')")
timeout 20 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
[ -z "$why" ] && grep -v '^data/prices.csv:\|^gen: ' "$work/err.txt" | grep -q . && why="a message runs over two lines"
[ -z "$why" ] && [ "$(tr -cd '\033' <"$work/err.txt" | wc -c)" -ne 0 ] && why="ESC bytes reach the terminal"
[ -z "$why" ] && ! grep -q "^$P:$l:$pc: error: usd_per_hour \".*\" is not a number\$" "$work/err.txt" && why="message not found"
[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed" && dirty=1
verdict "newline and ESC in a bad cell: one message line, no escape sequence" B10 "$why" ""
restore
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: a\033[31mb\n---\nx\n' >"$proj/content/en/esc.md"
timeout 20 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
[ -z "$why" ] && [ "$(tr -cd '\033' <"$work/err.txt" | wc -c)" -ne 0 ] && why="ESC bytes reach the terminal"
# refused where it stands, before the slug is read (text_find_unpublishable)
[ -z "$why" ] && ! grep -qF 'content/en/esc.md:4:8: error: the control character U+001B cannot be published; remove it' "$work/err.txt" && why="message not found"
verdict "ESC in a front matter slug: no escape sequence in the message" B10 "$why" ""
restore

# a very long line: 200,000 extra fields
l=$(csved line "$proj/$P" 2)
nc=$(csved ncols "$proj/$P")
awk -v l="$l" 'NR==l{s=$0; for(i=0;i<200000;i++) s=s ","; $0=s} {print}' "$proj/$P" >"$work/x" && cp "$work/x" "$proj/$P"
expect_error "very long line (200,000 fields)" \
	"$P:$l: error: row has $((nc + 200000)) fields, header has $nc"

# ---- 1b. memory follows the input: large tables are capped ----

# 20,000 rows all duplicates of one: every one an error, 100 shown
python3 - "$proj/$P" <<'EOF'
import sys
lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
open(sys.argv[1], 'w', encoding='utf-8').write('\n'.join([lines[0]] + [lines[1]] * 20000) + '\n')
EOF
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
[ -z "$why" ] && [ "$(grep -c ': error: duplicate row' "$work/err.txt")" -ne 100 ] && why="$(grep -c ': error: duplicate row' "$work/err.txt") duplicate messages shown, expected 100"
[ -z "$why" ] && ! grep -qxF 'gen: ... and 19899 more like the last of the 100 shown' "$work/err.txt" && why="no \"and N more\" line"
[ -z "$why" ] && ! grep -qxF 'gen: 19999 errors, 0 warnings; the site was not changed' "$work/err.txt" && why="the summary does not count every error"
[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed" && dirty=1
verdict "19,999 duplicate rows: 100 messages, \"and 19899 more\", all counted" "" "$why" ""
restore
# 5,000 valid prices of one GPU: the data page and the GPU page show a part
python3 - "$proj/$P" <<'EOF'
import csv, io, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
head, first = rows[0], rows[1]
pi = head.index('provider')
out = [head]
for i in range(5000):
    r = list(first); r[pi] = 'Provider %d' % i; out.append(r)
w = io.StringIO(); csv.writer(w, lineterminator='\n').writerows(out)
open(sys.argv[1], 'w', encoding='utf-8').write(w.getvalue())
EOF
g1=$(csved get "$proj/$P" 1 gpu_id)
build_ok
page="$work/out/en/data/prices/index.html"
[ -z "$why" ] && [ "$(grep -c '<tr>' "$page")" -gt 1100 ] && why="the prices page has $(grep -c '<tr>' "$page") rows"
[ -z "$why" ] && ! grep -qF 'Only the first 1,000 of its 5,000 rows are shown here; the CSV download holds every row.' "$page" && why="no note on the prices page"
[ -z "$why" ] && ! grep -qF '100 of its 5,000 prices are listed here' "$work/out/en/gpus/$g1/index.html" && why="no note on the GPU page"
[ -z "$why" ] && [ "$(grep -o '<td>Provider ' "$work/out/en/gpus/$g1/index.html" | wc -l)" -ne 100 ] && why="the GPU page does not list 100 prices"
[ -z "$why" ] && [ "$(grep -c 'Provider ' "$work/out/data/prices.csv")" -ne 5000 ] && why="the CSV download lacks rows"
verdict "5,000 prices: the pages show 1,000 and 100 rows with a note, the CSV all" "" "$why" ""
restore

# ---- 2. articles ----

for s in '..' '../x' 'a/b' 'a\b' '.hidden' '/etc' 'a..b' 'UPPER'; do
	article evil.md "$s"
	expect_error "slug \"$s\" is refused" \
		"content/en/evil.md:4:7: error: slug \"$s\" is not a slug (a-z, 0-9 and single hyphens)"
done
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: ok-slug\ntags: ../x\n---\nx\n' >"$proj/content/en/evil.md"
expect_error "tag \"../x\" is refused" \
	"content/en/evil.md:5:7: error: tag \"../x\" starts with a dot"
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: ok-slug\ntags: 多卡/训练\n---\nx\n' >"$proj/content/en/evil.md"
expect_error "tag \"多卡/训练\" is refused" \
	"content/en/evil.md:5:7: error: tag \"多卡/训练\" holds a character that cannot be in a URL (/ \\ ? # % & \" ' < > : * |)"
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: ok-slug\ntranslation: a/b\n---\nx\n' >"$proj/content/en/evil.md"
expect_error "translation \"a/b\" is refused" \
	"content/en/evil.md:5:14: error: translation \"a/b\" is not a slug (a-z, 0-9 and single hyphens)"

first=$(ls "$proj/content/en" | head -1)
slug=$(sed -n 's/^slug: *//p' "$proj/content/en/$first" | head -1)
article zz-dup.md "$slug"
expect_error "two articles with the same slug" \
	"content/en/zz-dup.md:4:7: error: duplicate slug \"$slug\" (also in content/en/$first)"

article evil.md evil "$(printf 'Hello \377 there.')"
expect_error "article that is not UTF-8" "content/en/evil.md:6:7: error: invalid UTF-8 (or NUL byte)"
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: evil\n---\nHello \000 there.\n' >"$proj/content/en/evil.md"
expect_error "NUL byte in an article" "content/en/evil.md:6:7: error: invalid UTF-8 (or NUL byte)"
printf -- '---\ntitle: T\ndate: 2026-02-29\nslug: evil\n---\nx\n' >"$proj/content/en/evil.md"
expect_error "article date that is not a day" \
	"content/en/evil.md:3:7: error: date \"2026-02-29\" is not a date (YYYY-MM-DD)"
: >"$proj/content/en/evil.md"
expect_error "empty article" \
	"content/en/evil.md:1:1: error: missing front matter (the file must start with a \"---\" line)"

article evil.md evil 'Here {{< frobnicate gpu=rtx-4090 >}} now.'
expect_error "unknown shortcode" "content/en/evil.md:6:6: error: unknown shortcode \"frobnicate\""
article evil.md evil 'Here {{< price gpu=rtx-9999 >}} now.'
expect_error "unknown gpu in a shortcode" "content/en/evil.md:6:6: error: unknown gpu \"rtx-9999\""
article evil.md evil 'Here {{< price gpu=rtx-4090 now.'
expect_error "unclosed shortcode" "content/en/evil.md:6:6: error: shortcode is not closed by \">}}\" on its line"

# a 1 MB line of Markdown, a 1 MB title and 50,000-deep nesting: build fine
python3 -c "
import sys
open(sys.argv[1] + '/long.md', 'w').write('---\ntitle: ' + 'T' * 1048576 + '\ndate: 2026-01-01\nslug: long\n---\n' + 'word ' * 200000 + '\n')
open(sys.argv[1] + '/deep.md', 'w').write('---\ntitle: Deep\ndate: 2026-01-01\nslug: deep\n---\n' + '>' * 50000 + ' x\n\n' + '[' * 50000 + '\n\n' + '*' * 50000 + 'x\n\n' + '- ' * 20000 + 'x\n')
" "$proj/content/en"
build_ok
[ -z "$why" ] && [ ! -f "$work/out/en/articles/deep/index.html" ] && why="no page for the deep article"
verdict "1 MB line, 1 MB title, 50,000-deep nesting build" "" "$why" ""
restore

# ---- 3. symbolic links pointing outside the project ----

outside="$work/outside"
mkdir -p "$outside/en"
printf -- '---\ntitle: Outside\ndate: 2026-01-01\nslug: outside\n---\nSECRET-OUTSIDE\n' >"$outside/en/o.md"
cp "$pristine/$P" "$outside/prices.csv"
echo 'SECRET-OUTSIDE' >"$outside/x.mustache"

ln -s "$outside/en/o.md" "$proj/content/en/o.md"
expect_error "symlink in content/ to a file outside" \
	"content/en/o.md: error: symbolic link points outside the project; refused"
ln -s ../../../outside/en/o.md "$proj/content/en/o.md"
expect_error "relative symlink in content/ to outside" \
	"content/en/o.md: error: symbolic link points outside the project; refused"
ln -s /nonexistent/o.md "$proj/content/en/o.md"
expect_error "dangling symlink in content/" \
	"content/en/o.md: error: symbolic link points outside the project; refused"
rm -f "$proj/$P"
ln -s "$outside/prices.csv" "$proj/$P"
expect_error "symlink in data/ to a file outside" \
	"$P: error: symbolic link points outside the data folder; refused"
rm -f "$proj/$P"
ln -s /etc/passwd "$proj/$P"
expect_error "symlink in data/ to /etc/passwd" \
	"$P: error: symbolic link points outside the data folder; refused"
rm -rf "$proj/content/en"
ln -s "$outside/en" "$proj/content/en"
expect_error_like "content/en is a symlink to a folder outside" \
	"^content/en.*: error: symbolic link points outside the project; refused\$" B2
ln -s /etc/passwd "$proj/templates/assets/passwd.css"
expect_error "symlink in templates/assets/ to /etc/passwd" \
	"templates/assets/passwd.css: error: symbolic link points outside the project; refused" B1
ln -s "$outside/x.mustache" "$proj/templates/partials/x.mustache"
expect_error "symlink in templates/ to a file outside" \
	"templates/partials/x.mustache: error: symbolic link points outside the project; refused" B1

# ---- 4. templates ----

T=templates/pages/gpu.mustache
n=$(($(wc -l <"$proj/$T") + 1))
echo '{{#unclosed}}x' >>"$proj/$T"
expect_error "template with an unclosed section" "$T:$n:1: error: unclosed section \"unclosed\""
echo '{{#a}}x{{/b}}' >>"$proj/$T"
expect_error "template with a mismatched close tag" "$T:$n:8: error: mismatched close tag \"b\", expected \"a\""
echo 'x{{>partials/loop}}' >"$proj/templates/partials/loop.mustache"
echo '{{>partials/loop}}' >>"$proj/$T"
expect_error "recursive partial stops (no crash, no hang)" \
	"templates/partials/loop.mustache:1:2: error: partial \"partials/loop\" nested more than 64 deep (does it include itself?)"
echo 'a{{>partials/loop2}}' >"$proj/templates/partials/loop.mustache"
echo 'b{{>partials/loop}}' >"$proj/templates/partials/loop2.mustache"
echo '{{>partials/loop}}' >>"$proj/$T"
expect_error "mutually recursive partials stop" \
	"templates/partials/loop2.mustache:1:2: error: partial \"partials/loop\" nested more than 64 deep (does it include itself?)"
echo '{{<partials/self}}{{/partials/self}}' >"$proj/templates/partials/self.mustache"
echo '{{>partials/self}}' >>"$proj/$T"
expect_error "recursive parent stops" \
	"templates/partials/self.mustache:1:1: error: parent \"partials/self\" nested more than 64 deep (does it include itself?)"

# a misspelt layout, a deleted layout, an unknown partial: errors at the
# tag, in check and build (they rendered as empty pages)
sed -i 's#{{<layouts/base}}#{{<layouts/bsae}}#; s#{{/layouts/base}}#{{/layouts/bsae}}#' "$proj/$T"
msg="$T:1:1: error: unknown parent \"layouts/bsae\" (there is no templates/layouts/bsae.mustache); did you mean \"layouts/base\"?"
expect_check_error "misspelt layout name" "$msg"
expect_error "misspelt layout name" "$msg"
rm "$proj/templates/layouts/base.mustache"
msg="$T:1:1: error: unknown parent \"layouts/base\" (there is no templates/layouts/base.mustache)"
expect_check_error "deleted layout" "$msg"
expect_error "deleted layout" "$msg"
n=$(($(wc -l <"$proj/$T") + 1))
echo 'x {{> partials/no-such-partial}}' >>"$proj/$T"
msg="$T:$n:3: error: unknown partial \"partials/no-such-partial\" (there is no templates/partials/no-such-partial.mustache)"
expect_check_error "unknown partial" "$msg"
expect_error "unknown partial" "$msg"
rm "$proj/templates/pages/gpu.mustache"
expect_error "deleted page template" \
	"templates/pages/gpu.mustache: error: missing template (the site needs it)"
# a dynamic name whose value names no template: an error, not ""
echo '{{>*title}}' >>"$proj/$T"
expect_error_like "dynamic partial naming no template" \
	"^$T:$n:1: error: unknown partial \".*\" (the value of \"\*title\")\$"

# 60,000 nested sections: an error, not a stack overflow
python3 -c "import sys; open(sys.argv[1], 'w').write('{{#a}}' * 60000 + 'x' + '{{/a}}' * 60000)" \
	"$proj/templates/partials/deep.mustache"
msg="templates/partials/deep.mustache:1:601: error: sections nested more than 100 deep"
expect_check_error "60,000 nested sections" "$msg"
expect_error "60,000 nested sections" "$msg"

# ---- 4a. every UI string the site uses exists, every placeholder is filled ----

I=data/i18n.csv
drop_key() { grep -v "^$1," "$pristine/$I" >"$proj/$I"; }
drop_key site.description
msg="templates/pages/home.mustache:5:17: error: \"t.site_description\" names no UI string in data/i18n.csv"
expect_check_error "deleted site.description row" "$msg"
expect_error "deleted site.description row" "$msg"
# the line of {{t.nav_label}} in the layout
navline=$(grep -n '{{t.nav_label}}' "$pristine/templates/layouts/base.mustache" | head -n 1 | cut -d: -f1)
drop_key nav.label
expect_error "deleted nav.label row" \
	"templates/layouts/base.mustache:$navline:35: error: \"t.nav_label\" names no UI string in data/i18n.csv"
sed 's/{{t.nav_label}}/{{t.nav_lable}}/' "$pristine/templates/layouts/base.mustache" >"$proj/templates/layouts/base.mustache"
expect_error "misspelt UI string in a template" \
	"templates/layouts/base.mustache:$navline:35: error: \"t.nav_lable\" names no UI string in data/i18n.csv; did you mean \"t.nav_label\"?"
# a key only the C code uses
drop_key articles.tag_title
msg='data/i18n.csv: error: no row for the UI string "articles.tag_title" (the site uses it; add key,en,zh)'
expect_check_error "deleted row of a string the code uses" "$msg"
expect_error "deleted row of a string the code uses" "$msg"
l=$(grep -n '^why.paren,' "$pristine/$I" | cut -d: -f1)
sed 's/^why.paren,.*/why.paren,({nope}),（{nope}）/' "$pristine/$I" >"$proj/$I"
expect_error "placeholder {nope} in both languages" \
	"$I:$l: error: placeholder {nope} of UI string \"why.paren\" is not one the site fills; remove it or check its spelling"
sed 's/^why.paren,({why})/why.paren,({nope})/' "$pristine/$I" >"$proj/$I"
expect_error "placeholder {nope} in one language" \
	"$I:$l:2: error: placeholder {nope} of UI string \"why.paren\" is in the en text but not in the zh one"

# ---- 4b. only regular files are read (a FIFO blocked the build forever) ----

notreg="cannot read: not a regular file (a FIFO, socket, device or folder); refused"
mkfifo "$proj/content/en/fifo.md"
expect_check_error "FIFO in content/" "content/en/fifo.md: error: $notreg"
expect_error "FIFO in content/" "content/en/fifo.md: error: $notreg"
mkfifo "$proj/templates/partials/fifo.mustache"
expect_error "FIFO in templates/" "templates/partials/fifo.mustache: error: $notreg"
mkfifo "$proj/templates/assets/fifo.css"
expect_error "FIFO in templates/assets/" "templates/assets/fifo.css: error: $notreg"
rm "$proj/$P"
mkfifo "$proj/$P"
expect_error "FIFO in data/" "$P: error: $notreg"
python3 -c "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$proj/content/en/sock.md"
expect_error "socket in content/" "content/en/sock.md: error: $notreg"
if mknod "$proj/content/en/null.md" c 1 3 2>/dev/null; then
	expect_error "device in content/" "content/en/null.md: error: $notreg"
else
	skip "device in content/: mknod is not allowed here"
	restore
fi

# ---- 5. output path collision from data ids ----

# GPUs copied from the first row of data/gpus.csv under new ids (named
# "N <id>"); with --results, each with the first GPU's results too.
gpus_like_first() {
	python3 - "$proj/data" "$@" <<'EOF'
import csv, io, sys
d, args = sys.argv[1], sys.argv[2:]
results = '--results' in args
ids = [a for a in args if a != '--results']
def load(f): return list(csv.reader(open(f, newline='', encoding='utf-8')))
def save(f, rows):
    w = io.StringIO(); csv.writer(w, lineterminator='\n').writerows(rows)
    open(f, 'w', encoding='utf-8').write(w.getvalue())
g = load(d + '/gpus.csv'); src = list(g[1])
for nid in ids:
    r = list(src); r[0] = nid; r[1] = 'N ' + nid; g.append(r)
save(d + '/gpus.csv', g)
if results:
    rs = load(d + '/results.csv')
    add = []
    for r in rs[1:]:
        if r[1] == src[0]:
            for nid in ids:
                q = list(r); q[1] = nid; add.append(q)
    save(d + '/results.csv', rs + add)
EOF
}
gpus_like_first --results qa qa-vs-qb qb-vs-qc qc
expect_error "two GPU pairs with the same compare page (both named)" \
	'error: two pages would be en/compare/qa-vs-qb-vs-qc/index.html: "N qa vs N qb-vs-qc" and "N qa-vs-qb vs N qc"; rename one of the ids they are made from'

# GPUs aa-bb, cc, aa, bb-cc: one chart file for two pairs, both rows named
gpus_like_first aa-bb cc aa bb-cc
n=$(($(wc -l <"$pristine/data/gpus.csv") + 1))
msg="error: two charts would be the same file charts/en/chart-pair-aa-bb-cc.svg: pair gpu=aa (data/gpus.csv:$((n + 2))) other=bb-cc (data/gpus.csv:$((n + 3))), and pair gpu=aa-bb (data/gpus.csv:$n) other=cc (data/gpus.csv:$((n + 1))); rename one of the ids"
expect_check_error "GPU ids aa-bb, cc, aa, bb-cc: one chart file for two pairs" "$msg"
expect_error "GPU ids aa-bb, cc, aa, bb-cc: one chart file for two pairs" "$msg"

# an over-long id or slug is refused at its row or line, not at the file
idc=$(csved col "$proj/data/gpus.csv" id)
long=$(printf 'a%.0s' $(seq 1 150))
l=$(csved set "$proj/data/gpus.csv" 1 id "$long")
expect_error "150-character GPU id" \
	"data/gpus.csv:$l:$idc: error: id \"$(printf '%s' "$long" | cut -c1-76)…\" is 150 characters long; at most 100"
article long.md "$long"
expect_error "150-character slug" "content/en/long.md:4:7: error: slug is 150 characters long; at most 100"

# ---- 5b. articles: what is not read is said, keys are checked ----

mkdir -p "$proj/content/en/sub" "$proj/content/fr"
article sub/x.md sub-x
cp "$proj/content/en/sub/x.md" "$proj/content/fr/x.md"
expect_check_error "article in content/en/sub/" "content/en/sub: error: articles in sub-folders are not read; move them to content/en/"
expect_error "article in content/fr/" "content/fr: error: not a language of the site (en, zh): its articles would not be published"
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: tagged\ntagz: a, b\n---\nx\n' >"$proj/content/en/tagz.md"
expect_check_error "front matter key tagz" 'content/en/tagz.md:5:1: error: unknown front matter key "tagz"; did you mean "tags"?'
expect_error "front matter key tagz" 'content/en/tagz.md:5:1: error: unknown front matter key "tagz"; did you mean "tags"?'
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: authored\nauthor: me\n---\nx\n' >"$proj/content/en/author.md"
expect_error "unknown front matter key author" \
	'content/en/author.md:5:1: error: unknown front matter key "author" (known: title, description, date, slug, translation, tags, draft)'
first=$(ls "$proj/content/en" | head -1)
tkey=$(sed -n 's/^translation: *//p' "$proj/content/en/$first" | head -1)
printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: twin\ntranslation: %s\n---\nx\n' "$tkey" >"$proj/content/en/zz-twin.md"
expect_error "two English articles with one translation key" \
	"content/en/zz-twin.md:5:14: error: duplicate translation \"$tkey\" (also in content/en/$first): one article per language may have it"
printf -- '---\ntitle: 孤\ndate: 2026-01-01\nslug: solo\ntranslation: solo\n---\nx\n' >"$proj/content/zh/solo.md"
build_ok
[ -z "$why" ] && ! grep -qxF 'content/zh/solo.md:5:14: warning: no English article has translation "solo" (this article has no English twin)' "$work/err.txt" && why="no warning"
verdict "a Chinese article without its English twin builds, with a warning" "" "$why" ""
restore
article evil.md evil 'See [x](//evil.example/x) and [y](/\evil.example/y).'
build_ok
[ -z "$why" ] && [ "$(grep -c 'warning: link target "/.evil.example/[xy]" is not allowed' "$work/err.txt")" -ne 2 ] && why="not two warnings"
[ -z "$why" ] && grep -q 'href="/.evil' "$work/out/en/articles/evil/index.html" && why="the //host link is kept"
verdict "//host links are another host, not relative: dropped with a warning" "" "$why" ""
restore

# ---- 6. hostile text is shown as text ----

# no_raw DIR: no hostile markup in the pages, feeds, sitemap or SVG files:
# no <script> element but the site's own (src, no inline code; the one
# exception, 404.html's script finding the site's folder, must be exactly
# the template's, no data in it), no on* attribute, no javascript:/vbscript:/
# data: link; XML files well-formed and the HTML inside Atom entries held to
# the same rules. Sets $why.
cat >"$work/scan.py" <<'EOF'
import os, sys, xml.dom.minidom
from html.parser import HTMLParser

BAD_SCHEMES = ('javascript:', 'vbscript:', 'data:')
problems = []

# the 404 page's own script, as its template has it
tmpl = open(sys.argv[2], encoding='utf-8').read()
at = tmpl.index('>', tmpl.index('<script')) + 1
own_404_script = tmpl[at:tmpl.index('</script>', at)]

class Scan(HTMLParser):
    def __init__(self, where):
        super().__init__(convert_charrefs=True)
        self.where, self.in_script, self.code = where, False, ''
        self.inline = False
    def handle_starttag(self, tag, attrs):
        self.check(tag, attrs)
        if tag == 'script':
            self.in_script, self.code = True, ''
            self.inline = not dict(attrs).get('src')
    def handle_startendtag(self, tag, attrs):
        self.check(tag, attrs)
    def handle_endtag(self, tag):
        if tag == 'script':
            self.in_script = False
            own = self.where == '404.html' and self.code == own_404_script
            if self.inline and not own:
                problems.append('%s: inline <script>' % self.where)
            elif self.code.strip() and not own:
                problems.append('%s: code inside <script>' % self.where)
    def handle_data(self, data):
        if self.in_script:
            self.code += data
    def check(self, tag, attrs):
        for k, v in attrs:
            k = k.lower()
            if k.startswith('on'):
                problems.append('%s: <%s %s=...> attribute' % (self.where, tag, k))
            if k in ('href', 'src', 'action', 'formaction', 'xlink:href') and v:
                t = ''.join(v.split()).lower()
                if t.startswith(BAD_SCHEMES):
                    problems.append('%s: <%s %s="%s">' % (self.where, tag, k, v[:40]))

def scan_html(text, where):
    sc = Scan(where)
    sc.feed(text)
    sc.close()

def walk_xml(node, where):
    if node.nodeType == node.ELEMENT_NODE:
        attrs = [(a.name, a.value) for a in node.attributes.values()]
        Scan(where).check(node.tagName, attrs)
        if node.tagName == 'script':
            problems.append('%s: <script> in XML' % where)
        if node.getAttribute('type') == 'html':
            text = ''.join(c.data for c in node.childNodes
                           if c.nodeType in (c.TEXT_NODE, c.CDATA_SECTION_NODE))
            scan_html(text, where + ' (HTML in <%s>)' % node.tagName)
    for c in node.childNodes:
        walk_xml(c, where)

root = sys.argv[1]
for d, _, files in os.walk(root):
    for f in files:
        path = os.path.join(d, f)
        rel = os.path.relpath(path, root)
        if f.endswith('.html'):
            scan_html(open(path, encoding='utf-8').read(), rel)
        elif f.endswith(('.xml', '.svg')):
            try:
                doc = xml.dom.minidom.parse(path)
            except Exception as e:
                problems.append('%s: not well-formed XML (%s)' % (rel, e))
                continue
            walk_xml(doc.documentElement, rel)
for p in problems[:5]:
    print(p)
sys.exit(1 if problems else 0)
EOF
no_raw() {
	why=$(python3 "$work/scan.py" "$1" "$proj/templates/pages/404.mustache" | head -1)
}

PAY='<script>alert(1)</script> " onmouseover="x '"'"' onmouseover='"'"'x javascript:alert(1) ]]> &amp;'
for spec in gpus.csv:name sources.csv:title sources.csv:publisher tasks.csv:name_en \
	    benchmarks.csv:name_en gpus.csv:notes_en prices.csv:provider techniques.csv:notes_en; do
	f=${spec%%:*} c=${spec#*:}
	v=$(csved get "$proj/data/$f" 1 "$c")
	csved set "$proj/data/$f" 1 "$c" "$v $PAY" >/dev/null
done
build_ok
[ -z "$why" ] && no_raw "$work/out"
if [ -z "$why" ] && ! grep -rqF '&lt;script&gt;alert(1)&lt;/script&gt;' "$work/out/en/gpus"; then
	why="the escaped text is missing from the GPU pages"
fi
verdict "hostile CSV text (names, titles, notes) is shown as text" "" "$why" ""
restore

cat >"$proj/content/en/evil.md" <<'EOF'
---
title: Evil <script>alert(1)</script> " onmouseover="x ]]> javascript:alert(1)
description: Desc <script>alert(1)</script> " onmouseover="x ]]> & 'q' onmouseover='x
date: 2030-12-01
slug: evil
tags: evil
---
Body <script>alert(1)</script> and <img src=x onerror=alert(1)> text.

" onmouseover="x and ]]> and `<script>alert(1)</script>` in code.

[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](  javascript:alert(1))
[d](java&#x73;cript:alert(1)) [e](data:text/html,x) [f](vbscript:x)
<javascript:alert(1)> ![i](javascript:alert(1)) [g](https://example.com/" onmouseover="x)

<div onmouseover="x">raw block</div>

## Heading <script>alert(1)</script> " onmouseover="x ]]>

{{< link gpu=rtx-4090 text="<script>alert(1)</script> ]]>" >}} and {{< link gpu=rtx-4090 text="' onmouseover='x" >}}
EOF
build_ok
[ -z "$why" ] && no_raw "$work/out"
if [ -z "$why" ] && ! grep -qF '<title>Evil &lt;script&gt;alert(1)&lt;/script&gt;' "$work/out/en/articles/evil/index.html"; then
	why="the escaped title is missing"
fi
if [ -z "$why" ] && ! grep -qF 'Evil &lt;script&gt;alert(1)&lt;/script&gt;' "$work/out/en/feed.xml"; then
	why="the escaped title is missing from the feed"
fi
verdict "hostile front matter and Markdown are shown as text" "" "$why" ""
why=""
[ "$(grep -c 'warning: link target .* is not allowed' "$work/err.txt")" -ge 8 ] || why="missing warnings"
verdict "each unsafe link target gives a warning" "" "$why" ""
restore

# Text that looks like the build's own shortcode placeholder must stay text.
# (GGSC...ZZ was the token once; U+E000 digits U+E001 is the token now)
tok0=$(printf '\356\200\200000000\356\200\201')
article evil.md evil "$(printf 'Price {{< price gpu=rtx-4090 >}}.\n\n[x](GGSC000000ZZ) ![y](/a.png "GGSC000000ZZ") GGSC000000ZZ\n\n[z](%s) ![w](/b.png "%s") %s' "$tok0" "$tok0" "$tok0")"
build_ok
[ -z "$why" ] && no_raw "$work/out"
if [ -z "$why" ] && [ "$(grep -o 'class="fig"' "$work/out/en/articles/evil/index.html" | wc -l)" -ne 1 ]; then
	why="placeholder text typed by the author became a figure"
fi
verdict "author text \"GGSC000000ZZ\" is not a shortcode placeholder" B3 "$why" ""
restore

# ---- 7. the output folder cannot be written ----

# expect_out_error NAME OUT MESSAGE [BUG]: `build --out OUT` exits 1 with
# MESSAGE (exact line) and leaves no staging folder beside OUT.
expect_out_error() {
	name=$1 outdir=$2 msg=$3 bug=${4:-}
	timeout 20 "$gen" build --root "$proj" --out "$outdir" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
	if [ -z "$why" ] && ! grep -qxF -- "$msg" "$work/err.txt"; then
		why="message not found"
	fi
	if [ -z "$why" ] && ls -a "$(dirname "$outdir")" 2>/dev/null | grep -q '^\.site-staging'; then
		why="a staging folder was left behind"
	fi
	verdict "$name" "$bug" "$why" "expected: $msg"
}

touch "$work/afile"
expect_out_error "output folder's parent is a file" "$work/afile/site" \
	"$work/afile/site: error: cannot use the output folder: Not a directory" B8
[ -f "$work/afile" ] || fail "the file in the output's way was replaced"

# missing parent folders are created (as before the output checks existed)
timeout 20 "$gen" build --root "$proj" --out "$work/new1/new2/site" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 0 ] || why="exit $rc, expected 0"
[ -z "$why" ] && [ ! -f "$work/new1/new2/site/index.html" ] && why="no site"
verdict "--out with missing parent folders builds" B8 "$why" ""
rm -rf "$work/new1"

ro="$work/ro"
mkdir -p "$ro"
"$gen" build --root "$proj" --out "$ro/site" >/dev/null 2>&1
ro_before=$(tree_hash "$ro/site")
csved set "$proj/$P" 2 usd_per_hour 0.41 >/dev/null
if [ "$(id -u)" != 0 ]; then
	chmod a-w "$ro"
	denied="Permission denied"
elif mount --bind "$ro" "$ro" 2>/dev/null && mounted="$ro" &&
     mount -o remount,bind,ro "$ro" 2>/dev/null; then
	denied="Read-only file system"
else
	denied=""
fi
if [ -n "$denied" ]; then
	timeout 20 "$gen" build --root "$proj" --out "$ro/site" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
	# a read-only file system is found before staging; a parent folder
	# that is not writable, when the staging folder cannot be made
	if [ "$denied" = "Read-only file system" ]; then
		want="^$ro/site: error: cannot replace the output folder: $denied\$"
	else
		want="^$ro/.site-staging-site-[0-9]*: error: cannot create the staging folder: $denied\$"
	fi
	[ -z "$why" ] && ! grep -q "$want" "$work/err.txt" && why="message not found"
	[ -z "$why" ] && [ "$ro_before" != "$(tree_hash "$ro/site")" ] && why="the site changed"
	verdict "output folder not writable ($denied)" "" "$why" "expected a line matching: $want"
else
	skip "output folder not writable: running as root and cannot make a read-only bind mount"
fi
[ -n "$mounted" ] && umount "$mounted" && mounted=""
chmod u+w "$ro"
restore

# ---- 8. the output path must not destroy what is there ----

echo precious >"$work/notes.txt"
expect_out_error "--out naming an existing file is refused" "$work/notes.txt" \
	"$work/notes.txt: error: the output path exists and is not a folder; refusing to replace it" B7
[ "$(cat "$work/notes.txt" 2>/dev/null)" = precious ] || fail "--out FILE: the file was replaced"
rm -rf "$work/notes.txt"

mkdir -p "$work/victim"
echo keep >"$work/victim/important.doc"
expect_out_error "--out naming a folder gen did not make is refused" "$work/victim" \
	"$work/victim: error: the output folder exists and was not made by gen (no .gpuguide-site); refusing to replace it" B7
[ -f "$work/victim/important.doc" ] || fail "--out FOLDER: important.doc was deleted"
rm -rf "$work/victim"

ln -s "$ro/site" "$work/link"
expect_out_error "--out naming a symbolic link is refused" "$work/link" \
	"$work/link: error: the output folder is a symbolic link; refusing to replace it" B7
[ -L "$work/link" ] || fail "--out LINK: the link was replaced"
rm -f "$work/link"

expect_out_error "--out naming the project itself is refused" "$proj" \
	"$proj: error: the output folder is the project folder or holds it; refusing" B7
expect_out_error "--out naming a folder holding the project is refused" "$work" \
	"$work: error: the output folder is the project folder or holds it; refusing" B7
for d in data content templates; do
	expect_out_error "--out inside the project's $d/ is refused" "$proj/$d/x" \
		"$proj/$d/x: error: the output folder is inside the project's $d/; refusing" B7
done
why=""
for d in data content templates; do
	diff -r "$pristine/$d" "$proj/$d" >/dev/null 2>&1 || why="$d/ changed"
done
[ "$published" = "$(tree_hash "$site")" ] || why="${why:+$why, }the site changed"
verdict "refused --out paths left the project and its site alone" "" "$why" ""
[ -n "$why" ] && dirty=1
restore

# Wait (up to 30 s) until a build of project $1 (process $2) has begun its
# staging folder; false when the build ended first or none appeared.
wait_for_staging() {
	i=0
	while [ $i -lt 3000 ] && ! ls -a "$1" | grep -q '^\.site-staging'; do
		kill -0 "$2" 2>/dev/null || break
		sleep 0.01
		i=$((i + 1))
	done
	ls -a "$1" | grep -q '^\.site-staging'
}

# ---- 9. SIGINT and SIGTERM during a build ----

# A large project: the real one plus many copies of its articles, so that
# rendering takes long enough to be interrupted.
big="$work/big"
mkdir -p "$big"
cp -R "$pristine/data" "$pristine/templates" "$pristine/content" "$big/"
for l in en zh; do
	for f in "$pristine/content/$l"/*.md; do
		b=$(basename "$f" .md)
		awk -v b="$b" -v d="$big/content/$l" 'BEGIN{n=0} {lines[n++]=$0}
		END{for (i = 1; i <= 300; i++) {
			out = d "/" b "-copy" i ".md"
			for (j = 0; j < n; j++) {
				s = lines[j]
				if (s ~ /^slug: /) s = s "-copy" i
				if (s ~ /^translation: /) s = s "-copy" i
				print s > out
			}
			close(out)
		}}' "$f"
	done
done
bigsite="$big/site"
if ! "$gen" build --root "$big" --quiet >/dev/null 2>"$work/err.txt"; then
	fail "the large project builds"
	sed 's/^/       stderr: /' "$work/err.txt" | head -5
else
	big_published=$(tree_hash "$bigsite")
	# a change that would rewrite many pages
	csved set "$big/$P" 2 usd_per_hour 0.41 >/dev/null
	for sig in INT TERM; do
		"$gen" build --root "$big" --quiet >"$work/out.txt" 2>"$work/err.txt" &
		pid=$!
		if ! wait_for_staging "$big" $pid; then
			wait $pid
			fail "SIG$sig during rendering (the build ended before the signal could be sent)"
			continue
		fi
		sleep 0.2
		kill -"$sig" $pid
		wait $pid
		rc=$?
		why=""
		case $sig in INT) want=130 ;; TERM) want=143 ;; esac
		[ "$rc" -eq "$want" ] || why="exit $rc, expected $want (killed by SIG$sig)"
		[ -z "$why" ] && ! grep -qxF 'error: interrupted; the site was not changed' "$work/err.txt" && why="message not found"
		[ -z "$why" ] && [ "$big_published" != "$(tree_hash "$bigsite")" ] && why="the published site changed"
		[ -z "$why" ] && ! no_staging "$big" && why="a staging folder was left behind"
		verdict "SIG$sig during rendering: site unchanged, no staging folder" "" "$why" "error: interrupted; the site was not changed"
	done
	# a signal while the inputs load (before any handler): the default action
	"$gen" build --root "$big" --quiet >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ $i -lt 1000 ] && [ "$(readlink /proc/$pid/exe 2>/dev/null)" != "$gen" ]; do
		i=$((i + 1))
	done
	kill -TERM $pid
	wait $pid
	rc=$?
	why=""
	[ "$rc" -eq 143 ] || why="exit $rc, expected 143"
	[ -z "$why" ] && [ "$big_published" != "$(tree_hash "$bigsite")" ] && why="the published site changed"
	[ -z "$why" ] && ! no_staging "$big" && why="a staging folder was left behind"
	verdict "SIGTERM while loading: site unchanged, no staging folder" "" "$why" ""
fi

# ---- 9b. one build at a time, nothing left behind ----

# a staging folder of a build killed with SIGKILL is removed by the next one
if [ -n "${big_published:-}" ]; then
	"$gen" build --root "$big" --quiet >/dev/null 2>&1 &
	pid=$!
	wait_for_staging "$big" $pid
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	why=""
	no_staging "$big" && why="the killed build left no staging folder to clean up (it ended first)"
	[ -z "$why" ] && [ "$big_published" != "$(tree_hash "$bigsite")" ] && why="the killed build changed the site"
	if [ -z "$why" ]; then
		"$gen" build --root "$big" --quiet >/dev/null 2>"$work/err.txt" || why="the next build failed"
	fi
	[ -z "$why" ] && ! no_staging "$big" && why="the next build left the dead build's staging folder"
	verdict "SIGKILL during rendering: the next build removes its staging folder" "" "$why" ""
fi
mkdir -p "$proj/.site-staging-site-999999/en"
echo stale >"$proj/.site-staging-site-999999/en/index.html"
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 0 ] || why="exit $rc, expected 0"
[ -z "$why" ] && ! no_staging "$proj" && why="the stale staging folder is still there"
verdict "a stale staging folder is removed at start" "" "$why" ""

# another build holds the lock: wait briefly, then exit 1
echo 4242 >"$proj/.site-lock-site"
flock "$proj/.site-lock-site" sleep 3 &
holder=$!
sleep 0.3
csved set "$proj/$P" 2 usd_per_hour 0.41 >/dev/null
GPUGUIDE_LOCK_WAIT_MS=500 timeout 20 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
msg="$proj/site: error: another build is running (pid 4242); try again when it has finished"
[ -z "$why" ] && ! grep -qxF "$msg" "$work/err.txt" && why="message not found"
[ -z "$why" ] && ! grep -qxF "gen: waiting for another build of $proj/site to finish" "$work/err.txt" && why="no waiting note"
[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed" && dirty=1
[ -z "$why" ] && ! no_staging "$proj" && why="a staging folder was left behind"
verdict "a build while another holds the lock exits 1" "" "$why" "expected: $msg"
# ... and one that waits long enough publishes once the other has finished
GPUGUIDE_LOCK_WAIT_MS=20000 timeout 30 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 0 ] || why="exit $rc, expected 0"
[ -z "$why" ] && ! grep -q '^gen: [1-9][0-9]* pages written' "$work/out.txt" && why="unexpected summary: $(cat "$work/out.txt")"
[ -z "$why" ] && [ -e "$proj/.site-lock-site" ] && why="the lock file was left behind"
verdict "a build waits for the lock and then publishes" "" "$why" ""
wait $holder 2>/dev/null
dirty=1
restore

# four builds at once: each succeeds, no spurious errors, the site is right
csved set "$proj/$P" 2 usd_per_hour 0.43 >/dev/null
for i in 1 2 3 4; do
	# (a long wait: on a loaded machine four builds take a while)
	GPUGUIDE_LOCK_WAIT_MS=60000 timeout 120 "$gen" build --root "$proj" >"$work/par$i.out" 2>"$work/par$i.err" &
	echo $! >"$work/par$i.pid"
done
why=""
for i in 1 2 3 4; do
	wait "$(cat "$work/par$i.pid")" || why="build $i failed: $(grep -v waiting "$work/par$i.err" | head -1)"
done
"$gen" build --root "$proj" --out "$work/out" --quiet >/dev/null 2>&1
[ -z "$why" ] && ! diff -r "$work/out" "$site" >/dev/null && why="the site differs from a single build's"
[ -z "$why" ] && ! no_staging "$proj" && why="a staging folder was left behind"
[ -z "$why" ] && [ -e "$proj/.site-lock-site" ] && why="the lock file was left behind"
verdict "four builds at once all succeed and publish the same site" "" "$why" ""
dirty=1
restore

# gen serve and a manual build of the same project
port=$((20000 + $$ % 20000))
"$gen" serve --root "$proj" --port "$port" >"$work/serve.out" 2>"$work/serve.err" &
serve=$!
i=0
while [ $i -lt 300 ] && ! grep -q 'pages written' "$work/serve.out"; do sleep 0.1; i=$((i + 1)); done
csved set "$proj/$P" 2 usd_per_hour 0.44 >/dev/null
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
# serve notices the change and rebuilds: wait for that rebuild to end (a
# SIGTERM in the middle of it would rightly report it interrupted)
i=0
while [ $i -lt 300 ] && [ "$(grep -c 'pages written' "$work/serve.out")" -lt 2 ]; do
	sleep 0.1; i=$((i + 1))
done
kill $serve 2>/dev/null
wait $serve 2>/dev/null
why=""
[ "$rc" -eq 0 ] || why="the manual build exited $rc: $(head -1 "$work/err.txt")"
[ -z "$why" ] && grep -q 'error' "$work/serve.err" && why="serve reported: $(grep error "$work/serve.err" | head -1)"
[ -z "$why" ] && ! no_staging "$proj" && why="a staging folder was left behind"
verdict "gen serve and a manual build do not interfere" "" "$why" ""
dirty=1
restore

# standard output a closed pipe (`gen build | head` once head has exited):
# an error before publishing, nothing left behind
cat >"$work/closedpipe.py" <<'EOF2'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=open(os.environ['ERR'], 'w'))
sys.exit(p.returncode)
EOF2
csved set "$proj/$P" 2 usd_per_hour 0.45 >/dev/null
ERR="$work/err.txt" timeout 20 python3 "$work/closedpipe.py" "$gen" build --root "$proj"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
msg="error: standard output is a closed pipe (its reader has exited)"
[ -z "$why" ] && ! grep -qxF "$msg" "$work/err.txt" && why="message not found"
[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed" && dirty=1
[ -z "$why" ] && ! no_staging "$proj" && why="a staging folder was left behind"
verdict "build with a closed standard output: exit 1, site unchanged" "" "$why" "expected: $msg"
ERR="$work/err.txt" timeout 20 python3 "$work/closedpipe.py" "$gen" check --root "$proj"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
msg="gen: error: cannot write to standard output"
[ -z "$why" ] && ! grep -qxF "$msg" "$work/err.txt" && why="message not found"
verdict "check with a closed standard output: exit 1" "" "$why" "expected: $msg"
restore

# a read-only output folder: refused before anything is staged (as a user
# other than root, whom permissions do not stop)
rosite="$work/rosite"
mkdir -p "$rosite"
cp -R "$pristine/data" "$pristine/templates" "$pristine/content" "$rosite/"
as_user=""
if [ "$(id -u)" = 0 ]; then
	chown -R 65534:65534 "$rosite"
	chmod o+x "$work"
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
$as_user "$gen" build --root "$rosite" --quiet >/dev/null 2>&1
before=$(tree_hash "$rosite/site")
chmod a-w "$rosite/site"
csved set "$rosite/$P" 2 usd_per_hour 0.46 >/dev/null
$as_user timeout 20 "$gen" build --root "$rosite" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
msg="$rosite/site: error: cannot replace the output folder: Permission denied"
[ -z "$why" ] && ! grep -qxF "$msg" "$work/err.txt" && why="message not found"
[ -z "$why" ] && [ "$before" != "$(tree_hash "$rosite/site")" ] && why="the site changed"
[ -z "$why" ] && ! no_staging "$rosite" && why="a staging folder was left behind"
verdict "read-only output folder: exit 1, site unchanged, nothing left" "" "$why" "expected: $msg"
chmod -R u+w "$rosite"
[ "$(id -u)" = 0 ] && chmod o-x "$work"

# ---- 9d. the page cache: a help that can only cost a full build ----
#
# Each case tampers with the cache or the published site, or runs gen with
# another library; the rebuild must exit 0 and equal a full build byte for
# byte (what a build from nothing writes, into another folder).

cache="$proj/.site-cache-site"
content_hash() { # the bytes of every file below $1, by path
	(cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum
}
full_hash() { # a build from nothing of the project into $work/full ($@: env)
	rm -rf "$work/full" "$work/.site-cache-full"
	env "$@" "$gen" build --root "$proj" --out "$work/full" >/dev/null 2>&1
	content_hash "$work/full"
}
# cache_case NAME WANT [ENV...]: a rebuild exits 0 within 20 s, says WANT
# (when given, on either output) and equals a full build with the same ENV
cache_case() {
	name=$1 want=$2
	shift 2
	env "$@" timeout 20 "$gen" build --root "$proj" --timings >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 0 ] || why="exit $rc, expected 0"
	if [ -z "$why" ] && [ -n "$want" ] && ! cat "$work/out.txt" "$work/err.txt" | grep -qF -- "$want"; then
		why="\"$want\" not said"
	fi
	[ -z "$why" ] && [ "$(content_hash "$site")" != "$(full_hash "$@")" ] &&
		why="the site differs from a full build"
	verdict "$name" "" "$why" "$(cat "$work/out.txt")"
}
# gen reads bodies in the common forms itself (markdown/gfm_quick); one
# with a block quote, which it leaves to cmark-gfm, shows what the library
# made (the LD_PRELOAD case below)
cat >"$proj/content/en/quoted.md" <<'ARTICLE'
---
title: Quoted
description: An article cmark-gfm reads, gen's own reader leaving block quotes to it.
date: 2026-01-02
slug: quoted
tags: test
---
> A block quote.
ARTICLE
"$gen" build --root "$proj" >/dev/null 2>&1 # the cache of the published site

# another libcmark-gfm: an LD_PRELOAD wrapper that parses every article it
# is given differently, a paragraph before its text (the next build must
# not keep the pages made before)
cat >"$work/wrap.c" <<'WRAP'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
typedef struct cmark_parser cmark_parser;
void cmark_parser_feed(cmark_parser *parser, const char *buffer, size_t len)
{
	void (*real)(cmark_parser *, const char *, size_t) =
		(void (*)(cmark_parser *, const char *, size_t))dlsym(RTLD_NEXT,
								      "cmark_parser_feed");
	real(parser, "wrapped cmark\n\n", 15);
	real(parser, buffer, len);
}
WRAP
if cc -shared -fPIC -o "$work/wrap.so" "$work/wrap.c" -ldl 2>"$work/err.txt"; then
	cache_case "a library swapped by LD_PRELOAD: no page kept, the site equals a full build" \
		" 0 kept)" LD_PRELOAD="$work/wrap.so"
	check "the swapped library's output is what is published" \
		grep -rqF "wrapped cmark" "$site/en/articles/quoted"
	cache_case "back to the real library: no page kept, the site equals a full build" " 0 kept)"
else
	skip "no C compiler for the LD_PRELOAD wrapper"
fi
rm -f "$proj/content/en/quoted.md"

# a cache whose trailer points near its start, in a 64 GiB sparse file: its
# "index" must not be read into memory (it was: out of memory, SIGABRT)
"$gen" build --root "$proj" >/dev/null 2>&1
python3 - "$cache" <<'SPARSE'
import struct, sys
path = sys.argv[1]
with open(path, 'rb') as f:
    data = f.read()
header, trailer = data[:40], bytearray(data[-48:])
trailer[0:8] = struct.pack('<Q', 40)
with open(path, 'wb') as f:
    f.write(header)
    f.truncate(64 << 30)
    f.seek((64 << 30) - 48)
    f.write(trailer)
SPARSE
cache_case "a 64 GiB sparse cache: a warning and a full build, not an abort" \
	"the cache is not used (larger than what it lists): every page is rendered"
cache_case "and the build after it keeps pages again" ""
# used: every page kept, or nothing to do at all (the no-change short cut)
grep -Eq '\([1-9][0-9]* pages rendered' "$work/out.txt" &&
	fail "the cache written after a sparse one is not used"

# a FIFO in the cache's place: no build may wait for a writer
rm -f "$cache"
mkfifo "$cache"
cache_case "a FIFO in the cache's place: a warning and a full build, no hang" \
	"the cache is not used (not a regular file): every page is rendered"
check "the FIFO is replaced by a cache" test -f "$cache"

# what a build killed while writing the cache leaves, removed by the next
printf 'half a cache' >"$proj/.site-cache-site.99999"
printf 'a file of the editor' >"$proj/.site-cache-site.notes"
cache_case "after a killed build's temporary cache, the build succeeds" ""
check "a killed build's temporary cache is removed" test ! -e "$proj/.site-cache-site.99999"
check "a file of another name is left alone" test -f "$proj/.site-cache-site.notes"
rm -f "$proj/.site-cache-site.notes"

# a build killed while it appended to the cache: its tail and the mark
# holding the size the cache had; the next build cuts it back and keeps
# pages again
"$gen" build --root "$proj" >/dev/null 2>&1
stat -c %s "$cache" | tr -d '\n' >"$cache.tail"
printf 'half a record, half an index' >>"$cache"
cache_case "after a build killed while appending to the cache, the build succeeds" ""
check "and renders no page (the cache cut back to the size the mark gave)" \
	grep -Eq '\(0 pages rendered' "$work/out.txt"
check "the mark is removed" test ! -e "$cache.tail"
# a mark that is no number, a link to a file of the editor's, or a FIFO:
# the cache is not used (a full build), the link's target is untouched,
# no build waits
printf '12x' >"$cache.tail"
cache_case "a mark that gives no size: the build succeeds" ""
check "and renders every page" grep -Eq '\([1-9][0-9]* pages rendered, 0 kept\)' "$work/out.txt"
printf 'notes of the editor' >"$work/notes.txt"
ln -s "$work/notes.txt" "$cache.tail"
cache_case "a mark that is a link: the build succeeds" ""
check "the link's target is untouched" grep -qx 'notes of the editor' "$work/notes.txt"
check "the link is removed" test ! -e "$cache.tail" -a ! -L "$cache.tail"
mkfifo "$cache.tail"
cache_case "a mark that is a FIFO: the build succeeds, no hang" ""
check "the FIFO is removed" test ! -e "$cache.tail"

# a same-size hand edit of a page and of style.css, with the mtime put back
"$gen" build --root "$proj" >/dev/null 2>&1
for f in "$site/en/index.html" "$site/style.css"; do
	touch -r "$f" "$work/mtime"
	python3 - "$f" <<'EDIT'
import sys
with open(sys.argv[1], 'r+b') as f:
    b = f.read(1)
    f.seek(0)
    f.write(b'=' if b == b'<' else b'<')
EDIT
	touch -r "$work/mtime" "$f"
done
cache_case "a same-size edit with its mtime put back: the site equals a full build" ""
grep -q '^gen: 0 pages written' "$work/out.txt" &&
	fail "the hand-edited files were kept"
restore

# ---- 9e. downloadable CSV files hold no formula ----

# a GPU name a spreadsheet would run: every cell of every CSV download that
# begins with = + - @, a tab or CR is text ('=...), as OWASP recommends
csved set "$proj/data/gpus.csv" 1 name '=HYPERLINK("http://evil.example","RTX")' >/dev/null
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
dirty=1
why=""
[ "$rc" -eq 0 ] || why="exit $rc"
if [ -z "$why" ]; then
	why=$(python3 - "$site/data" <<'PY'
import csv, glob, re, sys
number = re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$')
bad, text = [], 0
for path in sorted(glob.glob(sys.argv[1] + '/*.csv')):
    for row in csv.reader(open(path, newline='', encoding='utf-8')):
        for c in row:
            if c and c[0] in '=+-@\t\r' and not number.match(c):
                bad.append(path.rsplit('/', 1)[1] + ': ' + c[:40])
            text += c.startswith("'=HYPERLINK(")
if bad:
    print('%d formula cells, e.g. %s' % (len(bad), bad[0]))
elif text < 2:
    print('the name is not in the downloads as text')
PY
)
fi
verdict "=HYPERLINK( in a GPU name: no formula cell in any CSV download" "" "$why" ""
restore

# ---- 9f. a shortcode inside code is code, whatever code CommonMark sees ----

cat >"$proj/content/en/shortcodes-in-code.md" <<'ARTICLE'
---
title: Shortcodes in code
description: How to cite a price, shown in five kinds of code.
date: 2026-01-01
slug: shortcodes-in-code
tags: test
---
Indented code:

    {{< price gpu=your-gpu-id >}}

- code inside a list item:

      {{< price gpu=your-gpu-id >}}

> ```
> {{< price gpu=your-gpu-id >}}
> ```

````
```
{{< price gpu=your-gpu-id >}}
```
````

~~~~
~~~
{{< price gpu=your-gpu-id >}}
~~~
~~~~

And a span: `{{< price gpu=your-gpu-id >}}`.
ARTICLE
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
dirty=1
page="$site/en/articles/shortcodes-in-code/index.html"
why=""
[ "$rc" -eq 0 ] || why="exit $rc"
[ -z "$why" ] && [ "$(grep -o 'price gpu=your-gpu-id' "$page" | wc -l)" -ne 6 ] &&
	why="not every shortcode is shown as code"
[ -z "$why" ] && grep -q 'class="fig"' "$page" && why="a shortcode in code was resolved"
verdict "shortcodes in indented code, a list item, a block quote's fence, 4-backtick and 4-tilde fences: code" "" "$why" ""
restore

# ---- 9g. characters no published file can carry, refused where they stand ----

# put TEXT (with \uXXXX escapes) in place of the first FROM of FILE
put_text() {
	python3 - "$1" "$2" "$3" <<'PY'
import re, sys
# \uXXXX and \xXX stand for their characters; any other text is itself
path, old = sys.argv[1], sys.argv[2]
new = re.sub(r'\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})',
             lambda m: chr(int(m.group(1) or m.group(2), 16)), sys.argv[3])
s = open(path, encoding='utf-8').read()
assert old in s
open(path, 'w', encoding='utf-8').write(s.replace(old, new, 1))
PY
}
article="$proj/content/en/how-to-choose.md"
put_text "$article" "title: " 'title: How \ufffe '
expect_build_error "U+FFFE in an article's title: an error at its position" "" "" \
	-F "content/en/how-to-choose.md:2:12: error: the noncharacter U+FFFE cannot be published; remove it"
restore
printf '\nFrom \033[31m consumer \001RTX\n' >>"$article"
esc_line=$(wc -l <"$article")
expect_build_error "ESC in an article's body: an error at its position" "" "" \
	-F "content/en/how-to-choose.md:$esc_line:6: error: the control character U+001B cannot be published; remove it"
restore
put_text "$article" "description: " 'description: \u0085'
expect_build_error "a C1 control in an article's description: an error" "" "" \
	-F "error: the control character U+0085 cannot be published; remove it"
restore
line=$(csved set "$proj/data/gpus.csv" 2 name 'A100 ZZNAME')
put_text "$proj/data/gpus.csv" "ZZNAME" '\uffff'
expect_build_error "U+FFFF in a GPU name: an error at its cell" "" "" \
	-F "data/gpus.csv:$line:$(csved col "$proj/data/gpus.csv" name): error: name holds the noncharacter U+FFFF; remove it"
restore

# messages: the cap counts across files and says how many more; invisible
# characters are named
for i in $(seq 1 300); do
	sed "s/^slug: how-to-choose/slug: cap-$i\nfoo$i: 1/; s/^translation: how-to-choose/translation: cap-$i/" \
		"$article" >"$proj/content/en/cap-$i.md"
done
timeout 60 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 1 ] || why="exit $rc, expected 1"
[ -z "$why" ] && [ "$(grep -c 'unknown front matter key' "$work/err.txt")" -ne 100 ] &&
	why="$(grep -c 'unknown front matter key' "$work/err.txt") messages shown, expected 100"
[ -z "$why" ] && ! grep -qF "gen: ... and 200 more like the last of the 100 shown" "$work/err.txt" &&
	why="no \"and 200 more\""
[ -z "$why" ] && ! grep -qF "gen: 300 errors" "$work/err.txt" && why="not every error counted"
verdict "300 articles with an unknown key each: 100 messages and \"... and 200 more\"" "" "$why" ""
restore
line=$(csved set "$proj/data/prices.csv" 1 gpu_id 'rtx-ZWSP4090')
put_text "$proj/data/prices.csv" "ZWSP" '\u200b'
expect_build_error "a zero-width space inside an id is named in the message" "" "" \
	-F "data/prices.csv:$line:1: error: gpu_id \"rtx-<U+200B>4090\" is not an id"
restore

# what one series of prices may multiply: 5,000 dated quotes of one provider
python3 - "$proj/data/prices.csv" <<'PY'
import csv, datetime, sys
path = sys.argv[1]
rows = list(csv.reader(open(path, newline='', encoding='utf-8')))
head, first = rows[0], rows[1]
day = datetime.date(2000, 1, 1)
for i in range(5000):
    r = list(first)
    r[head.index('as_of')] = (day + datetime.timedelta(days=i)).isoformat()
    r[head.index('usd_per_hour')] = '%.2f' % (0.5 + (i % 300) / 100)
    rows.append(r)
csv.writer(open(path, 'w', newline='', encoding='utf-8'), lineterminator='\n').writerows(rows)
PY
gpu=$(csved get "$proj/data/prices.csv" 1 gpu_id)
timeout 120 "$gen" build --root "$proj" >"$work/out.txt" 2>"$work/err.txt"
rc=$?
dirty=1
page="$site/en/gpus/$gpu/index.html"
why=""
[ "$rc" -eq 0 ] || why="exit $rc"
[ -z "$why" ] && ! grep -q "The latest 100 of 5,00[0-9] dated quotes" "$page" && why="the chart does not say it shows the latest 100"
[ -z "$why" ] && [ "$(wc -c <"$page")" -gt 300000 ] && why="the GPU page is $(wc -c <"$page") bytes"
verdict "5,000 quotes of one series: the GPU page charts the latest 100 and says so" "" "$why" ""
restore

# what one article may multiply: its tags, counted, and measured in characters
put_text "$article" "tags: buying, vram, multi-gpu, cost" "tags: $(seq -s, 1 6000 | sed 's/,/, t/g; s/^/t/')"
expect_build_error "6,000 tags on one article: an error, not a 1.8 GB site" "" "" \
	-F "content/en/how-to-choose.md:7:7: error: 6000 tags; at most 20 (each tag's page lists the article)"
restore
put_text "$article" "tags: buying, vram, multi-gpu, cost" "tags: buying, $(python3 -c 'print("显" * 90)')"
expect_build_error "a 90-character Chinese tag: said in characters and bytes, cut between characters" "" "" \
	-F "content/en/how-to-choose.md:7:7: error: tag \"显显显显显显显显显显显显显显显显显显显显…\" is 90 characters, 270 bytes in UTF-8; a folder name holds at most 255 bytes"
restore

# ---- 9c. the command line ----

# expect_usage NAME MESSAGE ARGS...: exit 2 with MESSAGE as stderr's first
# line, nothing written
expect_usage() {
	name=$1 msg=$2
	shift 2
	timeout 20 "$gen" "$@" >"$work/out.txt" 2>"$work/err.txt"
	rc=$?
	why=""
	[ "$rc" -eq 2 ] || why="exit $rc, expected 2"
	[ -z "$why" ] && [ "$(head -1 "$work/err.txt")" != "$msg" ] && why="message not found"
	[ -z "$why" ] && [ "$published" != "$(tree_hash "$site")" ] && why="the published site changed"
	verdict "$name" "" "$why" "expected: $msg"
}
# each malformed URL with the reason it is refused (the one check data/site.csv has too)
while IFS='|' read -r u reason; do
	expect_usage "--base-url \"$u\" is a usage error" "gen: --base-url \"$u\" $reason" \
		build --root "$proj" --base-url "$u"
done <<'URLS'
|must start with http:// or https://
gpuguide.example|must start with http:// or https://
javascript:alert(1)//|must start with http:// or https://
https://|has no host name
ftp://gpuguide.example|must start with http:// or https://
https://gpu guide.example|has a character a host name cannot hold
https://user@gpuguide.example|has a character a host name cannot hold
https://gpuguide.example:0|has a port that is not a number from 1 to 65535
https://gpu..guide.example|has an empty part in its host name ("..")
URLS
expect_usage "--out '' is a usage error" 'gen: --out needs a folder, not ""' build --root "$proj" --out ''
expect_usage "--root '' is a usage error" 'gen: --root needs a folder, not ""' build --root ''
timeout 20 "$gen" build --root "$proj" --out "$work/out" --base-url 'http://localhost:8000/sub/' >/dev/null 2>"$work/err.txt"
rc=$?
why=""
[ "$rc" -eq 0 ] || why="exit $rc"
[ -z "$why" ] && ! grep -q 'href="http://localhost:8000/sub/en/"' "$work/out/en/index.html" && why="the base URL is not used"
verdict "--base-url with a port and a path builds" "" "$why" ""
restore

# ---- 10. the pristine inputs still give the published site ----

"$gen" build --root "$proj" >"$work/out.txt" 2>&1
why=""
grep -Eq '^gen: 0 pages written, [0-9]+ unchanged, 0 removed' "$work/out.txt" || why="the rebuild wrote pages: $(cat "$work/out.txt")"
[ "$published" = "$(tree_hash "$site")" ] || why="${why:+$why, }the site changed"
verdict "after all cases, a rebuild of the pristine inputs changes nothing" "" "$why" ""

summary="adversarial: $passed passed, $failed failed"
[ "$known" -gt 0 ] && summary="$summary, $known known (bugs not fixed yet)"
[ "$skipped" -gt 0 ] && summary="$summary, $skipped skipped"
echo "$summary"
test "$failed" -eq 0
