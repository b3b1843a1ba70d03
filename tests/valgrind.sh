#!/bin/sh
# The unit tests (plain builds without sanitizers: build/plain/test_*, made
# by `make valgrind`) and real runs of build/gen under valgrind: no invalid
# read or write, no use of uninitialised memory, no definite or indirect
# leak. Prints "valgrind: N passed, N failed" and exits non-zero on any error.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
work=$(mktemp -d /tmp/gpuguide-valgrind-XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect --num-callers=30"

if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind: not installed (apt-get install valgrind)"
	echo "valgrind: 0 passed, 1 failed"
	exit 1
fi

# run NAME EXPECTED_STATUS COMMAND...: under valgrind, in the repository root
run() {
	name=$1 want=$2
	shift 2
	log="$work/$(echo "$name" | tr -c 'a-zA-Z0-9_\n' '_').log"
	start=$(date +%s)
	$VG "$@" >"$log" 2>&1
	rc=$?
	secs=$(($(date +%s) - start))
	if [ "$rc" -eq "$want" ]; then
		passed=$((passed + 1))
		echo "ok   - $name (${secs}s)"
	else
		failed=$((failed + 1))
		if [ "$rc" -eq 99 ]; then
			echo "FAIL - $name: valgrind found errors (${secs}s)"
		else
			echo "FAIL - $name: exit $rc, expected $want (${secs}s)"
		fi
		grep -E '^==[0-9]+== ' "$log" | head -40 | sed 's/^/    /'
		[ "$rc" -ne 99 ] && tail -15 "$log" | sed 's/^/    /'
	fi
}

tests=""
for t in build/plain/test_*; do
	[ -f "$t" ] && [ -x "$t" ] && tests="$tests $t"
done
if [ -z "$tests" ]; then
	echo "valgrind: no build/plain/test_* (run \`make valgrind\`, which builds them)"
	failed=$((failed + 1))
fi
for t in $tests; do
	run "$(basename "$t")" 0 "$t"
done

# Real builds of a copy of the project: a first build, a no-change rebuild,
# `gen check`, and a build that fails on a bad price (the error paths free
# what they took too).
if [ ! -x build/gen ]; then
	echo "valgrind: no build/gen (run \`make valgrind\`)"
	failed=$((failed + 1))
else
	cp build/gen "$work/gen"
	proj="$work/proj"
	mkdir -p "$proj"
	cp -R data templates content "$proj/"
	run "gen build (first)" 0 "$work/gen" build --root "$proj" --quiet
	run "gen build (no change)" 0 "$work/gen" build --root "$proj" --quiet
	run "gen check" 0 "$work/gen" check --root "$proj"
	awk -F, 'BEGIN{OFS=","} NR==2{$3="\"0,39\""} {print}' data/prices.csv >"$proj/data/prices.csv"
	printf -- '---\ntitle: T\ndate: 2026-01-01\nslug: ../x\n---\n{{< nope >}}\n' >"$proj/content/en/zz-bad.md"
	run "gen build (bad input, exit 1)" 1 "$work/gen" build --root "$proj" --quiet
fi

echo "valgrind: $passed passed, $failed failed"
test "$failed" -eq 0
