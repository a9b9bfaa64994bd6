/* types.h: the small vocabulary every module of the chess core shares. */
#ifndef QUIESCE_TYPES_H
#define QUIESCE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A bitboard has one bit per square: bit 0 is a1, bit 7 is h1, bit 63 is h8. */
typedef uint64_t bitboard;

/* Squares are numbered a1 = 0 … h8 = 63; file = sq & 7, rank = sq >> 3. */
enum {
	SQ_A1 = 0, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
	SQ_A8 = 56, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
	SQ_NONE = 64
};
#define SQ_FILE(sq) ((sq) & 7)
#define SQ_RANK(sq) ((sq) >> 3)
#define SQ_MAKE(file, rank) ((rank) * 8 + (file))

enum colour { WHITE = 0, BLACK = 1 };

/* Piece types count from 1 so that 0 can mean "no piece" on a square. */
enum piece_type { NO_TYPE = 0, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };

/* A coloured piece is (colour << 3) | type; EMPTY (0) marks an empty square. */
#define EMPTY 0
#define PIECE_MAKE(colour, type) (((colour) << 3) | (type))
#define PIECE_TYPE(piece) ((piece) & 7)
#define PIECE_COLOUR(piece) ((piece) >> 3)

/* Castling rights, one bit each. */
enum {
	CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8,
	CASTLE_ALL = 15
};

/*
 * A move fits in 16 bits: from (6 bits), to (6 bits) and a 4-bit kind.
 * The kind says whether the move captures, promotes, castles or is a
 * double pawn push, so a move can be classified without the board.
 * MOVE_NONE (0, a1a1) is never a legal move.
 */
typedef uint16_t move;
#define MOVE_NONE ((move)0)

enum move_kind {
	MK_QUIET = 0,
	MK_DOUBLE_PUSH = 1,
	MK_CASTLE_KING = 2,
	MK_CASTLE_QUEEN = 3,
	MK_CAPTURE = 4,
	MK_EN_PASSANT = 5,
	/* 8-11: promotion to N, B, R, Q; 12-15: the same with a capture. */
	MK_PROMO = 8,
	MK_PROMO_CAPTURE = 12
};

#define MOVE_MAKE(from, to, kind) ((move)((from) | ((to) << 6) | ((kind) << 12)))
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_KIND(m) ((int)((m) >> 12))
#define MOVE_IS_CAPTURE(m) ((MOVE_KIND(m) & MK_CAPTURE) != 0)
#define MOVE_IS_PROMOTION(m) ((MOVE_KIND(m) & MK_PROMO) != 0)
#define MOVE_IS_CASTLE(m) (MOVE_KIND(m) == MK_CASTLE_KING || MOVE_KIND(m) == MK_CASTLE_QUEEN)
#define MOVE_IS_EP(m) (MOVE_KIND(m) == MK_EN_PASSANT)
/* The piece type a promotion makes: KNIGHT … QUEEN. */
#define MOVE_PROMO_TYPE(m) ((MOVE_KIND(m) & 3) + KNIGHT)
/* A tactical move changes material: a capture or a promotion. */
#define MOVE_IS_TACTICAL(m) ((MOVE_KIND(m) & (MK_CAPTURE | MK_PROMO)) != 0)

/* The longest legal move list of any chess position is 218; leave room. */
#define MAX_MOVES 256

struct move_list {
	int count;
	move moves[MAX_MOVES];
};

/*
 * An error from a parser: a message that names the input, the field and the
 * column (1-based) and says what was expected. Parsers fill it; callers print it.
 */
/*
 * What kind of error it is, for a caller that acts on it (an exit status, a
 * message of its own): never decided by matching the message's text.
 */
enum error_kind {
	ERROR_INVALID = 0,  /* the input is malformed or out of range (the default) */
	ERROR_UNKNOWN,      /* a name the reader does not know (an option, a mode) */
	ERROR_NOT_FOUND     /* the input is well formed but names what is not there (game 5 of 3) */
};

struct error {
	int line;      /* 1-based line, or 0 when the input is a single line */
	int column;    /* 1-based column, or 0 when unknown */
	enum error_kind kind;
	char msg[320];
};

#endif
