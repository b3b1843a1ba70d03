#!/bin/sh
# A page reads only its context: each tests/page_ctx/*.c is a page builder
# that must compile (its first line says "expect: compiles") or must not,
# with the compiler's message holding the text after "expect:". The
# builders that must fail reach for what a page does not own: another page's
# context, the plan, the inputs to write, another page's figure marks.
#
#     sh tests/page_ctx.sh        (part of `make modules`)
set -u
export LC_ALL=C # the messages with plain quotes
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
CC=${CC:-cc}
flags="-std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Wpedantic -Werror -iquote gen $(pkg-config --cflags libcmark-gfm libxml-2.0 2>/dev/null)"
pass=0 fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for f in tests/page_ctx/*.c; do
	want=$(sed -n '1s/^\/\* expect: //p' "$f")
	if $CC $flags -fsyntax-only "$f" >"$log" 2>&1; then
		compiled=yes
	else
		compiled=no
	fi
	if [ "$want" = compiles ]; then
		if [ $compiled = yes ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $f: should compile:"
			sed 's/^/    /' "$log"
		fi
	elif [ $compiled = yes ]; then
		fail=$((fail + 1))
		echo "FAIL $f: compiled, should fail with \"$want\""
	elif grep -qF "$want" "$log"; then
		pass=$((pass + 1))
		[ -n "${VERBOSE:-}" ] && grep -F "$want" "$log" | head -1
	else
		fail=$((fail + 1))
		echo "FAIL $f: failed, but without \"$want\":"
		sed 's/^/    /' "$log"
	fi
done
echo "page context: $pass passed, $fail failed"
[ $fail -eq 0 ]
