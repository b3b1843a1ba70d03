#!/usr/bin/env bash
# gen's search index against Pagefind's, on the same pages: gen's full build
# of corpus.py's corpus (its index made inside it), then Pagefind indexing the
# site that build wrote. Prints a Markdown table; details go to
# bench/out/pagefind.log.
#
#     bench/pagefind.sh [N...]      N articles per language (default: 1000)
#
# For gen: the build's wall and CPU seconds and peak memory (measure.py,
# medians of RUNS), the search index's share of them (`--timings`: its
# milliseconds summed over the threads, from the middle run), and with
# CALLGRIND=1 its instructions (callgrind, `--jobs 1`: the page scan and
# term sets, search_pages_collect, and the files, search_pages_write).
# For Pagefind (npm `pagefind`, PAGEFIND_VERSION, installed into
# bench/out/pagefind/ on first use): `pagefind --site SITE --output-path
# DIR`, wall and CPU seconds and peak memory the same way. Sizes: the index's
# files, their bytes as written and gzip -9 (Pagefind writes its files
# compressed already: its two columns are nearly the same).
#
# Environment: GPUS=10, RUNS=3, GEN=build/gen, CALLGRIND=0, PAGEFIND_VERSION
# (1.6.0), WORK=DIR for the corpus copy, the site and Pagefind's output
# (default: a folder in /tmp; a tmpfs is fairer, see README.md).
name=pagefind
. "$(dirname "$0")/common.sh"
sizes=${*:-1000}
version=${PAGEFIND_VERSION:-1.6.0}
command -v npm >/dev/null || { say "missing npm (apt-get install npm)"; exit 1; }
callgrind=$(callgrind_wanted "${CALLGRIND:-0}")
pf=$out/pagefind/node_modules/.bin/pagefind
if [ ! -x "$pf" ] || [ "$(cat "$out/pagefind/version" 2>/dev/null)" != "$version" ]; then
	rm -rf "$out/pagefind" && mkdir -p "$out/pagefind"
	npm install --prefix "$out/pagefind" --no-audit --no-fund --silent "pagefind@$version" >>"$log" 2>&1 ||
		{ say "npm could not install pagefind@$version (see $log)"; exit 1; }
	echo "$version" >"$out/pagefind/version"
fi

# Files, bytes and gzip -9 bytes of the files under a folder.
sizes_of() { # sizes_of DIR...
	find "$@" -type f -print0 | python3 -c '
import gzip, sys
names = [n for n in sys.stdin.buffer.read().split(b"\0") if n]
raw = z = 0
for n in names:
    data = open(n, "rb").read()
    raw += len(data)
    z += len(gzip.compress(data, 9, mtime=0))
print(len(names), "%.2f" % (raw / 1e6), "%.2f" % (z / 1e6))'
}

say_setup "pagefind $version"
echo
echo "| N/lang | indexer | pages | wall s | CPU s | peak MiB | index: its CPU | instructions (M) | files | MB | MB gzip |"
echo "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
for n in $sizes; do
	corpus_copy "$n"
	pfo=$work/pagefind-$n
	rm -rf "$pfo"
	full="rm -rf '$site' '$work/.site-cache-site-$n'"
	ic=-
	if [ "$callgrind" = 1 ]; then
		sh -c "$full"
		valgrind --tool=callgrind --callgrind-out-file="$work/cg.$n" "$gen" build --root "$c" \
			--out "$site" --jobs 1 --quiet >>"$log" 2>&1
		# the two functions' inclusive counts, and the program's
		ic=$(callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.$n" 2>/dev/null | awk '
			/PROGRAM TOTALS/ { gsub(",", "", $1); all = $1 }
			/search_pages\.c:search_pages_(collect|write) \[/ { gsub(",", "", $1); idx += $1 }
			END { if (all) printf "%.0f of %.0f (%.1f%%)", idx / 1e6, all / 1e6, 100 * idx / all }')
	fi
	read -r w_gen m_gen u_gen <<<"$(timed gen-$n "$full" "$gen" build --root "$c" --out "$site" --timings)"
	search_ms=$(sed -n 's/.*search index \([0-9]*\) ms.*/\1/p' "$work/t.gen-$n.out" | head -1)
	read -r gen_files gen_mb gen_gz <<<"$(sizes_of "$site/en/search" "$site/zh/search")"
	gen_pages=$(python3 "$here/search.py" "$site" | awk -F'|' '/^\| (en|zh) \| [0-9]+ \|/ { s += $3 } END { print s }')
	read -r w_pf m_pf u_pf <<<"$(timed pagefind-$n "rm -rf '$pfo'" "$pf" --site "$site" --output-path "$pfo")"
	pf_pages=$(sed -n 's/.*Indexed \([0-9]*\) page.*/\1/p' "$work/t.pagefind-$n.out" | head -1)
	read -r pf_files pf_mb pf_gz <<<"$(sizes_of "$pfo")"
	share=$(awk -v ms="${search_ms:-0}" -v cpu="$u_gen" 'BEGIN { printf "%.3f s (%.0f%%)", ms / 1000, 100 * ms / 1000 / cpu }')
	echo "| $n | gen (whole build) | $gen_pages | $w_gen | $u_gen | $m_gen | $share | $ic | $gen_files | $gen_mb | $gen_gz |"
	echo "| $n | Pagefind $version | ${pf_pages:--} | $w_pf | $u_pf | $m_pf | $u_pf s (100%) | - | $pf_files | $pf_mb | $pf_gz |"
done
[ -z "${WORK:-}" ] && rm -rf "$work"
exit 0
