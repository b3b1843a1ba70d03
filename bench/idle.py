#!/usr/bin/env python3
"""Idle cores during one build, from `perf sched timehist` of it.

    perf sched record -o DATA gen build ...
    python3 bench/idle.py DATA [SLICES]

Prints the build's span (gen's first to last scheduling event, in ms), the
time the cores stood idle in it (the idle task's, summed over the cores, in
ms), and the idle time in each of SLICES equal slices of the span (default
10): where a build runs on one thread while the other cores wait.
"""
import subprocess
import sys


def intervals(data):
    """(start, end, is_gen, is_idle) of each stretch a task ran, in seconds."""
    out = subprocess.run(["perf", "sched", "timehist", "-i", data],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) < 6:
            continue
        try:
            end = float(f[0])
            run = float(f[-1]) / 1000.0
        except ValueError:
            continue  # the header
        name = f[2]
        yield end - run, end, name.startswith("gen"), name == "<idle>"


def main():
    data = sys.argv[1]
    slices = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    runs = list(intervals(data))
    gen = [(s, e) for s, e, g, _ in runs if g]
    if not gen:
        sys.exit("idle.py: no gen thread in " + data)
    t0, t1 = min(s for s, _ in gen), max(e for _, e in gen)
    width = max(t1 - t0, 1e-9) / slices
    idle = [0.0] * slices

    def slice_of(t):
        return min(max(int((t - t0) / width), 0), slices - 1)

    for s, e, _, is_idle in runs:
        s, e = max(s, t0), min(e, t1)
        if not is_idle or s >= e:
            continue
        first, last = slice_of(s), slice_of(e)
        for k in range(first, last + 1):  # its part in each slice it spans
            lo = s if k == first else t0 + k * width
            hi = e if k == last else t0 + (k + 1) * width
            idle[k] += max(0.0, hi - lo)
    print("span %.1f ms, cores idle %.1f ms" % ((t1 - t0) * 1e3, sum(idle) * 1e3))
    print("idle ms by tenth of the span:" if slices == 10 else "idle ms by slice:",
          " ".join("%.1f" % (x * 1e3) for x in idle))


if __name__ == "__main__":
    main()
