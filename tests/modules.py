#!/usr/bin/env python3
"""The modules of gen/ and what each takes from the others, from the code.

A module is a pair gen/NAME.h + gen/NAME.c. Module A uses module B when a
file of A includes "B.h", or when A's code names a function, type or macro
that B's header declares. No module may use, directly or through others, a
module that uses it: the script prints every circle (with the names that
tie it) and exits 1; otherwise it prints the floors, lowest first.

    python3 tests/modules.py [--root DIR] [--floors]
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

modules = sorted({f[:-2] for f in os.listdir(gen) if f.endswith((".c", ".h"))})


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
    # function prototypes and extern objects at file scope
    flat = re.sub(r"\{[^{}]*\}", ";", src)
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


decls = {m: declared(os.path.join(gen, m + ".h")) for m in modules}
owner = {}
for m in modules:
    for n in decls[m]:
        owner.setdefault(n, set()).add(m)

uses = {m: {} for m in modules}  # m -> {other: set(names)}
for m in modules:
    for ext in (".c", ".h"):
        raw = read(os.path.join(gen, m + ext))
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
            words -= declared(os.path.join(gen, m + ".c"))
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
for c in circles:
    print("circle: " + ", ".join(c))
    for a in c:
        for b in sorted(uses[a]):
            if b in c:
                print("  %s -> %s: %s" % (a, b, ", ".join(sorted(uses[a][b]))[:300]))

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
    for f in sorted(set(floor.values())):
        print("floor %d: %s" % (f, " ".join(sorted(m for m in modules if floor[m] == f))))

print("modules: %d passed, %d failed" % (len(modules) - sum(len(c) for c in circles),
                                         sum(len(c) for c in circles)))
sys.exit(1 if circles else 0)
