#!/usr/bin/env bash
# Two (or more) gens on the one-price edit, alternating: each on its own
# site of one corpus (corpus.py's, as bench/rebuilds.sh makes it), the RTX
# 4090's cited price edited and then edited back, each edit built by every
# gen in turn, so the machine's drift falls on all of them alike. Prints
# each gen's mean wall, user and system seconds over the 2 x RUNS builds.
#
#     bench/ab_edit.sh N RUNS GEN...     e.g. bench/ab_edit.sh 10000 4 /tmp/gen-old build/gen
#
# Environment: GPUS=10, WORK=DIR (default: a folder in /tmp; a tmpfs is
# fairer, see README.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
[ $# -ge 3 ] || { echo "usage: bench/ab_edit.sh N RUNS GEN..." >&2; exit 2; }
n=$1 runs=$2
shift 2
gpus=${GPUS:-10}
work=${WORK:-$(mktemp -d /tmp/gpuguide-ab-edit.XXXXXX)}
[ -x /usr/bin/time ] || { echo "missing /usr/bin/time (apt-get install time)" >&2; exit 1; }
c0=$here/out/corpus-$n-$gpus
mkdir -p "$here/out" "$work"
if [ ! -d "$c0" ]; then
	python3 "$here/corpus.py" "$c0" --articles "$n" --gpus "$gpus" >/dev/null || exit 1
fi
c=$work/corpus
rm -rf "$c"
cp -R "$c0" "$c"
cp -R "$root/templates/." "$c/templates/"
grep -q '^rtx-4090,,0.39,.*,training-guide-en,' "$c/data/prices.csv" ||
	{ echo "no RTX 4090 quote of 0.39 in $c/data/prices.csv" >&2; exit 1; }
k=0
for g in "$@"; do
	k=$((k + 1))
	rm -rf "$work/site-$k" "$work/.site-cache-site-$k"
	"$g" build --root "$c" --out "$work/site-$k" --quiet || exit 1
done
sleep 0.3 # ids of files changed in the last 100 ms are not trusted
: >"$work/times"
for ((r = 0; r < runs; r++)); do
	for price in "0.39 0.41" "0.41 0.39"; do
		read -r from to <<<"$price"
		sed -i "s/^rtx-4090,,$from,\(.*,training-guide-en,\)/rtx-4090,,$to,\1/" "$c/data/prices.csv"
		sleep 0.2
		k=0
		for g in "$@"; do
			k=$((k + 1))
			/usr/bin/time -f "$k %e %U %S" -a -o "$work/times" \
				"$g" build --root "$c" --out "$work/site-$k" --quiet >/dev/null 2>&1
		done
	done
done
k=0
for g in "$@"; do
	k=$((k + 1))
	awk -v k="$k" -v g="$g" '$1 == k { w += $2; u += $3; s += $4; m++ }
		END { printf "%s: wall %.3f s, user %.3f s, system %.3f s (mean of %d)\n", g, w / m, u / m, s / m, m }' "$work/times"
done
