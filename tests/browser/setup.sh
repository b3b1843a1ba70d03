# What run.sh (the browser tests) and report.sh (make report) share, sourced
# from the repository's root: Debian packages installed as root, and
# tests/browser's npm packages from the committed lock file.

# has_deb PKG: whether the Debian package is installed
has_deb() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# install_debs PKG...: install them as root; otherwise print the command
# that would and return 1 (nothing to install: 0)
install_debs() {
	[ $# -gt 0 ] || return 0
	if [ "$(id -u)" = 0 ]; then
		echo "installing: $*"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
		return
	fi
	echo "missing packages; run: sudo apt-get install -y $*" >&2
	return 1
}

# npm ci when node_modules is missing or older than the lock file. No
# install scripts run (vnu-jar's would fetch a Java runtime; Java is here),
# and playwright-core never downloads a browser: it drives /usr/bin/chromium.
npm_packages() {
	if [ ! -f tests/browser/node_modules/.package-lock.json ] ||
	   [ tests/browser/package-lock.json -nt tests/browser/node_modules/.package-lock.json ]; then
		(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts \
			--no-audit --no-fund --loglevel=error)
	fi
}
