# The Cython binding of csrc/hand_index.h (hand isomorphism) and
# csrc/abstraction.h (card-abstraction features). pokerhash.iso builds the
# indexer's tables and validates input; the loops here run without the GIL.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from pokerhash._read_cards cimport ph_read_cards

import numpy as np


cdef extern from "hand_index.h" nogil:
    enum: PH_ISO_MAX_ROUNDS
    ctypedef struct ph_iso_round:
        const uint64_t *records
        const uint32_t *cfgs
        const uint32_t *slots
        uint64_t hash_mul[4]
        int hash_shift
        uint32_t n_configs
        uint64_t size
    ctypedef struct ph_iso_indexer:
        int rounds
        int cards[PH_ISO_MAX_ROUNDS]
        ph_iso_round round[PH_ISO_MAX_ROUNDS]
    void ph_iso_init_tables()
    uint64_t ph_iso_index(const ph_iso_indexer *ix, const uint8_t *cards, int last)
    void ph_iso_index_rounds(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint64_t *out)
    ptrdiff_t ph_iso_index_batch(const ph_iso_indexer *ix, const uint8_t *cards, size_t n_rows, int last,
                                 int all_rounds, uint64_t *out)
    void ph_iso_canonical(const ph_iso_indexer *ix, const uint8_t *cards, int last, uint8_t *out)
    void ph_iso_unindex(const ph_iso_indexer *ix, int last, uint64_t index, uint8_t *out)

cdef extern from "abstraction.h" nogil:
    ctypedef struct ph_features_job:
        const ph_iso_indexer *indexer
        int round
        int board_cards
        const uint8_t *orders
        int n_orders
        float *hs
        float *ehs
        float *ehs2
        float *ochs
        void *histogram
        int bins
        int n_clusters
        const uint8_t *cluster_of_hole
        uint64_t *indices
    int ph_features_boards(const ph_features_job *job, const uint8_t *boards, size_t n_boards)


ph_iso_init_tables()


cdef void *data_of(object array):
    """The data pointer of a C-contiguous NumPy array (checked by the caller), or
    NULL for None. The caller keeps the array alive."""
    return NULL if array is None else <void *><size_t>array.__array_interface__["data"][0]


cdef class IndexerCore:
    """The C tables of one HandIndexer. The numpy arrays they point into are kept
    alive by this object; nothing here validates (pokerhash.iso does)."""
    cdef ph_iso_indexer ix
    cdef list _keep
    cdef int total[PH_ISO_MAX_ROUNDS]

    def __cinit__(self, tuple shape, list tables):
        cdef const uint64_t[:, ::1] records
        cdef const uint32_t[:, ::1] cfgs
        cdef const uint32_t[::1] slots
        cdef int r, i, total = 0
        self._keep = []
        self.ix.rounds = len(shape)
        for r in range(len(shape)):
            total += shape[r]
            self.ix.cards[r] = shape[r]
            self.total[r] = total
            table = tables[r]
            records = table.records
            cfgs = table.cfgs
            slots = table.slots
            self._keep.extend((table.records, table.cfgs, table.slots))
            self.ix.round[r].records = &records[0, 0]
            self.ix.round[r].cfgs = &cfgs[0, 0]
            self.ix.round[r].slots = &slots[0]
            for i in range(4):
                self.ix.round[r].hash_mul[i] = int(table.hash_mul[i])
            self.ix.round[r].hash_shift = table.hash_shift
            self.ix.round[r].n_configs = records.shape[0]
            self.ix.round[r].size = table.size

    def index(self, const uint8_t[::1] cards, int last):
        return ph_iso_index(&self.ix, &cards[0], last)

    def index_hand(self, hand, bint all_rounds):
        """HandIndexer.index's fast path: the index (or the list of indices by round)
        of a hand in a common form (csrc/read_cards.h) whose size ends a round; None
        for anything else, which pokerhash.iso reads, checks and explains."""
        cdef uint8_t cards[52]
        cdef uint64_t seen = 0
        cdef uint64_t out[PH_ISO_MAX_ROUNDS]
        cdef int r, last = -1, n = ph_read_cards(hand, cards, 52, &seen)
        for r in range(self.ix.rounds):
            if self.total[r] == n:
                last = r
        if n <= 0 or last < 0:
            return None
        if not all_rounds:
            return ph_iso_index(&self.ix, cards, last)
        ph_iso_index_rounds(&self.ix, cards, last, out)
        return [out[r] for r in range(last + 1)]

    def index_rounds(self, const uint8_t[::1] cards, int last):
        cdef uint64_t out[PH_ISO_MAX_ROUNDS]
        ph_iso_index_rounds(&self.ix, &cards[0], last, out)
        return [out[r] for r in range(last + 1)]

    def index_batch(self, const uint8_t[:, ::1] rows, int last, bint all_rounds, out):
        """Fill out (uint64, C-contiguous) and return the first bad row or -1."""
        cdef uint64_t[::1] flat = out.reshape(-1)
        cdef size_t n = rows.shape[0]
        cdef ptrdiff_t bad
        if n == 0:
            return -1
        with nogil:
            bad = ph_iso_index_batch(&self.ix, &rows[0, 0], n, last, all_rounds, &flat[0])
        return bad

    def canonical(self, const uint8_t[::1] cards, int last):
        cdef uint8_t out[52]
        ph_iso_canonical(&self.ix, &cards[0], last, out)
        return [out[i] for i in range(self.total[last])]

    def unindex_batch(self, int last, const uint64_t[::1] indices, uint8_t[:, ::1] out):
        cdef size_t i, n = indices.shape[0]
        with nogil:
            for i in range(n):
                ph_iso_unindex(&self.ix, last, indices[i], &out[i, 0])

    def unindex(self, int last, uint64_t index):
        cdef uint8_t out[52]
        ph_iso_unindex(&self.ix, last, index, out)
        return [out[i] for i in range(self.total[last])]


def features_boards(IndexerCore core, int round, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] orders,
                    hs, ehs, ehs2, histogram, int bins, ochs, const uint8_t[::1] cluster_of_hole, int n_clusters,
                    indices):
    """Fill the feature arrays (see csrc/abstraction.h) for the hands on these
    canonical board sets, whole tables or (with indices) compact entries; the
    arrays are validated and sized by pokerhash.abstraction."""
    cdef ph_features_job job
    cdef int failed
    if boards.shape[0] == 0:
        return
    job.indexer = &core.ix
    job.round = round
    job.board_cards = boards.shape[1]
    job.orders = &orders[0, 0]
    job.n_orders = orders.shape[0]
    job.hs = <float *>data_of(hs)
    job.ehs = <float *>data_of(ehs)
    job.ehs2 = <float *>data_of(ehs2)
    job.ochs = <float *>data_of(ochs)
    job.histogram = data_of(histogram)
    job.bins = bins
    job.n_clusters = n_clusters
    job.cluster_of_hole = &cluster_of_hole[0]
    job.indices = <uint64_t *>data_of(indices)
    with nogil:
        failed = ph_features_boards(&job, &boards[0, 0], boards.shape[0])
    if failed:
        raise MemoryError("no memory for the feature scratch arrays")
