"""pokerhash.solver beside b-inary's postflop-solver on the spots of issue 27.

    python benchmarks/solver_vs_postflop_solver.py [--threads 2] [--repeats 5] [--flop] [--flop-repeats 1]
        [--schedule restarted dcfr] [--compressed]
        [--postflop-solver GIT_DIR_OR_SOURCE_DIR] [--workdir DIR]
        [--texassolver GIT_DIR_OR_SOURCE_DIR] [--texassolver-repeats 3]

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

TexasSolver (C++, AGPL; github.com/bupticybee/TexasSolver, its ``console`` branch) is
built here too, never vendored, from a source tree or git directory given by
``--texassolver`` (e.g. the mirror), in ``--workdir``: the branch's files exported
(the mirror leaves out its largest, among them ``resources/compairer/
card5_dic_sorted.txt``, the 52 MB table of the 2,598,960 five-card hands and their
ranks, which benchmarks/texassolver_card5_dic.py writes from pokerhash's evaluator,
equal to the master branch's ``card5_dic_zipped.bin`` on every hand), then ``cmake
SRC -DCMAKE_BUILD_TYPE=Release -DCMAKE_POLICY_VERSION_MINIMUM=3.5`` (its bundled
pybind11 asks for an older CMake than this one accepts) and ``make -j2
console_solver`` (g++ with OpenMP; about 5 minutes on 2 cores). Its console reads a
script of commands (``texassolver_script``): the same spot, force-all-in threshold
0.9 in its own terms (the same trees as postflop-solver's 0.15 here: checked node by
node on the turn), suit isomorphism on, 2 threads. It prints the exploitability of
its best responses (the mean of the two, in % of the pot, as here) and no EVs: its
EVs here are the middle of the bracket the two best responses put around the game
value (off by at most the exploitability: 0.3% of the pot at 0.3%), its root
the reach-weighted average of its per-hand root strategy. ``--texassolver-repeats``
runs time exactly the iterations to 0.3% without best responses in between (its own
"time used"). Its threads meet at an OpenMP barrier at every chance node and spin
there (libgomp's default wait policy): on a loaded machine two threads then take
several times one thread's wall time (the turn, load 8: 26 to 29 s against 4.5 to 7);
``OMP_WAIT_POLICY=passive`` in the environment (passed on) avoids that (4.6 to 6.6 s).
Without ``--texassolver`` (or when it does not build) its rows are the
issue's published figures only; with it, both are printed (its river row is the
issue's to the digit: 30 / 47 / 74 iterations, root 70.4 / 21.8 / 7.3 / 0.5, EVs
46.49 / 53.51; see docs/solver.rst for the turn and the flop).

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
from typing import Optional

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

# A node's strategy averaged over its player's hands, each weighted by its reach there:
# the JSON items ["Action", probability], shared by this script's driver and
# solver_shipped_example.py's.
AGGREGATE_RS = r"""
fn aggregate(game: &mut PostFlopGame, player: usize) -> String {
    game.cache_normalized_weights();
    let weights = game.normalized_weights(player).to_vec();
    let strategy = game.strategy();
    let n = weights.len();
    let total: f32 = weights.iter().sum();
    let mut out = Vec::new();
    for (a, action) in game.available_actions().iter().enumerate() {
        let f: f32 = (0..n).map(|h| strategy[a * n + h] * weights[h]).sum::<f32>() / total;
        out.push(format!("[\"{:?}\", {}]", action, f));
    }
    out.join(", ")
}
"""

DRIVER = r"""
use postflop_solver::*;
use std::time::Instant;
""" + AGGREGATE_RS + r"""
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
    let root = aggregate(&mut game, 0);
    let ev0 = compute_average(&game.expected_values(0), game.normalized_weights(0));
    let ev1 = compute_average(&game.expected_values(1), game.normalized_weights(1));
    println!("{{\"done\": {}, \"seconds\": {}, \"memory\": {}, \"root\": [{}], \"ev\": [{}, {}]}}",
             iterations, seconds, memory, root, ev0, ev1);
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


# --- TexasSolver --------------------------------------------------------------------

# TexasSolver's console reads a script of commands. Its players: 0 is IP, 1 is OOP. Its
# force-all-in rule differs from postflop-solver's (a bet becomes all-in when the
# bettor's chips in, counting its half of the starting pot, would pass that fraction
# of the effective stack): 0.9 gives the same trees as postflop-solver's 0.15 on the
# issue's spots (any fraction from 0.75 to below 1 does: pot 100, stack 200, a 100
# bet stays, a river bet leaving 50 behind a pot of 400 goes all-in; the turn
# row came from 1.0, where that river bet stays a bet). Donk bets (OOP
# leading after calling the last street's bet) get the ordinary sizes, as
# postflop-solver's default.
TEXASSOLVER_ALLIN_THRESHOLD = 0.9


def build_texassolver(source: str, workdir: Path, rebuild: bool = False) -> Path:
    """The console_solver binary of TexasSolver's ``console`` branch, built in workdir
    (kept there: a second run reuses it unless rebuild), with the rank table it needs
    written by texassolver_card5_dic.py beside this script."""
    tree, build = workdir / "TexasSolver", workdir / "texassolver-build"
    binary = build / "console_solver"
    table = tree / "resources" / "compairer" / "card5_dic_sorted.txt"
    if binary.exists() and table.exists() and not rebuild:
        return binary
    for path in (tree, build):
        if path.exists():
            shutil.rmtree(path)
    if (Path(source) / "CMakeLists.txt").exists():
        shutil.copytree(source, tree)
    else:  # a bare git directory (the mirror): export the console branch's files it holds
        listing = subprocess.run(["git", f"--git-dir={source}", "ls-tree", "-r", "-z", "console"], check=True,
                                 capture_output=True, text=True).stdout
        for entry in filter(None, listing.split("\0")):
            meta, name = entry.split("\t", 1)
            _, kind, sha = meta.split()
            blob = subprocess.run(["git", f"--git-dir={source}", "cat-file", "blob", sha], capture_output=True)
            if kind == "blob" and blob.returncode == 0:  # the largest files are absent from the mirror
                (tree / name).parent.mkdir(parents=True, exist_ok=True)
                (tree / name).write_bytes(blob.stdout)
    if not table.exists():
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import texassolver_card5_dic as dic

        table.parent.mkdir(parents=True, exist_ok=True)
        hands = dic.all_hands()
        dic.write_table(table, hands, dic.cactus_kev_ranks(hands))
    build.mkdir(parents=True)
    # Its CMakeLists asks for CMake 3.15 but bundles pybind11 2.2, whose own asks for
    # less than newer CMake accepts: the policy floor lets it configure.
    subprocess.run(["cmake", str(tree), "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_POLICY_VERSION_MINIMUM=3.5"],
                   cwd=build, check=True, capture_output=True)
    subprocess.run(["make", "-j2", "console_solver"], cwd=build, check=True, capture_output=True)
    return binary


def texassolver_range(text: str) -> str:
    """A range in TexasSolver's notation (hand classes with weights: ``AKs:0.5``);
    each class must have one weight over its combos."""
    weights = ph.Range(text).weights
    ranks = "AKQJT98765432"
    tokens = []
    for i, high in enumerate(ranks):
        for low in ranks[i:]:
            for kind in ("",) if high == low else ("s", "o"):
                combos = {ph.ranges.combo_index(f"{high}{a}", f"{low}{b}") for a in "cdhs" for b in "cdhs"
                          if (f"{high}{a}" != f"{low}{b}") and ((a == b) == (kind == "s") or not kind)}
                values = {float(weights[c]) for c in combos}
                if len(values) != 1:
                    raise ValueError(f"{high}{low}{kind} has more than one weight in {text!r}")
                (w,) = values
                if w > 0:
                    tokens.append(f"{high}{low}{kind}" + ("" if w == 1 else f":{w:g}"))
    return ",".join(tokens)


def texassolver_script(board: str, threads: int, target: float, max_iterations: int, print_interval: int,
                       dump: Path) -> str:
    lines = [f"set_pot {POT}", f"set_effective_stack {STACK}",
             "set_board " + ",".join(board[i:i + 2] for i in range(0, len(board), 2)),
             f"set_range_ip {texassolver_range(R)}", f"set_range_oop {texassolver_range(R)}"]
    bets = [s.strip().rstrip("%") for s in BETS.split(",") if s.strip() != "a"]
    raises = [s.strip().rstrip("%") for s in RAISES.split(",") if s.strip() != "a"]
    for player in ("oop", "ip"):
        for street in ("flop", "turn", "river"):
            lines += [f"set_bet_sizes {player},{street},bet,{','.join(bets)}",
                      f"set_bet_sizes {player},{street},donk,{','.join(bets)}",
                      f"set_bet_sizes {player},{street},raise,{','.join(raises)}",
                      f"set_bet_sizes {player},{street},allin"]
    lines += [f"set_allin_threshold {TEXASSOLVER_ALLIN_THRESHOLD}", "build_tree", f"set_thread_num {threads}",
              f"set_accuracy {target}", f"set_max_iteration {max_iterations}", f"set_print_interval {print_interval}",
              "set_use_isomorphism 1", "start_solve", "set_dump_rounds 1", f"dump_result {dump}"]
    return "\n".join(lines) + "\n"


def run_texassolver(binary: Path, board: str, threads: int, check: bool, max_iterations: int = 1000,
                    target: float = min(TARGETS), interval: Optional[int] = None, script_text=None,
                    oop: str = R, pot: float = POT):
    """Its run. With check, the exploitability after every iteration (it checks from
    the second on); without, one check after max_iterations, so that its "time used"
    is max_iterations iterations and no best response; interval sets another spacing
    of the checks (its "time used" then counts their best responses). "cpu" and
    "peak_rss" are the process's (the 52 MB rank table's loading included); "ev" the
    middle of the bracket its two best responses put around the game value, off by at
    most the exploitability (its console prints no EVs). script_text(threads, target,
    max_iterations, interval, dump) gives another spot's commands (OOP's range oop, the
    pot pot); "dump" is the tree it dumped (its first street's nodes)."""
    resources = binary.parent.parent / "TexasSolver" / "resources"
    with tempfile.TemporaryDirectory() as tmp:
        script, dump, log = Path(tmp) / "spot.txt", Path(tmp) / "root.json", Path(tmp) / "log.txt"
        interval = interval or (1 if check else max(max_iterations - 1, 1))
        if script_text is None:
            script.write_text(texassolver_script(board, threads, target, max_iterations, interval, dump))
        else:
            script.write_text(script_text(threads, target, max_iterations, interval, dump))
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        with open(log, "w") as out:
            process = subprocess.Popen([str(binary), "-i", str(script), "-r", str(resources)], stdout=out,
                                       stderr=subprocess.DEVNULL, env=env, cwd=tmp)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            raise subprocess.CalledProcessError(process.returncode, str(binary))
        checks, current = [], {}
        for line in log.read_text().splitlines():
            if line.startswith("Iter: "):
                current = {"iteration": int(line.split()[1])}
                checks.append(current)
            elif line.startswith("player "):  # a best response's value, chips net of its half pot
                _, who, _, value = line.split()
                current[int(who)] = float(value)
            elif line.startswith("Total exploitability"):
                current["exploitability"] = float(line.split()[2])
            elif line.startswith("time used: "):
                current["seconds"] = float(line.split()[2])
        root = json.loads(dump.read_text()) if dump.exists() else None
    result = {"cpu": usage.ru_utime + usage.ru_stime, "peak_rss": usage.ru_maxrss * 1024, "done": checks[-1]["iteration"],
              "seconds": checks[-1].get("seconds", 0.0)}
    last = checks[-1]
    ev_oop = pot / 2 + (last[1] - last[0]) / 2  # OOP's value lies between -BR_IP and BR_OOP
    result["ev"] = (ev_oop, pot - ev_oop)
    result["exploitability_chips"] = last[0] + last[1]  # the bracket's width
    result["reached"] = {}
    for line in checks[1:]:  # the first is before any iteration
        for t in TARGETS:
            if line["exploitability"] <= t and t not in result["reached"]:
                result["reached"][t] = (line["iteration"], line.get("seconds"))
    if root is not None:
        # the root's aggregate over OOP's range (its weights, board cards removed), as pokerhash's
        result["root"] = texassolver_aggregate(root["strategy"], ph.Range(oop).weights)
        result["dump"] = root
    return result


def texassolver_aggregate(node: dict, weights) -> list:
    """A dumped node's strategy averaged over its player's hands, each weighted by
    ``weights`` (a 1,326-vector): [(action, probability)]."""
    total, sums = 0.0, [0.0] * len(node["actions"])
    for hand, row in node["strategy"].items():
        w = float(weights[ph.ranges.combo_index(hand[:2], hand[2:])])
        total += w
        sums = [s + w * f for s, f in zip(sums, row)]
    return [(name, s / total) for name, s in zip(node["actions"], sums)]


def texassolver_rows(binary: Path, street: str, threads: int, repeats: int, mine: dict) -> None:
    """TexasSolver's row for a spot: iterations to each target (checked after every
    iteration, every tenth on the flop, where its best response takes seconds), then
    ``repeats`` runs of exactly the iterations to 0.3% with no best response in between
    (its own "time used"; CPU: the process's less the median of runs without
    iterations, which leaves one best response in, ± half their spread), and how far
    its root is from pokerhash's."""
    board = SPOTS[street]
    theirs = run_texassolver(binary, board, threads, check=True, interval=10 if street == "flop" else None)
    n = theirs["done"]
    # Loading its rank table takes about 5 CPU seconds, give or take half a second:
    # that noise swamps the river's iterations, so the spread of the setup runs is shown.
    setups, runs = [], []
    for _ in range(repeats):
        setups.append(run_texassolver(binary, board, threads, check=False, max_iterations=0)["cpu"])
        runs.append(run_texassolver(binary, board, threads, check=False, max_iterations=n, target=1e-9))
    setup = statistics.median(setups)
    wall, cpu = [r["seconds"] for r in runs], [r["cpu"] - setup for r in runs]
    print(fmt_row(f"{street} TexasSolver (here)", [theirs["reached"].get(t, (None,))[0] for t in TARGETS],
                  f"{statistics.median(wall):.3f} ({min(wall):.3f})",
                  f"{statistics.median(cpu):.2f} ±{(max(setups) - min(setups)) / 2:.2f}",
                  f"{max(r['peak_rss'] for r in runs) / 2**20:.0f} MiB", [100 * f for _, f in theirs["root"]],
                  theirs["ev"]))
    for schedule, result in mine.items():
        diff = max(abs(100 * a - 100 * b) for a, (_, b) in zip(result["root"].values(), theirs["root"]))
        print(f"  {street} {schedule}: root within {diff:.2f} percentage points per action of TexasSolver's, EV OOP "
              f"{100 * abs(result['ev'][0] - theirs['ev'][0]) / POT:.3f}% of the pot from the middle of its "
              f"best-response bracket (half-width {theirs['exploitability_chips'] / 2:.3f})")


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
    parser.add_argument("--texassolver", help="TexasSolver sources (its console branch's tree, or a git directory)")
    parser.add_argument("--texassolver-repeats", type=int, default=3, help="TexasSolver's timing runs per spot")
    args = parser.parse_args(argv)

    binary = None
    if args.postflop_solver:
        try:
            binary = build_postflop_solver(args.postflop_solver, Path(args.workdir), args.rebuild)
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"postflop-solver did not build ({error}); printing the issue's published figures instead", file=sys.stderr)

    texassolver = None
    if args.texassolver:
        try:
            texassolver = build_texassolver(args.texassolver, Path(args.workdir), args.rebuild)
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"TexasSolver did not build ({error}); printing the issue's figures only", file=sys.stderr)

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
        if texassolver is not None:
            texassolver_rows(texassolver, street, args.threads, args.texassolver_repeats, mine)
        # The figures for what is not run here: TexasSolver always (see above),
        # postflop-solver when it did not build.
        for name, (its, secs, memory, root, ev) in PUBLISHED[street].items():
            if name == "TexasSolver" or not theirs:
                print(fmt_row(f"{street} {name} (issue)", its, f"{secs:g}", "", memory, root, ev))
    return 0


if __name__ == "__main__":
    sys.exit(main())
