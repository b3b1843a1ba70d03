#!/usr/bin/env bash
# Benchmark: full builds of gen, Hugo and the libcmark floor on synthetic
# corpora, plus gen's incremental rebuilds. Prints a Markdown table.
#
#     bench/run.sh [N...]          N = articles per language (default: 100 1000)
#
# Environment: GPUS="10 100" (GPUs in data/), RUNS=5 (runs per median),
# TOOLS="gen hugo floor" (what to measure).
# Everything generated goes under bench/out/ (git-ignored): corpora are cached
# there (regenerated when corpus.py changes) and copied, with the outputs, to a
# tmpfs mounted at bench/out/mnt (as root), or to /tmp with a warning.
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

# the floor stays on plain libcmark (gen itself is on libcmark-gfm, which
# `make` installs): Debian's libcmark-dev
if ! dpkg-query -W -f='${Status}' libcmark-dev 2>/dev/null | grep -q 'install ok installed'; then
	if [ "$(id -u)" = 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev >/dev/null
	else
		say "missing libcmark-dev (the floor); run: sudo apt-get install -y libcmark-dev"; exit 1
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
base_trap=:
mkdir -p "$mnt"
if mountpoint -q "$mnt"; then
	say "output on tmpfs $mnt (already mounted)"
elif [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=6g tmpfs "$mnt"; then
	say "output on tmpfs $mnt (size=6g)"
	base_trap='cd / && umount "$mnt"'
	trap "$base_trap" EXIT
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

# measure NAME RUNS MEM CLEANDIR CMD...: runs CMD RUNS times (CLEANDIR
# emptied before each run unless it is "-") with measure.py, plus one run under
# /usr/bin/time if MEM is 1; sets T (median wall s), M (peak MiB), P (median
# CPU %), S (median CPU s), OUTF (the last run's stdout).
measure() {
	local name=$1 n=$2 mem=$3 clean=$4 line runs_ms
	shift 4
	OUTF=$out/last.stdout
	line=$(python3 "$here/measure.py" "$n" "$mem" "$clean" "$OUTF" -- "$@")
	cat "$OUTF.err" >>"$log" 2>/dev/null; rm -f "$OUTF.err"
	read -r T M P S runs_ms <<<"$line"
	[ "$T" = fail ] && say "$name failed ($runs_ms); see $log"
	echo "$name: ${T}s, ${M} MiB, ${P}% CPU, ${S} CPU s; runs (ms): $runs_ms; load $(cut -d' ' -f1 /proc/loadavg)" >>"$log"
}

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0 || v[1] == "fail") print "fail"; else print v[int((NR + 1) / 2)] }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1f", a / b; else printf "-" }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.0f%%", 100 * a / b; else printf "-" }'; }
count_html() { find "$1" -name '*.html' 2>/dev/null | wc -l; }

# One price the articles cite (the lowest RTX 4090 on-demand price) is edited
# back and forth; its original line is restored on exit.
# (the quote of training-guide-en, provider not named: "rtx-4090,,0.39,")
edit_price() {
	grep -q "^rtx-4090,,$1,.*,training-guide-en," "$3/data/prices.csv" ||
		{ echo "bench: no RTX 4090 quote of $1 to edit in $3/data/prices.csv" >&2; exit 1; }
	sed -i "s/^rtx-4090,,$1,\(.*,training-guide-en,\)/rtx-4090,,$2,\1/" "$3/data/prices.csv"
}

rows=()
cpu_rows=()
details=()
for n in $sizes; do
	for g in $gpus; do
		prepare "$n" "$g"
		# Inputs go to the tmpfs too: this machine's kernel reclaims page
		# cache on its own (DAMON), so files read from the disk were at
		# times read from the device in the middle of a run.
		rm -rf "$mnt/in" && mkdir -p "$mnt/in"
		cp -R "$out/corpus-$n-$g" "$mnt/in/corpus"
		have hugo && cp -R "$out/hugo-$n-$g" "$mnt/in/hugo"
		c=$mnt/in/corpus
		# The tools take turns within each repetition, so that load from other
		# users of this shared machine falls on all of them alike.
		declare -A W=() C=() S=() MEM=()
		run_floor1() { measure "floor-1t N=$n G=$g" 1 "$1" "$mnt/floor" "$out/floor" -j 1 "$c" "$mnt/floor"; }
		run_floor2() { measure "floor-2t N=$n G=$g" 1 "$1" "$mnt/floor" "$out/floor" -j 2 "$c" "$mnt/floor"; }
		run_hugo() { measure "hugo N=$n G=$g" 1 "$1" "$mnt/hugo" hugo --quiet --source "$mnt/in/hugo" --destination "$mnt/hugo/public"; }
		run_gen() { measure "gen N=$n G=$g" 1 "$1" "$mnt/gen" "$gen" build --root "$c" --out "$mnt/gen/site" --quiet; }
		list=()
		have floor && list+=(floor1 floor2)
		have hugo && list+=(hugo)
		have gen && list+=(gen)
		for ((r = 0; r < runs; r++)); do
			for t in "${list[@]}"; do
				"run_$t" 0
				W[$t]+=" $T" C[$t]+=" $P" S[$t]+=" $S"
			done
		done
		for t in "${list[@]}"; do
			"run_$t" 1
			MEM[$t]=$M
		done
		med() { median ${W[$1]:-}; }
		cpus() { median ${S[$1]:-}; }
		f1=- f2=- hugo_t=- hugo_m=- gen_t=- gen_m=- gen_pages=- nc=- pe=- pe_w=- tc=-
		if have floor; then
			f1=$(med floor1) f2=$(med floor2)
			details+=("floor N=$n G=$g: $(count_html "$mnt/floor") HTML files; CPU s $(cpus floor1) (1 thread), $(cpus floor2) (2 threads); CPU % per run${C[floor1]} (1 thread),${C[floor2]} (2 threads); peak ${MEM[floor1]} MiB")
			rm -rf "$mnt/floor"
		fi
		if have hugo; then
			hugo_t=$(med hugo) hugo_m=${MEM[hugo]}
			details+=("hugo N=$n G=$g: $(count_html "$mnt/hugo/public") HTML files; CPU s $(cpus hugo); CPU % per run${C[hugo]}")
			rm -rf "$mnt/hugo"
		fi
		if have gen && [ "$(med gen)" != fail ]; then
			gen_t=$(med gen) gen_m=${MEM[gen]}
			gen_pages=$(count_html "$mnt/gen/site")
			gen_files=$(find "$mnt/gen/site" -type f | wc -l)
			# no-change rebuild (summary line kept: it says what was written)
			measure "gen no-change N=$n G=$g" "$runs" 0 - "$gen" build --root "$c" --out "$mnt/gen/site"
			nc=$T
			nc_line=$(tail -1 "$OUTF")
			# the same bytes, files touched (as a checkout or a copy leaves
			# them): data/ is fingerprinted by its bytes, so nothing is
			# rendered or planned; past the 100 ms in which a file's times
			# are not trusted (fs.h: FS_RACE_NS), which would otherwise
			# decide, by how long the walk of content/ takes, whether the
			# build goes on to check every page
			tc_ts=()
			for ((i = 0; i < runs; i++)); do
				touch "$c"/data/*.csv
				sleep 0.2
				measure "gen touched N=$n G=$g" 1 0 - "$gen" build --root "$c" --out "$mnt/gen/site" --timings
				tc_ts+=("$T")
			done
			tc=$(median "${tc_ts[@]}")
			tc_line=$(grep '^gen: load' "$OUTF" | tail -1)
			# one price edit, back and forth: each run is a one-price rebuild
			# (of the copy on the tmpfs: the cached corpus stays as it is)
			pe_ts=() pe_ws=()
			for ((i = 0; i < runs; i++)); do
				if ((i % 2 == 0)); then edit_price 0.39 0.41 "$c"; else edit_price 0.41 0.39 "$c"; fi
				measure "gen price-edit N=$n G=$g" 1 0 - "$gen" build --root "$c" --out "$mnt/gen/site" --timings
				pe_ts+=("$T")
				pe_ws+=("$(sed -n 's/^gen: \([0-9]*\) pages written.*/\1/p' "$OUTF" | tail -1)")
				pe_line=$(grep '^gen: load' "$OUTF" | tail -1)
			done
			pe=$(median "${pe_ts[@]}")
			pe_w=$(median "${pe_ws[@]}")
			details+=("gen N=$n G=$g: $gen_pages HTML files ($gen_files files); CPU s $(cpus gen); CPU % per run${C[gen]}; no-change: $nc_line; touched: $tc_line; price edit: ${pe_ws[*]} files written, $pe_line")
			rm -rf "$mnt/gen"
		fi
		cpu_rows+=("| $n | $g | $(cpus gen) | $(cpus hugo) | $(cpus floor1) | $(cpus floor2) | $(ratio "$(cpus hugo)" "$(cpus gen)") | $(ratio "$(cpus gen)" "$(cpus floor1)") |")
		rows+=("| $n | $g | ${gen_pages} | $gen_t / $gen_m | $hugo_t / $hugo_m | $f1 | $f2 | $(ratio "$hugo_t" "$gen_t") | $(ratio "$gen_t" "$f1") | $(ratio "$gen_t" "$f2") | $nc ($(pct "$nc" "$gen_t")) | $tc ($(pct "$tc" "$gen_t")) | $pe ($(pct "$pe" "$gen_t"), $pe_w) |")
		rm -rf "$mnt/in"
		say "done N=$n G=$g"
	done
done

echo
echo "$(date -u +%Y-%m-%d) · $(nproc) cores · output on $mnt_kind ($mnt) · medians of $runs runs · $(hugo version 2>/dev/null | cut -d' ' -f2 | cut -d+ -f1)"
echo
echo "| N/lang | GPUs | gen pages | gen s / MiB | Hugo s / MiB | floor 1t s | floor 2t s | Hugo/gen | gen/floor 1t | gen/floor 2t | gen no-change s (of full) | gen touched s (of full) | gen price edit s (of full, files written) |"
echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
printf '%s\n' "${rows[@]}"
echo
echo "CPU seconds (user + system, medians): steadier than wall time when the machine is shared."
echo
echo "| N/lang | GPUs | gen | Hugo | floor 1t | floor 2t | Hugo/gen | gen/floor 1t |"
echo "|--:|--:|--:|--:|--:|--:|--:|--:|"
printf '%s\n' "${cpu_rows[@]}"
echo
printf -- '- %s\n' "${details[@]}"
