/*
 * test_tt.c: the transposition table (--tt, issue 29 item 4) against a
 * reference of its own and against hand-worked cases.
 *
 * 1. The reference: a plain fail-hard alpha-beta with its quiescence search
 *    (modes captures and checks, --check-plies, --qdepth, --see-margin,
 *    --recaptures: the switches whose tree does not depend on the window),
 *    written here from the board and the legal move generator alone, with a
 *    table of its own: a hash map that never loses an entry, keyed by a hash
 *    of the board computed here (not the Zobrist key) and the node's class,
 *    worked out here from quiesce(1)'s rule (the quiescence ply, capped at
 *    the last ply a rule names; the recapture square where only recaptures
 *    are searched). A table that answers only a result of the same depth
 *    whose bound decides cannot change a value: so the reference with its
 *    table, the reference without, search_run with --tt and search_run
 *    without must give one root value, and search_run the same best move
 *    with and without the table (fail-hard: every node returns the same
 *    clamped value). On positions/wac.epd, positions/bk.epd and, when
 *    ../shared/data is there, the first positions of tactics/ecm.epd (else
 *    noted), at depths 1 to 3.
 * 2. Iterative deepening (deepen_run, as uci and match play) keeps the table
 *    across iterations and plays the same move as without it.
 * 3. Hand-worked: planted entries in a table search_run is given. On
 *    4k3/8/8/3n4/8/8/8/3QK3 w at depth 1 (White's Qxd5 is searched first
 *    and worth +900; the root's window is then (900, inf), each later child
 *    (-inf, -900) from Black's side), an entry that must not cut leaves
 *    +900, one that must cut changes the value as worked out below.
 * 4. The depth and key rules (search_tt_depth, search_tt_key) and the mate adjustment,
 *    by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/eval.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/see.h"
#include "search/deepen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/tt.h"
#include "check.h"
#include "refmoves.h"

#define REF_MATE 32000
#define REF_INF 32500

/* The legal move UCI in POS (MOVE_NONE when it is not one). */
static move uci_move(const struct position *pos, const char *uci)
{
	struct error err = { 0 };
	move m = MOVE_NONE;

	if (!notation_parse_uci(pos, uci, &m, &err))
		return MOVE_NONE;
	return m;
}

/* ------------------------------------------------------------ the reference */

struct ref_opts {
	const char *name;
	bool checks;          /* mode checks, else captures */
	int check_plies;      /* -1: every ply */
	int qdepth;           /* -1: none */
	int see_margin;       /* -1: no SEE pruning */
	int recaptures;       /* -1: off */
};

static const struct ref_opts *R;

/* The reference's table: every result kept, the newest of a (key, depth) winning. */
struct ref_entry {
	uint64_t key;
	int depth, value, bound;   /* bound: 0 exact, 1 lower, 2 upper */
	struct ref_entry *next;
};

#define REF_BUCKETS 65536
static struct ref_entry *ref_table[REF_BUCKETS];
static bool ref_use_table;
static long ref_cuts;

static void ref_table_clear(void)
{
	for (int i = 0; i < REF_BUCKETS; i++) {
		while (ref_table[i]) {
			struct ref_entry *n = ref_table[i]->next;

			free(ref_table[i]);
			ref_table[i] = n;
		}
	}
}

static struct ref_entry *ref_find(uint64_t key, int depth)
{
	for (struct ref_entry *e = ref_table[key % REF_BUCKETS]; e; e = e->next)
		if (e->key == key && e->depth == depth)
			return e;
	return NULL;
}

static void ref_put(uint64_t key, int depth, int value, int bound)
{
	struct ref_entry *e = ref_find(key, depth);

	if (e == NULL) {
		e = calloc(1, sizeof *e);
		e->key = key;
		e->depth = depth;
		e->next = ref_table[key % REF_BUCKETS];
		ref_table[key % REF_BUCKETS] = e;
	}
	e->value = value;
	e->bound = bound;
}

/* A hash of the board computed here (FNV-1a over the squares, side, castling and en passant). */
static uint64_t ref_hash(const struct position *pos, uint64_t extra)
{
	uint64_t h = 1469598103934665603ULL;

	for (int sq = 0; sq < 64; sq++)
		h = (h ^ pos->squares[sq]) * 1099511628211ULL;
	h = (h ^ pos->side) * 1099511628211ULL;
	h = (h ^ pos->castling) * 1099511628211ULL;
	h = (h ^ pos->ep) * 1099511628211ULL;
	return (h ^ extra) * 1099511628211ULL;
}

/* Whether only recaptures are searched at quiescence ply K below LAST (not in check). */
static bool ref_recaptures_only(const struct position *pos, int k, move last)
{
	return R->recaptures >= 0 && k >= R->recaptures && last != MOVE_NONE && !board_in_check(pos);
}

/* The quiescence moves at ply K (in check: every legal move). */
static void ref_qmoves(struct position *pos, int k, move last, struct move_list *out)
{
	struct move_list all;
	bool evading = board_in_check(pos), recapt = ref_recaptures_only(pos, k, last);

	movegen_all(pos, &all);
	out->count = 0;
	for (int i = 0; i < all.count; i++) {
		move m = all.moves[i];
		bool cap = ref_is_capture(pos, m), promo = ref_is_promotion(pos, m);

		if (evading) {
			out->moves[out->count++] = m;
			continue;
		}
		if ((promo && MOVE_PROMO_TYPE(m) != QUEEN) || (recapt && MOVE_TO(m) != MOVE_TO(last)))
			continue;
		if (cap || promo) {
			if (R->see_margin >= 0 && cap && see_move(pos, m) < -R->see_margin)
				continue;
			out->moves[out->count++] = m;
		} else if (R->checks && (R->check_plies < 0 || k < R->check_plies) && ref_gives_check(pos, m)) {
			out->moves[out->count++] = m;
		}
	}
}

/* Captures of the most valuable piece first: alpha-beta's speed only, never its value. */
static void ref_sort(const struct position *pos, struct move_list *list)
{
	int key[MAX_MOVES];

	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];

		key[i] = ref_is_capture(pos, m) ? (pos->squares[MOVE_TO(m)] ? board_piece_value[PIECE_TYPE(pos->squares[MOVE_TO(m)])]
						  : 100) : 0;
	}
	ref_sort_by_key(list, key);
}

/*
 * The class of a quiescence node at ply K, from quiesce(1)'s words: the
 * quiescence ply, but no more than the last quiescence ply a rule names.
 */
static int ref_class(int k)
{
	int last = 0;

	if (R->checks && R->check_plies > last)
		last = R->check_plies;
	if (R->qdepth > last)
		last = R->qdepth;
	if (R->recaptures > last)
		last = R->recaptures;
	return k < last ? k : last;
}

/* A mate as the table keeps it: counted from the node. */
static int ref_to(int v, int ply)
{
	return v > REF_MATE - 1000 && v < REF_INF ? v + ply : v < -(REF_MATE - 1000) && v > -REF_INF ? v - ply : v;
}

static int ref_from(int v, int ply)
{
	return v > REF_MATE - 1000 && v < REF_INF ? v - ply : v < -(REF_MATE - 1000) && v > -REF_INF ? v + ply : v;
}

/* Fail-hard alpha-beta; K is the quiescence ply or -1 in the main search (DEPTH plies left). */
static int ref_ab(struct position *pos, int depth, int alpha, int beta, int ply, int k, move last)
{
	struct move_list list;
	int alpha0 = alpha, value, tdepth;
	uint64_t key;
	bool in_check = board_in_check(pos);

	if (k < 0 && depth <= 0)
		k = 0;
	if (k >= 0 && R->qdepth >= 0 && k >= R->qdepth)
		return eval_static(pos, EVAL_MATERIAL);
	/* The table: a (key, depth) of this reference's own making. */
	tdepth = k < 0 ? depth : -ref_class(k);
	key = ref_hash(pos, k >= 0 && R->recaptures >= 0 && k >= R->recaptures && last != MOVE_NONE ?
			    (uint64_t)MOVE_TO(last) + 1 : 0);
	if (ref_use_table && ply > 0) {
		struct ref_entry *e = ref_find(key, tdepth);

		if (e) {
			int v = ref_from(e->value, ply);

			if (e->bound == 0 || (e->bound == 1 && v >= beta) || (e->bound == 2 && v <= alpha)) {
				ref_cuts++;
				return v < alpha ? alpha : v > beta ? beta : v;
			}
		}
	}
	if (k < 0) {
		movegen_all(pos, &list);
		if (list.count == 0) {
			value = in_check ? -(REF_MATE - ply) : 0;
			goto store;
		}
	} else {
		ref_qmoves(pos, k, last, &list);
		if (in_check) {
			if (list.count == 0) {
				value = -(REF_MATE - ply);
				goto store;
			}
		} else {
			value = eval_static(pos, EVAL_MATERIAL);
			if (value >= beta) {
				value = beta;
				goto store;
			}
			if (value > alpha)
				alpha = value;
		}
	}
	ref_sort(pos, &list);
	for (int i = 0; i < list.count; i++) {
		struct undo u;
		int v;

		board_make(pos, list.moves[i], &u);
		v = -ref_ab(pos, depth - 1, -beta, -alpha, ply + 1, k < 0 ? -1 : k + 1, list.moves[i]);
		board_unmake(pos, list.moves[i], &u);
		if (v >= beta) {
			value = beta;
			goto store;
		}
		if (v > alpha)
			alpha = v;
	}
	value = alpha;
store:
	if (ref_use_table)
		ref_put(key, tdepth, ref_to(value, ply), value >= beta ? 1 : value <= alpha0 ? 2 : 0);
	return value;
}

/* The options of R for search_run. */
static void ref_search_options(struct search_options *o, int depth, bool tt)
{
	option_defaults(o);
	o->depth = depth;
	o->mode = R->checks ? QMODE_CHECKS : QMODE_CAPTURES;
	o->check_plies = R->check_plies;
	o->qdepth = R->qdepth;
	o->see = R->see_margin >= 0;
	o->see_margin = R->see_margin > 0 ? R->see_margin : 0;
	o->recaptures = R->recaptures;
	o->tt = tt;
	o->tt_size = 1;
}

static const struct ref_opts plans[] = {
	{ "captures", false, 1, -1, -1, -1 },
	{ "checks", true, 1, -1, -1, -1 },
	{ "checks+check-plies=2+qdepth=3", true, 2, 3, -1, -1 },
	{ "captures+see-margin=80+recaptures=1", false, 1, -1, 80, 1 },
	{ "checks+check-plies=all+see+recaptures=3", true, -1, -1, 0, 3 },
};
#define PLANS ((int)(sizeof plans / sizeof plans[0]))

static long compared, ref_total_cuts, search_cuts, search_refines;
static uint64_t nodes_off, nodes_on;   /* search_run's nodes over every comparison, without and with the table */

/* Compares the four values of POS at DEPTH under R. */
static void compare_one(const struct position *pos, int depth, const char *where)
{
	struct position p = *pos;
	struct search_options o;
	struct search_result r0, r1;
	int plain, tabled;
	char m0[NOTATION_BUFSIZE], m1[NOTATION_BUFSIZE];

	ref_use_table = false;
	plain = ref_ab(&p, depth, -REF_INF, REF_INF, 0, -1, MOVE_NONE);
	ref_use_table = true;
	ref_cuts = 0;
	tabled = ref_ab(&p, depth, -REF_INF, REF_INF, 0, -1, MOVE_NONE);
	ref_table_clear();
	ref_total_cuts += ref_cuts;
	ref_search_options(&o, depth, false);
	search_run(pos, &o, NULL, NULL, &r0);
	ref_search_options(&o, depth, true);
	search_run(pos, &o, NULL, NULL, &r1);
	search_cuts += (long)r1.tt_cutoffs;
	search_refines += (long)r1.tt_refines;
	notation_uci(r0.best, m0);
	notation_uci(r1.best, m1);
	compared++;
	CHECK(plain == tabled, "%s %s depth %d: the reference gives %d without its table, %d with it", where, R->name,
	      depth, plain, tabled);
	CHECK(r1.score == plain, "%s %s depth %d: search_run --tt gives %d, the reference %d", where, R->name, depth,
	      r1.score, plain);
	CHECK(r0.score == plain, "%s %s depth %d: search_run gives %d, the reference %d", where, R->name, depth, r0.score,
	      plain);
	CHECK(r0.best == r1.best, "%s %s depth %d: best move %s without the table, %s with it", where, R->name, depth, m0,
	      m1);
	nodes_off += r0.nodes;
	nodes_on += r1.nodes;
}

/* Every FILE position (the first MAX, 0: all) at depths 1 to 3 under every plan (depth 3 for the first plan only). */
static int compare_file(const char *path, int max, int stride)
{
	struct epd_file file;
	struct error err = { 0 };
	int n = 0;

	if (!epd_read_file(&file, path, &err))
		return -1;
	for (int i = 0; i < file.count && (max == 0 || n < max); i += stride, n++) {
		char where[64];

		snprintf(where, sizeof where, "%s:%d", strrchr(path, '/') ? strrchr(path, '/') + 1 : path, file.linenos[i]);
		for (int pl = 0; pl < PLANS; pl++) {
			R = &plans[pl];
			for (int depth = 1; depth <= (pl == 0 || i % 5 == 0 ? 3 : 2); depth++)
				compare_one(&file.records[i].pos, depth, where);
		}
	}
	epd_file_free(&file);
	return n;
}

/* ------------------------------------------------------------ deepening */

static void deepening(const struct position *pos, const char *where)
{
	struct search_options o;
	struct deepen a = { .max_depth = 3 }, b = { .max_depth = 3 }, c = { .max_depth = 3 };

	R = &plans[0];
	ref_search_options(&o, 1, false);
	deepen_run(pos, &o, &a);
	o.tt = true;
	deepen_run(pos, &o, &b);
	deepen_run(pos, &o, &c);
	CHECK(a.best == b.best && a.depth == b.depth, "%s: deepening plays another move with the table", where);
	CHECK(b.best == c.best && b.used == c.used, "%s: deepening with the table is not the same twice", where);
}

/* ------------------------------------------------------------ hand-worked */

/* search_run on FEN at DEPTH with the table T (planted), fail-hard. */
static struct search_result planted(const char *fen, int depth, struct tt *t)
{
	struct position pos;
	struct search_options o;
	struct search_result res;
	struct error err = { 0 };

	CHECK(fen_parse(&pos, fen, &err), "%s: %s", fen, err.msg);
	option_defaults(&o);
	o.depth = depth;
	o.tt = true;
	o.table = t;
	search_run(&pos, &o, NULL, NULL, &res);
	return res;
}

/* The key of FEN after the move UCI. */
static uint64_t key_after(const char *fen, const char *uci)
{
	struct position pos;
	struct error err = { 0 };
	struct undo u;
	move m;

	fen_parse(&pos, fen, &err);
	m = uci_move(&pos, uci);
	board_make(&pos, m, &u);
	return pos.key;
}

static void hand_worked(void)
{
	/*
	 * White: Kd1... Qd1, Black: Ke8, Nd5. Depth 1: the root's children are
	 * quiescence nodes (qply 0, depth 0 in the table). Qxd5 first: Black
	 * has a lone king, worth -900 for Black, so +900 for White, and the
	 * root's alpha is 900. Every later child has the window (-inf, -900)
	 * for Black; after Qd2 Black stands pat at -590 >= -900: a cutoff, so
	 * +900 and Qxd5 stand.
	 */
	static const char *fen = "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1";
	uint64_t qd2 = key_after(fen, "d1d2"), qxd5 = key_after(fen, "d1d5");
	struct tt *t = tt_new(1);
	struct search_result r;
	char best[NOTATION_BUFSIZE];

	r = planted(fen, 1, t);
	notation_uci(r.best, best);
	CHECK(r.score == 900 && !strcmp(best, "d1d5"), "empty table: expected +900 by d1d5, found %d by %s", r.score, best);

	/* An upper bound of -1000 after Qd2 (White >= +1000?) against alpha -inf: it decides nothing. */
	tt_clear(t);
	tt_store(t, qd2, 0, -1000, SCORE_UPPER, MOVE_NONE);
	r = planted(fen, 1, t);
	CHECK(r.score == 900 && r.tt_cutoffs == 0, "an upper bound -1000 above alpha -inf cut: %d, %llu cutoffs", r.score,
	      (unsigned long long)r.tt_cutoffs);
	/* A lower bound of -1000 after Qd2 against beta -900: below beta, no cutoff. */
	tt_clear(t);
	tt_store(t, qd2, 0, -1000, SCORE_LOWER, MOVE_NONE);
	r = planted(fen, 1, t);
	CHECK(r.score == 900 && r.tt_cutoffs == 0, "a lower bound -1000 below beta -900 cut: %d, %llu cutoffs", r.score,
	      (unsigned long long)r.tt_cutoffs);
	/* An exact -1000 stored at another depth (-1: another quiescence class; 1: the main search's): never used. */
	tt_clear(t);
	tt_store(t, qd2, -1, -1000, SCORE_EXACT, MOVE_NONE);
	r = planted(fen, 1, t);
	CHECK(r.score == 900 && r.tt_cutoffs == 0, "an exact value of another depth cut: %d", r.score);
	tt_clear(t);
	tt_store(t, qd2, 1, -1000, SCORE_EXACT, MOVE_NONE);
	r = planted(fen, 1, t);
	CHECK(r.score == 900 && r.tt_cutoffs == 0, "a main-search entry answered a quiescence node: %d", r.score);
	/* An exact -1000 at depth 0: it answers, so Qd2 is worth +1000 to White and becomes the move (a planted lie, believed). */
	tt_clear(t);
	tt_store(t, qd2, 0, -1000, SCORE_EXACT, MOVE_NONE);
	r = planted(fen, 1, t);
	notation_uci(r.best, best);
	CHECK(r.score == 1000 && !strcmp(best, "d1d2") && r.tt_cutoffs == 1, "an exact -1000 after Qd2: expected +1000 "
	      "by d1d2 and one cutoff, found %d by %s, %llu", r.score, best, (unsigned long long)r.tt_cutoffs);
	/* A lower bound -800 >= beta -900 cuts: fail-hard returns beta, -900, so +900 and Qxd5 stand, with one cutoff. */
	tt_clear(t);
	tt_store(t, qd2, 0, -800, SCORE_LOWER, MOVE_NONE);
	r = planted(fen, 1, t);
	notation_uci(r.best, best);
	CHECK(r.score == 900 && !strcmp(best, "d1d5") && r.tt_cutoffs == 1, "a lower bound -800 >= beta -900: expected "
	      "+900 by d1d5 and one cutoff, found %d by %s, %llu", r.score, best, (unsigned long long)r.tt_cutoffs);
	/*
	 * A lower bound of -850 after Qxd5 (window (-inf, inf), static value
	 * -900): it does not decide, but Black stands pat on -850 instead of
	 * -900, so Qxd5 is worth +850 to White. Then Qh5 is no longer cut off
	 * at -850: it gives check (h5-g6-f7-e8), the king must move and Qxd5
	 * follows, +900 for White, now the best move: the lie of one stored
	 * bound changed the move (the table believes what it holds).
	 */
	tt_clear(t);
	tt_store(t, qxd5, 0, -850, SCORE_LOWER, MOVE_NONE);
	r = planted(fen, 1, t);
	notation_uci(r.best, best);
	CHECK(r.score == 900 && !strcmp(best, "d1h5") && r.tt_refines == 1,
	      "a lower bound -850 above the static value -900: expected the stand pat raised, +900 by d1h5, found %d by %s, "
	      "%llu raised", r.score, best, (unsigned long long)r.tt_refines);
	/* An upper bound -1000 after Qxd5, under the static value: no raise, no cutoff. */
	tt_clear(t);
	tt_store(t, qxd5, 0, -1000, SCORE_UPPER, MOVE_NONE);
	r = planted(fen, 1, t);
	CHECK(r.score == 900 && r.tt_refines == 0 && r.tt_cutoffs == 0, "an upper bound after Qxd5 was used: %d", r.score);
	tt_free(t);
}

static void rules(void)
{
	struct search_options o;
	struct position a, b;
	struct error err = { 0 };

	option_defaults(&o);
	CHECK(search_tt_depth(&o, 0) == 0 && search_tt_depth(&o, 7) == 0, "captures: every quiescence node is of class 0");
	o.mode = QMODE_CHECKS;
	CHECK(search_tt_depth(&o, 0) == 0 && search_tt_depth(&o, 1) == -1 && search_tt_depth(&o, 5) == -1,
	      "checks in 1 ply: classes 0, 1, 1 at qply 0, 1, 5");
	o.check_plies = -1;
	CHECK(search_tt_depth(&o, 3) == 0, "checks at every ply: class 0");
	o.qdepth = 3;
	CHECK(search_tt_depth(&o, 2) == -2 && search_tt_depth(&o, 9) == -3, "qdepth 3: classes 2 and 3 at qply 2 and 9");
	option_defaults(&o);
	o.recaptures = 5;
	CHECK(search_tt_depth(&o, 4) == -4 && search_tt_depth(&o, 9) == -5, "recaptures 5: classes 4 and 5 at qply 4 and 9");
	/* The recapture square is in the key from --recaptures on, below a move. */
	fen_parse(&a, "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", &err);
	b = a;
	CHECK(search_tt_key(&o, &a, 4, uci_move(&a, "d1d5")) == a.key, "recaptures 5 at qply 4: the key alone");
	CHECK(search_tt_key(&o, &a, 5, uci_move(&a, "d1d5")) != a.key &&
	      search_tt_key(&o, &a, 5, uci_move(&a, "d1d5")) != search_tt_key(&o, &b, 5, uci_move(&b, "d1d2")),
	      "recaptures 5 at qply 5: the square in the key");
	CHECK(search_tt_key(&o, &a, 5, MOVE_NONE) == a.key, "a quiescence root has no recapture square");
	/* A mate in 5 plies from the root found at ply 3 is a mate in 2 plies from the node; seen at ply 1, in 4. */
	CHECK(tt_value_to(SCORE_MATE - 5, 3) == SCORE_MATE - 2 && tt_value_from(SCORE_MATE - 2, 1) == SCORE_MATE - 3,
	      "mate adjustment: %d, %d", tt_value_to(SCORE_MATE - 5, 3), tt_value_from(SCORE_MATE - 2, 1));
	CHECK(tt_value_to(-(SCORE_MATE - 4), 2) == -(SCORE_MATE - 2) && tt_value_to(35, 9) == 35 &&
	      tt_value_to(SCORE_INF, 4) == SCORE_INF, "mated adjustment, plain values and the window's end");
	/* The size: the largest power of two of 16-byte entries in the megabytes. */
	{
		struct tt *t = tt_new(3);

		CHECK(sizeof(struct tt_entry) == 16 && tt_bytes(t) == 2u << 20, "3 MB: %zu bytes of entries", tt_bytes(t));
		tt_free(t);
		CHECK(tt_new(0) == NULL && tt_new(TT_MAX_MB + 1) == NULL, "sizes out of range are refused");
	}
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];
	int n;

	board_init();
	rules();
	hand_worked();
	snprintf(path, sizeof path, "%s/positions/wac.epd", srcdir ? srcdir : ".");
	n = compare_file(path, 60, 5);
	CHECK(n > 0, "%s: not read", path);
	snprintf(path, sizeof path, "%s/positions/bk.epd", srcdir ? srcdir : ".");
	n = compare_file(path, 0, 1);
	CHECK(n > 0, "%s: not read", path);
	snprintf(path, sizeof path, "%s/../shared/data/tactics/ecm.epd", srcdir ? srcdir : ".");
	n = compare_file(path, 20, 37);
	if (n < 0)
		printf("note: %s absent: its positions were not compared\n", path);
	{
		struct position pos;
		struct error err = { 0 };

		fen_parse(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &err);
		deepening(&pos, "Kiwipete");
		fen_parse(&pos, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", &err);
		deepening(&pos, "WAC.001");
	}
	/* What the table is for (not promised node by node: a raised stand pat changes the windows below it). */
	CHECK(nodes_on < nodes_off, "search_run searched %llu nodes with the table, %llu without",
	      (unsigned long long)nodes_on, (unsigned long long)nodes_off);
	printf("test_tt: search_run's nodes over the comparisons: %llu without the table, %llu with\n",
	       (unsigned long long)nodes_off, (unsigned long long)nodes_on);
	printf("test_tt: %ld comparisons (%d option sets), reference table cutoffs %ld, search_run's %ld (%ld stand pats "
	       "raised)\n", compared, PLANS, ref_total_cuts, search_cuts, search_refines);
	return check_exit("test_tt");
}
