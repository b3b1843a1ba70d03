#!/usr/bin/env python3
"""The layers and modules of gen/ and what each takes from the others, from the code.

A module is a pair gen/LAYER/NAME.h + gen/LAYER/NAME.c (and gen/main.c, the
command line, above every layer). Module A uses module B when a file of A
includes "LAYER/B.h", or when A's code names a function, type or macro that
B's header declares.

Checked, each a pass or a failure in the closing count:
- no module uses, directly or through others, a module that uses it (every
  circle is printed with the names that tie it);
- the layers: gen/README.md has a table of the layers, top first, each row
  naming its folder, its modules and the layers it may use; every module of
  the code is in its layer's row and every module of a row is in the code, and
  no module uses a module of a layer its row does not list (or of a layer
  listed above it);
- size: no file over 1,000 lines, no layer of more than 15 modules.

    python3 tests/modules.py [--root DIR] [--floors]

It also checks that the unit tests mirror the layers: tests/<layer>/test_<module>.c.

--floors prints the floors of modules, lowest first.
"""
import os
import re
import sys

root = "."
args = sys.argv[1:]
if "--root" in args:
    root = args[args.index("--root") + 1]
show_floors = "--floors" in args
gen = os.path.join(root, "gen")
MAX_LINES = 1000
MAX_MODULES = 15

layers_in_code = sorted(d for d in os.listdir(gen) if os.path.isdir(os.path.join(gen, d)))
modules = ["main"]
for d in layers_in_code:
    modules += sorted({d + "/" + f[:-2] for f in os.listdir(os.path.join(gen, d))
                       if f.endswith((".c", ".h"))})


def path_of(m, ext):
    return os.path.join(gen, m + ext)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def strip_comments_and_strings(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", " ", src)
    src = re.sub(r'"(\\.|[^"\\\n])*"', '""', src)
    src = re.sub(r"'(\\.|[^'\\\n])*'", "''", src)
    return src


# The names a header declares: functions, structs/enums/unions, typedefs,
# macros and enum constants.
def declared(header):
    src = strip_comments_and_strings(read(header))
    names = set()
    names |= set(re.findall(r"^\s*#\s*define\s+([A-Za-z_]\w*)", src, flags=re.M))
    names |= {"struct " + n for n in re.findall(r"\bstruct\s+([A-Za-z_]\w*)\s*\{", src)}
    names |= {"enum " + n for n in re.findall(r"\benum\s+([A-Za-z_]\w*)\s*\{", src)}
    names |= set(re.findall(r"typedef[^;]*?\(\s*\*\s*([A-Za-z_]\w*)\s*\)", src))
    names |= set(re.findall(r"typedef[^;(]*?\b([A-Za-z_]\w*)\s*;", src))
    for body in re.findall(r"\benum\b[^{;]*\{([^}]*)\}", src):
        names |= set(re.findall(r"([A-Za-z_]\w*)\s*(?:=[^,}]*)?(?:,|$)", body))
    # function prototypes and extern objects at file scope: every body
    # (an inline function's, with blocks and compound literals in it) gone,
    # the innermost first, so the calls in it are not taken for prototypes
    flat, prev = src, None
    while flat != prev:
        prev, flat = flat, re.sub(r"\{[^{}]*\}", ";", flat)
    for decl in flat.split(";"):
        m = re.search(r"\b([A-Za-z_]\w*)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?:__attribute__.*)?$",
                      decl.strip(), flags=re.S)
        if m and not decl.strip().startswith("#"):
            names.add(m.group(1))
        m = re.search(r"\bextern\b[^=]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*$", decl.strip())
        if m:
            names.add(m.group(1))
    names -= {"if", "while", "for", "switch", "return", "sizeof"}
    return names


decls = {m: declared(path_of(m, ".h")) for m in modules}
owner = {}
for m in modules:
    for n in decls[m]:
        owner.setdefault(n, set()).add(m)

uses = {m: {} for m in modules}  # m -> {other: set(names)}
for m in modules:
    for ext in (".c", ".h"):
        raw = read(path_of(m, ext))
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)\.h"', raw, flags=re.M):
            if inc != m and inc in uses:
                uses[m].setdefault(inc, set()).add('#include "%s.h"' % inc)
        src = strip_comments_and_strings(raw)
        words = set(re.findall(r"\b[A-Za-z_]\w*\b", src))
        words |= {"struct " + n for n in re.findall(r"\bstruct\s+([A-Za-z_]\w*)", src)}
        words |= {"enum " + n for n in re.findall(r"\benum\s+([A-Za-z_]\w*)", src)}
        # a type only declared ahead ("struct site;") is used through
        # pointers: no dependency; nor are names the file defines itself
        words -= {"struct " + n for n in re.findall(r"\bstruct\s+([A-Za-z_]\w*)\s*;", src)}
        if ext == ".c":
            words -= declared(path_of(m, ".c"))
        for w in words:
            for o in owner.get(w, ()):
                # a name declared by several headers ties to none of them
                if o != m and len(owner[w]) == 1:
                    uses[m].setdefault(o, set()).add(w)

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in sorted(uses[v]):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        sccs.append(sorted(comp))


sys.setrecursionlimit(10000)
for m in modules:
    if m not in index:
        visit(m)

circles = [c for c in sccs if len(c) > 1]
failures = []
for c in circles:
    failures.append("circle: " + ", ".join(c))
    for a in c:
        for b in sorted(uses[a]):
            if b in c:
                failures.append("  %s -> %s: %s" % (a, b, ", ".join(sorted(uses[a][b]))[:300]))


def layer_of(m):
    return m.split("/")[0] if "/" in m else "main"


# The layer table of gen/README.md: | `folder/` | `mod`, `mod` | owns | `layer/`, ... |
readme = read(os.path.join(gen, "README.md"))
table = []  # (layer, [modules], [may use]) top first
for line in readme.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 4 or not re.fullmatch(r"`[a-z_.]+/?`", cells[0]):
        continue
    name = cells[0].strip("`").rstrip("/")
    if name == "main.c":
        name = "main"
    mods = re.findall(r"`([a-z0-9_]+)`", cells[1])
    may = [u.rstrip("/") for u in re.findall(r"`([a-z0-9_]+/?)`", cells[3])]
    table.append((name, mods, may))
checks = 0
if not table:
    failures.append("gen/README.md: no table of the layers (| `layer/` | modules | owns | may use |)")
rank = {name: i for i, (name, _, _) in enumerate(table)}
listed = {}
for name, mods, may in table:
    for x in mods:
        listed[(name + "/" + x) if name != "main" else "main"] = name
for m in modules:
    checks += 1
    if m not in listed:
        failures.append("gen/README.md: module %s is not in the layer table" % m)
    elif listed[m] != layer_of(m):
        failures.append("gen/README.md: module %s is listed under %s/" % (m, listed[m]))
for m in listed:
    checks += 1
    if m not in modules:
        failures.append("gen/README.md: the layer table lists %s, which the code does not have" % m)
for name, mods, may in table:
    for u in may:
        checks += 1
        if u not in rank:
            failures.append("gen/README.md: %s/ may use %s/, which is no layer" % (name, u))
        elif rank[u] <= rank[name]:
            failures.append("gen/README.md: %s/ may use %s/, which is not below it" % (name, u))
may_use = {name: set(may) for name, _, may in table}
for m in modules:
    for o in sorted(uses[m]):
        a, b = layer_of(m), layer_of(o)
        if a == b or a not in may_use:
            continue
        checks += 1
        if b not in may_use[a]:
            failures.append("layers: %s uses %s (%s), but %s/ may not use %s/" % (
                m, o, ", ".join(sorted(uses[m][o]))[:200], a, b))
for d in layers_in_code:
    n = len([m for m in modules if layer_of(m) == d])
    checks += 1
    if n > MAX_MODULES:
        failures.append("gen/%s/: %d modules (at most %d)" % (d, n, MAX_MODULES))
for m in modules:
    for ext in (".c", ".h"):
        if os.path.exists(path_of(m, ext)):
            checks += 1
            lines = read(path_of(m, ext)).count("\n")
            if lines > MAX_LINES:
                failures.append("gen/%s%s: %d lines (at most %d)" % (m, ext, lines, MAX_LINES))

# The test tree mirrors gen/: each unit test is tests/<layer>/test_<name>.c,
# named after a module of that layer (test_<module> or test_<module>_<what>)
# or after the layer itself (a test of the layer as a whole).
tests_dir = os.path.join(root, "tests")
for f in sorted(os.listdir(tests_dir)):
    if f.startswith("test_") and f.endswith(".c"):
        checks += 1
        failures.append("tests/%s: a unit test goes in tests/<layer>/, as its module is in gen/<layer>/" % f)
for d in sorted(os.listdir(tests_dir)):
    sub = os.path.join(tests_dir, d)
    if not os.path.isdir(sub):
        continue
    for f in sorted(os.listdir(sub)):
        if not (f.startswith("test_") and f.endswith(".c")):
            continue
        checks += 1
        name = f[len("test_"):-2]
        if d not in layers_in_code:
            failures.append("tests/%s/%s: %s/ is no layer of gen/" % (d, f, d))
            continue
        own = [m.split("/")[1] for m in modules if layer_of(m) == d]
        if name != d and not any(name == m or name.startswith(m + "_") for m in own):
            failures.append("tests/%s/%s: names no module of gen/%s/" % (d, f, d))

if show_floors or not circles:
    floor = {}

    def floor_of(m, seen=()):
        if m in floor:
            return floor[m]
        below = [floor_of(o, seen + (m,)) for o in uses[m] if o not in seen]
        floor[m] = 1 + max(below, default=0)
        return floor[m]

    for m in modules:
        floor_of(m)
    if show_floors:
        for f in sorted(set(floor.values())):
            print("floor %d: %s" % (f, " ".join(sorted(m for m in modules if floor[m] == f))))

for f in failures:
    print(f)
nfail = len(failures)
print("modules: %d passed, %d failed" % (len(modules) + checks - nfail if nfail < len(modules) + checks else 0, nfail))
sys.exit(1 if failures else 0)
