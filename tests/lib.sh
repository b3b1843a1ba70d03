# What the shell test scripts share (sourced): the counts, one line per
# check ("ok   - NAME" or "FAIL - NAME"), and a fingerprint of a tree.
passed=0
failed=0

ok()   { passed=$((passed + 1)); echo "ok   - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; }
check() { # check NAME COMMAND...: ok when the command succeeds
	name=$1; shift
	if "$@" >/dev/null 2>&1; then ok "$name"; else fail "$name"; fi
}
fixture_project() { # fixture_project DIR: the tests' own project in DIR
	# (tests/fixtures/project: frozen data and articles) with the program's
	# own templates and UI strings
	mkdir -p "$1"
	cp -R "$top/tests/fixtures/project/data" "$top/tests/fixtures/project/content" \
		"$top/templates" "$1/"
	cp "$top/data/i18n.csv" "$1/data/i18n.csv"
}
tree_hash() { # bytes and mtimes of every file below $1
	(cd "$1" && find . -type f -printf '%p %T@\n' | sort &&
		find . -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum
}
