# What bench/rebuilds.sh and bench/pagefind.sh share: sourced by each after
# it sets `name` (its log's, bench/out/NAME.log, and its work folder's).
# Sets the folders (here, root, out, work, log) and the settings read from
# the environment (GPUS, RUNS, GEN, WORK: see the scripts), builds gen when
# it is this checkout's, and defines:
#     say TEXT...        to stderr
#     median             the median of the numbers on stdin, one a line
#     corpus_copy N      corpus.py's corpus of N articles a language (made
#                        again when corpus.py or data/ changed since), copied
#                        with this checkout's templates to $c ($work/corpus-N);
#                        $site ($work/site-N) and its cache removed
#     say_setup [WHAT]   the line that says which gen (and WHAT else) ran
#                        where and when
#     callgrind_wanted V 1 when V is 1 and valgrind is here (else 0, said)
#     timed NAME PREP CMD...  median wall s, peak MiB and CPU s of RUNS runs
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$here/out
mkdir -p "$out"
gpus=${GPUS:-10}
runs=${RUNS:-3}
gen=${GEN:-$root/build/gen}
log=$out/$name.log
: >"$log"
work=${WORK:-$(mktemp -d "/tmp/gpuguide-$name.XXXXXX")}
mkdir -p "$work"
say() { echo "$*" >&2; }

if [ "$gen" = "$root/build/gen" ]; then
	(cd "$root" && make -s build/gen >>"$log" 2>&1) || { say "build/gen does not build (see $log)"; exit 1; }
fi
[ -x /usr/bin/time ] || { say "missing /usr/bin/time (apt-get install time)"; exit 1; }

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

corpus_copy() { # corpus_copy N
	local c0=$out/corpus-$1-$gpus
	if [ ! -d "$c0" ] || [ "$here/corpus.py" -nt "$c0" ] ||
		[ -n "$(find "$root/data" -newer "$c0" -print -quit)" ]; then
		rm -rf "$c0"
		python3 "$here/corpus.py" "$c0" --articles "$1" --gpus "$gpus" >>"$log" || exit 1
	fi
	c=$work/corpus-$1
	site=$work/site-$1
	rm -rf "$c" "$site" "$work/.site-cache-site-$1"
	cp -R "$c0" "$c"
	cp -R "$root/templates/." "$c/templates/"
}

say_setup() { # say_setup [WHAT]
	echo "gen: $gen ($("$gen" --version 2>/dev/null | head -1)), ${1:+$1, }$(date -u '+%Y-%m-%d %H:%M UTC'), work in $work ($(stat -f -c %T "$work")), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
}

callgrind_wanted() { # callgrind_wanted 0|1
	if [ "$1" = 1 ] && ! command -v valgrind >/dev/null; then
		say "valgrind missing: instructions not counted"
		echo 0
	else
		echo "$1"
	fi
}

# Median wall s, peak MiB and CPU s of RUNS runs of a command (measure.py),
# PREP (a shell command) before each; the middle run's output kept in
# $work/t.NAME.out.
timed() { # timed NAME PREP CMD...
	local name=$1 prep=$2 line i walls=() cpus=()
	shift 2
	for ((i = 0; i < runs; i++)); do
		sh -c "$prep"
		line=$(python3 "$here/measure.py" 1 0 - "$work/t.$name.$i" -- "$@")
		walls+=("$(echo "$line" | cut -d' ' -f1)")
		cpus+=("$(echo "$line" | cut -d' ' -f4)")
		{ echo "== $name run $i: $line"; cat "$work/t.$name.$i" "$work/t.$name.$i.err"; } >>"$log"
	done
	cp "$work/t.$name.$((runs / 2))" "$work/t.$name.out"
	cat "$work/t.$name.$((runs / 2)).err" >>"$work/t.$name.out"
	sh -c "$prep"
	/usr/bin/time -f %M -o "$work/mem" "$@" >/dev/null 2>&1
	printf '%s %s %s' "$(printf '%s\n' "${walls[@]}" | median)" \
		"$(awk -v k="$(tail -1 "$work/mem")" 'BEGIN { printf "%.0f", k / 1024 }')" \
		"$(printf '%s\n' "${cpus[@]}" | median)"
}
