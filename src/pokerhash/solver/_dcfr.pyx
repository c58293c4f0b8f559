# The Cython binding of the DCFR kernel (csrc/solver.h).
#
# Everything here takes arrays already built and checked by pokerhash.solver (the
# tree, the hands, the boards), keeps references to them for as long as the C
# struct points into them, and runs the iterations and the walks without the GIL.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport free, malloc

import numpy as np


cdef extern from "solver.h" nogil:
    int PHS_CFR, PHS_AVERAGE, PHS_BEST_RESPONSE, PHS_DCFR, PHS_RESTARTED

    ctypedef struct phs_game:
        int32_t n_nodes
        const int8_t *type
        const int8_t *player
        const int32_t *first_child
        const int32_t *n_children
        const int64_t *offset
        const int64_t *block
        const int64_t *block_inner
        const double *payoff
        int32_t n_hands[2]
        int hand_size
        const uint8_t *hand_cards[2]
        int32_t n_subsets
        const int32_t *subsets[2]
        const int32_t *same[2]
        const int32_t *card_start[2]
        const int32_t *card_hands[2]
        const int32_t *board_index
        int n_swaps
        int swap_suits[6][2]
        const int32_t *swap_perm[2]
        const uint16_t *order[2]
        const uint16_t *sorted_strength[2]
        const uint8_t *sorted_cards[2]
        const uint16_t *group_bounds[2]
        const uint16_t *low_order[2]
        const uint16_t *low_strength[2]
        uint64_t root_board
        const int8_t *runout
        const int8_t *runout_river[2]
        const int16_t *runout_turn[2]
        int32_t runout_slot[53]
        int n_locks[2]
        const int64_t *lock_offset[2]
        const int64_t *lock_row_start[2]
        const float *lock_rows[2]
        const uint8_t *lock_mask[2]
        int compressed
        int prefetch
        float *regret[2]
        float *strategy[2]
        float *scratch
        size_t scratch_top
        int n_threads
        int in_worker
        float *worker_scratch[64]
        void *pool

    ctypedef struct phs_at:
        int64_t base[2]
        uint64_t board
        int dealt[2]

    int phs_pool_start(phs_game *g)
    void phs_pool_stop(phs_game *g)
    size_t phs_scratch_size(const phs_game *g, int node)
    void phs_walk_top(phs_game *g, int node, const phs_at *at, int p, const float *opp, const float *own, float *cfv,
                      int mode)
    void phs_iterate(phs_game *g, int t, const float *const reach[2], float *cfv_scratch, int schedule)
    int phs_runout_build(const phs_game *g, int n_keys, const int32_t *keys, int8_t *river[2], int16_t *turn[2],
                         int16_t *scratch)


MODES = {"cfr": PHS_CFR, "average": PHS_AVERAGE, "best_response": PHS_BEST_RESPONSE}
SCHEDULES = {"dcfr": PHS_DCFR, "restarted": PHS_RESTARTED}


cdef class Kernel:
    """The C solver state over one tree: regrets and cumulative strategies (float32,
    one flat array per player), iterations and walks."""

    cdef phs_game game
    cdef object keep
    cdef object lock_keep
    cdef object runout_keep
    cdef readonly object regret0, regret1, strategy0, strategy1
    cdef float[::1] reach0, reach1, cfv
    cdef float *scratch
    cdef float *extra[64]
    cdef int n_extra

    def __cinit__(self):
        self.scratch = NULL
        self.game.pool = NULL
        self.n_extra = 0

    def __init__(self, tree: dict, hands: dict, boards: dict, reach0, reach1, int threads=1):
        # tree["compressed"]: 16-bit storage (int16 regrets, uint16 strategies, each
        # node's block led by its float scale), else float32.
        cdef int8_t[::1] type_ = tree["type"], player = tree["player"]
        cdef int32_t[::1] first_child = tree["first_child"], n_children = tree["n_children"]
        cdef int64_t[::1] offset = tree["offset"], block = tree["block"], block_inner = tree["block_inner"]
        cdef double[::1] payoff = tree["payoff"]
        cdef uint8_t[:, ::1] cards0 = hands["cards0"], cards1 = hands["cards1"]
        cdef int32_t[::1] same0 = hands["same0"], same1 = hands["same1"]
        cdef int32_t[::1] card_start0 = hands["card_start0"], card_start1 = hands["card_start1"]
        cdef int32_t[::1] card_hands0 = hands["card_hands0"], card_hands1 = hands["card_hands1"]
        cdef int32_t[::1] board_index = boards["index"]
        # Omaha (4 to 6 cards): each hand's nonempty card-subset ids (csrc/solver.h
        # phs_fold_omaha_n); Hold'em: unused.
        cdef int32_t[:, ::1] subsets0 = hands["subsets0"], subsets1 = hands["subsets1"]
        cdef int32_t[::1] perm0 = hands["swap_perm0"], perm1 = hands["swap_perm1"]
        cdef uint16_t[:, ::1] strength0 = boards["sorted_strength0"], strength1 = boards["sorted_strength1"]
        cdef uint16_t[:, ::1] order0 = boards["order0"], order1 = boards["order1"]
        cdef uint8_t[:, :, ::1] sorted_cards0 = boards["sorted_cards0"], sorted_cards1 = boards["sorted_cards1"]
        self.keep = (tree, hands, boards)
        compressed = bool(tree.get("compressed", False))
        self.regret0 = np.zeros(tree["size"][0], dtype=np.int16 if compressed else np.float32)
        self.regret1 = np.zeros(tree["size"][1], dtype=np.int16 if compressed else np.float32)
        self.strategy0 = np.zeros(tree["size"][0], dtype=np.uint16 if compressed else np.float32)
        self.strategy1 = np.zeros(tree["size"][1], dtype=np.uint16 if compressed else np.float32)
        g = &self.game
        g.compressed = compressed
        # Prefetching pays where the state is bigger than the caches (csrc/solver.h
        # phs_prefetch): over 4 MiB of regrets and cumulative strategies.
        g.prefetch = 8 * (int(tree["size"][0]) + int(tree["size"][1])) > 4 * 2**20
        cdef char *state[4]
        for k, array in enumerate((self.regret0, self.regret1, self.strategy0, self.strategy1)):
            state[k] = <char *>(<size_t>array.ctypes.data) if array.shape[0] else NULL
        g.n_nodes = <int32_t>type_.shape[0]
        g.type = &type_[0]
        g.player = &player[0]
        g.first_child = &first_child[0]
        g.n_children = &n_children[0]
        g.offset = &offset[0]
        g.block = &block[0]
        g.block_inner = &block_inner[0]
        g.payoff = &payoff[0]
        g.n_hands[0] = <int32_t>cards0.shape[0]
        g.n_hands[1] = <int32_t>cards1.shape[0]
        g.hand_size = <int>cards0.shape[1]
        if g.hand_size not in (2, 4, 5, 6) or cards1.shape[1] != g.hand_size:
            raise ValueError("hands of 2 (Hold'em) or 4 to 6 (Omaha) cards, the same for both players")
        if g.hand_size > 2 and subsets0.shape[1] != (1 << g.hand_size) - 1:
            raise ValueError("one id per nonempty card subset of an Omaha hand")
        g.hand_cards[0] = &cards0[0, 0]
        g.hand_cards[1] = &cards1[0, 0]
        g.n_subsets = <int32_t>hands["n_subsets"]
        g.subsets[0] = &subsets0[0, 0]
        g.subsets[1] = &subsets1[0, 0]
        g.same[0] = &same0[0]
        g.same[1] = &same1[0]
        g.card_start[0] = &card_start0[0]
        g.card_start[1] = &card_start1[0]
        g.card_hands[0] = &card_hands0[0]
        g.card_hands[1] = &card_hands1[0]
        g.board_index = &board_index[0]
        g.n_swaps = len(hands["swaps"])
        for k, (a, b) in enumerate(hands["swaps"]):
            g.swap_suits[k][0] = a
            g.swap_suits[k][1] = b
        g.swap_perm[0] = &perm0[0]
        g.swap_perm[1] = &perm1[0]
        g.sorted_strength[0] = &strength0[0, 0]
        g.sorted_strength[1] = &strength1[0, 0]
        g.sorted_cards[0] = &sorted_cards0[0, 0, 0]
        g.sorted_cards[1] = &sorted_cards1[0, 0, 0]
        g.order[0] = &order0[0, 0]
        g.order[1] = &order1[0, 0]
        # Hold'em: each showdown group's bounds (tree._group_bounds); Omaha: none.
        cdef uint16_t[:, ::1] bounds0, bounds1
        g.group_bounds[0] = g.group_bounds[1] = NULL
        if g.hand_size == 2:
            bounds0, bounds1 = boards["group_bounds0"], boards["group_bounds1"]
            if bounds0.shape[1] != 3 * g.n_hands[0] or bounds1.shape[1] != 3 * g.n_hands[1]:
                raise ValueError("three group bounds per hand and board")
            if bounds0.shape[1]:
                g.group_bounds[0] = &bounds0[0, 0]
            if bounds1.shape[1]:
                g.group_bounds[1] = &bounds1[0, 0]
        # Omaha hi/lo: the low strengths and their order (csrc/solver_hilo.h).
        cdef uint16_t[:, ::1] low0, low1, low_order0, low_order1
        g.low_order[0] = g.low_order[1] = g.low_strength[0] = g.low_strength[1] = NULL
        if "low_order0" in boards:
            low0, low1 = boards["low_strength0"], boards["low_strength1"]
            low_order0, low_order1 = boards["low_order0"], boards["low_order1"]
            g.low_strength[0] = &low0[0, 0]
            g.low_strength[1] = &low1[0, 0]
            g.low_order[0] = &low_order0[0, 0]
            g.low_order[1] = &low_order1[0, 0]
        g.root_board = <uint64_t>boards["root"]
        g.n_locks[0] = g.n_locks[1] = 0
        self._runouts(tree)
        self.lock_keep = [None, None]
        g.regret[0] = <float *>state[0]
        g.regret[1] = <float *>state[1]
        g.strategy[0] = <float *>state[2]
        g.strategy[1] = <float *>state[3]
        size = phs_scratch_size(g, 0) + 64
        self.scratch = <float *>malloc(size * sizeof(float))
        if self.scratch == NULL:
            raise MemoryError("no memory for the solver's scratch space")
        g.scratch = self.scratch
        g.scratch_top = 0
        # Threads share out the cards of chance nodes: one scratch each (the first
        # is this one), with room for its share of the sums.
        threads = max(1, min(threads, 64))
        g.n_threads = threads
        g.in_worker = 0
        for w in range(threads - 1):
            self.extra[w] = <float *>malloc((size + max(g.n_hands[0], g.n_hands[1]) + 64) * sizeof(float))
            if self.extra[w] == NULL:
                raise MemoryError("no memory for the solver's scratch space")
            self.n_extra += 1
            g.worker_scratch[w] = self.extra[w]
        # The worker threads wait for chance nodes from here until the kernel goes.
        if phs_pool_start(g) != 0:
            raise MemoryError("no memory for the solver's threads")
        self.reach0 = np.ascontiguousarray(reach0, dtype=np.float32)
        self.reach1 = np.ascontiguousarray(reach1, dtype=np.float32)
        self.cfv = np.zeros(max(g.n_hands[0], g.n_hands[1]), dtype=np.float32)

    cdef _runouts(self, dict tree):
        """The all-in runouts' tables (csrc/solver.h phs_runout), built here from the
        river boards' strengths, or none (the walk deals every runout then)."""
        g = &self.game
        g.runout = NULL
        g.runout_river[0] = g.runout_river[1] = NULL
        g.runout_turn[0] = g.runout_turn[1] = NULL
        for d in range(53):
            g.runout_slot[d] = -1
        runout = tree.get("runout")
        keys = np.ascontiguousarray(tree.get("runout_keys", np.zeros(0, np.int32)), dtype=np.int32)
        with_turn = bool(tree.get("runout_turn", False))
        if runout is None or g.hand_size != 2 or (len(keys) == 0 and not with_turn):
            return
        cdef int8_t[::1] levels = np.ascontiguousarray(runout, dtype=np.int8)
        n0, n1 = g.n_hands[0], g.n_hands[1]
        river = [np.zeros((max(len(keys), 1), n1 if p == 0 else n0, n0 if p == 0 else n1), dtype=np.int8)
                 for p in (0, 1)]
        turn = [np.zeros((n1 if p == 0 else n0, n0 if p == 0 else n1) if with_turn else (1, 1), dtype=np.int16)
                for p in (0, 1)]
        scratch = np.zeros(3 * n0 * n1 + 2 * (n0 + n1), dtype=np.int16)
        cdef int8_t[:, :, ::1] r0 = river[0], r1 = river[1]
        cdef int16_t[:, ::1] t0 = turn[0], t1 = turn[1]
        cdef int16_t[::1] sc = scratch
        cdef int32_t[::1] key_view = keys if len(keys) else np.zeros(1, np.int32)
        cdef int8_t *rp[2]
        cdef int16_t *tp[2]
        rp[0] = &r0[0, 0, 0]
        rp[1] = &r1[0, 0, 0]
        tp[0] = &t0[0, 0] if with_turn else NULL
        tp[1] = &t1[0, 0] if with_turn else NULL
        cdef int n_keys = len(keys)
        with nogil:
            phs_runout_build(g, n_keys, &key_view[0], rp, tp, &sc[0])
        for k in range(n_keys):
            g.runout_slot[keys[k]] = k
        if n_keys:
            g.runout_river[0] = &r0[0, 0, 0]
            g.runout_river[1] = &r1[0, 0, 0]
        if with_turn:
            g.runout_turn[0] = &t0[0, 0]
            g.runout_turn[1] = &t1[0, 0]
        g.runout = &levels[0]
        self.runout_keep = (levels, river, turn)

    def __dealloc__(self):
        with nogil:
            phs_pool_stop(&self.game)
        free(self.scratch)
        for w in range(self.n_extra):
            free(self.extra[w])

    def set_locks(self, int player, offsets, row_starts, rows, masks):
        """Player's locked nodes (csrc/solver.h phs_game.lock_*): the storage offsets
        where they start, sorted (int64), where each one's rows start in rows
        (int64), the locked strategies (float32, n_actions x n_hands each) and the
        masks of the hands they bind (uint8, n_hands each). Empty: no locks."""
        offsets = np.ascontiguousarray(offsets, dtype=np.int64)
        row_starts = np.ascontiguousarray(row_starts, dtype=np.int64)
        rows = np.ascontiguousarray(rows, dtype=np.float32)
        masks = np.ascontiguousarray(masks, dtype=np.uint8)
        n = len(offsets)
        if len(row_starts) != n or masks.shape[0] != n * self.game.n_hands[player] or (n and np.any(np.diff(offsets) <= 0)):
            raise ValueError("locks: offsets sorted and unique, one row start and one mask per lock")
        if n == 0:
            self.game.n_locks[player] = 0
            self.lock_keep[player] = None
            return
        cdef int64_t[::1] o = offsets, r = row_starts
        cdef float[::1] x = rows
        cdef uint8_t[::1] m = masks
        self.lock_keep[player] = (offsets, row_starts, rows, masks)
        self.game.lock_offset[player] = &o[0]
        self.game.lock_row_start[player] = &r[0]
        self.game.lock_rows[player] = &x[0]
        self.game.lock_mask[player] = &m[0]
        self.game.n_locks[player] = <int>n

    def iterate(self, int first, int count, str schedule="dcfr"):
        """Iterations first, first + 1, ..., first + count - 1 (first >= 1) under the
        discount schedule "dcfr" or "restarted" (csrc/solver.h phs_strategy_discount)."""
        cdef const float *reach[2]
        reach[0] = &self.reach0[0]
        reach[1] = &self.reach1[0]
        cdef int t, s = SCHEDULES[schedule]
        with nogil:
            for t in range(first, first + count):
                phs_iterate(&self.game, t, reach, &self.cfv[0], s)

    def walk(self, int node, int64_t base0, int64_t base1, uint64_t board, int dealt0, int dealt1, int player,
             opp, own, str mode):
        """Player's counterfactual values (float32, one per hand) at node, given the
        opponent's and the player's reach there, under mode "average" (both average
        strategies) or "best_response" (the player's best response)."""
        cdef float[::1] opp_view = np.ascontiguousarray(opp, dtype=np.float32)
        cdef float[::1] own_view = np.ascontiguousarray(own, dtype=np.float32)
        out = np.zeros(self.game.n_hands[player], dtype=np.float32)
        cdef float[::1] out_view = out
        cdef phs_at at
        cdef int m = MODES[mode]
        if m == PHS_CFR:
            raise ValueError("walk() does not update: use iterate()")
        at.base[0] = base0
        at.base[1] = base1
        at.board = board
        at.dealt[0] = dealt0
        at.dealt[1] = dealt1
        with nogil:
            self.game.scratch_top = 0
            phs_walk_top(&self.game, node, &at, player, &opp_view[0], &own_view[0], &out_view[0], m)
        return out
