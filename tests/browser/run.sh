#!/bin/sh
# make test-browser: the built site in a real browser. Installs what a fresh
# Debian machine lacks (Debian's chromium as root; the npm packages of
# tests/browser from the committed lock file, never a browser download),
# builds the site into build/browser-site and runs browser.mjs, which ends
# with "browser: N passed, N failed".
set -eu
cd "$(dirname "$0")/../.."
B=tests/browser

. tests/browser/setup.sh
need_debs=""
[ -x /usr/bin/chromium ] || need_debs="$need_debs chromium"
command -v java >/dev/null 2>&1 || need_debs="$need_debs default-jre-headless"
command -v node >/dev/null 2>&1 || need_debs="$need_debs nodejs"
command -v npm >/dev/null 2>&1 || need_debs="$need_debs npm"
command -v python3 >/dev/null 2>&1 || need_debs="$need_debs python3"
# the print checks (print.mjs): pdftotext and pdffonts, and a CJK font
command -v pdftotext >/dev/null 2>&1 || need_debs="$need_debs poppler-utils"
has_deb fonts-noto-cjk || need_debs="$need_debs fonts-noto-cjk"
# shellcheck disable=SC2086
install_debs $need_debs || exit 1
npm_packages

# A private copy of the site: others may rebuild site/ meanwhile.
site=build/browser-site
./build/gen build --out "$site" --quiet
SITE=$site node $B/browser.mjs
