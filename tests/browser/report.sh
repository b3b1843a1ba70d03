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

. tests/browser/setup.sh
need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
has_deb fonts-noto-cjk || need="$need fonts-noto-cjk"
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
# shellcheck disable=SC2086
if ! install_debs $need; then
	echo "report: no PDF written: Chromium and a CJK font are needed" >&2
	exit 0
fi
npm_packages

# GEN_BUILD_FLAGS: the options of the site's build (--base-url ...)
./build/gen build --out "$OUT" --quiet ${GEN_BUILD_FLAGS:-}
node $B/report-pdf.mjs "$OUT"
./build/gen build --out "$OUT" --quiet ${GEN_BUILD_FLAGS:-}
