"""pokerhash.solver beside b-inary's postflop-solver on the spots of issue 27.

    python benchmarks/solver_vs_postflop_solver.py [--threads 2] [--repeats 5] [--flop] [--flop-repeats 1]
        [--schedule restarted dcfr] [--compressed]
        [--postflop-solver GIT_DIR_OR_SOURCE_DIR] [--workdir DIR]

Both solvers get the same spot (ranges R for both players, pot 100, effective stack
200, bets 50% and 100% of the pot plus all-in on every street, raises 100% plus
all-in; the force-all-in threshold 0.15 of both). For each spot it prints the
iterations to an exploitability of 1, 0.5 and 0.3% of the pot (measured after every
iteration, as (BR_OOP + BR_IP) / 2), the solving seconds to 0.3% (the median and the
minimum of ``--repeats`` runs, ``--flop-repeats`` on the flop; the two solvers' runs alternate, so
that both see the same load; best-response passes not counted, for either solver; each
timing run one interval over all its iterations, with no output in between), the
CPU seconds of those runs (all threads: what a loaded machine disturbs least), the
memory of the solver state, the root strategy and the EVs at 0.3%, and how far the
root strategies and EVs are apart.

postflop-solver (Rust, AGPL) is built here, never vendored: from a source tree or
git directory given by ``--postflop-solver`` (e.g. the mirror of
github.com/b-inary/postflop-solver), copied to ``--workdir``, with cargo offline
against the crates Debian packages (``apt install cargo librust-rayon-dev
librust-regex-dev librust-once-cell-dev``; a ``.cargo/config.toml`` replaces
crates-io with ``/usr/share/cargo/registry``; the optional bincode and zstd features
are dropped; version requirements relaxed to what Debian ships) and a small driver
program written by this script. Without it, the figures published in the issue
(measured on this machine with 2 threads) are printed beside pokerhash's instead,
marked as such.

TexasSolver is not run: its ``console`` branch needs ``card5_dic_sorted.txt`` (52 MB),
which the offline mirror here does not hold (its largest files are left out), and
rebuilding it from the master branch's ``card5_dic_zipped.bin`` (two hash maps keyed
by TexasSolver's card and rank hashes, not a list of boards) was not attempted; its
rows are the issue's published figures.

pokerhash's default schedule ("restarted") averages the strategy as postflop-solver
does (gamma 3 restarted at 1 + powers of 4); "dcfr" is Brown & Sandholm's gamma 2.
``--compressed`` runs pokerhash with 16-bit storage (postflop-solver's stays float32).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pokerhash as ph
from pokerhash.solver import BetSizes, Solution, Spot

R = "AA-22,AK-A2,KQ-K9,QJ-Q9,JT-J9,T9,98,87,76"
SPOTS = {"river": "QsJh2h8d3c", "turn": "QsJh2h8d", "flop": "QsJh2h"}
TARGETS = (1.0, 0.5, 0.3)
POT, STACK = 100, 200
BETS, RAISES = "50%, 100%, a", "100%, a"

# The table (postflop-solver and TexasSolver, 2 threads, one run on this machine).
PUBLISHED = {
    "river": {"postflop-solver": ((33, 46, 76), 0.006, "4 MB", (71.1, 22.9, 5.8, 0.3), (46.540, 53.460)),
              "TexasSolver": ((30, 47, 74), 0.014, "107 MB", (70.4, 21.8, 7.3, 0.5), (46.49, 53.51))},
    "turn": {"postflop-solver": ((42, 60, 86), 0.68, "18 MB", (81.3, 16.5, 2.2, 0.0), (46.614, 53.386)),
             "TexasSolver": ((40, 55, 72), 1.26, "129 MB", (79.9, 15.8, 4.3, 0.0), (46.63, 53.37))},
    "flop": {"postflop-solver": ((50, 60, 80), 44, "888 MB", (69.4, 30.6, 0.0, 0.0), (47.133, 52.867)),
             "TexasSolver": ((51, 61, 81), 191, "1,226 MB", (67.0, 33.0, 0.0, 0.0), (47.38, 52.62))},
}


def spot(board: str) -> Spot:
    return Spot(board, R, R, POT, STACK, BetSizes.parse(BETS, RAISES), allin_threshold=0.15)


def run_pokerhash(board: str, threads: int, max_iterations: int = 1000, schedule: str = "restarted",
                  compressed: bool = False):
    """Iterations to each target (exploitability after every iteration) and the solving
    seconds at each target, the root strategy and EVs at the last target."""
    solution = Solution(spot(board), threads=threads, schedule=schedule, compressed=compressed)
    reached = {}
    while solution.iterations < max_iterations and len(reached) < len(TARGETS):
        solution.run(target=None, iterations=solution.iterations + 1, check_every=1)
        value = solution.history[-1][1]
        for target in TARGETS:
            if value <= target and target not in reached:
                reached[target] = (solution.iterations, solution.seconds)
    root = solution.root.aggregate()
    return {"reached": reached, "root": root, "ev": solution.ev(), "memory": solution.tree.memory,
            "nodes": solution.tree.nodes}


def time_pokerhash(board: str, threads: int, iterations: int, schedule: str = "restarted", compressed: bool = False):
    """Seconds for ``iterations`` iterations in one call (no best response in between):
    (wall, CPU of all threads)."""
    solution = Solution(spot(board), threads=threads, schedule=schedule, compressed=compressed)
    started, cpu = time.perf_counter(), time.process_time()
    solution._kernel.iterate(1, iterations, schedule)
    return time.perf_counter() - started, time.process_time() - cpu


# --- postflop-solver ----------------------------------------------------------------

DRIVER = r"""
use postflop_solver::*;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board = &args[1];
    let range = &args[2];
    let pot: i32 = args[3].parse().unwrap();
    let stack: i32 = args[4].parse().unwrap();
    let target: f32 = args[5].parse().unwrap();
    let max_iterations: u32 = args[6].parse().unwrap();
    let check: bool = args[7] == "check";
    let flop = flop_from_str(&board[0..6]).unwrap();
    let turn = if board.len() >= 8 { card_from_str(&board[6..8]).unwrap() } else { NOT_DEALT };
    let river = if board.len() >= 10 { card_from_str(&board[8..10]).unwrap() } else { NOT_DEALT };
    let state = if river != NOT_DEALT { BoardState::River } else if turn != NOT_DEALT { BoardState::Turn } else { BoardState::Flop };
    let card_config = CardConfig { range: [range.parse().unwrap(), range.parse().unwrap()], flop, turn, river };
    let sizes = BetSizeOptions::try_from((args[8].as_str(), args[9].as_str())).unwrap();
    let tree_config = TreeConfig {
        initial_state: state, starting_pot: pot, effective_stack: stack, rake_rate: 0.0, rake_cap: 0.0,
        flop_bet_sizes: [sizes.clone(), sizes.clone()], turn_bet_sizes: [sizes.clone(), sizes.clone()],
        river_bet_sizes: [sizes.clone(), sizes], turn_donk_sizes: None, river_donk_sizes: None,
        add_allin_threshold: 1.5, force_allin_threshold: 0.15, merging_threshold: 0.1,
    };
    let tree = ActionTree::new(tree_config).unwrap();
    let mut game = PostFlopGame::with_config(card_config, tree).unwrap();
    let (memory, _) = game.memory_usage();
    game.allocate_memory(false);
    let mut seconds = 0.0f64;
    let mut iterations = 0u32;
    let run_started = Instant::now();
    for i in 0..max_iterations {
        let started = Instant::now();
        solve_step(&game, i);
        seconds += started.elapsed().as_secs_f64();
        iterations = i + 1;
        if check {
            let e = compute_exploitability(&game) / pot as f32 * 100.0;
            println!("{{\"iteration\": {}, \"exploitability\": {}, \"seconds\": {}}}", i + 1, e, seconds);
            if e <= target { break; }
        }
    }
    // Timing runs (no checks): one interval over all the iterations, as pokerhash's are
    // timed, with no output in between (a line written to the pipe wakes the reader,
    // and the time slices that other processes take then fell outside the timed steps).
    if !check { seconds = run_started.elapsed().as_secs_f64(); }
    finalize(&mut game);
    game.cache_normalized_weights();
    let weights = game.normalized_weights(0).to_vec();
    let strategy = game.strategy();
    let actions = game.available_actions();
    let n = weights.len();
    let total: f32 = weights.iter().sum();
    let mut root = Vec::new();
    for (a, action) in actions.iter().enumerate() {
        let f: f32 = (0..n).map(|h| strategy[a * n + h] * weights[h]).sum::<f32>() / total;
        root.push(format!("[\"{:?}\", {}]", action, f));
    }
    let ev0 = compute_average(&game.expected_values(0), game.normalized_weights(0));
    let ev1 = compute_average(&game.expected_values(1), game.normalized_weights(1));
    println!("{{\"done\": {}, \"seconds\": {}, \"memory\": {}, \"root\": [{}], \"ev\": [{}, {}]}}",
             iterations, seconds, memory, root.join(", "), ev0, ev1);
}
"""


def build_postflop_solver(source: str, workdir: Path, rebuild: bool = False) -> Path:
    """The driver binary, built offline in workdir from the postflop-solver sources
    (kept there: a second run reuses it unless rebuild)."""
    tree = workdir / "postflop-solver"
    binary = tree / "target" / "release" / "examples" / "pokerhash_bench"
    if binary.exists() and (tree / "examples" / "pokerhash_bench.rs").read_text() == DRIVER and not rebuild:
        return binary
    if tree.exists():
        shutil.rmtree(tree)
    if (Path(source) / "Cargo.toml").exists():
        shutil.copytree(source, tree)
    else:  # a bare git directory (e.g. a mirror): export its HEAD
        tree.mkdir(parents=True)
        archive = subprocess.run(["git", f"--git-dir={source}", "archive", "HEAD"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    cargo = (tree / "Cargo.toml").read_text()
    head, _, _ = cargo.partition("[dependencies]")
    cargo = head + (
        "[dependencies]\nonce_cell = \"1\"\nrayon = { version = \"1\", optional = true }\nregex = \"1\"\n\n"
        "[features]\ndefault = [\"rayon\"]\ncustom-alloc = []\nrayon = [\"dep:rayon\"]\n"
    )
    (tree / "Cargo.toml").write_text(cargo)
    (tree / ".cargo").mkdir(exist_ok=True)
    (tree / ".cargo" / "config.toml").write_text(
        "[source.crates-io]\nreplace-with = \"debian\"\n\n[source.debian]\ndirectory = \"/usr/share/cargo/registry\"\n\n"
        "[net]\noffline = true\n")
    (tree / "examples" / "pokerhash_bench.rs").write_text(DRIVER)
    # Newer rustc denies a lint (dangerous_implicit_autorefs) that its 2023 code trips: warnings only.
    env = dict(os.environ, RUSTFLAGS="--cap-lints=warn")
    subprocess.run(["cargo", "build", "--release", "--offline", "--example", "pokerhash_bench"], cwd=tree, check=True,
                   env=env)
    return binary


def run_postflop_solver(binary: Path, board: str, threads: int, check: bool, max_iterations: int = 1000,
                        target: float = min(TARGETS)):
    """Its run; "cpu" is the CPU seconds of the whole process (tree and allocation
    included) and "peak_rss" its peak resident memory in bytes."""
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(binary), board, R, str(POT), str(STACK), str(target), str(max_iterations),
                          "check" if check else "nocheck", BETS, RAISES], env=env, check=True, capture_output=True,
                         text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    lines[-1]["cpu"] = cpu
    lines[-1]["peak_rss"] = after.ru_maxrss * 1024
    reached = {}
    for line in lines[:-1]:
        for target in TARGETS:
            if line["exploitability"] <= target and target not in reached:
                reached[target] = (line["iteration"], line["seconds"])
    return {"reached": reached, **lines[-1]}


# --- report -------------------------------------------------------------------------


def fmt_row(name, iterations, seconds, cpu, memory, root, ev) -> str:
    its = " / ".join(str(i) if i is not None else "-" for i in iterations)
    freqs = " / ".join(f"{f:.1f}" for f in root)  # percentages
    return (f"| {name:<30} | {its:<14} | {seconds:>15} | {cpu:>15} | {memory:>9} | {freqs:<24} | "
            f"{ev[0]:.3f} / {ev[1]:.3f} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--schedule", nargs="+", default=["restarted", "dcfr"], choices=["dcfr", "restarted"],
                        help="pokerhash's discount schedules to run (a row each)")
    parser.add_argument("--flop", action="store_true", help="also the flop spot (minutes, ~500 MiB)")
    parser.add_argument("--compressed", action="store_true", help="pokerhash with 16-bit storage")
    parser.add_argument("--flop-repeats", type=int, default=1, help="timing runs on the flop (minutes each)")
    parser.add_argument("--postflop-solver", help="postflop-solver sources (a source tree or a git directory)")
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "pokerhash-bench"))
    parser.add_argument("--rebuild", action="store_true", help="build postflop-solver again even if workdir has it")
    args = parser.parse_args(argv)

    binary = None
    if args.postflop_solver:
        try:
            binary = build_postflop_solver(args.postflop_solver, Path(args.workdir), args.rebuild)
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"postflop-solver did not build ({error}); printing the issue's published figures instead", file=sys.stderr)

    streets = ["river", "turn"] + (["flop"] if args.flop else [])
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, threads {args.threads}, load average "
          f"{os.getloadavg()[0]:.1f}; seconds to 0.3%: median (min) of {args.repeats} runs, ours and "
          f"postflop-solver's alternating (--flop-repeats each on the flop), wall clock and CPU seconds of all threads "
          f"(postflop-solver: its process's CPU less that of a run without iterations); "
          f"iterations to 1 / 0.5 / 0.3 %; root: check / bet 50 / bet 100 / all-in in %")
    print("| spot / solver                  | iterations     | s to 0.3%       | CPU s           | memory    "
          "| root                     | EV OOP / IP     |")
    for street in streets:
        board = SPOTS[street]
        repeats = args.flop_repeats if street == "flop" else args.repeats  # minutes each
        mine = {schedule: run_pokerhash(board, args.threads, schedule=schedule, compressed=args.compressed)
                for schedule in args.schedule}
        theirs = setup = None
        if binary is not None:
            theirs = run_postflop_solver(binary, board, args.threads, check=True)
            setup = run_postflop_solver(binary, board, args.threads, check=False, max_iterations=0)["cpu"]
        n_theirs = theirs["done"] if theirs else 0
        runs = {schedule: [] for schedule in args.schedule}
        their_runs = []
        for _ in range(repeats):
            for schedule in args.schedule:
                n = mine[schedule]["reached"].get(0.3, (None,))[0]
                if n:
                    runs[schedule].append(time_pokerhash(board, args.threads, n, schedule, args.compressed))
            if theirs:
                # exactly the iterations it took to 0.3% (checked every iteration above);
                # timed as one interval over its solve_steps (no best responses in between)
                run = run_postflop_solver(binary, board, args.threads, check=False, max_iterations=n_theirs, target=1e-9)
                their_runs.append((run["seconds"], run["cpu"] - setup))
        for schedule in args.schedule:
            result = mine[schedule]
            wall = [w for w, _ in runs[schedule]] or [float("nan")]
            cpu = [c for _, c in runs[schedule]] or [float("nan")]
            print(fmt_row(f"{street} pokerhash {schedule}{' 16-bit' if args.compressed else ''}", [result["reached"].get(t, (None,))[0] for t in TARGETS],
                          f"{statistics.median(wall):.3f} ({min(wall):.3f})", f"{statistics.median(cpu):.3f} ({min(cpu):.3f})",
                          f"{result['memory'] / 2**20:.1f} MiB", [100 * f for f in result["root"].values()], result["ev"]))
        if theirs:
            wall = [w for w, _ in their_runs]
            cpu = [c for _, c in their_runs]
            print(fmt_row(f"{street} postflop-solver (here)", [theirs["reached"].get(t, (None,))[0] for t in TARGETS],
                          f"{statistics.median(wall):.3f} ({min(wall):.3f})", f"{statistics.median(cpu):.3f} ({min(cpu):.3f})",
                          f"{theirs['memory'] / 2**20:.1f} MiB", [100 * f for _, f in theirs["root"]],
                          [v + POT / 2 if abs(sum(theirs["ev"])) < 1 else v for v in theirs["ev"]]))
            for schedule in args.schedule:
                result = mine[schedule]
                diff = max(abs(100 * a - 100 * b) for a, (_, b) in zip(result["root"].values(), theirs["root"]))
                ev_diff = abs(result["ev"][0] - (theirs["ev"][0] + POT / 2 if abs(sum(theirs["ev"])) < 1 else theirs["ev"][0]))
                ratio = statistics.median(w for w, _ in their_runs) / statistics.median(w for w, _ in runs[schedule]) if runs[schedule] else float("nan")
                print(f"  {street} {schedule}: root within {diff:.2f} percentage points per action, EV OOP within "
                      f"{100 * ev_diff / POT:.3f}% of the pot; postflop-solver / pokerhash seconds {ratio:.2f}")
        # The figures for what is not run here: TexasSolver always (see above),
        # postflop-solver when it did not build.
        for name, (its, secs, memory, root, ev) in PUBLISHED[street].items():
            if name == "TexasSolver" or not theirs:
                print(fmt_row(f"{street} {name} (issue)", its, f"{secs:g}", "", memory, root, ev))
    return 0


if __name__ == "__main__":
    sys.exit(main())
