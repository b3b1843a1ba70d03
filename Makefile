# gpuguide: `make` builds the tool and the site, `make test` runs every test.
# The tool is build/gen (the folder gen/ holds its sources).

CC      ?= cc
PKGS    := libcmark-gfm libmicrohttpd
# what gen needs to build and run; the tests need TEST_DEBS besides (libxml2:
# they read the SVG and XML files gen writes)
DEBS    := libcsv-dev libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config \
           libmicrohttpd-dev
TEST_DEBS := libcmocka-dev libjansson-dev libxml2-dev valgrind clang libclang-rt-14-dev
TEST_PKGS := cmocka jansson libxml-2.0
# Warnings are errors in a checkout (development) and in CI; a user's build
# from a copy without .git, on a newer compiler that warns about more, still
# builds. `make WERROR=` or `make WERROR=-Werror` decides either way.
WERROR  ?= $(if $(or $(CI),$(wildcard .git)),-Werror)
WARN    := -Wall -Wextra -Wpedantic $(WERROR) -Wmissing-prototypes -Wstrict-prototypes \
           -Wshadow -Wwrite-strings -Wpointer-arith -Wvla
CSTD    := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
# libmicrohttpd is not linked: `gen serve` opens it (gen/build/serve.c), so that
# a build does not load it and the TLS libraries it needs. Its file name (the
# SONAME of the library its -dev package links against) is found once, when a
# compile first needs it, after the packages are installed.
MHD_SONAME = $(eval MHD_SONAME := $$(or $$(shell objdump -p \
	"$$$$($(CC) -print-file-name=libmicrohttpd.so)" 2>/dev/null | \
	awk '/SONAME/ { print $$$$2 }'),libmicrohttpd.so.12))$(MHD_SONAME)
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null) \
             -DGEN_MHD_SONAME='"$(MHD_SONAME)"'
PKG_LIBS   = $(shell pkg-config --libs $(filter-out libmicrohttpd,$(PKGS)) 2>/dev/null) \
             -lcsv -lm -lpthread
CFLAGS  ?= -O2 -g
ALL_CFLAGS = $(CSTD) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -iquote gen -MMD -MP
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TEST_CFLAGS = $(CSTD) $(WARN) -O1 -g $(SAN) $(PKG_CFLAGS) -iquote gen -iquote tests -MMD -MP \
              $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS  = $(PKG_LIBS) $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null)

# gen/<layer>/<module>.c, and gen/main.c
SRCS      := gen/main.c $(sort $(wildcard gen/*/*.c))
LIB_SRCS  := $(filter-out gen/main.c,$(SRCS))
OBJS      := $(SRCS:gen/%.c=build/obj/%.o)
LIB_OBJS  := $(filter-out build/obj/main.o,$(OBJS))
SAN_OBJS  := $(LIB_SRCS:gen/%.c=build/san/%.o)
# unit tests by layer, as gen/ is: tests/<layer>/test_<module>.c
TEST_SRCS := $(sort $(wildcard tests/*/test_*.c))
TESTS     := $(addprefix build/tests/,$(basename $(notdir $(TEST_SRCS))))
vpath test_%.c $(sort $(dir $(TEST_SRCS)))
DEPS_OK   := build/.deps-ok

.PHONY: all site test unit e2e rebuild differential serve adversarial valgrind fuzz fuzz-smoke clean deps test-browser modules report
all: site

# Install what a fresh Debian machine lacks (as root), or say how.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) || exit 1; \
	  else \
	    echo "missing packages; run: sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi
	@mkdir -p build && touch $@
endef

TEST_DEPS_OK := build/.test-deps-ok
deps: $(DEPS_OK)
$(DEPS_OK):
	$(call install_missing,$(DEBS))
$(TEST_DEPS_OK): | $(DEPS_OK)
	$(call install_missing,$(TEST_DEBS))

build/gen: $(OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(PKG_LIBS)

build/obj/%.o: gen/%.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/san/%.o: gen/%.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -c -o $@ $<

build/tests/%: %.c $(SAN_OBJS) | $(TEST_DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) $(LDFLAGS) -o $@ $< $(SAN_OBJS) $(TEST_LIBS)

site: build/gen
	./build/gen build

# What the C metrics compute for every vram.csv row and GPU, for the
# calculator's browser test (tests/browser/find.mjs).
build/calc-expect: tests/calc_expect.c $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(PKG_LIBS)

# The modules that read 16 bytes at a time with SSE2 (bytes.h: BYTES_SSE2,
# every x86-64) read 8 at a time elsewhere: their tests run against that
# reading too, the modules built without SSE2 (build/san-portable), and the
# tests themselves (bytes.h's inline loops).
SIMD_SRCS := gen/base/text.c gen/markdown/gfm_inline.c \
             gen/search/search_text.c
PORTABLE_OBJS := $(SIMD_SRCS:gen/%.c=build/san-portable/%.o)
PORTABLE_SAN_OBJS := $(filter-out $(SIMD_SRCS:gen/%.c=build/san/%.o),$(SAN_OBJS)) \
                     $(PORTABLE_OBJS)
PORTABLE_TESTS := build/tests/test_text_portable build/tests/test_gfm_html_portable \
                  build/tests/test_gfm_quick_portable build/tests/test_search_portable
build/san-portable/%.o: gen/%.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -U__SSE2__ -c -o $@ $<
build/tests/%_portable: %.c $(PORTABLE_SAN_OBJS) | $(TEST_DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(TEST_CFLAGS) -U__SSE2__ $(LDFLAGS) -o $@ $< $(PORTABLE_SAN_OBJS) $(TEST_LIBS)

# Unit tests (cmocka, under AddressSanitizer + UBSan), then the end-to-end tests.
unit: $(TESTS) $(PORTABLE_TESTS)
	@failed=0; for t in $(TESTS) $(PORTABLE_TESTS); do \
	  echo "== $$t"; \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ./$$t || failed=1; \
	done; exit $$failed

e2e: build/gen
	@sh tests/e2e.sh

# Incremental rebuilds equal full builds after every kind of edit.
rebuild: build/gen
	@sh tests/rebuild.sh

# Random edits (fixed seed), after each an incremental build equal to a full
# one: a short run in `make test`, a long one in `make fuzz`
# (`make differential DIFF_EDITS=300 DIFF_SEED=5` for another).
DIFF_EDITS ?= 12
DIFF_SEED ?= 27
differential: build/gen
	@python3 tests/differential.py build/gen $(DIFF_EDITS) $(DIFF_SEED)

# Bad input of every kind: clear errors, exit 1, the published site untouched.
adversarial: build/gen
	@sh tests/adversarial.sh

# The unit tests and a real build again under valgrind: no leaks, no bad reads.
valgrind: $(TESTS:build/tests/%=build/plain/%) build/gen | $(TEST_DEPS_OK)
	@sh tests/valgrind.sh

# (each test linked without sanitizers against gen's own objects, the
# library's one plain build)
PLAIN_CFLAGS = $(CSTD) $(WARN) -O1 -g $(PKG_CFLAGS) -iquote gen -iquote tests -MMD -MP \
               $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
build/plain/%: %.c $(LIB_OBJS) | $(TEST_DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(PLAIN_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(TEST_LIBS)

# Fuzzing with libFuzzer (clang): `make fuzz FUZZ_SECONDS=300` runs each target;
# `make fuzz-smoke` (part of `make test`) runs each for a few seconds.
FUZZ_SECONDS ?= 60
fuzz: build/gen | $(TEST_DEPS_OK)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)
	@python3 tests/differential.py build/gen 300 $(DIFF_SEED)
fuzz-smoke: | $(TEST_DEPS_OK)
	@sh tests/fuzz/run.sh 5

# gen serve: live preview rebuilds on an edit and shows a broken edit's errors.
serve: build/gen
	@sh tests/serve.sh

# No module of gen/ uses, directly or through others, a module that uses it;
# a page builder that reaches past its page context does not compile.
modules:
	@python3 tests/modules.py
	@sh tests/page_ctx.sh

test: modules unit e2e rebuild differential serve adversarial valgrind fuzz-smoke

# gen serve end to end, then the site in a real browser (Debian's Chromium
# driven by playwright-core), axe-core, the Nu checker and a link check.
# Installs chromium (as root) and tests/browser's npm packages if missing.
test-browser: build/gen build/calc-expect
	@sh tests/serve.sh
	@sh tests/browser/run.sh

# The report of each language as a PDF (site/<lang>/report.pdf), printed by
# headless Chromium (installed as root, else the command is printed); then
# the site is built again so that its pages link the PDFs. A4, or
# `make report REPORT_PAPER=Letter`.
report: build/gen
	@REPORT_PAPER=$(or $(REPORT_PAPER),A4) GEN_BUILD_FLAGS='$(GEN_BUILD_FLAGS)' sh tests/browser/report.sh

clean:
	rm -rf build site

-include $(OBJS:.o=.d) $(SAN_OBJS:.o=.d) $(TESTS:=.d) $(PORTABLE_TESTS:=.d) $(PORTABLE_OBJS:.o=.d) \
         $(TESTS:build/tests/%=build/plain/%.d)
# objects are kept, not removed as intermediate files of the test links
.SECONDARY: $(SAN_OBJS) $(OBJS) $(PORTABLE_OBJS)
