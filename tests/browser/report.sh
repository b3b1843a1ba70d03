#!/bin/sh
# make report: the report of each language as a PDF, site/<lang>/report.pdf,
# printed by Debian's Chromium (through playwright-core, tests/browser's npm
# packages) from the built site, with a CJK font for the Chinese report.
# Installs what is missing as root; otherwise says what to install and
# stops without failing `make`: the site itself never needs a browser.
# Then builds again, so that the pages link the PDFs (the build keeps a
# published report.pdf as it is: pages/report.h).
set -eu
cd "$(dirname "$0")/../.."
B=tests/browser
OUT=${OUT:-site}

need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || need="$need fonts-noto-cjk"
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
if [ -n "$need" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "installing:$need"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need
	else
		echo "report: no PDF written: Chromium and a CJK font are needed; run: sudo apt-get install -y$need" >&2
		exit 0
	fi
fi
if [ ! -f $B/node_modules/.package-lock.json ] ||
   [ $B/package-lock.json -nt $B/node_modules/.package-lock.json ]; then
	(cd $B && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts \
		--no-audit --no-fund --loglevel=error)
fi

# GEN_BUILD_FLAGS: the options of the site's build (--base-url ...)
./build/gen build --out "$OUT" --quiet ${GEN_BUILD_FLAGS:-}
node $B/report-pdf.mjs "$OUT"
./build/gen build --out "$OUT" --quiet ${GEN_BUILD_FLAGS:-}
