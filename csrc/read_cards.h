/* The fast path for reading a hand given in Python: the common forms in one C pass.
 *
 * The one header here that uses the Python C API: it reads Python objects, and the
 * extensions (_core, _equity, _iso) call it before anything else so that a per-call
 * question does not pay for the forgiving parser in pokerhash/cards.py.
 *
 * Read here, all into card = rank * 4 + suit (rules: Cards):
 *   - a str of ASCII card text, cards written together or apart: "AsKd", "As Kd",
 *     "As,Kd", "as;kd", "10h 9h";
 *   - a list or tuple whose items are plain ints 0..51 or ASCII str cards ("As", "10h").
 * Anything else (Unicode suit symbols, numpy ints, iterators, unknown characters, a
 * repeated card, more than max_n cards) returns -1 and the caller goes to the
 * forgiving parser, which reads the rare forms and raises the documented errors. So
 * this path never raises and never accepts what that parser refuses (tests/
 * test_read_cards.py checks both on random texts, separators and items).
 */
#ifndef PH_READ_CARDS_H
#define PH_READ_CARDS_H

#include <Python.h>
#include <stdint.h>

/* rank index + 1 of a rank character, suit index + 1 of a suit character; 0 = neither.
 * '1' is handled apart (only "10" is a rank). */
static const uint8_t ph_rank_code[128] = {
    ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7, ['9'] = 8,
    ['T'] = 9, ['J'] = 10, ['Q'] = 11, ['K'] = 12, ['A'] = 13,
    ['t'] = 9, ['j'] = 10, ['q'] = 11, ['k'] = 12, ['a'] = 13,
};
static const uint8_t ph_suit_code[128] = {
    ['c'] = 1, ['d'] = 2, ['h'] = 3, ['s'] = 4, ['C'] = 1, ['D'] = 2, ['H'] = 3, ['S'] = 4,
};

/* The separators the forgiving parser splits on ([\s,;]), ASCII only; the rarer
 * whitespace (\x1c..\x1f) goes to that parser. */
static inline int ph_is_separator(unsigned char ch) {
    return ch == ' ' || ch == ',' || ch == ';' || (ch >= '\t' && ch <= '\r');
}

/* One card starting at s[*pos] (s has len characters, ASCII): the card, or -1. */
static inline int ph_read_token(const unsigned char *s, Py_ssize_t len, Py_ssize_t *pos) {
    Py_ssize_t i = *pos;
    int rank;
    unsigned char ch = s[i];
    if (ch == '1') {
        if (i + 1 >= len || s[i + 1] != '0') return -1;
        rank = 8;
        i += 2;
    } else {
        if (ch >= 128 || !ph_rank_code[ch]) return -1;
        rank = ph_rank_code[ch] - 1;
        i += 1;
    }
    if (i >= len || s[i] >= 128 || !ph_suit_code[s[i]]) return -1;
    *pos = i + 1;
    return rank * 4 + ph_suit_code[s[i]] - 1;
}

/* Add card to out[n] unless it is already in *mask; 0 on success, -1 on a repeat. */
static inline int ph_take(int card, uint8_t *out, int n, uint64_t *mask) {
    uint64_t bit = (uint64_t)1 << card;
    if (*mask & bit) return -1;
    *mask |= bit;
    out[n] = (uint8_t)card;
    return 0;
}

/* The ASCII characters of an exact str, or NULL (not ASCII: the slow path). */
static inline const unsigned char *ph_ascii(PyObject *text, Py_ssize_t *len) {
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0) { PyErr_Clear(); return NULL; }
#endif
    if (!PyUnicode_IS_ASCII(text)) return NULL;
    *len = PyUnicode_GET_LENGTH(text);
    return (const unsigned char *)PyUnicode_1BYTE_DATA(text);
}

static int ph_read_text(PyObject *text, uint8_t *out, int max_n, uint64_t *seen) {
    Py_ssize_t len, pos = 0;
    const unsigned char *s = ph_ascii(text, &len);
    uint64_t mask = *seen;
    int n = 0, card;
    if (s == NULL) return -1;
    while (pos < len) {
        if (ph_is_separator(s[pos])) { pos++; continue; }
        if (n >= max_n) return -1;
        card = ph_read_token(s, len, &pos);
        if (card < 0 || ph_take(card, out, n, &mask) < 0) return -1;
        n++;
    }
    *seen = mask;
    return n;
}

static int ph_read_items(PyObject *hand, uint8_t *out, int max_n, uint64_t *seen) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(hand), i, len, pos;
    PyObject **items = PySequence_Fast_ITEMS(hand);
    uint64_t mask = *seen;
    const unsigned char *s;
    int card, overflow;
    long value;
    if (n > max_n) return -1;
    for (i = 0; i < n; i++) {
        PyObject *item = items[i];
        if (PyLong_CheckExact(item)) {
            value = PyLong_AsLongAndOverflow(item, &overflow);
            if (overflow || value < 0 || value > 51) return -1;
            card = (int)value;
        } else if (PyUnicode_CheckExact(item)) {
            s = ph_ascii(item, &len);
            pos = 0;
            if (s == NULL || len < 2 || len > 3) return -1;
            card = ph_read_token(s, len, &pos);
            if (card < 0 || pos != len) return -1;
        } else {
            return -1;
        }
        if (ph_take(card, out, (int)i, &mask) < 0) return -1;
    }
    *seen = mask;
    return (int)n;
}

/* The hand's cards into out (at most max_n, none of them in *seen, no repeats); the
 * count, with their bits added to *seen, or -1 when the forgiving parser must read it.
 * Needs the GIL; never raises. */
static inline int ph_read_cards(PyObject *hand, uint8_t *out, int max_n, uint64_t *seen) {
    if (PyList_CheckExact(hand) || PyTuple_CheckExact(hand)) return ph_read_items(hand, out, max_n, seen);
    if (PyUnicode_CheckExact(hand)) return ph_read_text(hand, out, max_n, seen);
    return -1;
}

#endif
