#!/bin/sh
# Build the libFuzzer targets (clang, ASan + UBSan) into build/fuzz/ and run
# each for SECONDS (default 60) on a temporary copy of its seed corpus
# (tests/fuzz/corpus/<target>/), so the repository is never modified.
# Prints "fuzz_csv: N runs, 0 crashes" per target and exits non-zero when any
# target crashed (the input is kept in build/fuzz/crashes/).
#
#     sh tests/fuzz/run.sh 120          # or: make fuzz FUZZ_SECONDS=120
#     FUZZ_TARGETS="fuzz_csv" sh tests/fuzz/run.sh 30
set -u
seconds=${1:-60}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
CLANG=${CLANG:-clang}
if ! command -v "$CLANG" >/dev/null 2>&1; then
	echo "fuzz: $CLANG not found (apt-get install clang libclang-rt-14-dev)" >&2
	exit 1
fi
targets=${FUZZ_TARGETS:-"fuzz_body_memo fuzz_csv fuzz_frontmatter fuzz_gfm_autolink fuzz_gfm_html fuzz_gfm_quick fuzz_mustache fuzz_mustache_nesting fuzz_records fuzz_search_figs fuzz_shortcode fuzz_splice"}
out=build/fuzz
mkdir -p "$out/obj" "$out/crashes"
pkgs="libcmark-gfm libxml-2.0"
pkg-config --exists libmicrohttpd 2>/dev/null && pkgs="$pkgs libmicrohttpd"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
CFLAGS="-std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -Wall -Wno-unused-command-line-argument $SAN -iquote gen $(pkg-config --cflags $pkgs)"
LIBS="$(pkg-config --libs $pkgs) -lcsv -lm -lpthread"

# 1. the gen/ modules (gen/<layer>/<module>.c; not main.c), each to
# build/fuzz/obj/<layer>-<module>.o, rebuilt when a source or header changed
newest_h=$(ls -t gen/*/*.h | head -1)
obj_of() { echo "$out/obj/$(echo "${1#gen/}" | tr / -)" | sed 's/\.c$/.o/'; }
stale=""
for c in gen/*/*.c; do
	o=$(obj_of "$c")
	if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
		stale="$stale $c"
	fi
done
# objects of modules that no longer exist would break the link
for o in "$out"/obj/*.o; do
	[ -f "$o" ] || continue
	c="gen/$(basename "$o" .o | sed 's/-/\//').c"
	[ -f "$c" ] || rm -f "$o"
done
if [ -n "$stale" ]; then
	if ! printf '%s\n' $stale | xargs -P "$(nproc)" -I{} sh -c \
		'$0 $1 -fsanitize=fuzzer-no-link -c -o "$2/obj/$(echo {} | sed "s|^gen/||; s|/|-|; s|\.c$|.o|")" {}' \
		"$CLANG" "$CFLAGS" "$out"; then
		echo "fuzz: building the gen/ modules failed" >&2
		exit 1
	fi
fi
objs=$(ls "$out"/obj/*.o)

# 2. the targets
for t in $targets; do
	# shellcheck disable=SC2086
	if ! $CLANG $CFLAGS -fsanitize=fuzzer -o "$out/$t" "tests/fuzz/$t.c" $objs $LIBS; then
		echo "fuzz: building $t failed" >&2
		exit 1
	fi
done

# the seeds of fuzz_records and fuzz_body_memo: records made by today's
# encoders (a format that changes takes its seeds along)
case " $targets " in
*" fuzz_records "* | *" fuzz_body_memo "*)
	# shellcheck disable=SC2086
	if ! $CLANG $CFLAGS -fsanitize=fuzzer-no-link -o "$out/seed_records" \
		tests/fuzz/seed_records.c $objs $LIBS; then
		echo "fuzz: building seed_records failed" >&2
		exit 1
	fi ;;
esac

# 3. run them side by side, each on a copy of its corpus
work=$(mktemp -d /tmp/gpuguide-fuzz-XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
for t in $targets; do
	mkdir -p "$work/$t"
	cp tests/fuzz/corpus/"$t"/* "$work/$t/" 2>/dev/null
	case $t in
	fuzz_records | fuzz_body_memo)
		if ! "$out/seed_records" "$t" "$work/$t"; then
			echo "fuzz: making $t's seeds failed" >&2
			exit 1
		fi ;;
	esac
	dict=""
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
	GPUGUIDE_ROOT="$top" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		"$out/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 $dict \
		-artifact_prefix="$out/crashes/$t-" "$work/$t" >"$work/$t.log" 2>&1 &
	echo $! >"$work/$t.pid"
done
failed=0
for t in $targets; do
	wait "$(cat "$work/$t.pid")"
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log" | tail -1)
	if [ "$rc" -eq 0 ]; then
		echo "$t: ${runs:-0} runs, 0 crashes"
	else
		failed=1
		art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$work/$t.log" | tail -1)
		echo "$t: ${runs:-?} runs, 1 crash (exit $rc${art:+; input: $art})"
		grep -E 'ERROR|SUMMARY|runtime error|==ABORTING|^#[0-9]+ .* in |abort|message|rule|round trip|hostile|different' "$work/$t.log" | head -25 | sed 's/^/    /'
	fi
done
exit $failed
