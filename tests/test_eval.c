/* test_eval.c: material counts worked by hand, colour symmetry and the kind names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/eval.h"
#include "chess/fen.h"
#include "check.h"



static bool parse(struct position *pos, const char *fen)
{
	struct error err;

	if (!fen_parse(pos, fen, &err)) {
		printf("FAIL FEN \"%s\" does not parse: %s\n", fen, err.msg);
		failures++;
		return false;
	}
	return true;
}

/* The same position with the colours swapped and the board turned top to bottom. */
static void flip(const struct position *pos, struct position *out)
{
	board_clear(out);
	for (int sq = 0; sq < 64; sq++) {
		int piece = board_piece_at(pos, sq);

		if (piece != EMPTY)
			board_put(out, PIECE_MAKE(!PIECE_COLOUR(piece), PIECE_TYPE(piece)), sq ^ 56);
	}
	out->side = (uint8_t)!pos->side;
	out->castling = (uint8_t)(((pos->castling & (CASTLE_WK | CASTLE_WQ)) << 2) |
				  ((pos->castling & (CASTLE_BK | CASTLE_BQ)) >> 2));
	out->ep = pos->ep == SQ_NONE ? SQ_NONE : (uint8_t)(pos->ep ^ 56);
	out->halfmove = pos->halfmove;
	out->fullmove = pos->fullmove;
	out->key = board_compute_key(out);
}

struct material_case {
	const char *fen;
	int material;   /* expected EVAL_MATERIAL from the side to move's view */
};

static const struct material_case material_cases[] = {
	/* The start: equal. */
	{ BOARD_START_FEN, 0 },
	/* Black has no g8 knight: +310 for White to move ... */
	{ "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 310 },
	/* ... and -310 with Black to move. */
	{ "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -310 },
	/* A lone rook: 500. */
	{ "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 500 },
	/* White P P P N = 610, Black R P P = 700: White is 90 down. */
	{ "r3k3/pp6/8/8/8/8/PPP5/1N2K3 w - - 0 1", -90 },
	/* Black to move with Q vs R B: 900 - 820 = +80 for Black. */
	{ "3qk3/8/8/8/8/8/8/2BRK3 b - - 0 1", 80 },
	/* Kings only: 0. */
	{ "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0 },
};

static const char *const symmetry_fens[] = {
	BOARD_START_FEN,
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"4k3/8/8/8/3N4/8/8/4K3 b - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1",
};

int main(void)
{
	struct position pos, flipped;
	struct eval_breakdown b;
	enum eval_kind kind;
	int n;

	board_init();

	n = (int)(sizeof material_cases / sizeof material_cases[0]);
	for (int i = 0; i < n; i++) {
		const struct material_case *c = &material_cases[i];
		int got;

		if (!parse(&pos, c->fen))
			continue;
		got = eval_static(&pos, EVAL_MATERIAL);
		CHECK(got == c->material, "material of %s = %d, expected %d", c->fen, got, c->material);
		got = eval_explain(&pos, EVAL_MATERIAL, &b);
		CHECK(got == c->material && b.total == got, "eval_explain(material) of %s = %d (total %d), expected %d",
		      c->fen, got, b.total, c->material);
		CHECK(b.pst[WHITE] == 0 && b.pst[BLACK] == 0, "material breakdown of %s has pst %d/%d",
		      c->fen, b.pst[WHITE], b.pst[BLACK]);
		CHECK(b.white == (pos.side == WHITE ? got : -got), "breakdown.white of %s = %d, total %d",
		      c->fen, b.white, got);
	}

	/* The breakdown of the start position, field by field. */
	if (parse(&pos, BOARD_START_FEN)) {
		eval_explain(&pos, EVAL_MATERIAL, &b);
		for (int c = WHITE; c <= BLACK; c++) {
			CHECK(b.count[c][PAWN] == 8 && b.count[c][KNIGHT] == 2 && b.count[c][BISHOP] == 2 &&
			      b.count[c][ROOK] == 2 && b.count[c][QUEEN] == 1 && b.count[c][KING] == 1,
			      "start position piece counts for colour %d are wrong", c);
			/* 8*100 + 2*310 + 2*320 + 2*500 + 900 = 3960. */
			CHECK(b.material[c] == 3960, "start position material[%d] = %d, expected 3960",
			      c, b.material[c]);
			/* The material the position keeps for the O(1) evaluation. */
			CHECK(pos.material[c] == 3960, "start position kept material[%d] = %d, expected 3960",
			      c, pos.material[c]);
		}
		CHECK(eval_static(&pos, EVAL_PST) == 0, "start position pst eval = %d, expected 0",
		      eval_static(&pos, EVAL_PST));
	}

	/*
	 * A knight on d4 against bare kings: the kings' bonuses mirror each other,
	 * so PST adds only the knight's central bonus (+20) to its 310.
	 */
	if (parse(&pos, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")) {
		int got = eval_explain(&pos, EVAL_PST, &b);

		CHECK(b.material[WHITE] - b.material[BLACK] == 310, "knight ending material diff %d",
		      b.material[WHITE] - b.material[BLACK]);
		CHECK(b.pst[WHITE] - b.pst[BLACK] == 20, "knight on d4 pst diff %d, expected 20",
		      b.pst[WHITE] - b.pst[BLACK]);
		CHECK(got == 330, "knight ending pst eval %d, expected 330", got);
	}
	/* A knight on the rim is worse than one in the centre. */
	if (parse(&pos, "4k3/8/8/8/N7/8/8/4K3 w - - 0 1"))
		CHECK(eval_static(&pos, EVAL_PST) < 330, "knight on a4 should score below one on d4 (%d)",
		      eval_static(&pos, EVAL_PST));

	/* Colour symmetry: the flipped position looks the same to its side to move. */
	n = (int)(sizeof symmetry_fens / sizeof symmetry_fens[0]);
	for (int i = 0; i < n; i++) {
		char why[128];

		if (!parse(&pos, symmetry_fens[i]))
			continue;
		flip(&pos, &flipped);
		CHECK(board_ok(&flipped, why, sizeof why), "flipped %s is not a valid position: %s",
		      symmetry_fens[i], why);
		for (int k = EVAL_MATERIAL; k <= EVAL_PST; k++) {
			struct eval_breakdown fb;
			int a = eval_explain(&pos, (enum eval_kind)k, &b);
			int f = eval_explain(&flipped, (enum eval_kind)k, &fb);

			CHECK(a == f, "%s eval of %s = %d but of its colour flip = %d",
			      eval_kind_name((enum eval_kind)k), symmetry_fens[i], a, f);
			/* eval_static uses the kept material; eval_explain counts the pieces. */
			CHECK(eval_static(&pos, (enum eval_kind)k) == a && eval_static(&flipped, (enum eval_kind)k) == f,
			      "%s: eval_static disagrees with eval_explain (%s)", symmetry_fens[i],
			      eval_kind_name((enum eval_kind)k));
			CHECK(b.white == -fb.white, "%s: White's view %d, flipped %d",
			      symmetry_fens[i], b.white, fb.white);
			CHECK(b.pst[WHITE] == fb.pst[BLACK] && b.material[WHITE] == fb.material[BLACK],
			      "%s: %s breakdown does not mirror", symmetry_fens[i],
			      eval_kind_name((enum eval_kind)k));
		}
	}

	/* The kind names. */
	CHECK(eval_kind_parse("material", &kind) && kind == EVAL_MATERIAL, "\"material\" does not parse");
	CHECK(eval_kind_parse("pst", &kind) && kind == EVAL_PST, "\"pst\" does not parse");
	CHECK(!eval_kind_parse("PST", &kind), "\"PST\" should be refused");
	CHECK(!eval_kind_parse("", &kind), "\"\" should be refused");
	CHECK(!eval_kind_parse("materials", &kind), "\"materials\" should be refused");
	CHECK(strcmp(eval_kind_name(EVAL_MATERIAL), "material") == 0, "name of EVAL_MATERIAL");
	CHECK(strcmp(eval_kind_name(EVAL_PST), "pst") == 0, "name of EVAL_PST");
	for (int k = EVAL_MATERIAL; k <= EVAL_PST; k++)
		CHECK(eval_kind_parse(eval_kind_name((enum eval_kind)k), &kind) && (int)kind == k,
		      "eval_kind_name(%d) does not parse back", k);

	printf("%d eval checks failed\n", failures);
	return failures ? 1 : 0;
}
