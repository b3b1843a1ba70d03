#!/bin/sh
# bench/backticks.sh [MB] [LINE]: gen on the real project with one more article
# whose body is MB megabytes (default 4.5) of backtick runs: on each line
# of about LINE bytes (default 5000000: one line), runs of 1, 2, 3 ... backticks with a
# letter between, so no run finds a closing run of its length (issue 27: 10.5 s in markdown_render when
# code spans were scanned from each opening run to the end of its line).
# Prints the wall and CPU seconds of one full build (`--jobs 1`) and its
# last line; the build itself must succeed.
set -eu
mb=${1:-4.5}
line=${2:-5000000}
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/bench/out/backticks"
gen=${GEN:-"$top/build/gen"}
[ -x "$gen" ] || make -C "$top" build/gen >/dev/null
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cp -R "$top/data" "$top/templates" "$top/content" "$out/"
python3 - "$out/content/en/backticks.md" "$mb" "$line" <<'PY'
import sys
path, size, width = sys.argv[1], int(float(sys.argv[2]) * 1024 * 1024), int(sys.argv[3])
head = "---\ntitle: Backticks\ndescription: Runs of backticks.\ndate: 2026-01-01\nslug: backticks\n---\n\n"
parts, n, line, k = [], 0, 0, 0
while n < size:
    k += 1                               # each run longer: none is closed
    piece = "`" * k + "a"
    parts.append(piece)
    n += len(piece)
    line += len(piece)
    if line >= width:
        parts.append("\n")
        n += 1
        line, k = 0, 0
open(path, "w").write(head + "".join(parts) + "\n")
PY
/usr/bin/time -f '%e %U %S' -o "$out/time" "$gen" build --jobs 1 --root "$out" --out "$out/site" >"$out/stdout" 2>"$out/stderr" && rc=0 || rc=$?
set -- $(tail -1 "$out/time")
printf 'backticks %s MB: exit %s, wall %s s, CPU %s s; %s\n' "$mb" "$rc" "$1" \
	"$(awk -v u="$2" -v s="$3" 'BEGIN{print u+s}')" "$(grep -h '^gen: ' "$out/stdout" "$out/stderr" | tail -1)"
exit "$rc"
