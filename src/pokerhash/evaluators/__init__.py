"""The hand rankings: one module per ranking (high, the eight-or-better low, Omaha,
Turkish, short deck, the A-5 and 2-7 lowballs, badugi), each with its per-call and
batch evaluators, descriptions and best-card pickers, and :mod:`.catalog`, the one
table of rankings and game names that the engine, equity, the command line, the
benchmarks and the Dask wrappers read.

The evaluators are also exported at the top level (``pokerhash.evaluate`` ...).
"""
