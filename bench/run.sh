#!/usr/bin/env bash
# Benchmark: full builds of gen, Hugo and the libcmark floor on synthetic
# corpora, plus gen's incremental rebuilds. Prints a Markdown table.
#
#     bench/run.sh [N...]          N = articles per language (default: 100 1000)
#
# Environment: GPUS="10 100" (GPUs in data/), RUNS=5 (runs per median),
# TOOLS="gen hugo floor" (what to measure).
# Everything generated goes under bench/out/ (git-ignored): corpora are cached
# there (regenerated when corpus.py changes); outputs go to a tmpfs mounted at
# bench/out/mnt (as root), or to /tmp with a warning.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$here/out
sizes=${*:-100 1000}
gpus=${GPUS:-10 100}
runs=${RUNS:-5}
tools=${TOOLS:-gen hugo floor}
mkdir -p "$out"
log=$out/run.log
: >"$log"

say() { echo "$*" >&2; }
have() { case " $tools " in *" $1 "*) return 0 ;; esac; return 1; }

# ---------------------------------------------------------------- setup
if [ ! -x /usr/bin/time ]; then
	if [ "$(id -u)" = 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null
	else
		say "missing /usr/bin/time; run: sudo apt-get install -y time"; exit 1
	fi
fi

cc -std=c17 -O2 -D_DEFAULT_SOURCE -Wall -Wextra -o "$out/floor" "$here/floor.c" -lcmark -lpthread || exit 1

gen=$root/build/gen
if have gen; then
	if ! (cd "$root" && make -s build/gen >>"$log" 2>&1); then
		say "warning: build/gen does not build (see $log); gen is not measured"
		tools=${tools/gen/}
	fi
fi

mnt=$out/mnt
mkdir -p "$mnt"
if mountpoint -q "$mnt"; then
	say "output on tmpfs $mnt (already mounted)"
elif [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4g tmpfs "$mnt"; then
	say "output on tmpfs $mnt (size=4g)"
	trap 'cd / && umount "$mnt"' EXIT
else
	mnt=$(mktemp -d /tmp/gpuguide-bench.XXXXXX)
	say "WARNING: could not mount a tmpfs (needs root); output on $mnt, a disk"
	say "WARNING: figures are slower and drift as the disk ages (see BENCH.md)"
fi
mnt_kind=$(stat -f -c %T "$mnt")

corpus_sum=$(cat "$here/corpus.py" "$root"/data/*.csv | md5sum | cut -c1-12)

# Generates (or reuses) the corpus and the Hugo twin for N articles, G GPUs.
prepare() {
	local n=$1 g=$2 c=$out/corpus-$1-$2 h=$out/hugo-$1-$2
	if [ "$(cat "$c/.stamp" 2>/dev/null)" != "$corpus_sum" ]; then
		say "generating $c"
		python3 "$here/corpus.py" "$c" --articles "$n" --gpus "$g" --src "$root" || exit 1
		echo "$corpus_sum" >"$c/.stamp"
		rm -rf "$h"
	fi
	# templates change more often than the corpus: always take the current ones
	rm -rf "$c/templates" && cp -R "$root/templates" "$c/templates"
	if have hugo && [ ! -f "$h/.stamp" ]; then
		"$here/hugo/setup.sh" "$c" "$h" >>"$log" 2>&1 || { say "hugo setup failed (see $log)"; exit 1; }
		touch "$h/.stamp"
	fi
}

# measure NAME CLEANDIR CMD...: runs CMD $runs times (CLEANDIR emptied before
# each run unless it is "-") with measure.py; sets T (median wall s), M (peak
# MiB from /usr/bin/time), P (median CPU %), OUTF (the last run's stdout).
measure() {
	local name=$1 clean=$2 line runs_ms
	shift 2
	OUTF=$out/last.stdout
	line=$(python3 "$here/measure.py" "$runs" "$clean" "$OUTF" -- "$@")
	cat "$OUTF.err" >>"$log" 2>/dev/null; rm -f "$OUTF.err"
	read -r T M P runs_ms <<<"$line"
	[ "$T" = fail ] && say "$name failed ($runs_ms); see $log"
	echo "$name: median ${T}s, ${M} MiB, ${P}% CPU; runs (ms): $runs_ms" >>"$log"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1f", a / b; else printf "-" }'; }
count_html() { find "$1" -name '*.html' 2>/dev/null | wc -l; }

# One price the articles cite (the lowest RTX 4090 on-demand price) is edited
# back and forth; its original line is restored on exit.
edit_price() { sed -i "s/^rtx-4090,Training Guide recommendations,$1,/rtx-4090,Training Guide recommendations,$2,/" "$3/data/prices.csv"; }

rows=()
details=()
for n in $sizes; do
	for g in $gpus; do
		c=$out/corpus-$n-$g
		prepare "$n" "$g"
		gen_t=- gen_m=- gen_pages=- hugo_t=- hugo_m=- f1=- f2=- nc=- pe=- pe_w=- f1p=-

		if have floor; then
			measure "floor-1t N=$n G=$g" "$mnt/floor" "$out/floor" -j 1 "$c" "$mnt/floor"
			f1=$T f1p=$P
			measure "floor-2t N=$n G=$g" "$mnt/floor" "$out/floor" -j 2 "$c" "$mnt/floor"
			f2=$T
			floor_pages=$(count_html "$mnt/floor")
			rm -rf "$mnt/floor"
		fi
		if have hugo; then
			measure "hugo N=$n G=$g" "$mnt/hugo" hugo --quiet --source "$out/hugo-$n-$g" --destination "$mnt/hugo/public"
			hugo_t=$T hugo_m=$M
			hugo_pages=$(count_html "$mnt/hugo/public")
			details+=("hugo N=$n G=$g: $hugo_pages HTML files, ${P}% CPU")
			rm -rf "$mnt/hugo"
		fi
		if have gen; then
			measure "gen N=$n G=$g" "$mnt/gen" "$gen" build --root "$c" --out "$mnt/gen/site" --quiet
			gen_t=$T gen_m=$M gen_p=$P
			if [ "$T" != fail ]; then
				gen_pages=$(count_html "$mnt/gen/site")
				gen_files=$(find "$mnt/gen/site" -type f | wc -l)
				# no-change rebuild (summary line kept: it says what was written)
				measure "gen no-change N=$n G=$g" - "$gen" build --root "$c" --out "$mnt/gen/site"
				nc=$T
				nc_line=$(tail -1 "$OUTF")
				# one price edit, back and forth: each run is a one-price rebuild
				cp "$c/data/prices.csv" "$out/prices.csv.orig"
				trap 'cp "$out/prices.csv.orig" "$c/data/prices.csv"; mountpoint -q "$mnt" && cd / && umount "$mnt"' EXIT
				pe_ts=() pe_ws=()
				for ((i = 0; i < runs; i++)); do
					if ((i % 2 == 0)); then edit_price 0.39 0.41 "$c"; else edit_price 0.41 0.39 "$c"; fi
					runs=1 measure "gen price-edit N=$n G=$g" - "$gen" build --root "$c" --out "$mnt/gen/site"
					pe_ts+=("$T")
					pe_ws+=("$(sed -n 's/^gen: \([0-9]*\) pages written.*/\1/p' "$OUTF" | tail -1)")
				done
				cp "$out/prices.csv.orig" "$c/data/prices.csv"
				pe=$(printf '%s\n' "${pe_ts[@]}" | sort -n | sed -n "$((runs / 2 + 1))p")
				pe_w=$(printf '%s\n' "${pe_ws[@]}" | sort -n | sed -n "$((runs / 2 + 1))p")
				details+=("gen N=$n G=$g: $gen_pages HTML files ($gen_files files), ${gen_p}% CPU; no-change: $nc_line; price edit: ${pe_ws[*]} files written")
			fi
			rm -rf "$mnt/gen"
		fi
		details+=("floor N=$n G=$g: 1 thread at ${f1p}% CPU")
		rows+=("| $n | $g | ${gen_pages} | $gen_t / $gen_m | $hugo_t / $hugo_m | $f1 | $f2 | $(ratio "$gen_t" "$hugo_t") | $(ratio "$hugo_t" "$gen_t") | $(ratio "$gen_t" "$f1") | $nc | $pe ($pe_w) |")
		say "done N=$n G=$g"
	done
done

echo
echo "$(date -u +%Y-%m-%d) · $(nproc) cores · output on $mnt_kind ($mnt) · medians of $runs runs · $(hugo version 2>/dev/null | cut -d' ' -f2 | cut -d+ -f1)"
echo
echo "| N/lang | GPUs | gen pages | gen s / MiB | Hugo s / MiB | floor 1t s | floor 2t s | gen/Hugo | Hugo/gen | gen/floor 1t | gen no-change s | gen price edit s (files written) |"
echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
printf '%s\n' "${rows[@]}"
echo
printf -- '- %s\n' "${details[@]}"
