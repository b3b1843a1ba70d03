#!/usr/bin/env python3
"""Two (or more) gens on full builds, taking turns: each builds corpus.py's
corpus (as bench/rebuilds.sh makes it) into a site of its own, emptied before
every build, RUNS times, one gen after the other, so that the machine's drift
(this kind of machine steps between two speeds minutes apart) falls on all of
them alike. Prints each gen's median wall, CPU, user and system milliseconds
(the child's rusage: microseconds, where /usr/bin/time rounds to 10 ms).

    bench/ab_full.py N RUNS GEN...     e.g. bench/ab_full.py 1000 20 /tmp/gen-old build/gen

Environment: GPUS=10, WORK=DIR (default: a folder in /tmp; a tmpfs is fairer,
see README.md). Standard library only.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def corpus(n, gpus, work):
    """corpus.py's corpus of n articles a language, with this checkout's
    templates, copied into work."""
    c0 = os.path.join(HERE, "out", f"corpus-{n}-{gpus}")
    if not os.path.isdir(c0):
        subprocess.run([sys.executable, os.path.join(HERE, "corpus.py"), c0,
                        "--articles", str(n), "--gpus", str(gpus)],
                       check=True, stdout=subprocess.DEVNULL)
    c = os.path.join(work, "corpus")
    shutil.rmtree(c, ignore_errors=True)
    shutil.copytree(c0, c)
    shutil.copytree(os.path.join(ROOT, "templates"), os.path.join(c, "templates"),
                    dirs_exist_ok=True)
    return c


def build(gen, c, site):
    """One full build: (wall, user, system) in ms."""
    shutil.rmtree(site, ignore_errors=True)
    parent, name = os.path.split(site)
    for left in os.listdir(parent):  # the cache beside it, and its marks
        if left.startswith(".site-cache-" + name):
            os.unlink(os.path.join(parent, left))
    t0 = time.perf_counter()
    pid = os.posix_spawnp(gen, [gen, "build", "--root", c, "--out", site, "--quiet"],
                          os.environ, file_actions=[
                              (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"ab_full.py: {gen} failed")
    return wall * 1e3, ru.ru_utime * 1e3, ru.ru_stime * 1e3


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: bench/ab_full.py N RUNS GEN...")
    n, runs, gens = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    gpus = int(os.environ.get("GPUS", "10"))
    work = os.environ.get("WORK") or tempfile.mkdtemp(prefix="gpuguide-ab-full.")
    os.makedirs(work, exist_ok=True)
    c = corpus(n, gpus, work)
    times = {g: [] for g in gens}
    for _ in range(runs):
        for k, g in enumerate(gens):
            times[g].append(build(g, c, os.path.join(work, f"site-{k}")))
    print(f"N={n} G={gpus}, {runs} builds each, medians (ms):")
    for g in gens:
        t = times[g]
        med = lambda i: statistics.median(x[i] for x in t)
        cpu = statistics.median(x[1] + x[2] for x in t)
        print(f"  {g}: wall {med(0):.1f}, CPU {cpu:.1f} (user {med(1):.1f}, "
              f"system {med(2):.1f})")


if __name__ == "__main__":
    main()
