"""TexasSolver's shipped flop example solved by pokerhash.solver, postflop-solver and TexasSolver.

Usage: python benchmarks/solver_shipped_example.py --postflop-solver GIT_DIR_OR_SOURCE_DIR
       [--texassolver GIT_DIR_OR_SOURCE_DIR] [--threads 2] [--target 0.3] [--check-every 10]
       [--workdir DIR]

The spot is TexasSolver's ``resources/text/commandline_sample_input.txt`` (its
``console`` branch): flop QsJh2h, pot 50, effective stack 200, its two weighted ranges
(hand classes with weights, ``99:0.75``), bets of 50% of the pot and all-in on every
street, raises of 60% and all-in (60%, 100% and all-in on the river), OOP's donk bets
as TexasSolver builds them (all-in only on the turn, where the sample lists no donk
size; 50% and all-in on the river). The three read those sizes the same way (a raise's
fraction is of the pot after the raiser has called). Their force-all-in rules differ
(the sample's ``set_allin_threshold 0.67`` compares the bettor's chips in with a
fraction of the effective stack; pokerhash's and postflop-solver's the stack left with
the pot): all three run with it off, so that they build the same tree.

Each solves to ``--target`` % of the pot, checking every ``--check-every`` iterations
(a flop best response costs about an iteration), and the script prints the
iterations, the seconds (wall clock and CPU), the root strategy, IP's strategy after
OOP's check and the EVs of each, and how far apart they are (TexasSolver prints no
EVs: the middle of its best responses' bracket). postflop-solver's driver is built
offline with cargo beside the one of ``solver_vs_postflop_solver.py`` (same work
directory and crates), TexasSolver by that script's ``build_texassolver``.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import solver_vs_postflop_solver as bench  # noqa: E402

import pokerhash as ph  # noqa: E402
from pokerhash.solver import Solution, Spot  # noqa: E402

BOARD = "QsJh2h"
POT, STACK = 50, 200
IP = ("AA,KK,QQ,JJ,TT,99:0.75,88:0.75,77:0.5,66:0.25,55:0.25,AK,AQs,AQo:0.75,AJs,AJo:0.5,ATs:0.75,A6s:0.25,"
      "A5s:0.75,A4s:0.75,A3s:0.5,A2s:0.5,KQs,KQo:0.5,KJs,KTs:0.75,K5s:0.25,K4s:0.25,QJs:0.75,QTs:0.75,Q9s:0.5,"
      "JTs:0.75,J9s:0.75,J8s:0.75,T9s:0.75,T8s:0.75,T7s:0.75,98s:0.75,97s:0.75,96s:0.5,87s:0.75,86s:0.5,85s:0.5,"
      "76s:0.75,75s:0.5,65s:0.75,64s:0.5,54s:0.75,53s:0.5,43s:0.5")
OOP = ("QQ:0.5,JJ:0.75,TT,99,88,77,66,55,44,33,22,AKo:0.25,AQs,AQo:0.75,AJs,AJo:0.75,ATs,ATo:0.75,A9s,A8s,A7s,"
       "A6s,A5s,A4s,A3s,A2s,KQ,KJ,KTs,KTo:0.5,K9s,K8s,K7s,K6s,K5s,K4s:0.5,K3s:0.5,K2s:0.5,QJ,QTs,Q9s,Q8s,Q7s,JTs,"
       "JTo:0.5,J9s,J8s,T9s,T8s,T7s,98s,97s,96s,87s,86s,76s,75s,65s,64s,54s,53s,43s")
# TexasSolver's donk bets (OOP leading after calling the last street's bet) take its
# "donk" sizes and its all-in: on the turn, where the sample gives none, the all-in
# alone; on the river 50% and the all-in.
SIZES = {"bet": "50%, a", "raise": "60%, a", "turn": {"oop": {"donk": "a"}},
         "river": {"raise": "60%, 100%, a", "oop": {"donk": "50%, a"}}}
# postflop-solver's BetSizeOptions per street: (bet, raise); its donk sizes.
STREET_SIZES = [("50%, a", "60%, a"), ("50%, a", "60%, a"), ("50%, a", "60%, 100%, a")]
TURN_DONK, RIVER_DONK = "a", "50%, a"
# The three force-all-in rules differ (TexasSolver's compares the bettor's chips in with
# a fraction of the effective stack, the others the stack left with the pot): off in
# all three, so that they build one tree. TexasSolver's raise limit (4 a street) never
# binds here: two raises put a player all in.
FORCE_ALLIN = 0.0
TEXASSOLVER_ALLIN_THRESHOLD = 100.0

DRIVER = r"""
use postflop_solver::*;
use std::time::Instant;
""" + bench.AGGREGATE_RS + r"""

// args: board oop ip pot stack target max_iterations check_every
//       flop_bet flop_raise turn_bet turn_raise river_bet river_raise turn_donk river_donk force_allin
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let flop = flop_from_str(&a[1][0..6]).unwrap();
    let card_config = CardConfig { range: [a[2].parse().unwrap(), a[3].parse().unwrap()], flop, turn: NOT_DEALT,
                                   river: NOT_DEALT };
    let pot: i32 = a[4].parse().unwrap();
    let sizes = |bet: &str, raise: &str| BetSizeOptions::try_from((bet, raise)).unwrap();
    let (f, t, r) = (sizes(&a[9], &a[10]), sizes(&a[11], &a[12]), sizes(&a[13], &a[14]));
    let tree_config = TreeConfig {
        initial_state: BoardState::Flop, starting_pot: pot, effective_stack: a[5].parse().unwrap(),
        rake_rate: 0.0, rake_cap: 0.0,
        flop_bet_sizes: [f.clone(), f], turn_bet_sizes: [t.clone(), t], river_bet_sizes: [r.clone(), r],
        turn_donk_sizes: Some(DonkSizeOptions::try_from(a[15].as_str()).unwrap()),
        river_donk_sizes: Some(DonkSizeOptions::try_from(a[16].as_str()).unwrap()),
        // every all-in is listed: none added, none forced unless asked, no sizes merged
        add_allin_threshold: 0.0, force_allin_threshold: a[17].parse().unwrap(), merging_threshold: 0.0,
    };
    let target: f32 = a[6].parse().unwrap();
    let max_iterations: u32 = a[7].parse().unwrap();
    let check_every: u32 = a[8].parse().unwrap();
    let tree = ActionTree::new(tree_config).unwrap();
    let mut game = PostFlopGame::with_config(card_config, tree).unwrap();
    let (memory, _) = game.memory_usage();
    game.allocate_memory(false);
    let started = Instant::now();
    let mut iterations = 0u32;
    let mut exploitability = f32::INFINITY;
    for i in 0..max_iterations {
        solve_step(&game, i);
        iterations = i + 1;
        if iterations % check_every == 0 {
            exploitability = compute_exploitability(&game) / pot as f32 * 100.0;
            if exploitability <= target { break; }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    finalize(&mut game);
    let root = aggregate(&mut game, 0);
    let ev0 = compute_average(&game.expected_values(0), game.normalized_weights(0));
    let ev1 = compute_average(&game.expected_values(1), game.normalized_weights(1));
    // IP's strategy after OOP's check (the first action).
    game.play(0);
    let after_check = aggregate(&mut game, 1);
    println!("{{\"iterations\": {}, \"exploitability\": {}, \"seconds\": {}, \"memory\": {}, \"root\": [{}], \"after_check\": [{}], \"ev\": [{}, {}]}}",
             iterations, exploitability, seconds, memory, root, after_check, ev0, ev1);
}
"""


def build_driver(source: str, workdir: Path) -> Path:
    """This script's driver, an example beside solver_vs_postflop_solver.py's in the same
    cargo tree (built there first if needed)."""
    bench.build_postflop_solver(source, workdir)
    tree = workdir / "postflop-solver"
    example = tree / "examples" / "pokerhash_sample.rs"
    binary = tree / "target" / "release" / "examples" / "pokerhash_sample"
    if not binary.exists() or not example.exists() or example.read_text() != DRIVER:
        example.write_text(DRIVER)
        env = dict(os.environ, RUSTFLAGS="--cap-lints=warn")
        subprocess.run(["cargo", "build", "--release", "--offline", "--example", "pokerhash_sample"], cwd=tree,
                       check=True, env=env)
    return binary


def run_pokerhash(threads: int, target: float, check_every: int):
    spot = Spot(BOARD, OOP, IP, POT, STACK, SIZES, allin_threshold=FORCE_ALLIN)
    solution = Solution(spot, threads=threads)
    started, cpu = time.perf_counter(), time.process_time()
    solution.run(target=target, iterations=3000, check_every=check_every)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"iterations": solution.iterations, "exploitability": solution.history[-1][1], "seconds": wall,
            "cpu": cpu, "memory": solution.tree.memory, "nodes": solution.tree.nodes,
            "root": solution.root.aggregate(), "after_check": solution.node("check").aggregate(), "ev": solution.ev()}


def run_postflop_solver(binary: Path, threads: int, target: float, check_every: int):
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    args = [str(binary), BOARD, OOP, IP, str(POT), str(STACK), str(target), "3000", str(check_every)]
    for bet, raise_ in STREET_SIZES:
        args += [bet, raise_]
    args += [TURN_DONK, RIVER_DONK, str(FORCE_ALLIN)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = json.loads(out.strip().splitlines()[-1])
    result["cpu"] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return result


def texassolver_script(threads: int, target: float, max_iterations: int, interval: int, dump: Path) -> str:
    """The sample's commands, with the force-all-in rule off (see TEXASSOLVER_ALLIN_THRESHOLD)."""
    lines = [f"set_pot {POT}", f"set_effective_stack {STACK}", "set_board " + ",".join(BOARD[i:i + 2] for i in (0, 2, 4)),
             f"set_range_ip {IP}", f"set_range_oop {OOP}"]
    for street in ("flop", "turn", "river"):
        for player in ("oop", "ip"):
            lines.append(f"set_bet_sizes {player},{street},bet,50")
            if street == "river" and player == "oop":
                lines.append(f"set_bet_sizes {player},{street},donk,50")
            lines.append(f"set_bet_sizes {player},{street},raise," + ("60,100" if street == "river" else "60"))
            lines.append(f"set_bet_sizes {player},{street},allin")
    lines += [f"set_allin_threshold {TEXASSOLVER_ALLIN_THRESHOLD}", "build_tree", f"set_thread_num {threads}",
              f"set_accuracy {target}", f"set_max_iteration {max_iterations}", f"set_print_interval {interval}",
              "set_use_isomorphism 1", "start_solve", "set_dump_rounds 1", f"dump_result {dump}"]
    return "\n".join(lines) + "\n"


def run_texassolver(binary: Path, threads: int, target: float, check_every: int):
    started = time.perf_counter()
    result = bench.run_texassolver(binary, BOARD, threads, check=True, max_iterations=3000, target=target,
                                   interval=check_every, script_text=texassolver_script, oop=OOP, pot=POT)
    result["wall"] = time.perf_counter() - started
    checks = [key for key in result["dump"].get("childrens", {}) if key.upper().startswith("CHECK")]
    result["after_check"] = (bench.texassolver_aggregate(result["dump"]["childrens"][checks[0]]["strategy"],
                                                         ph.Range(IP).weights) if checks else None)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postflop-solver", required=True, help="postflop-solver sources (a tree or a git directory)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--target", type=float, default=0.3)
    parser.add_argument("--check-every", type=int, default=10)
    parser.add_argument("--texassolver", help="TexasSolver sources (its console branch's tree, or a git directory)")
    parser.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "pokerhash-bench"))
    args = parser.parse_args()
    binary = build_driver(args.postflop_solver, Path(args.workdir))
    texassolver = bench.build_texassolver(args.texassolver, Path(args.workdir)) if args.texassolver else None
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, TexasSolver's sample flop {BOARD}, pot {POT}, "
          f"stack {STACK}, threads {args.threads}, target {args.target}% checked every {args.check_every} "
          f"iterations, load average {os.getloadavg()[0]:.1f}")
    mine = run_pokerhash(args.threads, args.target, args.check_every)
    theirs = run_postflop_solver(binary, args.threads, args.target, args.check_every)
    names = list(mine["root"])
    their_root = [100 * p for _, p in theirs["root"]]
    print(f"pokerhash: {mine['nodes']:,} nodes, {mine['memory'] / 2**20:.1f} MiB, {mine['iterations']} iterations "
          f"to {mine['exploitability']:.3f}%, {mine['seconds']:.2f} s ({mine['cpu']:.2f} s CPU)")
    print(f"postflop-solver: {theirs['memory'] / 2**20:.1f} MiB, {theirs['iterations']} iterations to "
          f"{theirs['exploitability']:.3f}%, {theirs['seconds']:.2f} s ({theirs['cpu']:.2f} s CPU, the whole process)")
    print("root (OOP): " + ", ".join(f"{n} {100 * mine['root'][n]:.2f} / {t:.2f}" for n, t in zip(names, their_root))
          + f"  (actions: {', '.join(a for a, _ in theirs['root'])})")
    names_ip = list(mine["after_check"])
    their_ip = [100 * p for _, p in theirs["after_check"]]
    print("after check (IP): " + ", ".join(f"{n} {100 * mine['after_check'][n]:.2f} / {t:.2f}"
                                           for n, t in zip(names_ip, their_ip))
          + f"  (actions: {', '.join(a for a, _ in theirs['after_check'])})")
    gap = max([abs(100 * mine["root"][n] - t) for n, t in zip(names, their_root)]
              + [abs(100 * mine["after_check"][n] - t) for n, t in zip(names_ip, their_ip)])
    ev_gap = abs(mine["ev"][0] - theirs["ev"][0]) / POT * 100
    print(f"EV OOP / IP: {mine['ev'][0]:.3f} / {mine['ev'][1]:.3f} against {theirs['ev'][0]:.3f} / "
          f"{theirs['ev'][1]:.3f}; roots within {gap:.2f} points per action, EV OOP within {ev_gap:.3f}% of the pot")
    if texassolver is not None:
        tex = run_texassolver(texassolver, args.threads, args.target, args.check_every)
        last = tex["reached"].get(args.target, (tex["done"], None))[0]
        print(f"TexasSolver: {tex['done']} iterations ({last} to the target), {tex['wall']:.1f} s wall for the "
              f"whole process ({tex['cpu']:.1f} s CPU, its rank table's loading included), peak RSS "
              f"{tex['peak_rss'] / 2**20:.0f} MiB")
        print("  root (OOP): " + ", ".join(f"{a} {100 * p:.2f}" for a, p in tex["root"]))
        if tex["after_check"] is not None:
            print("  after check (IP): " + ", ".join(f"{a} {100 * p:.2f}" for a, p in tex["after_check"]))
        print(f"  EV OOP {tex['ev'][0]:.3f} (the middle of its best responses' bracket, half-width "
              f"{tex['exploitability_chips'] / 2:.3f}): {abs(tex['ev'][0] - mine['ev'][0]) / POT * 100:.3f}% of the "
              f"pot from pokerhash's")


if __name__ == "__main__":
    main()
