#!/bin/sh
# bench/prices.sh [ROWS]: gen on a project whose data/prices.csv holds ROWS
# price rows (default 1,000,000; about 80 MB), to show that memory follows
# the input and not the input times the pages (issue 15: 46 s and 16.5 GB
# before the data pages and GPU pages capped their tables).
#
# The project is the real one (bench/out/prices-ROWS/) with prices.csv
# replaced: the real rows repeated with a distinct provider each (so every
# row is valid and unique) and prices cycling $0.20..$5.19. Measured with
# /usr/bin/time (wall and CPU seconds, peak resident MiB), one run each
# (CPU seconds barely move when other processes share the cores):
#   1. a full build into an empty folder;
#   2. a rebuild with nothing changed;
#   3. `gen check` of the same rows all duplicates of a few (every row an
#      error: the messages are capped per kind, "and N more").
# Prints a Markdown table. Goal (issue 15): under 2 GB and 30 s each.
set -eu
rows=${1:-1000000}
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/bench/out/prices-$rows"
gen="$top/build/gen"
[ -x "$gen" ] || make -C "$top" build/gen >/dev/null
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/ok" "$out/dup"
for p in ok dup; do
	cp -R "$top/data" "$top/templates" "$top/content" "$out/$p/"
done
python3 - "$out/ok/data/prices.csv" "$out/dup/data/prices.csv" "$rows" <<'PY'
import csv, sys
ok, dup, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = list(csv.reader(open(ok, newline='', encoding='utf-8')))
head, body = rows[0], rows[1:]
pi, ui = head.index('provider'), head.index('usd_per_hour')
with open(ok, 'w', newline='', encoding='utf-8') as f, \
     open(dup, 'w', newline='', encoding='utf-8') as g:
    w, d = csv.writer(f, lineterminator='\n'), csv.writer(g, lineterminator='\n')
    w.writerow(head)
    d.writerow(head)
    for i in range(n):
        r = list(body[i % len(body)])
        d.writerow(r)
        r[pi] = 'Provider %d' % i
        r[ui] = '%.2f' % (0.2 + (i % 500) / 100)
        w.writerow(r)
PY
measure() { # measure NAME CMD...: one table row
	name=$1
	shift
	/usr/bin/time -f '%e %M %U %S' -o "$out/time" "$@" >"$out/stdout" 2>"$out/stderr" && rc=0 || rc=$?
	set -- $(tail -1 "$out/time")
	printf '| %s | %s | %.1f s | %.1f s | %.0f MiB | %s |\n' "$name" "$rc" "$1" \
		"$(awk -v u="$3" -v s="$4" 'BEGIN{print u+s}')" "$(($2 / 1024))" \
		"$(grep -E '^gen: ' "$out/stdout" "$out/stderr" -h | tail -1)"
}
echo "| $rows price rows | exit | wall | CPU (user+sys) | peak memory | last line |"
echo "|---|---|---|---|---|---|"
measure "full build" "$gen" build --root "$out/ok" --out "$out/ok/site"
measure "rebuild, nothing changed" "$gen" build --root "$out/ok" --out "$out/ok/site"
measure "check, every row a duplicate" "$gen" check --root "$out/dup"
echo
echo "errors shown for the duplicates: $(grep -c ': error: ' "$out/stderr")"
