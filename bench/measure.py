#!/usr/bin/env python3
"""Run a command several times and print its median wall time, peak memory and
CPU use:  measure.py RUNS MEM CLEAN_DIR STDOUT_FILE -- CMD...

Each run empties CLEAN_DIR first (unless it is "-"), then starts CMD with
posix_spawn and reaps it with wait4: wall time from perf_counter around the
spawn and reap (nothing else is in the interval: no shell, no `date`), CPU from
the child's rusage. If MEM is 1, one more run goes under `/usr/bin/time -f %M`
for the peak memory (KiB; "-" otherwise). wait4's own ru_maxrss is not
used: Linux keeps the high-water mark across exec, so a child spawned from
Python reports Python's 14 MiB even for a 2 MiB program. Prints one line:
    <median s> <median peak MiB> <median CPU %> <median CPU s> <runs in ms, comma-separated>
CPU seconds (user + system) barely change when other processes compete for
the cores, so they are the figure to trust on a busy machine.
Exit status: the command's first non-zero exit status, if any.
"""
import os
import shutil
import statistics
import sys
import time


def run(argv, out_path, err_path):
    out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    fa = [(os.POSIX_SPAWN_DUP2, out, 1), (os.POSIX_SPAWN_DUP2, err, 2)]
    t0 = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=fa)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    os.close(out)
    os.close(err)
    return os.waitstatus_to_exitcode(status), wall, ru


def main():
    runs, mem, clean, stdout_path = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3], sys.argv[4]
    argv = sys.argv[sys.argv.index("--") + 1:]
    err_path = stdout_path + ".err"
    walls, cpu, cpus = [], [], []
    peak = "-"
    for _ in range(runs + mem):
        if clean != "-":
            shutil.rmtree(clean, ignore_errors=True)
            os.makedirs(clean)
        if len(walls) < runs:
            rc, wall, ru = run(argv, stdout_path, err_path)
            walls.append(wall)
            cpus.append(ru.ru_utime + ru.ru_stime)
            cpu.append(100 * cpus[-1] / wall if wall > 0 else 0)
        else:
            tf = stdout_path + ".time"
            rc, _, _ = run(["/usr/bin/time", "-f", "%M", "-o", tf] + argv, stdout_path + ".mem", err_path)
            with open(tf) as f:
                peak = f"{int(f.read().split()[-1]) / 1024:.0f}"
        if rc != 0:
            print(f"fail fail fail fail exit-{rc}")
            sys.exit(rc)
    if not walls:
        print(f"- {peak} - - -")
        return
    print(f"{statistics.median(walls):.3f} {peak} {statistics.median(cpu):.0f} {statistics.median(cpus):.3f} "
          f"{','.join(f'{w * 1000:.1f}' for w in walls)}")


if __name__ == "__main__":
    main()
