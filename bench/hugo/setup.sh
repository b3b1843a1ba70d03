#!/bin/sh
# Sets up a Hugo multilingual site equivalent to gpuguide's article pages:
#     bench/hugo/setup.sh CORPUS HUGO_SITE
# Installs Debian's hugo if missing (as root), copies the config and layouts
# from bench/hugo/site/, the stylesheet from CORPUS/templates/assets/, and the
# articles (shortcodes as plain text) via convert.py.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
corpus=$1 site=$2
if ! command -v hugo >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then
		echo "installing hugo (Debian package)" >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null ||
			{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null; }
	else
		echo "hugo missing; run: sudo apt-get install -y hugo" >&2
		exit 1
	fi
fi
mkdir -p "$site/static"
rm -rf "$site/layouts"
cp -R "$here/site/config.toml" "$here/site/layouts" "$site/"
cp "$corpus/templates/assets/style.css" "$site/static/style.css"
python3 "$here/convert.py" "$corpus" "$site"
