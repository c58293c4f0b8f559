"""pokerhash beside phevaluator, eval7, treys and pokerkit on the same hands, in one process.

    python benchmarks/compare.py            # quick
    python benchmarks/compare.py --full     # 10 million batch hands, 7 repeats
    python benchmarks/compare.py --only omaha --only low

Install the contenders with ``pip install ".[bench]"``. The same code runs behind
``pokerhash bench``.
"""

import sys

from pokerhash.bench import main

if __name__ == "__main__":
    sys.exit(main())
