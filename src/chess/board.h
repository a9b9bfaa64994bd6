/* board.h: the position: pieces, side to move, castling, en passant, clocks and key. */
#ifndef QUIESCE_BOARD_H
#define QUIESCE_BOARD_H

#include "chess/bitboard.h"
#include "base/types.h"

/*
 * A position keeps its pieces twice: a bitboard per colour and type (type 0
 * holds all pieces of the colour) for move generation, and a square array for
 * "what stands on e4?". Both are kept in step by board_put / board_make.
 */
struct position {
	bitboard pieces[2][7];
	bitboard occupied;
	uint8_t squares[64];
	uint8_t side;       /* WHITE or BLACK to move */
	uint8_t castling;   /* CASTLE_* bits */
	uint8_t ep;         /* en passant target square, or SQ_NONE */
	uint16_t halfmove;  /* plies since the last capture or pawn move */
	uint16_t fullmove;  /* starts at 1, incremented after Black moves */
	uint64_t key;       /* Zobrist key of pieces, side, castling and ep file */
	/*
	 * Each colour's material in centipawns (board_piece_value summed over its
	 * pieces), kept by board_put and board_make/unmake so that the evaluation
	 * never has to count the pieces.
	 */
	int material[2];
};

/* What board_make changes that board_unmake cannot work out again. */
struct undo {
	uint64_t key;
	uint16_t halfmove;
	uint8_t captured;   /* the piece taken (EMPTY for none) */
	uint8_t castling;
	uint8_t ep;
};

#define BOARD_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Builds the attack tables and Zobrist keys; call once before anything else (idempotent). */
void board_init(void);

/* Empties the position: no pieces, White to move, no rights, clocks 0 and 1. */
void board_clear(struct position *pos);

/* Puts PIECE on the empty square SQ (used by parsers); the key is updated. */
void board_put(struct position *pos, int piece, int sq);

/* Recomputes the Zobrist key from scratch. */
uint64_t board_compute_key(const struct position *pos);

/* Each colour's material counted from the bitboards: what pos->material must hold. */
int board_compute_material(const struct position *pos, int colour);

/* Plays a legal move, filling U so that board_unmake can take it back exactly. */
void board_make(struct position *pos, move m, struct undo *u);
void board_unmake(struct position *pos, move m, const struct undo *u);

/* Passes the turn (a "null move"), for tools that ask "what if it were the other side's move?". */
void board_make_null(struct position *pos, struct undo *u);
void board_unmake_null(struct position *pos, const struct undo *u);

static inline int board_king(const struct position *pos, int colour)
{
	return bb_lsb(pos->pieces[colour][KING]);
}

static inline int board_piece_at(const struct position *pos, int sq)
{
	return pos->squares[sq];
}

/* Every piece of either colour that attacks SQ when the board holds OCC. */
bitboard board_attackers(const struct position *pos, int sq, bitboard occ);

/* Whether a piece of colour BY attacks SQ. */
bool board_attacked(const struct position *pos, int sq, int by);

/* Enemy pieces giving check to the side to move. */
bitboard board_checkers(const struct position *pos);

static inline bool board_in_check(const struct position *pos)
{
	return board_checkers(pos) != 0;
}

/*
 * Pieces of either colour standing alone between the king of colour KING_COLOUR
 * and an enemy slider: pinned pieces (our own) and discovered-check candidates
 * (the enemy's, when asked about the enemy king).
 */
bitboard board_blockers(const struct position *pos, int king_colour);

/* Whether the legal move M, played in POS, gives check (direct or discovered). */
bool board_gives_check(const struct position *pos, move m);

/*
 * Checks every invariant of the position (bitboards agree with squares, one
 * king each, no pawn on the back ranks, key matches, side not to move not in
 * check). Returns true when all hold; otherwise writes the first failure to WHY
 * (when not NULL, at most N bytes).
 */
bool board_ok(const struct position *pos, char *why, size_t n);

/* Letters for pieces: "PNBRQK" for White, lower case for Black; EMPTY is '.'. */
char board_piece_char(int piece);

/* Maps 'P', 'n', … to a piece, or EMPTY when C is not a piece letter. */
int board_piece_from_char(char c);

/*
 * Piece values in centipawns, as in the quiescence literature the tool
 * follows: P 100, N 310, B 320, R 500, Q 900. The king has no material value.
 * Indexed by piece type (NO_TYPE = 0).
 */
#define VALUE_PAWN 100
#define VALUE_KNIGHT 310
#define VALUE_BISHOP 320
#define VALUE_ROOK 500
#define VALUE_QUEEN 900
extern const int board_piece_value[7];

/*
 * The captured-value rule, the one every part shares (the search's MVV-LVA
 * and delta pruning, the trace's delta_prune "captured", the checker): the
 * value of the piece M captures in POS, a pawn for en passant, 0 for a move
 * that captures nothing (a promotion's gain is not counted).
 */
static inline int board_captured_value(const struct position *pos, move m)
{
	if (MOVE_IS_EP(m))
		return VALUE_PAWN;
	if (!MOVE_IS_CAPTURE(m))
		return 0;
	return board_piece_value[PIECE_TYPE(pos->squares[MOVE_TO(m)])];
}

#endif
