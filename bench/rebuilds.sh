#!/usr/bin/env bash
# gen's full build, no-change rebuild and one-price edit on corpus.py's
# corpus: instructions (callgrind, --jobs 1: deterministic, the figure to
# compare on a shared machine) and wall time, CPU seconds and peak memory
# (measure.py, every core). Prints a Markdown table; details go to
# bench/out/rebuilds.log.
#
#     bench/rebuilds.sh [N...]      N articles per language (default: 1000)
#
# Environment: GPUS=10, RUNS=3 (timed runs per median), GEN=build/gen (the
# gen to measure: another build's binary measures "before"), CALLGRIND=0 skips
# the instruction counts (at N=10,000 each build takes minutes under valgrind),
# WORK=DIR where the corpus copy and the site go (default: a folder in /tmp;
# a tmpfs is fairer, see README.md).
name=rebuilds
. "$(dirname "$0")/common.sh"
sizes=${*:-1000}
callgrind=$(callgrind_wanted "${CALLGRIND:-1}")

# The RTX 4090's lowest on-demand price, which many articles cite.
edit_price() { # edit_price FROM TO CORPUS
	grep -q "^rtx-4090,,$1,.*,training-guide-en," "$3/data/prices.csv" ||
		{ say "no RTX 4090 quote of $1 in $3/data/prices.csv"; exit 1; }
	sed -i "s/^rtx-4090,,$1,\(.*,training-guide-en,\)/rtx-4090,,$2,\1/" "$3/data/prices.csv"
}

# A build's instructions in millions (callgrind, one thread); its summary
# and --timings lines go to the log.
count() { # count NAME CORPUS SITE
	local cg="$work/cg.$1"
	valgrind --tool=callgrind --callgrind-out-file="$cg" "$gen" build --root "$2" \
		--out "$3" --jobs 1 --timings >"$work/cg.$1.out" 2>"$work/cg.$1.err"
	{ echo "== callgrind $1"; cat "$work/cg.$1.out"; } >>"$log"
	awk '/^summary:/ { printf "%.0f", $2 / 1e6 }' "$cg"
}

pages_of() { sed -n 's/.*render [0-9]* ms (\([0-9]*\) pages rendered, \([0-9]*\) kept).*/\1 rendered, \2 kept/p' "$1" | head -1; }

say_setup
echo
echo "| N/lang | build | instructions (M) | of full | wall s | CPU s | peak MiB | pages |"
echo "|--:|---|--:|--:|--:|--:|--:|---|"
for n in $sizes; do
	corpus_copy "$n"
	sleep 0.3 # ids of files changed in the last 100 ms are not trusted
	full="rm -rf '$site' '$work/.site-cache-site-$n'"
	ic_full=- ic_none=- ic_edit=-
	if [ "$callgrind" = 1 ]; then
		sh -c "$full"
		ic_full=$(count full-$n "$c" "$site")
		sleep 0.3
		ic_none=$(count none-$n "$c" "$site")
		edit_price 0.39 0.41 "$c"
		ic_edit=$(count edit-$n "$c" "$site")
		p_edit=$(pages_of "$work/cg.edit-$n.out")
		p_none=$(pages_of "$work/cg.none-$n.out")
		p_full=$(pages_of "$work/cg.full-$n.out")
		edit_price 0.41 0.39 "$c"
	fi
	read -r w_full m_full u_full <<<"$(timed full-$n "$full" "$gen" build --root "$c" --out "$site" --timings)"
	"$gen" build --root "$c" --out "$site" --quiet >/dev/null 2>&1
	sleep 0.3
	read -r w_none m_none u_none <<<"$(timed none-$n ":" "$gen" build --root "$c" --out "$site" --timings)"
	# each run edits the price one way or back: every run is a one-price edit
	state=$work/price-$n
	echo 0.39 >"$state"
	flip="if [ \"\$(cat '$state')\" = 0.39 ]; then sed -i 's/^rtx-4090,,0.39,\(.*,training-guide-en,\)/rtx-4090,,0.41,\1/' '$c/data/prices.csv'; echo 0.41 >'$state'; else sed -i 's/^rtx-4090,,0.41,\(.*,training-guide-en,\)/rtx-4090,,0.39,\1/' '$c/data/prices.csv'; echo 0.39 >'$state'; fi"
	read -r w_edit m_edit u_edit <<<"$(timed edit-$n "$flip" "$gen" build --root "$c" --out "$site" --timings)"
	[ "$(cat "$state")" = 0.41 ] && edit_price 0.41 0.39 "$c"
	share() { [ "$1" = - ] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f%%", 100 * a / b }'; }
	echo "| $n | full | $ic_full | 100% | $w_full | $u_full | $m_full | ${p_full:-} |"
	echo "| $n | no change | $ic_none | $(share "$ic_none" "$ic_full") | $w_none | $u_none | $m_none | ${p_none:-} |"
	echo "| $n | one price | $ic_edit | $(share "$ic_edit" "$ic_full") | $w_edit | $u_edit | $m_edit | ${p_edit:-} |"
done
[ -z "${WORK:-}" ] && rm -rf "$work"
exit 0
