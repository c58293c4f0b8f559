"""Brute-force card-abstraction features of one Hold'em hand, for the tests.

Everything is enumerated: every runout of the board to five cards, and on each
river every opponent hole pair from the cards left, each showdown evaluated with
pokerhash's (separately tested) evaluator. Nothing is shared with
csrc/abstraction.h: no sorting, no inclusion-exclusion.
"""

from __future__ import annotations

import itertools
from typing import Dict, Optional, Sequence

import numpy as np

from pokerhash import evaluate_batch

SCALE = 1980  # a river score 2 * wins + ties out of 2 * 990 opponents


def river_scores(hole: Sequence[int], board: Sequence[int], opponent_cluster: Optional[np.ndarray] = None):
    """For one five-card board: (2 * wins + ties) against every opponent hand, and
    per cluster (2 * wins + ties, opponents) when opponent_cluster (cluster of each
    (a, b), a < b, as a 52x52 array) is given."""
    dead = set(hole) | set(board)
    left = [c for c in range(52) if c not in dead]
    opponents = np.array(list(itertools.combinations(left, 2)), dtype=np.uint8)
    boards = np.tile(np.array(board, dtype=np.uint8), (len(opponents), 1))
    theirs = evaluate_batch(np.hstack([opponents, boards])).astype(np.int64)
    ours = int(evaluate_batch(np.array([list(hole) + list(board)], dtype=np.uint8))[0])
    points = 2 * (theirs < ours) + (theirs == ours)
    if opponent_cluster is None:
        return int(points.sum()), None
    clusters = opponent_cluster[opponents[:, 0], opponents[:, 1]]
    per_cluster = {int(c): (int(points[clusters == c].sum()), int((clusters == c).sum())) for c in np.unique(clusters)}
    return int(points.sum()), per_cluster


def features(hole: Sequence[int], board: Sequence[int], bins: int = 50, opponent_cluster=None,
             n_clusters: int = 0) -> Dict[str, object]:
    """HS (a five-card board) or EHS, EHS², the histogram and OCHS (three or four)."""
    dead = set(hole) | set(board)
    left = [c for c in range(52) if c not in dead]
    scores, cluster_equities = [], []
    for runout in itertools.combinations(left, 5 - len(board)):
        score, per_cluster = river_scores(hole, list(board) + list(runout), opponent_cluster)
        scores.append(score)
        if opponent_cluster is not None:
            cluster_equities.append([
                per_cluster[c][0] / (2 * per_cluster[c][1]) if c in per_cluster else np.nan for c in range(n_clusters)
            ])
    scores = np.array(scores, dtype=np.int64)
    result = {}
    if len(board) == 5:
        result["hs"] = scores[0] / SCALE
    else:
        result["ehs"] = scores.mean() / SCALE
        result["ehs2"] = (scores.astype(np.float64) ** 2).mean() / SCALE**2
        result["histogram"] = np.bincount(np.minimum(scores * bins // SCALE, bins - 1), minlength=bins)
    if opponent_cluster is not None:
        equities = np.array(cluster_equities)
        seen = ~np.isnan(equities)
        totals = np.where(seen, equities, 0.0).sum(axis=0)
        counts = seen.sum(axis=0)
        result["ochs"] = np.where(counts > 0, totals / np.maximum(counts, 1), np.nan)
    return result
