/*
 * check.c -- an independent checker for the exhaust certificates of `sliders`
 * (format version 1): proofs that a rook or bishop on one square has no
 * "fancy magic" with a given number of index bits.
 *
 * Written from the format description alone, without reading the searches
 * that write the certificates (see README.md).  Single file, C99 plus gcc's
 * `unsigned __int128`.
 *
 *   check FILE               check one certificate (FILE may be "-" = stdin;
 *                            read sequentially, so pipes and fifos work)
 *   check --cover LINES      check that the `ok ...` lines of several runs tile
 *                            all the cubes of one question
 *   check selftest           the checker's own tests
 *   check gen PIECE SQUARE BITS D [FIRST END] [plain]
 *                            testing aid: the selftest's naive generator, writing
 *                            a certificate to stdout (small questions only)
 *
 * Layout of this file:
 *   Part 1  board geometry: masks, attack sets, occupancies of a question
 *   Part 2  strict parsing of the text lines (header, `ok` lines)
 *   Part 3  a sequential buffered reader (file, pipe or memory)
 *   Part 4  the certificate checker
 *   Part 5  --cover: tiling the cube ranges of several runs
 *   Part 6  the naive generator and the brute force (for the selftest / gen)
 *   Part 7  the selftest
 *   Part 8  main
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef uint64_t u64;
typedef unsigned __int128 u128;

/* ======================================================================== */
/* Part 1. Board geometry                                                    */
/* ======================================================================== */

/* Squares: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63;
 * file = sq % 8, rank = sq / 8; bit i of a u64 is square i. */

enum { ROOK = 0, BISHOP = 1 };
static const char *const PIECE_NAME[2] = { "rook", "bishop" };
static const int DIRS[2][4][2] = {
    { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } },  /* rook: file/rank steps */
    { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } } /* bishop: diagonals */
};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* Relevant-occupancy mask: every square a ray reaches, except the last
 * square of each ray (the board edge), which never matters as a blocker. */
static u64 relevant_mask(int piece, int sq)
{
    u64 m = 0;
    for (int d = 0; d < 4; d++) {
        int df = DIRS[piece][d][0], dr = DIRS[piece][d][1];
        int f = sq % 8 + df, r = sq / 8 + dr;
        while (on_board(f, r) && on_board(f + df, r + dr)) {
            m |= 1ULL << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    return m;
}

/* Attack set: along each ray, every square up to and including the first
 * occupied one, or up to the board edge. */
static u64 attack_set(int piece, int sq, u64 occ)
{
    u64 a = 0;
    for (int d = 0; d < 4; d++) {
        int df = DIRS[piece][d][0], dr = DIRS[piece][d][1];
        int f = sq % 8 + df, r = sq / 8 + dr;
        while (on_board(f, r)) {
            u64 b = 1ULL << (r * 8 + f);
            a |= b;
            if (occ & b)
                break;
            f += df;
            r += dr;
        }
    }
    return a;
}

/* Occupancy index k -> occupancy: bit j of k selects the j-th lowest square
 * of the mask (a software pdep). Increasing k = increasing occupancy. */
static u64 pdep_mask(u64 k, u64 mask)
{
    u64 o = 0;
    for (int j = 0; mask != 0; j++) {
        u64 low = mask & (0 - mask);
        if ((k >> j) & 1)
            o |= low;
        mask &= mask - 1;
    }
    return o;
}

static int parse_square(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] != 0)
        return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq % 8);
    out[1] = (char)('1' + sq / 8);
    out[2] = 0;
}

/* The period of a square: magic bits >= P never change a product mod 2^64,
 * because every occupancy is a multiple of 2^(lowest square of the mask). */
static int period_of(int piece, int sq)
{
    return 64 - __builtin_ctzll(relevant_mask(piece, sq));
}

/* One question ("does PIECE on SQUARE have a BITS-bit magic"), with the
 * occupancy value and attack set of every occupancy index precomputed. */
#define MAX_OCC 4096 /* masks have at most 12 squares */
typedef struct {
    u64 occ, att;
} occinfo;

typedef struct {
    int piece, sq, bits;
    int shift;       /* s = 64 - bits */
    u64 bmask;       /* 2^bits - 1 */
    u64 mask;        /* relevant-occupancy mask */
    int nsq;         /* popcount(mask) */
    int P;           /* period */
    unsigned nocc;   /* 2^nsq occupancy indices */
    unsigned nclass; /* number of distinct attack sets */
    occinfo tab[MAX_OCC];
} question;

static int cmp_u64(const void *a, const void *b)
{
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

static void question_init(question *q, int piece, int sq, int bits)
{
    memset(q, 0, sizeof *q);
    q->piece = piece;
    q->sq = sq;
    q->bits = bits;
    q->shift = 64 - bits;
    q->bmask = (1ULL << bits) - 1;
    q->mask = relevant_mask(piece, sq);
    q->nsq = __builtin_popcountll(q->mask);
    q->P = 64 - __builtin_ctzll(q->mask);
    q->nocc = 1u << q->nsq;
    u64 atts[MAX_OCC];
    for (unsigned k = 0; k < q->nocc; k++) {
        q->tab[k].occ = pdep_mask(k, q->mask);
        q->tab[k].att = attack_set(piece, sq, q->tab[k].occ);
        atts[k] = q->tab[k].att;
    }
    qsort(atts, q->nocc, sizeof atts[0], cmp_u64);
    q->nclass = 0;
    for (unsigned k = 0; k < q->nocc; k++)
        if (k == 0 || atts[k] != atts[k - 1])
            q->nclass++;
}

/* 128-bit unsigned to decimal (buf >= 40 bytes). */
static const char *u128_dec(u128 v, char *buf)
{
    char tmp[40];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return buf;
}

/* ======================================================================== */
/* Part 2. Strict parsing of the text lines                                 */
/* ======================================================================== */

/* Fields common to the certificate header and the `ok` lines. */
typedef struct {
    int piece, sq, bits, D;
    u64 first, end, total;
} cert_header;

/* Split a line into tokens at single spaces. Only printable ASCII is
 * allowed; empty tokens (double, leading or trailing spaces) are refused.
 * Returns the number of tokens, or -1. */
static int split_tokens(char *line, char **tok, int maxtok)
{
    int n = 0;
    char *p = line;
    for (;;) {
        char *start = p;
        while (*p > ' ' && *p < 0x7f)
            p++;
        if (p == start || n == maxtok)
            return -1;
        tok[n++] = start;
        if (*p == 0)
            return n;
        if (*p != ' ')
            return -1;
        *p++ = 0;
    }
}

/* Canonical decimal (no sign, no leading zeros), no overflow. */
static int parse_u64(const char *s, u64 *v)
{
    if (s[0] == 0 || (s[0] == '0' && s[1] != 0))
        return 0;
    u64 x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

/* Parses "PIECE SQUARE BITS depth D cubes FIRST END of TOTAL" from t[0..9]
 * and checks the ranges. Returns NULL or what is wrong. */
static const char *parse_question_fields(char **t, cert_header *h)
{
    u64 v;
    if (strcmp(t[0], "rook") == 0)
        h->piece = ROOK;
    else if (strcmp(t[0], "bishop") == 0)
        h->piece = BISHOP;
    else
        return "piece must be rook or bishop";
    h->sq = parse_square(t[1]);
    if (h->sq < 0)
        return "square must be a1..h8";
    if (!parse_u64(t[2], &v) || v < 1 || v > 16)
        return "bits must be 1..16";
    h->bits = (int)v;
    if (strcmp(t[3], "depth") != 0)
        return "expected 'depth'";
    int P = period_of(h->piece, h->sq);
    if (!parse_u64(t[4], &v) || v < 1 || v > (u64)P)
        return "depth D must be 1..P (the period of the square)";
    h->D = (int)v;
    if (strcmp(t[5], "cubes") != 0)
        return "expected 'cubes'";
    if (!parse_u64(t[6], &h->first) || !parse_u64(t[7], &h->end))
        return "bad cube numbers";
    if (strcmp(t[8], "of") != 0)
        return "expected 'of'";
    if (!parse_u64(t[9], &h->total))
        return "bad cube total";
    if (h->first > h->end || h->end > h->total)
        return "cubes must satisfy first <= end <= total";
    return NULL;
}

static int format_header(const cert_header *h, char *buf, size_t n)
{
    char sq[3];
    square_name(h->sq, sq);
    return snprintf(buf, n,
                    "sliders exhaust certificate 1 %s %s %d depth %d cubes %" PRIu64 " %" PRIu64
                    " of %" PRIu64 "\n",
                    PIECE_NAME[h->piece], sq, h->bits, h->D, h->first, h->end, h->total);
}

static int format_ok(const cert_header *h, u64 nodes, u64 refuted, char *buf, size_t n)
{
    char sq[3];
    square_name(h->sq, sq);
    return snprintf(buf, n,
                    "ok %s %s %d depth %d cubes %" PRIu64 " %" PRIu64 " of %" PRIu64
                    " nodes %" PRIu64 " refuted %" PRIu64,
                    PIECE_NAME[h->piece], sq, h->bits, h->D, h->first, h->end, h->total, nodes,
                    refuted);
}

/* ======================================================================== */
/* Part 3. Sequential buffered reader                                        */
/* ======================================================================== */

/* Reads a file descriptor front to back (never seeks), or serves a memory
 * buffer (fd < 0). buf[pos..len) is unread data; base is the stream offset
 * of buf[0]. */
typedef struct {
    int fd;
    unsigned char *buf;
    size_t cap, pos, len;
    u64 base;
    int eof, ioerr;
} reader;

#define READ_BUF (16u << 20) /* 16 MiB reads */
#define MAX_NEED 1024        /* largest single request: a header or a REFUTE */

/* Make at least n unread bytes available. 1: yes; 0: the stream ends first;
 * -1: read error (errno in ioerr). */
static int rd_fill(reader *rd, size_t n)
{
    if (rd->len - rd->pos >= n)
        return 1;
    if (rd->fd < 0 || rd->eof)
        return 0;
    if (rd->pos > 0) { /* keep the unread tail, drop the rest */
        size_t rem = rd->len - rd->pos;
        memmove(rd->buf, rd->buf + rd->pos, rem);
        rd->base += rd->pos;
        rd->pos = 0;
        rd->len = rem;
    }
    while (rd->len < n) {
        ssize_t k = read(rd->fd, rd->buf + rd->len, rd->cap - rd->len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            rd->ioerr = errno;
            return -1;
        }
        if (k == 0) {
            rd->eof = 1;
            return 0;
        }
        rd->len += (size_t)k;
    }
    return 1;
}

/* ======================================================================== */
/* Part 4. The certificate checker                                           */
/* ======================================================================== */

enum { TAG_SPLIT = 0, TAG_REFUTE = 1, TAG_CUBE = 2 };

typedef struct {
    reader *rd;
    question *q;
    cert_header h;
    u64 nodes, refuted; /* all tag bytes read; REFUTE nodes */
    u64 ncubes;         /* CUBE nodes met so far in the top tree */
    u64 *cube_m;        /* m of cubes first..end-1, in order */
    size_t ncube_m, cap_cube_m;
    int status;         /* 0 valid, 1 invalid certificate, 2 I/O or memory */
    u64 erroff;         /* byte offset of the problem (status 1) */
    char err[600];
} checker;

static int ck_fail(checker *c, u64 off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), cold, noinline));
static int ck_fail(checker *c, u64 off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    c->status = 1;
    c->erroff = off;
    return 1;
}

/* rd_fill said 0 (end of stream) or -1 (read error). */
static int ck_short(checker *c, int st, const char *what)
{
    if (st < 0) {
        c->status = 2;
        snprintf(c->err, sizeof c->err, "read error: %s", strerror(c->rd->ioerr));
        return 1;
    }
    return ck_fail(c, c->rd->base + c->rd->len, "stream truncated: it ends inside %s", what);
}

/* Header: one line, at most 256 bytes with its '\n'. */
static int ck_header(checker *c)
{
    reader *rd = c->rd;
    size_t i = 0;
    for (;; i++) {
        if (i >= 256)
            return ck_fail(c, 0, "header: no newline in the first 256 bytes");
        int st = rd_fill(rd, i + 1);
        if (st <= 0)
            return st < 0 ? ck_short(c, st, "") : ck_fail(c, 0, "header: the stream ends before the header's newline");
        if (rd->buf[rd->pos + i] == '\n')
            break;
    }
    char line[257], *t[16];
    memcpy(line, rd->buf + rd->pos, i);
    line[i] = 0;
    rd->pos += i + 1;
    int n = memchr(line, 0, i) != NULL ? -1 : split_tokens(line, t, 16);
    if (n != 14 || strcmp(t[0], "sliders") != 0 || strcmp(t[1], "exhaust") != 0 ||
        strcmp(t[2], "certificate") != 0)
        return ck_fail(c, 0, "header: not 'sliders exhaust certificate 1 <piece> <square> <bits> depth <D> cubes <first> <end> of <total>'");
    if (strcmp(t[3], "1") != 0)
        return ck_fail(c, 0, "header: unsupported certificate version '%s' (this checker knows 1)", t[3]);
    const char *why = parse_question_fields(t + 4, &c->h);
    if (why != NULL)
        return ck_fail(c, 0, "header: %s", why);
    return 0;
}

/* The witnesses of one REFUTE node at (m, u): r, and w0..wr as 2(r+1) bytes
 * at p. tagoff: stream offset of the node's tag byte. 0 if valid. */
static inline int ck_refute(checker *c, u64 m, int u, u64 tagoff, unsigned r, const unsigned char *p)
{
    const question *q = c->q;
    const unsigned s = (unsigned)q->shift;
    const u64 width = u >= 64 ? ~0ULL : (1ULL << u) - 1; /* x ranges over 0..2^u-1 */
    char b1[40], b2[40];

    /* w0: its arc must cover exactly r buckets. */
    const unsigned k0 = p[0] | (unsigned)p[1] << 8;
    if (k0 >= q->nocc)
        return ck_fail(c, tagoff + 2, "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w0 = index %u out of range (mask has %u occupancies)",
                       m, u, k0, q->nocc);
    const u64 o0 = q->tab[k0].occ, a0 = q->tab[k0].att;
    const u64 lo0 = o0 * m;                              /* o*m mod 2^64 */
    const u128 hi0 = (u128)lo0 + (u128)o0 * width;       /* exact, no reduction */
    const u64 f0 = lo0 >> s;                             /* first(w0) */
    const u128 l0 = hi0 >> s;                            /* last(w0) */
    if (l0 - f0 != (u128)(r - 1))
        return ck_fail(c, tagoff + 1,
                       "REFUTE at node m=0x%016" PRIx64 " u=%d: w0 = index %u (occupancy 0x%" PRIx64 ") has its arc in %s bucket(s) (%" PRIu64 "..%s) but r = %u",
                       m, u, k0, o0, u128_dec(l0 - f0 + 1, b1), f0, u128_dec(l0, b2), r);

    /* w1..wr: each in one bucket, bucket i-1 of w0's range, other attacks. */
    for (unsigned i = 1; i <= r; i++) {
        const unsigned k = p[2 * i] | (unsigned)p[2 * i + 1] << 8;
        const u64 woff = tagoff + 2 + 2 * (u64)i;
        if (k >= q->nocc)
            return ck_fail(c, woff, "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u out of range (mask has %u occupancies)",
                           m, u, i, k, q->nocc);
        const u64 o = q->tab[k].occ;
        const u64 lo = o * m;
        const u128 hi = (u128)lo + (u128)o * width;
        const u64 f = lo >> s;
        if ((hi >> s) != (u128)f)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (occupancy 0x%" PRIx64 ") has an arc that spans buckets %" PRIu64 "..%s, not one bucket",
                           m, u, i, k, o, f, u128_dec(hi >> s, b1));
        const u64 want = (f0 + (i - 1)) & q->bmask;
        if ((f & q->bmask) != want)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (occupancy 0x%" PRIx64 ") lands in index %" PRIu64 ", but w0's bucket %u of %u is index %" PRIu64,
                           m, u, i, k, o, f & q->bmask, i, r, want);
        if (q->tab[k].att == a0)
            return ck_fail(c, woff,
                           "REFUTE at node m=0x%016" PRIx64 " u=%d: witness w%u = index %u (occupancy 0x%" PRIx64 ") has the same attack set as w0 = index %u",
                           m, u, i, k, o, k0);
    }
    return 0;
}

/* Record the m of CUBE number k of the top tree, if k is in first..end-1. */
static int ck_cube(checker *c, u64 m, u64 off)
{
    u64 k = c->ncubes++;
    if (k >= c->h.total)
        return ck_fail(c, off, "CUBE number %" PRIu64 " but the header says total %" PRIu64, k, c->h.total);
    if (k >= c->h.first && k < c->h.end) {
        if (c->ncube_m == c->cap_cube_m) {
            size_t nc = c->cap_cube_m ? 2 * c->cap_cube_m : 1024;
            u64 *nm = realloc(c->cube_m, nc * sizeof *nm);
            if (nm == NULL) {
                c->status = 2;
                snprintf(c->err, sizeof c->err, "out of memory for the cube list");
                return 1;
            }
            c->cube_m = nm;
            c->cap_cube_m = nc;
        }
        c->cube_m[c->ncube_m++] = m;
    }
    return 0;
}

/* Walk one tree in preorder from (m0, u0): the top tree (top = 1: CUBE
 * allowed exactly at u == D, SPLIT not at u == D) or a cube's subtree
 * (top = 0: no CUBE). After a SPLIT the walk goes on to the first child;
 * an explicit stack holds the pending second children (at most u0 of them). The reader's position and the
 * counters live in locals in the loop (the hot path of the program). */
static int ck_walk(checker *c, u64 m0, int u0, int top)
{
    struct {
        u64 m;
        int u;
    } stack[72];
    reader *rd = c->rd;
    const unsigned char *buf = rd->buf;
    size_t pos = rd->pos, len = rd->len;
    u64 nodes = 0, refuted = 0;
    const int D = c->h.D;
    int sp = 0, ret = 1, st;
    u64 m = m0; /* the current node */
    int u = u0;

/* Make n unread bytes available, or fail as truncated. */
#define NEED(n, what)                                                                                                  \
    if (len - pos < (n)) {                                                                                             \
        rd->pos = pos;                                                                                                 \
        st = rd_fill(rd, (n));                                                                                         \
        buf = rd->buf;                                                                                                 \
        pos = rd->pos;                                                                                                 \
        len = rd->len;                                                                                                 \
        if (st <= 0) {                                                                                                 \
            ck_short(c, st, (what));                                                                                   \
            goto out;                                                                                                  \
        }                                                                                                              \
    }

    for (;;) {
        NEED(1, top ? "the top tree (a node was expected)" : "a cube's subtree (a node was expected)");
        const u64 off = rd->base + pos;
        const unsigned tag = buf[pos++];
        nodes++;
        if (tag == TAG_SPLIT) {
            if (u == 0) {
                ck_fail(c, off, "SPLIT at u=0 (node m=0x%016" PRIx64 " is a single magic; it must be refuted)", m);
                goto out;
            }
            if (top && u == D) {
                ck_fail(c, off, "SPLIT at u=D=%d in the top tree (node m=0x%016" PRIx64 " must be CUBE or REFUTE)", D, m);
                goto out;
            }
            stack[sp].m = m | (1ULL << (u - 1)); /* second child, done later */
            stack[sp].u = u - 1;
            sp++;
            u--; /* first child, next */
            continue;
        } else if (tag == TAG_REFUTE) {
            NEED(1, "a REFUTE (its count byte r)");
            const unsigned r = buf[pos++];
            if (r == 0) {
                ck_fail(c, off + 1, "REFUTE at node m=0x%016" PRIx64 " u=%d: r = 0 (must be 1..255)", m, u);
                goto out;
            }
            const size_t nb = 2 * (size_t)(r + 1);
            NEED(nb, "a REFUTE's witness list");
            if (ck_refute(c, m, u, off, r, buf + pos))
                goto out;
            pos += nb;
            refuted++;
        } else if (tag == TAG_CUBE) {
            if (!top) {
                ck_fail(c, off, "CUBE below the top tree (inside a cube's subtree, at node m=0x%016" PRIx64 " u=%d)", m, u);
                goto out;
            }
            if (u != D) {
                ck_fail(c, off, "CUBE at u=%d in the top tree (node m=0x%016" PRIx64 "; CUBE only at u=D=%d)", u, m, D);
                goto out;
            }
            if (ck_cube(c, m, off))
                goto out;
        } else {
            ck_fail(c, off, "unknown tag byte 0x%02x (node m=0x%016" PRIx64 " u=%d)", tag, m, u);
            goto out;
        }
        if (sp == 0)
            break;
        sp--; /* the next pending second child */
        m = stack[sp].m;
        u = stack[sp].u;
    }
#undef NEED
    ret = 0;
out:
    rd->pos = pos;
    c->nodes += nodes;
    c->refuted += refuted;
    return ret;
}

/* Check a whole certificate. Returns c->status (0 valid, 1 invalid, 2 I/O). */
static int check_stream(reader *rd, checker *c)
{
    memset(c, 0, sizeof *c);
    c->rd = rd;
    if (ck_header(c))
        return c->status;
    c->q = malloc(sizeof *c->q);
    if (c->q == NULL) {
        c->status = 2;
        snprintf(c->err, sizeof c->err, "out of memory");
        return 2;
    }
    question_init(c->q, c->h.piece, c->h.sq, c->h.bits);

    /* The top tree, from the root (0, P). */
    if (ck_walk(c, 0, c->q->P, 1))
        goto done;
    if (c->ncubes != c->h.total) {
        ck_fail(c, rd->base + rd->pos, "the top tree has %" PRIu64 " CUBE nodes but the header says total %" PRIu64,
                c->ncubes, c->h.total);
        goto done;
    }
    /* The subtrees of cubes first..end-1, in order. */
    for (size_t k = 0; k < c->ncube_m; k++)
        if (ck_walk(c, c->cube_m[k], c->h.D, 0))
            goto done;
    /* Then the end of the stream, exactly. */
    {
        int st = rd_fill(rd, 1);
        if (st < 0)
            ck_short(c, st, "");
        else if (st > 0)
            ck_fail(c, rd->base + rd->pos, "trailing bytes after the subtree of the last cube");
    }
done:
    free(c->cube_m);
    c->cube_m = NULL;
    free(c->q);
    c->q = NULL;
    return c->status;
}

static int check_main(const char *name)
{
    int fd = strcmp(name, "-") == 0 ? 0 : open(name, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "check: %s: cannot open: %s\n", name, strerror(errno));
        return 2;
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = fd;
    rd.cap = READ_BUF;
    rd.buf = malloc(rd.cap);
    if (rd.buf == NULL) {
        fprintf(stderr, "check: out of memory\n");
        return 2;
    }
    checker c;
    int st = check_stream(&rd, &c);
    if (fd != 0)
        close(fd);
    free(rd.buf);
    if (st == 0) {
        char line[400];
        format_ok(&c.h, c.nodes, c.refuted, line, sizeof line);
        printf("%s\n", line);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (st == 1)
        fprintf(stderr, "check: %s: byte %" PRIu64 ": %s\n", name, c.erroff, c.err);
    else
        fprintf(stderr, "check: %s: %s\n", name, c.err);
    return st;
}

/* ======================================================================== */
/* Part 5. --cover: the ranges of several runs tile all the cubes            */
/* ======================================================================== */

typedef struct {
    cert_header h;
    u64 nodes, refuted;
    long line;
} okrec;

static int cmp_okrec(const void *a, const void *b)
{
    const okrec *x = a, *y = b;
    if (x->h.first != y->h.first)
        return x->h.first < y->h.first ? -1 : 1;
    if (x->h.end != y->h.end)
        return x->h.end < y->h.end ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Reads `ok ...` lines from f (empty lines are skipped, anything else must be
 * an ok line). On success msg is the `none ...` line and 0 is returned; on
 * failure msg says what is wrong and 1 is returned. */
static int cover_core(FILE *f, char *msg, size_t msgsz)
{
    okrec *rec = NULL;
    size_t n = 0, cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    ssize_t len;
    long lineno = 0;
    int ret = 1;
    while ((len = getline(&line, &lcap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if (len == 0)
            continue;
        char *t[20];
        okrec r;
        memset(&r, 0, sizeof r);
        r.line = lineno;
        const char *why = NULL;
        if (strlen(line) != (size_t)len || split_tokens(line, t, 20) != 15 || strcmp(t[0], "ok") != 0)
            why = "not an 'ok ...' line";
        else if ((why = parse_question_fields(t + 1, &r.h)) != NULL)
            ;
        else if (strcmp(t[11], "nodes") != 0 || !parse_u64(t[12], &r.nodes) ||
                 strcmp(t[13], "refuted") != 0 || !parse_u64(t[14], &r.refuted))
            why = "bad 'nodes N refuted R'";
        if (why != NULL) {
            snprintf(msg, msgsz, "line %ld: %s", lineno, why);
            goto out;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            okrec *nr = realloc(rec, cap * sizeof *nr);
            if (nr == NULL) {
                snprintf(msg, msgsz, "out of memory");
                goto out;
            }
            rec = nr;
        }
        rec[n++] = r;
    }
    if (n == 0) {
        snprintf(msg, msgsz, "no 'ok' lines");
        goto out;
    }
    for (size_t i = 1; i < n; i++) {
        const cert_header *a = &rec[0].h, *b = &rec[i].h;
        if (a->piece != b->piece || a->sq != b->sq || a->bits != b->bits) {
            snprintf(msg, msgsz, "line %ld: another question than line %ld", rec[i].line, rec[0].line);
            goto out;
        }
        if (a->D != b->D) {
            snprintf(msg, msgsz, "line %ld: depth %d, but line %ld has depth %d", rec[i].line, b->D, rec[0].line, a->D);
            goto out;
        }
        if (a->total != b->total) {
            snprintf(msg, msgsz, "line %ld: total %" PRIu64 ", but line %ld has total %" PRIu64, rec[i].line, b->total,
                     rec[0].line, a->total);
            goto out;
        }
    }
    qsort(rec, n, sizeof *rec, cmp_okrec);
    u64 pos = 0, nodes = 0;
    long prevline = 0;
    for (size_t i = 0; i < n; i++) {
        nodes += rec[i].nodes;
        if (rec[i].h.first == rec[i].h.end)
            continue; /* an empty range covers nothing */
        if (rec[i].h.first > pos) {
            snprintf(msg, msgsz, "gap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are not covered", pos, rec[i].h.first);
            goto out;
        }
        if (rec[i].h.first < pos) {
            u64 e = rec[i].h.end < pos ? rec[i].h.end : pos;
            snprintf(msg, msgsz, "overlap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are covered by line %ld and line %ld",
                     rec[i].h.first, e, prevline, rec[i].line);
            goto out;
        }
        pos = rec[i].h.end;
        prevline = rec[i].line;
    }
    if (pos != rec[0].h.total) {
        snprintf(msg, msgsz, "gap: cubes %" PRIu64 "..%" PRIu64 " (end exclusive) are not covered", pos, rec[0].h.total);
        goto out;
    }
    {
        char sq[3];
        square_name(rec[0].h.sq, sq);
        snprintf(msg, msgsz, "none %s %s %d: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64, PIECE_NAME[rec[0].h.piece],
                 sq, rec[0].h.bits, rec[0].h.total, nodes);
    }
    ret = 0;
out:
    free(rec);
    free(line);
    return ret;
}

static int cover_main(const char *name)
{
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    if (f == NULL) {
        fprintf(stderr, "check: %s: cannot open: %s\n", name, strerror(errno));
        return 2;
    }
    char msg[600];
    int st = cover_core(f, msg, sizeof msg);
    if (ferror(f)) {
        fprintf(stderr, "check: %s: read error\n", name);
        return 2;
    }
    if (f != stdin)
        fclose(f);
    if (st == 0) {
        printf("%s\n", msg);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    fprintf(stderr, "check: --cover %s: %s\n", name, msg);
    return 1;
}

/* ======================================================================== */
/* Part 6. Naive generator and brute force (for the selftest and `gen`)      */
/* ======================================================================== */


/* A bucket table for "which attack set is in index i": stamped, so it needs
 * no clearing between magics or nodes. */
typedef struct {
    u64 *att;
    unsigned *occ;
    uint32_t *stamp;
    uint32_t cur;
    size_t size;
} bucket_table;

static void bt_init(bucket_table *bt, int bits)
{
    bt->size = (size_t)1 << bits;
    bt->att = calloc(bt->size, sizeof *bt->att);
    bt->occ = calloc(bt->size, sizeof *bt->occ);
    bt->stamp = calloc(bt->size, sizeof *bt->stamp);
    bt->cur = 0;
    if (bt->att == NULL || bt->occ == NULL || bt->stamp == NULL) {
        fprintf(stderr, "check: out of memory\n");
        exit(2);
    }
}

static void bt_free(bucket_table *bt)
{
    free(bt->att);
    free(bt->occ);
    free(bt->stamp);
}

static void bt_next(bucket_table *bt)
{
    if (++bt->cur == 0) {
        memset(bt->stamp, 0, bt->size * sizeof *bt->stamp);
        bt->cur = 1;
    }
}

/* Brute force, straight from the definition: does magic m work? */
static int magic_works(const question *q, u64 m, bucket_table *bt)
{
    bt_next(bt);
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 idx = (q->tab[k].occ * m) >> q->shift;
        if (bt->stamp[idx] == bt->cur) {
            if (bt->att[idx] != q->tab[k].att)
                return 0;
        } else {
            bt->stamp[idx] = bt->cur;
            bt->att[idx] = q->tab[k].att;
        }
    }
    return 1;
}

/* Brute force over all m < 2^P: 1 and the smallest working magic, or 0. */
static int brute_smallest(const question *q, u64 *found)
{
    bucket_table bt;
    bt_init(&bt, q->bits);
    int ret = 0;
    for (u64 m = 0; m < (1ULL << q->P); m++)
        if (magic_works(q, m, &bt)) {
            *found = m;
            ret = 1;
            break;
        }
    bt_free(&bt);
    return ret;
}

/* The naive generator: a DFS from the root (0, P). At each node it looks for
 * a refutation -- first a plain collision (two occupancies with different
 * attacks whose arcs lie in one common bucket), then (if `ranged`) an
 * occupancy w0 whose arc covers r <= 255 buckets, each held by a one-bucket
 * occupancy with other attacks -- and otherwise splits. In the top tree it
 * writes CUBE at u == D. Reaching u == 0 unrefuted means magic m works. */

typedef struct { /* one node, for the selftest's corruptions */
    u64 off, end; /* tag offset; offset just after the node's subtree */
    u64 m;
    int u, tag, r, top;
} lognode;

typedef struct {
    const question *q;
    int D, ranged, nolog;
    unsigned char *data; /* the certificate (or, streaming, its unwritten tail) */
    size_t len, cap;
    FILE *out;           /* streaming output (gen subcommand), else NULL */
    int streaming;
    lognode *log;
    size_t nlog, logcap;
    u64 nodes, refuted, ranged_used; /* ranged_used: REFUTEs with r >= 2 */
    u64 *cubes; /* m of every cube of the top tree */
    size_t ncubes, cubecap;
    size_t hdrlen;
    cert_header h;
    int found; /* the DFS met an unrefutable magic: */
    u64 working;
    bucket_table bt;
    u64 fb[MAX_OCC];       /* per occupancy at the current node: first bucket */
    unsigned span[MAX_OCC]; /* last - first, capped at 256 */
} gen;

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (p == NULL) {
        fprintf(stderr, "check: out of memory\n");
        exit(2);
    }
    return p;
}

static void gen_put(gen *g, const void *p, size_t n)
{
    if (g->len + n > g->cap) {
        g->cap = (g->len + n) * 2 + 4096;
        g->data = xrealloc(g->data, g->cap);
    }
    memcpy(g->data + g->len, p, n);
    g->len += n;
    if (g->streaming && g->len >= (1u << 20)) {
        if (fwrite(g->data, 1, g->len, g->out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
    }
}

static void gen_byte(gen *g, unsigned b)
{
    unsigned char c = (unsigned char)b;
    gen_put(g, &c, 1);
}

/* Arcs of every occupancy at node (m, u). */
static void gen_analyse(gen *g, u64 m, int u)
{
    const question *q = g->q;
    const u64 width = u >= 64 ? ~0ULL : (1ULL << u) - 1;
    for (unsigned k = 0; k < q->nocc; k++) {
        u64 lo = q->tab[k].occ * m;
        u128 hi = (u128)lo + (u128)q->tab[k].occ * width;
        u64 f = lo >> q->shift;
        u128 d = (hi >> q->shift) - f;
        g->fb[k] = f;
        g->span[k] = d > 255 ? 256u : (unsigned)d;
    }
}

/* Look for a refutation of (m, u); w[0..r] and r on success. */
static int gen_find_refute(gen *g, u64 m, int u, unsigned *w, unsigned *r)
{
    const question *q = g->q;
    bucket_table *bt = &g->bt;
    gen_analyse(g, m, u);
    bt_next(bt);
    for (unsigned k = 0; k < q->nocc; k++) { /* plain collisions */
        if (g->span[k] != 0)
            continue;
        u64 b = g->fb[k] & q->bmask;
        if (bt->stamp[b] == bt->cur) {
            if (q->tab[bt->occ[b]].att != q->tab[k].att) {
                w[0] = bt->occ[b];
                w[1] = k;
                *r = 1;
                return 1;
            }
        } else {
            bt->stamp[b] = bt->cur;
            bt->occ[b] = k;
        }
    }
    if (!g->ranged)
        return 0;
    /* No plain collision: each bucket's one-bucket occupancies share one
     * attack set, so the table's occupant is as good as any. */
    for (unsigned k = 0; k < q->nocc; k++) {
        if (g->span[k] < 1 || g->span[k] > 254)
            continue;
        unsigned j;
        for (j = 0; j <= g->span[k]; j++) {
            u64 b = (g->fb[k] + j) & q->bmask;
            if (bt->stamp[b] != bt->cur || q->tab[bt->occ[b]].att == q->tab[k].att)
                break;
            w[j + 1] = bt->occ[b];
        }
        if (j > g->span[k]) {
            w[0] = k;
            *r = g->span[k] + 1;
            return 1;
        }
    }
    return 0;
}

static int gen_node(gen *g, u64 m, int u, int top)
{
    size_t li = 0;
    if (!g->nolog) {
        if (g->nlog == g->logcap) {
            g->logcap = g->logcap ? 2 * g->logcap : 1024;
            g->log = xrealloc(g->log, g->logcap * sizeof *g->log);
        }
        li = g->nlog++;
        g->log[li].off = g->len;
        g->log[li].m = m;
        g->log[li].u = u;
        g->log[li].top = top;
        g->log[li].r = 0;
    }
    g->nodes++;
    unsigned w[256], r, tag;
    if (gen_find_refute(g, m, u, w, &r)) {
        tag = TAG_REFUTE;
        gen_byte(g, TAG_REFUTE);
        gen_byte(g, r);
        for (unsigned i = 0; i <= r; i++) {
            gen_byte(g, w[i] & 0xff);
            gen_byte(g, w[i] >> 8);
        }
        g->refuted++;
        if (r > 1)
            g->ranged_used++;
    } else if (top && u == g->D) {
        tag = TAG_CUBE;
        gen_byte(g, TAG_CUBE);
        if (g->ncubes == g->cubecap) {
            g->cubecap = g->cubecap ? 2 * g->cubecap : 256;
            g->cubes = xrealloc(g->cubes, g->cubecap * sizeof *g->cubes);
        }
        g->cubes[g->ncubes++] = m;
    } else if (u == 0) {
        g->found = 1;
        g->working = m;
        return 0;
    } else {
        tag = TAG_SPLIT;
        gen_byte(g, TAG_SPLIT);
        if (!g->nolog)
            g->log[li].tag = TAG_SPLIT;
        if (!gen_node(g, m, u - 1, top) || !gen_node(g, m | (1ULL << (u - 1)), u - 1, top))
            return 0;
    }
    if (!g->nolog) {
        g->log[li].tag = (int)tag;
        g->log[li].r = tag == TAG_REFUTE ? (int)r : 0;
        g->log[li].end = g->len;
    }
    return 1;
}

#define GEN_ALL UINT64_MAX

/* Generate the certificate for cubes first..end-1 (end = GEN_ALL: all).
 * Returns 1 (certificate in g->data, or written to `out`), or 0 when the
 * question has a working magic (g->working, the smallest one). */
static int gen_certificate(gen *g, const question *q, int D, u64 first, u64 end, int ranged, FILE *out)
{
    memset(g, 0, sizeof *g);
    g->q = q;
    g->D = D;
    g->ranged = ranged;
    g->out = out;
    g->nolog = out != NULL;
    bt_init(&g->bt, q->bits);
    if (!gen_node(g, 0, q->P, 1))
        return 0;
    /* The header, now that the number of cubes is known. */
    u64 total = g->ncubes;
    if (end == GEN_ALL || end > total)
        end = total;
    if (first > end)
        first = end;
    g->h.piece = q->piece;
    g->h.sq = q->sq;
    g->h.bits = q->bits;
    g->h.D = D;
    g->h.first = first;
    g->h.end = end;
    g->h.total = total;
    char hdr[300];
    size_t hl = (size_t)format_header(&g->h, hdr, sizeof hdr);
    g->hdrlen = hl;
    if (out != NULL) {
        if (fwrite(hdr, 1, hl, out) != hl || fwrite(g->data, 1, g->len, out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
        g->streaming = 1;
    } else {
        g->data = xrealloc(g->data, g->len + hl + 1);
        memmove(g->data + hl, g->data, g->len);
        memcpy(g->data, hdr, hl);
        g->len += hl;
        g->cap = g->len + 1;
        for (size_t i = 0; i < g->nlog; i++) {
            g->log[i].off += hl;
            g->log[i].end += hl;
        }
    }
    /* The cubes' subtrees. */
    for (u64 k = first; k < end; k++)
        if (!gen_node(g, g->cubes[k], D, 0))
            return 0;
    if (out != NULL && g->len > 0) {
        if (fwrite(g->data, 1, g->len, out) != g->len) {
            fprintf(stderr, "check: gen: write error\n");
            exit(2);
        }
        g->len = 0;
    }
    return 1;
}

static void gen_free(gen *g)
{
    free(g->data);
    free(g->log);
    free(g->cubes);
    bt_free(&g->bt);
    memset(g, 0, sizeof *g);
}

/* check gen PIECE SQUARE BITS D [FIRST END] [plain] */
static int gen_main(int argc, char **argv)
{
    int plain = argc > 2 && strcmp(argv[argc - 1], "plain") == 0;
    int nargs = argc - 2 - plain;
    u64 bits, D, first = 0, end = GEN_ALL;
    int piece = argc > 2 ? (strcmp(argv[2], "rook") == 0 ? ROOK : strcmp(argv[2], "bishop") == 0 ? BISHOP : -1) : -1;
    int sq = argc > 3 ? parse_square(argv[3]) : -1;
    if ((nargs != 4 && nargs != 6) || piece < 0 || sq < 0 || !parse_u64(argv[4], &bits) || bits < 1 || bits > 16 ||
        !parse_u64(argv[5], &D) || D < 1 || D > (u64)period_of(piece, sq) ||
        (nargs == 6 && (!parse_u64(argv[6], &first) || !parse_u64(argv[7], &end) || first > end))) {
        fprintf(stderr, "usage: check gen rook|bishop SQUARE BITS D [FIRST END] [plain]\n");
        return 2;
    }
    static question q;
    question_init(&q, piece, sq, (int)bits);
    gen g;
    int ok = gen_certificate(&g, &q, (int)D, first, end, !plain, stdout);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "check: gen: write error\n");
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "check: gen: magic 0x%016" PRIx64 " works; no certificate\n", g.working);
        gen_free(&g);
        return 3;
    }
    fprintf(stderr, "check: gen: nodes %" PRIu64 " refuted %" PRIu64 " (r >= 2: %" PRIu64 ") cubes %zu\n", g.nodes,
            g.refuted, g.ranged_used, g.ncubes);
    gen_free(&g);
    return 0;
}

/* ======================================================================== */
/* Part 7. Selftest                                                          */
/* ======================================================================== */

static long st_pass, st_fail;

static void expect(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void expect(int cond, const char *fmt, ...)
{
    if (cond) {
        st_pass++;
        return;
    }
    st_fail++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Check a certificate held in memory. */
static int run_mem(const unsigned char *d, size_t n, checker *c)
{
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = -1;
    rd.buf = (unsigned char *)d;
    rd.cap = rd.len = n;
    return check_stream(&rd, c);
}

/* Check a certificate that a child process writes into a pipe in uneven
 * chunks, read with a small buffer (exercises the refilling). */
static int run_pipe(const unsigned char *d, size_t n, size_t bufcap, checker *c)
{
    int fds[2];
    if (pipe(fds) != 0) {
        perror("pipe");
        exit(2);
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(2);
    }
    if (pid == 0) {
        close(fds[0]);
        size_t off = 0, chunk = 1;
        while (off < n) {
            size_t k = n - off < chunk ? n - off : chunk;
            ssize_t w = write(fds[1], d + off, k);
            if (w <= 0)
                _exit(1);
            off += (size_t)w;
            chunk = chunk * 7 % 3001 + 1;
        }
        _exit(0);
    }
    close(fds[1]);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = fds[0];
    rd.cap = bufcap;
    rd.buf = xrealloc(NULL, bufcap);
    int st = check_stream(&rd, c);
    close(fds[0]);
    waitpid(pid, NULL, 0);
    free(rd.buf);
    return st;
}

static int quiet_rejects; /* 1: don't print each refusal */

/* The certificate must be refused, with `want` in the message. */
static void expect_reject(const unsigned char *d, size_t n, const char *want, const char *what)
{
    checker c;
    int st = run_mem(d, n, &c);
    int ok = st == 1 && (want == NULL || strstr(c.err, want) != NULL);
    expect(ok, "%s: expected refusal mentioning \"%s\", got status %d: %s", what, want ? want : "",
           st, st ? c.err : "accepted");
    if (ok && !quiet_rejects)
        printf("  refused: %-34s byte %" PRIu64 ": %s\n", what, c.erroff, c.err);
}

/* The certificate must be accepted with these counts (nodes may be 0: any). */
static void expect_accept(const unsigned char *d, size_t n, u64 nodes, u64 refuted, const char *what, char *okline,
                          size_t oklsz)
{
    checker c;
    int st = run_mem(d, n, &c);
    expect(st == 0, "%s: expected acceptance, got status %d: byte %" PRIu64 ": %s", what, st, c.erroff, c.err);
    if (st == 0) {
        expect(nodes == 0 || (c.nodes == nodes && c.refuted == refuted),
               "%s: counts nodes %" PRIu64 " refuted %" PRIu64 ", generator wrote %" PRIu64 " and %" PRIu64, what,
               c.nodes, c.refuted, nodes, refuted);
        if (okline != NULL)
            format_ok(&c.h, c.nodes, c.refuted, okline, oklsz);
    }
}

/* Copy of d[0..n) with d[off..end) replaced by rep[0..rn). */
static unsigned char *splice(const unsigned char *d, size_t n, size_t off, size_t end, const void *rep, size_t rn,
                             size_t *outn)
{
    unsigned char *o = xrealloc(NULL, n - (end - off) + rn + 1);
    memcpy(o, d, off);
    memcpy(o + off, rep, rn);
    memcpy(o + off + rn, d + end, n - end);
    *outn = n - (end - off) + rn;
    return o;
}

/* Replace the header line of a certificate. */
static unsigned char *reheader(const gen *g, const char *hdr, size_t *outn)
{
    return splice(g->data, g->len, 0, g->hdrlen, hdr, strlen(hdr), outn);
}

static u64 rng_state = 0x9e3779b97f4a7c15ULL;
static u64 rng(void)
{ /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cover_str(const char *text, char *msg, size_t msgsz)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (f == NULL) {
        perror("fmemopen");
        exit(2);
    }
    int st = cover_core(f, msg, msgsz);
    fclose(f);
    return st;
}

/* "e2 e3 ..." -> the bitboard of those squares. */
static u64 sqbits(const char *list)
{
    u64 b = 0;
    for (const char *p = list; *p; p++)
        if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8') {
            b |= 1ULL << ((p[1] - '1') * 8 + (p[0] - 'a'));
            p++;
        }
    return b;
}

static void st_geometry(void)
{
    printf("geometry: masks, periods, attack sets, occupancy order\n");
    static question q;
    u64 m;
    m = relevant_mask(ROOK, parse_square("a1"));
    expect(m == 0x000101010101017EULL, "rook a1 mask 0x%016" PRIx64, m);
    expect(__builtin_popcountll(m) == 12, "rook a1 mask popcount");
    expect(period_of(ROOK, 0) == 63, "rook a1 period (lowest mask square b1)");
    m = relevant_mask(ROOK, parse_square("b2"));
    expect(__builtin_popcountll(m) == 10, "rook b2 mask popcount %d", __builtin_popcountll(m));
    expect(__builtin_ctzll(m) == 10, "rook b2 lowest mask square c2 = 10");
    expect(period_of(ROOK, parse_square("b2")) == 54, "rook b2 period 54");
    m = relevant_mask(BISHOP, parse_square("d4"));
    expect(__builtin_popcountll(m) == 9, "bishop d4 mask popcount %d", __builtin_popcountll(m));
    expect(m == 0x0040221400142200ULL, "bishop d4 mask 0x%016" PRIx64, m);
    m = relevant_mask(BISHOP, parse_square("d8"));
    expect(__builtin_ctzll(m) == parse_square("g5") && parse_square("g5") == 38, "bishop d8 lowest mask square g5 = 38");
    expect(__builtin_popcountll(m) == 5, "bishop d8 mask popcount 5");
    expect(period_of(BISHOP, parse_square("d8")) == 26, "bishop d8 period 26");
    expect(relevant_mask(ROOK, parse_square("e4")) == sqbits("e2 e3 e5 e6 e7 b4 c4 d4 f4 g4"), "rook e4 mask");
    expect(attack_set(ROOK, 0, 0) == 0x01010101010101FEULL, "rook a1 empty-board attacks");
    expect(attack_set(ROOK, 0, sqbits("b1 a2")) == sqbits("b1 a2"), "rook a1 attacks with b1, a2 occupied");
    expect(attack_set(BISHOP, parse_square("d4"), sqbits("f6 b2")) == sqbits("e5 f6 c5 b6 a7 e3 f2 g1 c3 b2"),
           "bishop d4 attacks with f6, b2 occupied");
    question_init(&q, ROOK, parse_square("b2"), 9);
    expect(q.nclass == 36, "rook b2 distinct attack sets %u (want 36)", q.nclass);
    expect(q.nocc == 1024 && q.tab[1].occ == (1ULL << 10) && q.tab[q.nocc - 1].occ == q.mask, "rook b2 occupancy order");
    int mono = 1;
    for (unsigned k = 1; k < q.nocc; k++)
        mono &= q.tab[k].occ > q.tab[k - 1].occ && (q.tab[k].occ & ~q.mask) == 0;
    expect(mono, "occupancy index order = numeric order, inside the mask");
    question_init(&q, ROOK, 0, 12);
    expect(q.nocc == 4096 && q.nclass == 49, "rook a1: 4096 occupancies, 49 attack sets (got %u)", q.nclass);
    question_init(&q, BISHOP, parse_square("d8"), 3);
    expect(q.nclass == 12 && q.P == 26, "bishop d8: 12 attack sets, P 26");
    question_init(&q, BISHOP, parse_square("d4"), 9);
    expect(q.nclass == 4 * 3 * 3 * 3, "bishop d4 attack sets %u (want 108)", q.nclass);
}

/* Generator vs brute force on bishop d8 (P = 26) for several bit counts;
 * returns in *with_magic a bit count where a magic exists (or 0). */
static void st_brute(int *with_magic)
{
    static question q;
    *with_magic = 0;
    for (int bits = 2; bits <= 5; bits++) {
        double t0 = now();
        question_init(&q, BISHOP, parse_square("d8"), bits);
        u64 bm = 0;
        int has = brute_smallest(&q, &bm);
        double t1 = now();
        for (int ranged = 0; ranged <= 1; ranged++) {
            gen g;
            int made = gen_certificate(&g, &q, q.P - 6, 0, GEN_ALL, ranged, NULL);
            expect(made == !has, "bishop d8 %d: generator %s, brute force %s", bits, made ? "none" : "found",
                   has ? "found" : "none");
            if (has && !made) {
                bucket_table bt;
                bt_init(&bt, bits);
                expect(g.working == bm && magic_works(&q, g.working, &bt),
                       "bishop d8 %d: generator's magic 0x%" PRIx64 " = smallest by brute force 0x%" PRIx64, bits,
                       g.working, bm);
                bt_free(&bt);
            }
            if (made) {
                char what[80];
                snprintf(what, sizeof what, "bishop d8 %d %s", bits, ranged ? "ranged" : "plain");
                expect_accept(g.data, g.len, g.nodes, g.refuted, what, NULL, 0);
            }
            if (ranged == 1)
                printf("bishop d8 %d bits: brute force over 2^26 magics (%.2fs): %s; generator agrees; %s\n", bits,
                       t1 - t0, has ? "a magic exists" : "none",
                       made ? "its certificates (plain and ranged) are accepted" : "it stops at the same smallest magic");
            gen_free(&g);
        }
        if (has && *with_magic == 0)
            *with_magic = bits;
    }
}

static void st_variants(void)
{
    printf("certificates at several depths, plain and ranged, whole and in runs, through a pipe\n");
    static question q;
    question_init(&q, BISHOP, parse_square("d8"), 3);
    const int depths[] = { 1, 2, 13, 20, 25, 26 };
    for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++)
        for (int ranged = 0; ranged <= 1; ranged++) {
            gen g;
            int made = gen_certificate(&g, &q, depths[i], 0, GEN_ALL, ranged, NULL);
            char what[80];
            snprintf(what, sizeof what, "bishop d8 3 depth %d %s", depths[i], ranged ? "ranged" : "plain");
            expect(made, "%s: generated", what);
            if (made)
                expect_accept(g.data, g.len, g.nodes, g.refuted, what, NULL, 0);
            /* An empty range: only the top tree. */
            gen g2;
            made = gen_certificate(&g2, &q, depths[i], g.ncubes / 2, g.ncubes / 2, ranged, NULL);
            if (made)
                expect_accept(g2.data, g2.len, g2.nodes, g2.refuted, "empty cube range", NULL, 0);
            gen_free(&g2);
            gen_free(&g);
        }

    /* Runs of one certificate, checked one by one, their lines tiled. */
    gen g;
    gen_certificate(&g, &q, 20, 0, GEN_ALL, 1, NULL);
    u64 total = g.ncubes;
    expect(total >= 3, "bishop d8 3 depth 20 has at least 3 cubes (%" PRIu64 ")", total);
    u64 cuts[4] = { 0, total / 3, 2 * total / 3, total };
    char lines[3][400], text[2000], msg[600];
    u64 sum = 0;
    for (int i = 0; i < 3; i++) {
        gen gr;
        gen_certificate(&gr, &q, 20, cuts[i], cuts[i + 1], 1, NULL);
        expect_accept(gr.data, gr.len, gr.nodes, gr.refuted, "one run of three", lines[i], sizeof lines[i]);
        sum += gr.nodes;
        gen_free(&gr);
    }
    snprintf(text, sizeof text, "%s\n%s\n\n%s\n", lines[2], lines[0], lines[1]);
    int st = cover_str(text, msg, sizeof msg);
    char want[200];
    snprintf(want, sizeof want, "none bishop d8 3: cubes 0..%" PRIu64 " all checked, nodes %" PRIu64, total, sum);
    expect(st == 0 && strcmp(msg, want) == 0, "--cover of three runs: %s", msg);
    printf("  --cover of 3 runs: %s\n", msg);
    struct {
        const char *what, *want;
        char text[2000];
    } bad[8];
    int nb = 0;
    bad[nb].what = "a run missing";
    bad[nb].want = "gap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n", lines[0], lines[2]);
    bad[nb].what = "the last run missing";
    bad[nb].want = "gap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n", lines[1], lines[0]);
    bad[nb].what = "a run twice";
    bad[nb].want = "overlap";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n%s\n%s\n", lines[0], lines[1], lines[1], lines[2]);
    bad[nb].what = "no lines";
    bad[nb].want = "no 'ok' lines";
    snprintf(bad[nb++].text, sizeof bad[0].text, "\n");
    bad[nb].what = "a malformed line";
    bad[nb].want = "line 2";
    snprintf(bad[nb++].text, sizeof bad[0].text, "%s\nok whatever\n%s\n", lines[0], lines[1]);
    /* Lines of another question / depth / total, made by editing a line. */
    {
        char *t[20], cp[400];
        const char *what[3] = { "another question", "another depth", "another total" };
        const char *want3[3] = { "another question", "depth", "total" };
        int field[3] = { 3, 5, 10 }; /* bits, D, total */
        for (int k = 0; k < 3; k++) {
            strcpy(cp, lines[1]);
            split_tokens(cp, t, 20);
            char repl[40];
            u64 v = 0;
            parse_u64(t[field[k]], &v);
            snprintf(repl, sizeof repl, "%" PRIu64, v + 1);
            t[field[k]] = repl;
            char edited[400] = "";
            for (int j = 0; j < 15; j++) {
                strcat(edited, t[j]);
                strcat(edited, j < 14 ? " " : "");
            }
            bad[nb].what = what[k];
            bad[nb].want = want3[k];
            snprintf(bad[nb++].text, sizeof bad[0].text, "%s\n%s\n%s\n", lines[0], edited, lines[2]);
        }
    }
    for (int i = 0; i < nb; i++) {
        st = cover_str(bad[i].text, msg, sizeof msg);
        expect(st == 1 && strstr(msg, bad[i].want) != NULL, "--cover with %s: status %d: %s", bad[i].what, st, msg);
        printf("  --cover refused: %-20s %s\n", bad[i].what, msg);
    }

    /* The same certificate through a pipe, read with a small buffer. */
    checker c1, c2;
    int s1 = run_mem(g.data, g.len, &c1);
    int s2 = run_pipe(g.data, g.len, MAX_NEED, &c2);
    expect(s1 == 0 && s2 == 0 && c1.nodes == c2.nodes && c1.refuted == c2.refuted, "pipe: accepted with the same counts");
    s2 = run_pipe(g.data, g.len - 3, MAX_NEED, &c2);
    s1 = run_mem(g.data, g.len - 3, &c1);
    expect(s1 == 1 && s2 == 1 && c1.erroff == c2.erroff && strcmp(c1.err, c2.err) == 0,
           "pipe: a truncated stream refused as from memory (%s / %s)", c1.err, c2.err);
    gen_free(&g);
}

/* The first logged node from index `from` with this tag, in the top tree
 * (top = 1) or a cube's subtree (top = 0), with r == rr and u >= umin
 * (-1: any). Returns its index or -1. */
static long find_node(const gen *g, size_t from, int tag, int top, int rr, int umin)
{
    for (size_t k = from; k < g->nlog; k++) {
        const lognode *n = &g->log[k];
        if ((tag < 0 || n->tag == tag) && (top < 0 || n->top == top) && (rr < 0 || n->r == rr) &&
            (umin < 0 || n->u >= umin))
            return (long)k;
    }
    return -1;
}

static unsigned get16(const unsigned char *p) { return p[0] | (unsigned)p[1] << 8; }

/* Copy of the certificate with the u16 at `off` set to v. */
static unsigned char *with16(const gen *g, size_t off, unsigned v, size_t *n)
{
    unsigned char b[2] = { (unsigned char)(v & 0xff), (unsigned char)(v >> 8) };
    return splice(g->data, g->len, off, off + 2, b, 2, n);
}

static unsigned char *with8(const gen *g, size_t off, unsigned v, size_t *n)
{
    unsigned char b = (unsigned char)v;
    return splice(g->data, g->len, off, off + 1, &b, 1, n);
}

static void st_corrupt(int with_magic)
{
    printf("corruptions of good certificates (bishop d8 3 depth 20)\n");
    static question q;
    question_init(&q, BISHOP, parse_square("d8"), 3);
    gen gp, gr; /* plain (r = 1 only) and ranged */
    gen_certificate(&gp, &q, 20, 0, GEN_ALL, 0, NULL);
    gen_certificate(&gr, &q, 20, 0, GEN_ALL, 1, NULL);
    expect(gr.ranged_used > 0, "the ranged certificate has REFUTEs with r >= 2");
    {
        long at_d = 0;
        for (size_t k = 0; k < gr.nlog; k++)
            at_d += gr.log[k].top && gr.log[k].tag == TAG_REFUTE && gr.log[k].u == 20;
        expect(at_d > 0, "the ranged certificate has a REFUTE at u = D in its top tree (accepted above)");
    }
    printf("  plain: %zu bytes, %" PRIu64 " nodes, %zu cubes; ranged: %zu bytes, %" PRIu64 " nodes, %" PRIu64
           " REFUTEs with r >= 2\n",
           gp.len, gp.nodes, gp.ncubes, gr.len, gr.nodes, gr.ranged_used);
    size_t n;
    unsigned char *b;
    long i;
    char hdr[300];

    /* Flipped witness indices: every one-bit flip of w0 and w1 in 30 plain
     * REFUTEs; the checker must agree with the generator's own view of the
     * node (one bucket, right bucket, other attacks). */
    {
        long agree = 0, trials = 0, valid = 0;
        int count = 0;
        quiet_rejects = 1;
        for (size_t li = 0; li < gp.nlog && count < 30; li++) {
            const lognode *nd = &gp.log[li];
            if (nd->tag != TAG_REFUTE || nd->r != 1)
                continue;
            count++;
            gen_analyse(&gp, nd->m, nd->u);
            unsigned w[2] = { get16(gp.data + nd->off + 2), get16(gp.data + nd->off + 4) };
            for (int which = 0; which < 2; which++)
                for (int bit = 0; bit < 16; bit++) {
                    unsigned k = w[which] ^ (1u << bit), other = w[1 - which];
                    int ok = k < q.nocc && gp.span[k] == 0 && ((gp.fb[k] ^ gp.fb[other]) & q.bmask) == 0 &&
                             q.tab[k].att != q.tab[other].att;
                    b = with16(&gp, nd->off + 2 + 2 * (size_t)which, k, &n);
                    checker c;
                    int st = run_mem(b, n, &c);
                    agree += st == (ok ? 0 : 1);
                    valid += ok;
                    trials++;
                    free(b);
                }
        }
        expect(agree == trials, "flipped witnesses: checker agrees in %ld of %ld", agree, trials);
        printf("  flipped witness indices: %ld one-bit flips of w0/w1 (%ld still valid, %ld not): checker agrees on all\n",
               trials, valid, trials - valid);
    }
    quiet_rejects = 0;

    /* Witness out of range, equal attacks, spanning two buckets, wrong bucket. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, 1, -1);
    {
        const lognode *nd = &gp.log[i];
        unsigned w0 = get16(gp.data + nd->off + 2);
        b = with16(&gp, nd->off + 4, q.nocc, &n);
        expect_reject(b, n, "out of range", "witness w1 index = 2^popcount");
        free(b);
        b = with16(&gp, nd->off + 2, 0xffff, &n);
        expect_reject(b, n, "out of range", "witness w0 index 0xffff");
        free(b);
        b = with16(&gp, nd->off + 4, w0, &n);
        expect_reject(b, n, "same attack set", "witness w1 = w0 (equal attacks)");
        free(b);
    }
    {
        int done_same = 0, done_span = 0, done_bucket = 0;
        for (size_t li = 0; li < gp.nlog && !(done_same && done_span && done_bucket); li++) {
            const lognode *nd = &gp.log[li];
            if (nd->tag != TAG_REFUTE || nd->r != 1)
                continue;
            gen_analyse(&gp, nd->m, nd->u);
            unsigned w0 = get16(gp.data + nd->off + 2);
            for (unsigned k = 0; k < q.nocc; k++) {
                int same_bucket = gp.span[k] == 0 && ((gp.fb[k] ^ gp.fb[w0]) & q.bmask) == 0;
                if (!done_same && k != w0 && same_bucket && q.tab[k].att == q.tab[w0].att) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "same attack set", "w1: other occupancy, equal attacks");
                    free(b);
                    done_same = 1;
                } else if (!done_span && gp.span[k] == 1) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "spans", "w1 arc spans two buckets");
                    free(b);
                    done_span = 1;
                } else if (!done_bucket && gp.span[k] == 0 && !same_bucket && q.tab[k].att != q.tab[w0].att) {
                    b = with16(&gp, nd->off + 4, k, &n);
                    expect_reject(b, n, "lands in", "w1 in another bucket");
                    free(b);
                    done_bucket = 1;
                }
            }
        }
        expect(done_same && done_span && done_bucket, "found nodes for the witness corruptions");
    }

    /* Wrong r. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, 1, -1);
    b = with8(&gp, gp.log[i].off + 1, 2, &n);
    expect_reject(b, n, "but r = 2", "r = 1 changed to 2");
    free(b);
    b = with8(&gp, gp.log[i].off + 1, 0, &n);
    expect_reject(b, n, "r = 0", "r = 0");
    free(b);
    i = find_node(&gr, 0, TAG_REFUTE, 0, -1, -1);
    while (i >= 0 && gr.log[i].r < 2)
        i = find_node(&gr, (size_t)i + 1, TAG_REFUTE, 0, -1, -1);
    expect(i >= 0, "a REFUTE with r >= 2 in a cube's subtree");
    if (i >= 0) {
        b = with8(&gr, gr.log[i].off + 1, (unsigned)gr.log[i].r - 1, &n);
        expect_reject(b, n, "but r = ", "r >= 2 decreased by one");
        free(b);
        b = with8(&gr, gr.log[i].off + 1, (unsigned)gr.log[i].r + 1, &n);
        expect_reject(b, n, "but r = ", "r >= 2 increased by one");
        free(b);
    }

    /* A SPLIT replaced by a REFUTE: the ranged generator found no refutation
     * of a SPLIT node, so every witness list there must be refused. */
    i = find_node(&gr, 0, TAG_SPLIT, 0, -1, -1);
    {
        const lognode *nd = &gr.log[i];
        long refused = 0, tried = 0;
        unsigned char rep[2 + 2 * 256];
        quiet_rejects = 1;
        for (unsigned w0 = 0; w0 < q.nocc; w0++)
            for (unsigned w1 = 0; w1 < q.nocc; w1++) {
                rep[0] = TAG_REFUTE;
                rep[1] = 1;
                rep[2] = (unsigned char)w0;
                rep[3] = (unsigned char)(w0 >> 8);
                rep[4] = (unsigned char)w1;
                rep[5] = (unsigned char)(w1 >> 8);
                b = splice(gr.data, gr.len, nd->off, nd->end, rep, 6, &n);
                checker c;
                refused += run_mem(b, n, &c) == 1;
                tried++;
                free(b);
            }
        for (int t = 0; t < 500; t++) {
            unsigned r = 1 + (unsigned)(rng() % 8);
            rep[0] = TAG_REFUTE;
            rep[1] = (unsigned char)r;
            for (unsigned j = 0; j <= r; j++) {
                unsigned w = (unsigned)(rng() % q.nocc);
                rep[2 + 2 * j] = (unsigned char)w;
                rep[3 + 2 * j] = (unsigned char)(w >> 8);
            }
            b = splice(gr.data, gr.len, nd->off, nd->end, rep, 2 + 2 * (r + 1), &n);
            checker c;
            refused += run_mem(b, n, &c) == 1;
            tried++;
            free(b);
        }
        quiet_rejects = 0;
        expect(refused == tried, "SPLIT replaced by REFUTE: %ld of %ld refused", refused, tried);
        printf("  SPLIT (m=0x%" PRIx64 " u=%d) replaced by a REFUTE: all %ld witness lists refused (every pair, 500 random lists)\n",
               nd->m, nd->u, tried);
        unsigned char bad[6] = { TAG_REFUTE, 1, 0, 0, (unsigned char)((q.nocc - 1) & 0xff), (unsigned char)((q.nocc - 1) >> 8) };
        b = splice(gr.data, gr.len, nd->off, nd->end, bad, 6, &n);
        expect_reject(b, n, "REFUTE", "SPLIT replaced by REFUTE (w0=0, w1=mask)");
        free(b);
    }

    /* Tags in the wrong places. */
    i = find_node(&gp, 0, TAG_REFUTE, 0, -1, -1);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE below the top tree", "REFUTE in a cube replaced by CUBE");
        free(b);
        int u = gp.log[i].u;
        unsigned char zeros[70] = { 0 };
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, zeros, (size_t)u + 1, &n);
        expect_reject(b, n, "SPLIT at u=0", "REFUTE replaced by SPLITs down to u=0");
        free(b);
        b = with8(&gp, gp.log[i].off, 3, &n);
        expect_reject(b, n, "unknown tag byte 0x03", "tag 0x03 in a cube");
        free(b);
    }
    i = find_node(&gp, 0, TAG_SPLIT, 0, -1, -1);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE below the top tree", "SPLIT in a cube replaced by CUBE");
        free(b);
    }
    i = find_node(&gp, 0, TAG_SPLIT, 1, -1, 21);
    {
        unsigned char cube = TAG_CUBE;
        b = splice(gp.data, gp.len, gp.log[i].off, gp.log[i].end, &cube, 1, &n);
        expect_reject(b, n, "CUBE at u=", "top-tree SPLIT at u > D replaced by CUBE");
        free(b);
    }
    i = find_node(&gp, 0, TAG_CUBE, 1, -1, -1);
    b = with8(&gp, gp.log[i].off, TAG_SPLIT, &n);
    expect_reject(b, n, "SPLIT at u=D", "top-tree CUBE replaced by SPLIT");
    free(b);
    b = with8(&gp, gp.hdrlen, 0xff, &n);
    expect_reject(b, n, "unknown tag byte 0xff", "root tag 0xff");
    free(b);

    /* Truncations and trailing bytes. */
    {
        long refused = 0, tried = 0;
        quiet_rejects = 1;
        for (size_t cut = 0; cut < gp.len; cut += (cut < gp.hdrlen + 40 || cut > gp.len - 40) ? 1 : gp.len / 300 + 1) {
            checker c;
            int st = run_mem(gp.data, cut, &c);
            refused += st == 1 && (strstr(c.err, "truncated") || strstr(c.err, "header"));
            tried++;
        }
        quiet_rejects = 0;
        expect(refused == tried, "truncations: %ld of %ld refused", refused, tried);
        printf("  truncated streams: %ld prefixes refused\n", tried);
        expect_reject(gp.data, gp.len - 1, "truncated", "last byte cut");
        expect_reject(gp.data, gp.hdrlen, "truncated", "header only");
        const char *tails[] = { "\x00", "\x01", "\x02", "x", "\x01\x01\x00\x00\x00\x00" };
        size_t tl[] = { 1, 1, 1, 1, 6 };
        for (int t = 0; t < 5; t++) {
            b = splice(gp.data, gp.len, gp.len, gp.len, tails[t], tl[t], &n);
            expect_reject(b, n, "trailing", t == 0 ? "trailing 0x00" : t == 4 ? "trailing REFUTE-like bytes" : "trailing byte");
            free(b);
        }
    }

    /* Headers. */
    {
        cert_header h = gp.h;
        h.total++;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "header says total", "header total + 1");
        free(b);
        h = gp.h;
        h.total--;
        h.end--;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "header says total", "header total - 1 (end - 1)");
        free(b);
        h = gp.h;
        h.D = 19;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, NULL, "header depth 20 changed to 19");
        free(b);
        h = gp.h;
        h.sq = parse_square("e8");
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, NULL, "header square d8 changed to e8");
        free(b);
        char good[300];
        format_header(&gp.h, good, sizeof good);
        struct {
            const char *from, *to, *want, *what;
        } ed[] = {
            { "certificate 1 ", "certificate 2 ", "version", "version 2" },
            { "bishop", "queen", "piece", "piece queen" },
            { "d8", "i8", "square", "square i8" },
            { " 3 depth", " 0 depth", "bits", "bits 0" },
            { " 3 depth", " 17 depth", "bits", "bits 17" },
            { " 3 depth", " 03 depth", "bits", "bits with a leading zero" },
            { "depth 20", "depth 0", "depth", "depth 0" },
            { "depth 20", "depth 27", "depth", "depth above P" },
            { "cubes 0 ", "cubes 99999 ", "first <= end", "first > end" },
            { " of ", " 1 of ", "header", "an extra field" },
            { "depth 20", "depth  20", "header", "a double space" },
            { "\n", "\r\n", "header", "CRLF" },
        };
        for (size_t e = 0; e < sizeof ed / sizeof ed[0]; e++) {
            char *at = strstr(good, ed[e].from);
            snprintf(hdr, sizeof hdr, "%.*s%s%s", (int)(at - good), good, ed[e].to, at + strlen(ed[e].from));
            b = reheader(&gp, hdr, &n);
            char what[80];
            snprintf(what, sizeof what, "header: %s", ed[e].what);
            expect_reject(b, n, ed[e].want, what);
            free(b);
        }
        h = gp.h;
        h.end = h.total + 1;
        format_header(&h, hdr, sizeof hdr);
        b = reheader(&gp, hdr, &n);
        expect_reject(b, n, "end <= total", "header: end > total");
        free(b);
        b = splice(gp.data, gp.len, gp.hdrlen - 1, gp.hdrlen - 1, "\0x", 2, &n); /* "... of 42\0x\n" */
        expect_reject(b, n, "header", "header: a NUL byte before the newline");
        free(b);
        memset(hdr, 'a', 300);
        b = splice(gp.data, gp.len, 0, gp.hdrlen, hdr, 300, &n);
        expect_reject(b, n, "no newline", "header: 300 bytes, no newline");
        free(b);
    }

    /* Soundness smoke test: bits where brute force found a working magic.
     * No certificate can be valid there; relabelled and mutated ones must
     * all be refused. */
    if (with_magic) {
        long refused = 0, tried = 0;
        cert_header h = gr.h;
        h.bits = with_magic;
        format_header(&h, hdr, sizeof hdr);
        for (int which = 0; which < 2; which++) {
            gen *g = which ? &gr : &gp;
            b = reheader(g, hdr, &n);
            char what[80];
            snprintf(what, sizeof what, "%s certificate relabelled bits %d", which ? "ranged" : "plain", with_magic);
            expect_reject(b, n, NULL, what);
            quiet_rejects = 1;
            for (int t = 0; t < 1500; t++) {
                unsigned char *m = xrealloc(NULL, n);
                memcpy(m, b, n);
                size_t hl = strlen(hdr);
                int k = 1 + (int)(rng() % 4);
                for (int j = 0; j < k; j++)
                    m[hl + rng() % (n - hl)] = (unsigned char)(rng() % 4 == 0 ? rng() % 3 : rng());
                checker c;
                refused += run_mem(m, n, &c) == 1;
                tried++;
                free(m);
            }
            quiet_rejects = 0;
            free(b);
        }
        expect(refused == tried, "mutated certificates under bits %d: %ld of %ld refused", with_magic, refused, tried);
        printf("  bishop d8 %d bits (a magic exists): %ld mutated certificates, all refused\n", with_magic, tried);
    }
    gen_free(&gp);
    gen_free(&gr);
}

/* A bigger question: bishop e8 (P = 31), 3 bits (12 attack sets > 8
 * indices, so certainly none): generated and accepted. */
static void st_bigger(void)
{
    static question q;
    question_init(&q, BISHOP, parse_square("e8"), 3);
    double t0 = now();
    gen g;
    int made = gen_certificate(&g, &q, 24, 0, GEN_ALL, 1, NULL);
    double t1 = now();
    expect(made && q.nclass > 8, "bishop e8 3: none by pigeonhole (%u attack sets), generator agrees", q.nclass);
    if (made) {
        checker c;
        int st = run_mem(g.data, g.len, &c);
        double t2 = now();
        expect(st == 0 && c.nodes == g.nodes && c.refuted == g.refuted, "bishop e8 3: accepted (%s)", st ? c.err : "");
        printf("bishop e8 3 bits depth 24: %zu bytes, %" PRIu64 " nodes, generated in %.2fs, checked in %.3fs\n", g.len,
               g.nodes, t1 - t0, t2 - t1);
    }
    gen_free(&g);
}

static int selftest(void)
{
    double t0 = now();
    st_geometry();
    int with_magic = 0;
    st_brute(&with_magic);
    st_variants();
    st_corrupt(with_magic);
    st_bigger();
    printf("selftest: %ld checks passed, %ld failed (%.1fs)\n", st_pass, st_fail, now() - t0);
    return st_fail == 0 ? 0 : 1;
}

/* ======================================================================== */
/* Part 8. main                                                              */
/* ======================================================================== */

static void usage(void)
{
    fprintf(stderr, "usage: check FILE            check a certificate (FILE may be - for stdin)\n"
                    "       check --cover LINES   check that the 'ok' lines in LINES tile all the cubes\n"
                    "       check selftest        run the checker's own tests\n"
                    "       check gen rook|bishop SQUARE BITS D [FIRST END] [plain]\n"
                    "                             (testing aid) write a naive certificate to stdout\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "selftest") == 0)
        return selftest();
    if (argc == 3 && strcmp(argv[1], "--cover") == 0)
        return cover_main(argv[2]);
    if (argc >= 2 && strcmp(argv[1], "gen") == 0)
        return gen_main(argc, argv);
    if (argc == 2 && (argv[1][0] != '-' || strcmp(argv[1], "-") == 0))
        return check_main(argv[1]);
    usage();
    return 2;
}
