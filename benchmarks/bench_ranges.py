"""Speed of range text in and out, and of the range operations (pytest-benchmark)."""

from pokerhash import Range

# A typical button opening range, and a solver-style range with many weights.
OPENING = "22+,A2s+,K2s+,Q4s+,J6s+,T6s+,96s+,85s+,75s+,64s+,54s,A2o+,K8o+,Q9o+,J9o+,T9o"
MIXED = Range(OPENING) * 0.5 | Range("TT+,AQs+:0.85,KQs:0.6,AKo:0.4,A5s-A2s:0.35,76s:0.15")


def test_bench_read(benchmark):
    benchmark(Range, OPENING)


def test_bench_write(benchmark):
    benchmark(str, MIXED)


def test_bench_card_removal(benchmark):
    benchmark(MIXED.without, "Ah 7c 2d")


def test_bench_grid(benchmark):
    benchmark(MIXED.grid)
