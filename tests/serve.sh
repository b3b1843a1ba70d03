#!/bin/sh
# `gen serve` end to end: start it on a free port against a temporary copy of
# the fixture project, fetch pages, change a price and see the rebuild served, break
# the CSV and see the error page, fix it and see the page come back, stop it
# with SIGTERM. Ends with "serve: N passed, N failed".
#
#   sh tests/serve.sh            (uses build/gen; GEN=path overrides)
set -u
cd "$(dirname "$0")/.."
GEN=${GEN:-build/gen}
case $GEN in /*) ;; *) GEN=$(pwd)/$GEN ;; esac

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
check() { # check NAME COMMAND...: pass when the command succeeds
	name=$1; shift
	if "$@"; then ok "$name"; else bad "$name"; fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gen-serve.XXXXXX")
pid=
cleanup() {
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

finish() {
	echo "serve: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit $?
}

if [ ! -x "$GEN" ]; then
	bad "gen binary $GEN exists (run make build/gen)"
	finish
fi
if ! command -v curl >/dev/null 2>&1; then
	bad "curl is installed"
	finish
fi

# the server's library is opened by `gen serve` alone: a build does not
# load it (nor the TLS libraries it needs)
if command -v objdump >/dev/null 2>&1; then
	if objdump -p "$GEN" | grep -q 'NEEDED.*libmicrohttpd'; then
		bad "gen does not link libmicrohttpd (gen serve opens it)"
	else
		ok "gen does not link libmicrohttpd (gen serve opens it)"
	fi
fi

proj=$tmp/proj
mkdir -p "$proj"
# the tests' own project (frozen data and articles: an editor's edit of
# data/ changes nothing here), the program's templates and UI strings
cp -R tests/fixtures/project/content tests/fixtures/project/data templates "$proj"/
cp data/i18n.csv "$proj/data/i18n.csv"
log=$tmp/serve.log
: >"$log"

# --port 0: the kernel picks a free port; gen prints the one it got.
"$GEN" serve --root "$proj" --port 0 >"$log" 2>&1 &
pid=$!

port=
i=0
while [ $i -lt 150 ]; do
	port=$(sed -n 's|^gen: serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log")
	[ -n "$port" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
	i=$((i + 1))
done
if [ -z "$port" ]; then
	bad "gen serve starts and prints its address"
	cat "$log"
	finish
fi
ok "gen serve starts and prints its address (port $port)"
base=http://127.0.0.1:$port

# fetch PATH: body to $tmp/body, headers to $tmp/head; prints the status.
fetch() {
	curl -s --path-as-is -o "$tmp/body" -D "$tmp/head" -w '%{http_code}' "$base$1"
}
header() { # header NAME: its value in the last response
	tr -d '\r' <"$tmp/head" | sed -n "s/^$1: //Ip" | head -n 1
}
body_has() { grep -qF -- "$1" "$tmp/body"; }
version() { curl -s "$base/__gen/version"; }
# wait_version OLD: until the build number differs from OLD (15 s at most)
wait_version() {
	j=0
	while [ $j -lt 150 ]; do
		v=$(version)
		[ -n "$v" ] && [ "$v" != "$1" ] && return 0
		sleep 0.1
		j=$((j + 1))
	done
	return 1
}

gpu=/en/gpus/rtx-4090/

st=$(fetch /en/)
check "/en/ is served with status 200" [ "$st" = 200 ]
check "an HTML page has Content-Type text/html; charset=utf-8" \
	[ "$(header Content-Type)" = "text/html; charset=utf-8" ]
check "HTML responses carry the reload script" body_has "/__gen/version"
check "the reload script sits before </body>" \
	sh -c "tr -d '\n' <'$tmp/body' | grep -q '__gen/version[^<]*</script></body>'"
check "the files on disk have no reload script" \
	sh -c "! grep -rqF __gen/version '$proj/site'"

st=$(fetch /)
check "/ serves the root landing page" \
	sh -c "[ $st = 200 ] && grep -qF '$(sed -n 's:.*<title>\([^<]*\)</title>.*:\1:p' "$proj/site/index.html" | head -n 1)' '$tmp/body'"

for f in style.css:text/css sort.js:text/javascript sitemap.xml:application/xml \
	 data/prices.csv:text/csv; do
	path=${f%%:*}
	type=${f#*:}
	st=$(fetch "/$path")
	check "/$path is served as $type" \
		sh -c "[ $st = 200 ] && case '$(header Content-Type)' in $type*) true;; *) false;; esac"
done
svg=$(cd "$proj/site" && find . -name '*.svg' | head -n 1)
if [ -n "$svg" ]; then
	svg=${svg#.}
	st=$(fetch "$svg")
	check "$svg is served as image/svg+xml" \
		sh -c "[ $st = 200 ] && [ '$(header Content-Type)' = image/svg+xml ]"
fi

st=$(fetch /en/gpus)
check "a folder without its slash redirects to the folder" \
	sh -c "[ $st = 301 ] && [ '$(header Location)' = /en/gpus/ ]"

st=$(fetch /en/no-such-page/)
check "a missing page answers 404" [ "$st" = 404 ]
title404=$(sed -n 's:.*<title>\([^<]*\)</title>.*:\1:p' "$proj/site/404.html" | head -n 1)
check "the 404 page is the site's 404.html" \
	sh -c "[ -n '$title404' ] && grep -qF '<title>$title404</title>' '$tmp/body'"

check "served HTML uses / for the base URL (the 404 page's stylesheet loads)" \
	sh -c "! grep -qF 'https://gpuguide.example/' '$tmp/body' && grep -qF 'href=\"/style.css\"' '$tmp/body'"

st=$(fetch /../../etc/passwd)
check "a path with .. is refused (400)" [ "$st" = 400 ]
st=$(fetch /en/%2e%2e/%2e%2e/etc/passwd)
check "an encoded .. is refused too (400)" [ "$st" = 400 ]
st=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/en/")
check "POST is not allowed (405)" [ "$st" = 405 ]

# An edit: a lower price for the RTX 4090 shows on its page after the rebuild.
v0=$(version)
check "/__gen/version answers a build number" sh -c "echo '$v0' | grep -qx '[0-9][0-9]*'"
prices=$proj/data/prices.csv
line=$(grep -n '^rtx-4090,' "$prices" | head -n 1 | cut -d: -f1)
sed -i "${line}s/^\(rtx-4090,[^,]*\),[0-9.]*,/\1,0.17,/" "$prices"
check "a changed price triggers a rebuild" wait_version "$v0"
st=$(fetch $gpu)
check "the GPU page shows the new price \$0.17/h" \
	sh -c "[ $st = 200 ] && grep -qF '\$0.17/h' '$tmp/body'"
check "the rebuild prints the changed price" \
	grep -qF 'Lowest price per card-hour of RTX 4090: $0.39/h → $0.17/h' "$log"
st=$(fetch /__gen/status)
check "the status page shows the changed price" \
	sh -c "[ $st = 200 ] && grep -qF 'Lowest price per card-hour of RTX 4090: \$0.39/h → \$0.17/h' '$tmp/body'"

# A broken edit: the error page, with the diagnostics, until it is fixed.
v1=$(version)
sed -i "${line}s/^\(rtx-4090,[^,]*\),0\.17,/\1,\"0,17\",/" "$prices"
check "a broken CSV changes the build number" wait_version "$v1"
st=$(fetch $gpu)
check "while the build is broken HTML pages answer 500" [ "$st" = 500 ]
check "the error page shows data/prices.csv:$line:3 with the message, escaped" \
	body_has "data/prices.csv:$line:3: error: usd_per_hour &quot;0,17&quot; is not a number"
check "the error page reloads itself when fixed" body_has "/__gen/version"
check "the terminal shows the error" \
	grep -qF "data/prices.csv:$line:3: error: usd_per_hour \"0,17\" is not a number" "$log"
check "the last good site stays on disk" \
	grep -qF '$0.17/h' "$proj/site/en/gpus/rtx-4090/index.html"
st=$(fetch /style.css)
check "non-HTML files are still served while broken" [ "$st" = 200 ]

v2=$(version)
sed -i "${line}s/\"0,17\"/0.23/" "$prices"
check "fixing the CSV triggers a rebuild" wait_version "$v2"
st=$(fetch $gpu)
check "the fixed page is back (200, \$0.23/h)" \
	sh -c "[ $st = 200 ] && grep -qF '\$0.23/h' '$tmp/body'"

# New folders are watched too: an article in a new subfolder of content/
# is not part of the site, but creating it must not break the watcher.
v3=$(version)
mkdir -p "$proj/templates/partials/new-folder"
sleep 0.5
printf 'x\n' >"$proj/templates/partials/new-folder/note.txt"
sed -i "${line}s/,0\.23,/,0.29,/" "$prices"
check "changes after a new folder appeared still rebuild" wait_version "$v3"

# Stop cleanly on SIGTERM.
kill -TERM "$pid"
j=0
while kill -0 "$pid" 2>/dev/null && [ $j -lt 100 ]; do sleep 0.1; j=$((j + 1)); done
if kill -0 "$pid" 2>/dev/null; then
	bad "gen serve stops on SIGTERM"
else
	wait "$pid"
	rc=$?
	check "gen serve stops on SIGTERM with status 0" [ "$rc" = 0 ]
	check "and says so" grep -q '^gen: stopped' "$log"
fi
pid=
check "no staging folder is left behind" \
	sh -c "! ls -a '$proj' | grep -q '^\.site-staging'"

if [ "$failed" -ne 0 ]; then
	echo "--- gen serve output:"
	cat "$log"
fi
finish
