#!/bin/sh
# bench/tags.sh: what one article may multiply. The real project, and the
# same with one article given the tag limit's worth of tags
# (MARKDOWN_TAGS_MAX, 20), each tag new: a full build of each, with its wall
# and CPU seconds, peak memory, pages and the site's size. Before the limit,
# one article with 6,000 tags made a 1.8 GB site (every tag page lists the
# article with all its tags); now an article past the limit is an error, and
# at the limit the site grows by the limit's tag pages, each small.
#
# Measured with /usr/bin/time, one run each; prints a Markdown table.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/bench/out/tags"
gen="$top/build/gen"
[ -x "$gen" ] || make -C "$top" build/gen >/dev/null
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 1; }
limit=$(sed -n 's/^#define MARKDOWN_TAGS_MAX \([0-9]*\).*/\1/p' "$top/gen/markdown/markdown.h")
rm -rf "$out"
mkdir -p "$out/base" "$out/limit"
for p in base limit; do
	cp -R "$top/data" "$top/templates" "$top/content" "$out/$p/"
done
tags=$(seq -s ', ' 1 "$limit" | sed 's/\([0-9][0-9]*\)/bench-tag-\1/g')
sed -i "s/^tags: .*/tags: $tags/" "$out/limit/content/en/how-to-choose.md"

echo "| project | exit | wall | CPU (user+sys) | peak memory | files | site size |"
echo "|---|---|---|---|---|---|---|"
for p in base limit; do
	set +e
	/usr/bin/time -f '%e %U %S %M' -o "$out/$p.time" \
		"$gen" build --root "$out/$p" --quiet >/dev/null 2>"$out/$p.err"
	rc=$?
	set -e
	read -r wall user sys kb <"$out/$p.time"
	files=$(find "$out/$p/site" -type f | wc -l)
	size=$(du -sk "$out/$p/site" | cut -f1)
	name=$([ "$p" = base ] && echo "the real project" || echo "one article with $limit tags")
	printf '| %s | %s | %s s | %.2f s | %d MiB | %s | %d KiB |\n' "$name" "$rc" "$wall" \
		"$(echo "$user + $sys" | bc)" $((kb / 1024)) "$files" "$size"
done
