#!/usr/bin/env bash
# Where gen spends a full build: perf (sampled, user + kernel time) and, with
# CALLGRIND=1, callgrind (exact instruction counts, user space only); with
# WAITS=1, where its threads go to sleep (on a lock, mostly) and how often;
# with IDLE=1, how long the cores stand idle in three builds, and when
# (bench/idle.py).
#     bench/profile.sh [N] [G]      defaults: N=1000 articles per language, G=10
# Needs the corpus from bench/run.sh (or generates it); output on a tmpfs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
n=${1:-1000} g=${2:-10}
out=$here/out
c=$out/corpus-$n-$g
[ -d "$c/content" ] || python3 "$here/corpus.py" "$c" --articles "$n" --gpus "$g" --src "$root"
rm -rf "$c/templates" && cp -R "$root/templates" "$c/templates"
(cd "$root" && make -s build/gen)
mnt=$out/mnt-profile
mkdir -p "$mnt"
if [ "$(id -u)" = 0 ] && ! mountpoint -q "$mnt"; then
	mount -t tmpfs -o size=4g tmpfs "$mnt" && trap 'cd / && umount "$mnt"' EXIT
	trap 'exit 1' HUP INT TERM PIPE
fi
rm -rf "$mnt/site" "$mnt"/.site-cache-site* # a full build: no cache beside it either
# gen is built without frame pointers: DWARF unwinding gives the callers
perf record -q -F 300 --call-graph dwarf,16384 -o "$out/perf.data" "$root/build/gen" build --root "$c" --out "$mnt/site" --quiet
echo "== perf, self time (top 25)"
perf report -i "$out/perf.data" --no-children --sort dso,sym --percent-limit 0.7 --stdio -g none 2>/dev/null |
	grep -v '^#' | grep -v '^$' | head -25
echo "== perf, including callees (top 30)"
perf report -i "$out/perf.data" --children --sort sym --percent-limit 2 --stdio -g none 2>/dev/null |
	grep -v '^#' | grep -v '^$' | head -30
if [ "${CALLGRIND:-0}" = 1 ]; then
	rm -rf "$mnt/site" "$mnt"/.site-cache-site*
	valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
		"$root/build/gen" build --root "$c" --out "$mnt/site" --quiet 2>"$out/callgrind.log"
	echo "== callgrind, inclusive (top 30)"
	callgrind_annotate --inclusive=yes "$out/callgrind.out" 2>/dev/null | sed -n '1,60p' | grep -E '^ *[0-9,]+ ' | head -30
	echo "== callgrind, self (top 25)"
	callgrind_annotate "$out/callgrind.out" 2>/dev/null | grep -E '^ *[0-9,]+ ' | head -25
fi
if [ "${WAITS:-0}" = 1 ]; then
	rm -rf "$mnt/site" "$mnt"/.site-cache-site*
	perf record -q -e sched:sched_switch --call-graph dwarf,16384 -o "$out/waits.data" \
		"$root/build/gen" build --root "$c" --out "$mnt/site" --quiet
	echo "== where gen's threads went to sleep: the first two of gen's own frames (top 15)"
	# an event's line, then its frames (indented), then a blank line; the
	# kernel's frames, the C library's lock waits and malloc, and gen's
	# allocation wrappers are passed over (a malloc arena's lock shows as
	# the frames that allocate)
	perf script -i "$out/waits.data" 2>/dev/null | awk '
		/^[^ \t]/ { inev = 1; key = ""; n = 0; next }
		inev && NF == 0 { inev = 0; if (key != "") print key; next }
		inev && $NF !~ /kernel|libc/ &&
		$2 !~ /^(__lll|___pthread|__GI|futex|pthread|lll|_int_|__libc_|x(re)?alloc|xmalloc|xcalloc|xstrn?dup|buf_(grow|release|add))/ {
			if (++n <= 2) key = key " " $2 }' | sort | uniq -c | sort -rn | head -15
	rm -rf "$mnt/site" "$mnt"/.site-cache-site*
	echo "== context switches of a full build"
	perf stat -e context-switches "$root/build/gen" build --root "$c" --out "$mnt/site" --quiet 2>&1 |
		grep -E 'context-switches|elapsed'
fi
if [ "${IDLE:-0}" = 1 ]; then
	echo "== idle cores in a full build (three builds; perf sched, bench/idle.py)"
	for run in 1 2 3; do
		rm -rf "$mnt/site" "$mnt"/.site-cache-site*
		perf sched record -q -o "$out/sched.data" \
			"$root/build/gen" build --root "$c" --out "$mnt/site" --quiet >/dev/null 2>&1
		python3 "$here/idle.py" "$out/sched.data"
	done
fi
