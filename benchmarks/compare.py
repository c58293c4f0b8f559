"""pokerhash beside phevaluator, eval7 and treys on the same hands, in one process.

    python benchmarks/compare.py            # quick
    python benchmarks/compare.py --full     # 10 million batch hands, 7 repeats

Install the contenders with ``pip install ".[bench]"``. The same code runs behind
``pokerhash bench``.
"""

import sys

from pokerhash.bench import main

if __name__ == "__main__":
    sys.exit(main())
