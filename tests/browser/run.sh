#!/bin/sh
# make test-browser: the built site in a real browser. Installs what a fresh
# Debian machine lacks (Debian's chromium as root; the npm packages of
# tests/browser from the committed lock file, never a browser download),
# builds the site into build/browser-site and runs browser.mjs, which ends
# with "browser: N passed, N failed".
set -eu
cd "$(dirname "$0")/../.."
B=tests/browser

need_debs=""
[ -x /usr/bin/chromium ] || need_debs="$need_debs chromium"
command -v java >/dev/null 2>&1 || need_debs="$need_debs default-jre-headless"
command -v node >/dev/null 2>&1 || need_debs="$need_debs nodejs"
command -v npm >/dev/null 2>&1 || need_debs="$need_debs npm"
command -v python3 >/dev/null 2>&1 || need_debs="$need_debs python3"
# the print checks (print.mjs): pdftotext and pdffonts, and a CJK font
command -v pdftotext >/dev/null 2>&1 || need_debs="$need_debs poppler-utils"
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' ||
	need_debs="$need_debs fonts-noto-cjk"
if [ -n "$need_debs" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "installing:$need_debs"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need_debs
	else
		echo "missing packages; run: sudo apt-get install -y$need_debs" >&2
		exit 1
	fi
fi

# npm ci when node_modules is missing or older than the lock file. No
# install scripts run (vnu-jar's would fetch a Java runtime; Java is here),
# and playwright-core never downloads a browser: it drives /usr/bin/chromium.
if [ ! -f $B/node_modules/.package-lock.json ] ||
   [ $B/package-lock.json -nt $B/node_modules/.package-lock.json ]; then
	(cd $B && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts \
		--no-audit --no-fund --loglevel=error)
fi

# A private copy of the site: others may rebuild site/ meanwhile.
site=build/browser-site
./build/gen build --out "$site" --quiet
SITE=$site node $B/browser.mjs
